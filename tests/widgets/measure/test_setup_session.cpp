#include <QAction>
#include <QMessageBox>
#include <QSignalSpy>
#include <QtTest>

#include "widgets/run/MeasurementController.h"
#include "widgets/measure/MeasurementActions.h"
#include "widgets/measure/MeasurementLog.h"
#include "widgets/measure/SetupPage.h"
#include "widgets/measure/TargetSection.h"

using namespace perfdash;
using State = MeasurementController::State;

namespace {

SetupFormState demoState(const QString& arguments) {
    SetupFormState s;
    s.program = qEnvironmentVariable("PERFDASH_DEMO");
    s.arguments = arguments;
    s.groups = {"SOFTWARE"};
    s.intervalMs = 100;
    return s;
}

} // namespace

class TestSetupSession : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY2(!qEnvironmentVariableIsEmpty("PERFDASH_DEMO"), "PERFDASH_DEMO is not set (run through ctest)"); }

    void startRunsTheDemoAndTheLogShowsItsOutputAndExitStatus() {
        MachineContext machine;
        MeasurementController controller(machine);
        SetupPage page(controller);
        MeasurementLog log;
        log.follow(controller);
        MeasurementActions* actions = page.actions();
        page.setState(demoState(QStringLiteral("--seconds 0.5")));
        QVERIFY(actions->startAction()->isEnabled());
        QVERIFY(!actions->pauseAction()->isEnabled());
        QVERIFY(!actions->stopAction()->isEnabled());

        QSignalSpy finished(&controller, &MeasurementController::finished);
        actions->startAction()->trigger();
        QCOMPARE(controller.state(), State::Running);
        QVERIFY(!actions->startAction()->isEnabled());
        QVERIFY(actions->pauseAction()->isEnabled());
        QVERIFY(actions->stopAction()->isEnabled());
        QVERIFY(controller.plan()->request.captureOutput);
        QVERIFY(controller.plan()->request.stdinFromNull);

        QVERIFY(finished.wait(20000));
        QCOMPARE(controller.state(), State::Finished);
        QVERIFY(actions->startAction()->isEnabled());
        QVERIFY(!actions->stopAction()->isEnabled());
        const QString text = log.text();
        QVERIFY2(text.contains(QStringLiteral("Started ")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("perfdash-demo: 0.5 s in three phases")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("touched")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Program exited with status 0")), qPrintable(text));
        QCOMPARE(finished.first()[0].value<MeasurementResult>().exitStatus.value_or(-1), 0);
        // A started program becomes a recent one.
        QCOMPARE(page.targetSection()->recentPrograms().entries().value(0).program, qEnvironmentVariable("PERFDASH_DEMO"));
    }

    void pauseResumeAndStopFollowTheController() {
        MachineContext machine;
        MeasurementController controller(machine);
        SetupPage page(controller);
        MeasurementLog log;
        log.follow(controller);
        MeasurementActions* actions = page.actions();
        SetupFormState s = demoState(QStringLiteral("--seconds 30"));
        page.setState(s);
        QSignalSpy finished(&controller, &MeasurementController::finished);
        QVERIFY(actions->startMeasurement().ok());

        actions->pauseAction()->trigger();
        QCOMPARE(controller.state(), State::Paused);
        QVERIFY(actions->pauseAction()->isChecked());
        QCOMPARE(actions->pauseAction()->text(), QStringLiteral("&Resume"));
        actions->pauseAction()->trigger();
        QCOMPARE(controller.state(), State::Running);
        QVERIFY(!actions->pauseAction()->isChecked());

        actions->stopAction()->trigger();
        QVERIFY(finished.wait(10000));
        const QString text = log.text();
        QVERIFY2(text.contains(QStringLiteral("interrupted")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("terminated by signal 15")), qPrintable(text));
    }

    void aFailedStartSaysWhatIsWrongInAMessageBox() {
        MachineContext machine;
        MeasurementController controller(machine);
        SetupPage page(controller);
        page.show();
        SetupFormState s = demoState({});
        s.program = QStringLiteral("no-such-program-perfdash-test");
        page.setState(s);
        QSignalSpy failed(page.actions(), &MeasurementActions::startFailed);
        page.actions()->startAction()->trigger();
        QCOMPARE(failed.count(), 1);
        QCOMPARE(controller.state(), State::Idle);
        QMessageBox* box = page.findChild<QMessageBox*>();
        QVERIFY(box);
        QVERIFY2(box->text().contains(QStringLiteral("no-such-program-perfdash-test")), qPrintable(box->text()));
        QVERIFY(box->isVisible()); // window-modal and non-blocking: the GUI goes on
        box->close();
    }
};

QTEST_MAIN(TestSetupSession)
#include "test_setup_session.moc"
