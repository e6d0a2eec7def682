#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "widgets/run/MeasurementController.h"
#include "widgets/run/ReplayController.h"
#include "widgets/run/RunRecorder.h"
#include "widgets/run/ShownRun.h"

using namespace perfdash;

namespace {

MeasurementResult recording(const std::string& name, int intervals) {
    MeasurementResult r;
    r.startedAt = "2024-05-01T10:00:00+02:00";
    r.config.command = {name};
    r.locations = {LocationInfo{LocationKind::Cpu, intervals}}; // tells the two recordings' locations apart
    for (int i = 1; i <= intervals; ++i) r.intervals.push_back({0.1 * i, 0.1, {}});
    r.durationS = 0.1 * intervals;
    return r;
}

} // namespace

// ShownRun follows whichever source started last, and only that one: what an older source still says
// never reaches the views.
class TestShownRun : public QObject {
    Q_OBJECT
private slots:
    void followsTheSourceThatStartedLast() {
        MachineContext machine;
        MeasurementController controller(machine);
        RunRecorder recorder(controller);
        QTemporaryDir dir;
        recorder.setDirectory(dir.path());
        ShownRun shown(recorder);
        ReplayController a, b;
        a.setResult(recording("a", 3));
        b.setResult(recording("b", 5));
        a.setSpeed(ReplayController::kInstant);
        shown.add(&a);
        shown.add(&b);
        QSignalSpy started(&shown, &ShownRun::started);
        QSignalSpy intervals(&shown, &ShownRun::intervalsArrived);
        QSignalSpy finished(&shown, &ShownRun::finished);
        QCOMPARE(shown.source(), nullptr);
        QVERIFY(shown.locations().empty());
        QVERIFY(!shown.isRunning());

        qint64 now = 0;
        b.setClock([&now] { return now; });
        b.start(); // paced: nothing due yet
        QCOMPARE(started.size(), 1);
        QVERIFY(shown.isShown(&b));
        QCOMPARE(shown.locations().at(0).id, 5);
        QCOMPARE(shown.knownContext(), &b.result());
        QVERIFY(shown.isRunning());

        a.start(); // all at once: started, its intervals, finished
        QCOMPARE(started.size(), 2);
        QVERIFY(shown.isShown(&a));
        QCOMPARE(intervals.size(), 1);
        QCOMPARE(intervals.front().front().value<std::vector<IntervalResult>>().size(), size_t(3));
        QCOMPARE(finished.size(), 1);
        QVERIFY(!shown.isRunning());

        now = 10000; // b, no longer shown, hands out all it has left: for nobody
        b.advance();
        QCOMPARE(b.state(), ReplayController::State::Finished);
        QCOMPARE(intervals.size(), 1);
        QCOMPARE(finished.size(), 1);
    }

    void holdsWhatFileExportsAndTheContextLine() {
        MachineContext machine;
        MeasurementController controller(machine);
        RunRecorder recorder(controller);
        ShownRun shown(recorder);
        QSignalSpy changed(&shown, &ShownRun::resultChanged);
        QVERIFY(!shown.canExport());
        QCOMPARE(shown.result(), nullptr);

        shown.showResult(recording("a", 2), "Replay of a.json");
        QVERIFY(shown.canExport());
        QVERIFY(!shown.isLiveRun());
        QCOMPARE(shown.name(), QString("Replay of a.json"));
        QCOMPARE(shown.result()->intervals.size(), size_t(2));
        const Result<MeasurementResult> whole = shown.withIntervals().result(); // an opened session has them all
        QVERIFY(whole.ok());
        QCOMPARE(whole->intervals.size(), size_t(2));

        shown.showNoResult("Live");
        QVERIFY(!shown.canExport());
        QCOMPARE(shown.name(), QString("Live"));
        QCOMPARE(changed.size(), 2);

        // An export is remembered only for the run it wrote, while that run is the result.
        shown.showFinishedRun(recording("run", 1), "Live");
        QVERIFY(shown.isLiveRun());
        shown.noteExported(shown.runNumber() + 1, "/tmp/other.json");
        QVERIFY(shown.exportedTo().isEmpty());
        shown.noteExported(shown.runNumber(), "/tmp/run.json");
        QCOMPARE(shown.exportedTo(), QString("/tmp/run.json"));

        QSignalSpy line(&shown, &ShownRun::contextLineChanged);
        shown.setContextLine("<b>Live</b>: measuring now");
        QCOMPARE(shown.contextLine(), QString("<b>Live</b>: measuring now"));
        QCOMPARE(line.size(), 1);
    }
};

QTEST_MAIN(TestShownRun)
#include "test_shown_run.moc"
