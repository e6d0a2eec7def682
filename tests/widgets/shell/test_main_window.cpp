#include <QAction>
#include <QMenuBar>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include "widgets/events/EventBrowser.h"
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
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
