#pragma once
// The user interface language: the system locale's by default, or the one
// chosen in the settings ("ui/language") or with --lang. Catalogs are built
// into the binary (qt_add_translations, resource prefix /i18n) together
// with Qt's own where Debian ships them.
#include <QString>
#include <QStringList>

class QCoreApplication;
class QSettings;

namespace perfdash {

struct LanguageChoice {
    QString code;  // "" (system), "en", "zh_CN", "ru"
    QString label; // in its own language, so anyone can find theirs
};

// The languages offered in the settings, the system's first.
QList<LanguageChoice> languageChoices();

// The saved choice ("" for the system locale).
QString savedLanguage(QSettings& settings);
void saveLanguage(QSettings& settings, const QString& code);

// Installs the catalogs for `code` ("" : the system locale) on the
// application; English needs none. Returns the language now in use
// ("en" when no catalog matched).
QString installTranslations(QCoreApplication& app, const QString& code);

} // namespace perfdash
