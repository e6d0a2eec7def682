#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "widgets/shell/AppOptions.h"

using namespace perfdash;

class TestAppOptions : public QObject {
    Q_OBJECT

    static AppOptions parsed(const QStringList& arguments) {
        auto o = parseAppOptions(arguments);
        if (!o) qFatal("%s", o.error().message.c_str());
        return *o;
    }
    static QString errorOf(const QStringList& arguments) {
        auto o = parseAppOptions(arguments);
        return o ? QString() : QString::fromStdString(o.error().message);
    }

private slots:
    void nothingIsTheSavedSession() {
        const AppOptions o = parsed({});
        QVERIFY(!o.prefillsForm());
        QVERIFY(!o.start);
        QVERIFY(o.sessionFile.isEmpty());
    }

    void sessionFileToOpen() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("run.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        QCOMPARE(parsed({file}).sessionFile, file);
    }

    void prefillAndStart() {
        const AppOptions o = parsed({"--group", "SOFTWARE", "-g", "BRANCH,CPI", "--events", "page-faults",
                                     "--cpu", "0-1", "--interval", "250", "--duration", "2.5", "--start", "--",
                                     "/bin/echo", "two words", "say \"hi\""});
        QCOMPARE(o.groups, (QStringList{"SOFTWARE", "BRANCH", "CPI"}));
        QVERIFY(o.start);
        SetupFormState before;
        before.mode = MeasurementRequest::Mode::Attach;
        before.events = QStringLiteral("context-switches");
        const SetupFormState form = o.applyTo(before);
        QCOMPARE(form.mode, MeasurementRequest::Mode::Launch);
        QCOMPARE(form.program, QStringLiteral("/bin/echo"));
        // The form splits its argument line as a shell would: every argument comes back whole.
        QCOMPARE(QProcess::splitCommand(form.arguments), (QStringList{"two words", "say \"hi\""}));
        QCOMPARE(form.groups, o.groups);
        QCOMPARE(form.events, QStringLiteral("page-faults"));
        QCOMPARE(form.cpuList, QStringLiteral("0-1"));
        QVERIFY(form.pinToCpus);
        QCOMPARE(form.intervalMs, 250);
        QCOMPARE(form.durationS, 2.5);
    }

    void groupsAloneReplaceTheSavedEvents() {
        SetupFormState before;
        before.events = QStringLiteral("context-switches");
        before.program = QStringLiteral("/bin/true");
        const SetupFormState form = parsed({"-g", "SOFTWARE"}).applyTo(before);
        QCOMPARE(form.groups, QStringList{"SOFTWARE"});
        QVERIFY(form.events.isEmpty());
        QCOMPARE(form.program, QStringLiteral("/bin/true")); // untouched
    }

    void demoStarts() {
        const AppOptions o = parsed({"--demo"});
        QVERIFY(o.demo && o.start);
    }

    void badInputNamesTheOptionAndTheFix_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QStringList>("saying");
        QTest::newRow("unknown option") << QStringList{"--frobnicate"} << QStringList{"'--frobnicate'", "--help"};
        QTest::newRow("missing value") << QStringList{"--group"} << QStringList{"--group", "value"};
        QTest::newRow("value is an option") << QStringList{"--cpu", "--start"} << QStringList{"--cpu", "value"};
        QTest::newRow("bad interval") << QStringList{"--interval", "10xs"} << QStringList{"'10xs'", "--interval 100"};
        QTest::newRow("negative duration") << QStringList{"--duration", "-3"} << QStringList{"'-3'", "seconds"};
        QTest::newRow("missing file") << QStringList{"/nonexistent/s.json"} << QStringList{"'/nonexistent/s.json'", "does not exist"};
        QTest::newRow("two files") << QStringList{"/bin/true", "/bin/false"} << QStringList{"-- /bin/false"};
        QTest::newRow("nothing after --") << QStringList{"--"} << QStringList{"program"};
        QTest::newRow("demo and more") << QStringList{"--demo", "-g", "CPI"} << QStringList{"--demo"};
    }

    void badInputNamesTheOptionAndTheFix() {
        QFETCH(QStringList, arguments);
        QFETCH(QStringList, saying);
        const QString error = errorOf(arguments);
        QVERIFY2(!error.isEmpty(), qPrintable(arguments.join(' ')));
        for (const QString& part : saying) QVERIFY2(error.contains(part), qPrintable(error));
    }

    void fileWithSessionOptionsIsRefused() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("run.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        QVERIFY(errorOf({file, "--start"}).contains(QStringLiteral("session file")));
    }

    void usageNamesEveryOption() {
        for (const char* option : {"--group", "--events", "--cpu", "--interval", "--duration", "--start", "--demo",
                                   "--lang", "--help", "--version"})
            QVERIFY2(appUsage().contains(QLatin1String(option)), option);
    }
};

QTEST_GUILESS_MAIN(TestAppOptions)
#include "test_app_options.moc"
