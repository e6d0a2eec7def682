#include <QApplication>
#include <QDir>
#include <QMenuBar>
#include <QSettings>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include "widgets/TemporaryUserDirs.h"
#include "widgets/shell/Language.h"
#include "widgets/shell/MainWindow.h"

using namespace perfdash;

namespace {

QStringList menuTitles(const MainWindow& window) {
    QStringList titles;
    for (QAction* a : window.menuBar()->actions()) titles << a->text();
    return titles;
}

bool containsScript(const QString& text, QChar::Script script) {
    return std::any_of(text.begin(), text.end(), [script](QChar c) { return c.script() == script; });
}

} // namespace

class TestTranslations : public QObject {
    Q_OBJECT

    test::TemporaryUserDirs userDirs_; // first: the window's sessions and journals go there
    QTemporaryDir dir_;
    MachineContext machine_;

    void removeTranslators() {
        for (auto* t : qApp->findChildren<QTranslator*>()) {
            QCoreApplication::removeTranslator(t);
            delete t;
        }
    }

private slots:
    void initTestCase() { QVERIFY2(userDirs_.isValid(), "no temporary directory for the user's data"); }

    void cleanup() { removeTranslators(); }

    void catalogsChangeVisibleText_data() {
        QTest::addColumn<QString>("code");
        QTest::addColumn<int>("script");
        QTest::newRow("ru") << "ru" << int(QChar::Script_Cyrillic);
        QTest::newRow("zh_CN") << "zh_CN" << int(QChar::Script_Han);
    }

    void catalogsChangeVisibleText() {
        QFETCH(QString, code);
        QFETCH(int, script);
        QSettings settings(dir_.filePath(code + ".ini"), QSettings::IniFormat);
        QStringList english;
        {
            MainWindow window(machine_, settings);
            english = menuTitles(window);
        }
        QCOMPARE(installTranslations(*qApp, code), code);
        MainWindow window(machine_, settings);
        const QStringList translated = menuTitles(window);
        QCOMPARE(translated.size(), english.size());
        for (int i = 0; i < english.size(); ++i) {
            QVERIFY2(translated[i] != english[i], qPrintable(english[i]));
            QVERIFY2(containsScript(translated[i], QChar::Script(script)), qPrintable(translated[i]));
        }
    }

    void englishNeedsNoCatalog() { QCOMPARE(installTranslations(*qApp, QStringLiteral("en")), QStringLiteral("en")); }

    void choiceIsSaved() {
        QSettings settings(dir_.filePath(QStringLiteral("choice.ini")), QSettings::IniFormat);
        QVERIFY(savedLanguage(settings).isEmpty()); // the system's by default
        saveLanguage(settings, QStringLiteral("ru"));
        QCOMPARE(savedLanguage(settings), QStringLiteral("ru"));
        QCOMPARE(languageChoices().size(), 4);
    }

    // Complete catalogs: every message of the sources has a finished translation.
    void catalogsAreComplete_data() {
        QTest::addColumn<QString>("file");
        const QDir translations(QStringLiteral(QT_TESTCASE_SOURCEDIR "/../../../translations"));
        const auto files = translations.entryList({QStringLiteral("perfdash_*.ts")});
        QVERIFY(files.size() >= 2);
        for (const QString& f : files) QTest::newRow(qPrintable(f)) << translations.filePath(f);
    }

    void catalogsAreComplete() {
        QFETCH(QString, file);
        QFile ts(file);
        QVERIFY(ts.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&ts);
        int messages = 0;
        QStringList unfinished;
        QString source;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement()) continue;
            if (xml.name() == QLatin1String("source")) source = xml.readElementText();
            if (xml.name() != QLatin1String("translation")) continue;
            ++messages;
            const bool notDone = xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished") ||
                                 xml.attributes().value(QLatin1String("type")) == QLatin1String("vanished");
            const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            if (notDone || text.trimmed().isEmpty()) unfinished << source;
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY2(messages > 100, qPrintable(QString::number(messages)));
        QVERIFY2(unfinished.isEmpty(), qPrintable(unfinished.mid(0, 10).join(QLatin1String(" | "))));
    }
};

QTEST_MAIN(TestTranslations)
#include "test_translations.moc"
