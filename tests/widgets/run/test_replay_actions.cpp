#include <QAction>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "widgets/SessionSamples.h"
#include "widgets/run/ReplayActions.h"
#include "widgets/run/SessionLoader.h"

using namespace perfdash;

namespace {

std::vector<double> timesOf(const QSignalSpy& spy) {
    std::vector<double> t;
    for (const auto& call : spy)
        for (const auto& i : call[0].value<std::vector<IntervalResult>>()) t.push_back(i.t);
    return t;
}

std::vector<double> timesOf(const MeasurementResult& r) {
    std::vector<double> t;
    for (const auto& i : r.intervals) t.push_back(i.t);
    return t;
}

} // namespace

class TestReplayActions : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    qint64 now_ = 1000;

    // A saved session (20 intervals of 0.5 s: 10 s recorded), read back as File → Open reads it.
    MeasurementResult savedSession() {
        const QString path = dir_.filePath(QStringLiteral("saved.json"));
        if (!test::writeSession(path, test::sessionWithTimeline(20, 0.5, "2024-05-01T10:00:00+02:00"))) return {};
        auto loaded = loadSessionFile(path);
        return loaded ? *loaded : MeasurementResult{};
    }

private slots:
    void disabledUntilASessionMayBeReplayed() {
        ReplayController replay;
        ReplayActions actions(replay);
        for (QAction* a : actions.actions()) QVERIFY2(!a->isEnabled(), qPrintable(a->text()));
        replay.setResult(savedSession());
        actions.setAvailable(true);
        QVERIFY(actions.replayAction()->isEnabled());
        QVERIFY(actions.fastSpeedAction()->isEnabled());
        QVERIFY(actions.normalSpeedAction()->isChecked()); // as recorded, by default
        QVERIFY(!actions.pauseAction()->isEnabled());      // nothing plays yet
        QVERIFY(!actions.showAllAction()->isEnabled());
    }

    // At 10× the 10 s recording plays in 1 s of the clock, every interval once and in order.
    void tenTimesFasterDeliversEverythingInOrder() {
        ReplayController replay;
        replay.setClock([this] { return now_; });
        ReplayActions actions(replay);
        const MeasurementResult session = savedSession();
        QCOMPARE(session.intervals.size(), size_t(20));
        replay.setResult(session);
        actions.setAvailable(true);
        QSignalSpy intervals(&replay, &ReplayController::intervalsArrived);
        QSignalSpy finished(&replay, &ReplayController::finished);
        actions.fastSpeedAction()->trigger();
        QCOMPARE(replay.speed(), 10.0);
        actions.replayAction()->trigger();
        QCOMPARE(replay.state(), ReplayController::State::Playing);
        QVERIFY(actions.pauseAction()->isEnabled());
        for (int step = 0; step < 10; ++step) {
            now_ += 100; // 1 s of the recording
            replay.advance();
        }
        QCOMPARE(timesOf(intervals), timesOf(session));
        QVERIFY(intervals.size() >= 10); // paced: a batch per step, not all at once
        QCOMPARE(finished.size(), 1);
        QCOMPARE(replay.state(), ReplayController::State::Finished);
    }

    // Pause stops the delivery however long the clock runs; Show all hands out the rest at once.
    void pauseStopsDeliveryAndShowAllDeliversTheRest() {
        ReplayController replay;
        replay.setClock([this] { return now_; });
        ReplayActions actions(replay);
        const MeasurementResult session = savedSession();
        replay.setResult(session);
        actions.setAvailable(true);
        QSignalSpy intervals(&replay, &ReplayController::intervalsArrived);
        QSignalSpy finished(&replay, &ReplayController::finished);
        actions.normalSpeedAction()->trigger();
        actions.replayAction()->trigger();
        now_ += 1600; // 1.6 s: three intervals are due
        replay.advance();
        QCOMPARE(timesOf(intervals).size(), size_t(3));

        actions.pauseAction()->trigger();
        QCOMPARE(replay.state(), ReplayController::State::Paused);
        QVERIFY(actions.pauseAction()->isChecked());
        QVERIFY(actions.pauseAction()->text().remove(QLatin1Char('&')).contains("Resume replay"));
        now_ += 60000;
        replay.advance();
        QCOMPARE(timesOf(intervals).size(), size_t(3));
        QVERIFY(replay.statusText().startsWith("Replay paused"));

        const qsizetype batches = intervals.size();
        actions.showAllAction()->trigger();
        QCOMPARE(intervals.size(), batches + 1); // the rest in one batch
        QCOMPARE(timesOf(intervals), timesOf(session));
        QCOMPARE(finished.size(), 1);
        QCOMPARE(replay.speed(), 1.0); // the chosen speed stays for the next replay
        QVERIFY(actions.normalSpeedAction()->isChecked());
        QVERIFY(!actions.showAllAction()->isEnabled());
        QVERIFY(actions.replayAction()->isEnabled()); // and it can be played again
    }

    void unavailableDisablesEverything() {
        ReplayController replay;
        replay.setClock([this] { return now_; });
        ReplayActions actions(replay);
        replay.setResult(savedSession());
        actions.setAvailable(true);
        actions.replayAction()->trigger();
        actions.setAvailable(false); // a measurement started
        for (QAction* a : actions.actions()) QVERIFY2(!a->isEnabled(), qPrintable(a->text()));
    }
};

QTEST_MAIN(TestReplayActions)
#include "test_replay_actions.moc"
