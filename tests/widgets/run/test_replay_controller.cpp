#include <QSignalSpy>
#include <QtTest>

#include "widgets/run/ReplayController.h"

using namespace perfdash;

namespace {

MeasurementResult recording(int intervals, double dt) {
    MeasurementResult r;
    r.startedAt = "2024-05-01T10:00:00+02:00";
    r.config.command = {"/usr/bin/stream"};
    for (int i = 1; i <= intervals; ++i) r.intervals.push_back({dt * i, dt, {}});
    r.durationS = dt * intervals;
    return r;
}

std::vector<double> timesOf(const QSignalSpy& spy) {
    std::vector<double> t;
    for (const auto& call : spy)
        for (const auto& i : call[0].value<std::vector<IntervalResult>>()) t.push_back(i.t);
    return t;
}

// The first `count` interval times of the recording (all by default), exactly as recorded.
std::vector<double> timesOf(const MeasurementResult& r, size_t count = SIZE_MAX) {
    std::vector<double> t;
    for (const auto& i : r.intervals)
        if (t.size() < count) t.push_back(i.t);
    return t;
}

} // namespace

class TestReplayController : public QObject {
    Q_OBJECT
private slots:
    void instantReplayEmitsEverythingAtOnceInOrder() {
        ReplayController replay;
        replay.setResult(recording(10, 0.1));
        replay.setSpeed(ReplayController::kInstant);
        QSignalSpy started(&replay, &ReplayController::started);
        QSignalSpy intervals(&replay, &ReplayController::intervalsArrived);
        QSignalSpy finished(&replay, &ReplayController::finished);
        replay.start();
        QCOMPARE(started.size(), 1);
        QCOMPARE(intervals.size(), 1);
        QCOMPARE(timesOf(intervals), timesOf(replay.result()));
        QCOMPARE(finished.size(), 1);
        QVERIFY(finished.first()[0].value<MeasurementResult>().replay);
        QCOMPARE(replay.state(), ReplayController::State::Finished);
        QCOMPARE(replay.statusText(), QString("Replay finished"));
    }

    void timedReplayFollowsTheClockAndPauses() {
        qint64 now = 1000;
        ReplayController replay;
        replay.setClock([&now] { return now; });
        replay.setResult(recording(10, 0.1)); // t = 0.1 ... 1.0
        replay.setSpeed(1);
        QSignalSpy intervals(&replay, &ReplayController::intervalsArrived);
        QSignalSpy finished(&replay, &ReplayController::finished);
        replay.start();
        QCOMPARE(intervals.size(), 0); // nothing is due at 0 s

        now += 250;
        replay.advance();
        QCOMPARE(timesOf(intervals), timesOf(replay.result(), 2)); // 0.1 and 0.2
        QCOMPARE(replay.position(), 0.25);
        QVERIFY(replay.statusText().startsWith("Replay 1×: 0.2 s of 1.0 s") ||
                replay.statusText().startsWith("Replay 1×: 0.3 s of 1.0 s")); // 0.25 rounds either way

        replay.pause();
        now += 5000;
        replay.advance();
        QCOMPARE(timesOf(intervals).size(), size_t(2)); // paused: the clock runs, the replay does not
        QVERIFY(replay.statusText().startsWith("Replay paused"));

        replay.resume();
        now += 100;
        replay.advance();
        QCOMPARE(timesOf(intervals), timesOf(replay.result(), 3));

        replay.setSpeed(10); // 10×: 100 ms of clock is a second of recording
        now += 100;
        replay.advance();
        QCOMPARE(timesOf(intervals), timesOf(replay.result()));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(replay.state(), ReplayController::State::Finished);
    }

    void timedReplayRunsOnItsOwnTimer() {
        ReplayController replay;
        replay.setResult(recording(20, 0.01)); // 0.2 s of recording: 20 ms at 10×
        replay.setSpeed(10);
        replay.setFrameInterval(5);
        QSignalSpy intervals(&replay, &ReplayController::intervalsArrived);
        QSignalSpy finished(&replay, &ReplayController::finished);
        replay.start();
        QVERIFY(finished.wait(5000));
        QCOMPARE(timesOf(intervals), timesOf(replay.result()));
    }

    void stopHoldsAndStartBeginsAgain() {
        qint64 now = 0;
        ReplayController replay;
        replay.setClock([&now] { return now; });
        replay.setResult(recording(4, 1.0));
        QSignalSpy intervals(&replay, &ReplayController::intervalsArrived);
        QSignalSpy finished(&replay, &ReplayController::finished);
        replay.start();
        now = 2000;
        replay.advance();
        replay.stop();
        QCOMPARE(replay.state(), ReplayController::State::Idle);
        now = 10000;
        replay.advance();
        QCOMPARE(timesOf(intervals), (std::vector<double>{1, 2}));
        QCOMPARE(finished.size(), 0);
        intervals.clear();
        replay.start();
        now = 14000;
        replay.advance();
        QCOMPARE(timesOf(intervals), (std::vector<double>{1, 2, 3, 4}));
        QCOMPARE(finished.size(), 1);
    }

    void anEmptyRecordingFinishesAtOnce() {
        ReplayController replay;
        replay.setResult(recording(0, 1));
        QSignalSpy intervals(&replay, &ReplayController::intervalsArrived);
        QSignalSpy finished(&replay, &ReplayController::finished);
        replay.start();
        QCOMPARE(intervals.size(), 0);
        QCOMPARE(finished.size(), 1);
    }

    void saysItIsAReplay() {
        ReplayController replay;
        MeasurementResult r = recording(3, 1);
        r.incomplete = true;
        replay.setResult(r);
        replay.setSpeed(10);
        QVERIFY(replay.result().replay);
        const QString label = replay.label();
        QVERIFY2(label.startsWith("Replay: stream"), qPrintable(label));
        QVERIFY2(label.contains("2024-05-01T10:00:00+02:00"), qPrintable(label));
        QVERIFY2(label.contains("incomplete"), qPrintable(label));
        QVERIFY2(label.contains("10×"), qPrintable(label));
        QCOMPARE(replay.statusText(), QString("Replay ready: 3.0 s"));
    }
};

QTEST_MAIN(TestReplayController)
#include "test_replay_controller.moc"
