#include "widgets/shell/Language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace perfdash {

namespace {
constexpr auto kKey = "ui/language";
}

QList<LanguageChoice> languageChoices() {
    return {{QString(), QCoreApplication::translate("perfdash::Language", "System language")},
            {QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("zh_CN"), QStringLiteral("简体中文")},
            {QStringLiteral("ru"), QStringLiteral("Русский")}};
}

QString savedLanguage(QSettings& settings) { return settings.value(QLatin1String(kKey)).toString(); }

void saveLanguage(QSettings& settings, const QString& code) { settings.setValue(QLatin1String(kKey), code); }

QString installTranslations(QCoreApplication& app, const QString& code) {
    const QLocale locale = code.isEmpty() ? QLocale::system() : QLocale(code);
    auto* own = new QTranslator(&app);
    // QTranslator::load(locale, ...) tries the UI languages in order (zh_CN, zh, ...).
    if (!own->load(locale, QStringLiteral("perfdash"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        delete own;
        return QStringLiteral("en");
    }
    app.installTranslator(own);
    auto* qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app.installTranslator(qt);
    else
        delete qt;
    return own->language();
}

} // namespace perfdash
