#include <QAction>
#include <QMenuBar>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include "core/report/ReportJsonReader.h"
#include "widgets/events/EventBrowser.h"
#include "widgets/live/EventTotalsModel.h"
#include "widgets/live/LiveView.h"
#include "widgets/live/MetricValuesModel.h"
#include "widgets/live/TimelineData.h"
#include "widgets/live/TimelineView.h"
#include "widgets/reports/SessionRecorder.h"
#include "widgets/setup/SessionActions.h"
#include "widgets/setup/SessionLog.h"
#include "widgets/setup/SetupPage.h"
#include "widgets/shell/AppOptions.h"
#include "widgets/shell/CapabilitiesView.h"
#include "widgets/shell/MainWindow.h"

using namespace perfdash;

class TestMainWindow : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    MachineContext machine_;

    QString settingsFile(const char* name) const { return dir_.filePath(QString::fromLatin1(name)); }

private slots:
    void bannerSaysWhatIsMissingHere() {
        QSettings settings(settingsFile("banner.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        window.show();
        const QString summary = capabilitySummary(probeCapabilities(machine_));
        QCOMPARE(window.capabilityBanner()->isVisible(), !summary.isEmpty());
        QCOMPARE(window.capabilityBanner()->text(), summary);
    }

    void menusCarryTheShortcuts() {
        QSettings settings(settingsFile("menus.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        SessionActions* actions = window.setupPage()->actions();
        QCOMPARE(actions->startAction()->shortcut(), QKeySequence(Qt::Key_F5));
        QCOMPARE(actions->stopAction()->shortcut(), QKeySequence(Qt::SHIFT | Qt::Key_F5));
        QStringList menus;
        for (QAction* a : window.menuBar()->actions()) menus << a->text();
        QCOMPARE(menus, (QStringList{"&File", "&Run", "&View", "Se&ttings", "&Help"}));
    }

    void pageAndFormAreRestored() {
        const QString file = settingsFile("restore.ini");
        {
            QSettings settings(file, QSettings::IniFormat);
            MainWindow window(machine_, settings);
            window.showPage(MainWindow::Page::Events);
            SetupFormState form = window.setupPage()->state();
            form.intervalMs = 321;
            window.setupPage()->setState(form);
            window.saveSettings();
        }
        QSettings settings(file, QSettings::IniFormat);
        MainWindow window(machine_, settings);
        QCOMPARE(window.currentPage(), MainWindow::Page::Events);
        QCOMPARE(window.setupPage()->state().intervalMs, 321);
    }

    void commandLinePrefillsTheForm() {
        QSettings settings(settingsFile("prefill.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        auto options = parseAppOptions({"-g", "SOFTWARE", "-t", "50", "--", "/bin/echo", "a b"});
        QVERIFY(options.ok());
        QVERIFY(window.apply(*options).ok());
        const SetupFormState form = window.setupPage()->state();
        QCOMPARE(form.groups, QStringList{"SOFTWARE"});
        QCOMPARE(form.program, QStringLiteral("/bin/echo"));
        QCOMPARE(form.intervalMs, 50);
        QCOMPARE(window.controller().state(), SessionController::State::Idle); // no --start
    }

    void eventBrowserAddsToTheSession() {
        QSettings settings(settingsFile("events.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        emit window.eventBrowser()->eventsChosen({QStringLiteral("page-faults")});
        QVERIFY(window.setupPage()->state().events.contains(QStringLiteral("page-faults")));
    }

    void initTestCase() {
        // Sessions are autosaved under XDG_DATA_HOME: keep them in the test's directory.
        qputenv("XDG_DATA_HOME", dir_.filePath(QStringLiteral("data")).toLocal8Bit());
    }

    // The user's path: fill the form, Start, watch, end; then export and open again.
    void startRunsTheProgramToItsEnd() {
        QSettings settings(settingsFile("run.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        window.show();
        auto options = parseAppOptions({"-g", "SOFTWARE", "-t", "50", "--start", "--",
                                        qEnvironmentVariable("PERFDASH_DEMO"), "--seconds", "0.3"});
        QVERIFY(options.ok());
        QSignalSpy finished(&window.controller(), &SessionController::finished);
        const Status started = window.apply(*options);
        QVERIFY2(started.ok(), started.ok() ? "" : started.error().message.c_str());
        QVERIFY(finished.wait(20000));
        const auto result = finished.front().front().value<MeasurementResult>();
        QCOMPARE(result.exitStatus.value_or(-1), 0);
        QTRY_VERIFY(window.sessionLog()->text().contains(QStringLiteral("touched")));

        // The live page followed the run: a timeline with points, tables with values.
        QCOMPARE(window.currentPage(), MainWindow::Page::Live);
        QVERIFY(window.liveView()->timeline()->data().store().size() >= 2);
        QVERIFY(window.liveView()->eventTotals()->rowCount() > 0);
        QVERIFY(window.liveView()->metricValues()->rowCount() > 0);
        QVERIFY(window.currentSession());

        // The run was saved as a session that reads back.
        window.recorder()->waitForWrites();
        const QString saved = window.recorder()->sessionFile();
        QVERIFY2(QFileInfo::exists(saved), qPrintable(saved));
        QVERIFY(readReportFile(saved.toStdString()).ok());

        // Export writes each format; the JSON is the engine's report.
        QSignalSpy exported(&window, &MainWindow::sessionExported);
        for (const char* suffix : {"json", "csv", "html", "txt"}) {
            const QString path = dir_.filePath(QStringLiteral("export.") + QLatin1String(suffix));
            window.exportSession(path);
            QTRY_VERIFY_WITH_TIMEOUT(exported.size() > 0, 20000);
            QCOMPARE(exported.takeFirst().front().toString(), path);
            QVERIFY(QFileInfo(path).size() > 0);
        }
        auto report = readReportFile(dir_.filePath(QStringLiteral("export.json")).toStdString());
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QCOMPARE(report->groups.size(), result.groups.size());

        // Opening the saved session shows it as a replay, never as a measurement.
        QSignalSpy opened(&window, &MainWindow::sessionOpened);
        window.openSession(saved);
        QVERIFY(opened.wait(20000));
        QVERIFY2(window.sourceText().contains(QStringLiteral("Replay")), qPrintable(window.sourceText()));
        QVERIFY(window.windowTitle().contains(QStringLiteral("replay")));
        QVERIFY(window.liveView()->timeline()->data().store().size() >= 2);
    }

    void badSessionFileSaysWhy() {
        QSettings settings(settingsFile("bad.ini"), QSettings::IniFormat);
        MainWindow window(machine_, settings);
        const QString bad = dir_.filePath(QStringLiteral("not-a-session.json"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"schema\": ");
        f.close();
        QSignalSpy failed(&window, &MainWindow::fileOperationFailed);
        window.openSession(bad);
        QVERIFY(failed.wait(10000));
        QVERIFY2(failed.front().front().toString().contains(QStringLiteral("not-a-session.json")),
                 qPrintable(failed.front().front().toString()));
        QVERIFY(!window.currentSession());
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
