#include <QSignalSpy>
#include <csignal>
#include <QtTest>

#include "widgets/run/MeasurementController.h"

using namespace perfdash;

class TestMeasurementController : public QObject {
    Q_OBJECT
private slots:
    void runsTheDemoLiveAndFinishesOffTheGuiThread() {
        MachineContext machine;
        MeasurementController controller(machine);
        MeasurementRequest request;
        request.command = {qEnvironmentVariable("PERFDASH_DEMO").toStdString(), "--seconds", "0.6"};
        request.groups = {"SOFTWARE"};
        request.interval = std::chrono::milliseconds(100);
        request.captureOutput = true;
        auto plan = controller.prepare(request);
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().message.c_str());

        QSignalSpy intervals(&controller, &MeasurementController::intervalsArrived);
        QSignalSpy output(&controller, &MeasurementController::outputArrived);
        QSignalSpy finished(&controller, &MeasurementController::finished);
        QVERIFY(controller.start(std::move(*plan)).ok());
        QCOMPARE(controller.state(), MeasurementController::State::Running);
        QVERIFY(!controller.locations().empty());
        QVERIFY(finished.wait(10000));
        QCOMPARE(controller.state(), MeasurementController::State::Finished);

        size_t intervalCount = 0;
        for (const auto& call : intervals) intervalCount += call[0].value<std::vector<IntervalResult>>().size();
        QVERIFY2(intervalCount >= 5, std::to_string(intervalCount).c_str()); // ~0.6 s at 100 ms
        QString text;
        for (const auto& call : output) text += call[0].toString();
        QVERIFY2(text.contains("touched"), qPrintable(text));

        const auto result = finished.first()[0].value<MeasurementResult>();
        QCOMPARE(result.exitStatus.value_or(-1), 0);
        QCOMPARE(result.intervals.size(), intervalCount);
        QCOMPARE(result.groups.size(), size_t(1));
        QVERIFY(result.groups[0].events[0].total.value > 0); // task-clock
    }

    void stopTerminatesAProgramThatWouldRunOn() {
        MachineContext machine;
        MeasurementController controller(machine);
        MeasurementRequest request;
        request.command = {"sleep", "30"};
        request.groups = {"SOFTWARE"};
        auto plan = controller.prepare(request);
        QVERIFY(plan.ok());
        QSignalSpy finished(&controller, &MeasurementController::finished);
        QVERIFY(controller.start(std::move(*plan)).ok());
        QTest::qWait(200);
        controller.stop();
        QVERIFY(finished.wait(5000));
        const auto result = finished.first()[0].value<MeasurementResult>();
        QVERIFY(result.interrupted);
        QCOMPARE(result.exitStatus.value_or(-1), 128 + SIGTERM);
    }
};

QTEST_MAIN(TestMeasurementController)
#include "test_measurement_controller.moc"
