#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <limits>

#include "core/report/ReportJsonReader.h"
#include "core/session/SessionFiles.h"
#include "util/FullFileSystem.h"
#include "widgets/RecordedIntervals.h"
#include "widgets/run/RunRecorder.h"

using namespace perfdash;
using namespace perfdash::testing;
using namespace std::chrono_literals;

namespace {

MeasurementRequest demoRequest(const char* seconds) {
    MeasurementRequest request;
    request.command = {qEnvironmentVariable("PERFDASH_DEMO").toStdString(), "--seconds", seconds};
    request.groups = {"SOFTWARE"};
    request.interval = 50ms;
    request.captureOutput = true;
    return request;
}

// The recorder gives the whole run back, every interval measured, though the result it finished with kept none.
void checkRecordedRun(RunRecorder& recorder, const MeasurementResult& result, const QSignalSpy& arrived) {
    QVERIFY(result.intervals.empty()); // the recorder keeps them, not the measurement
    QFuture<Result<MeasurementResult>> future = recorder.recordedRun(result);
    future.waitForFinished();
    const Result<MeasurementResult> run = future.result();
    QVERIFY2(run.ok(), run.ok() ? "" : run.error().message.c_str());
    QVERIFY(!run->intervals.empty());
    const std::string differ = intervalsDiffer(intervalsOf(arrived), run->intervals);
    QVERIFY2(differ.empty(), differ.c_str());
    QCOMPARE(run->startedAt, result.startedAt);
}

QByteArray fileBytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Waits for autosaves until one holds intervals while the program still runs; returns the file as it was then.
QByteArray autosaveWithIntervals(MeasurementController& controller, QSignalSpy& saved) {
    while (controller.state() == MeasurementController::State::Running) {
        if (!saved.wait(5000)) return {};
        if (saved.last()[1].toBool()) return {};
        const QByteArray bytes = fileBytes(saved.last()[0].toString());
        auto read = readReportJson(bytes.toStdString(), "autosave");
        if (read && !read->intervals.empty()) return bytes;
    }
    return {};
}

// A demo run recorded on a tiny file system that a test fills up: long enough
// to be stopped by the test, never by itself (an interval of 200 ms keeps the
// file small).
struct RunOnATinyDisk {
    explicit RunOnATinyDisk(const perfdash::testing::FullFileSystem& fs)
        : controller(machine), recorder(controller), saved(&recorder, &RunRecorder::sessionSaved),
          failed(&recorder, &RunRecorder::saveFailed), finished(&controller, &MeasurementController::finished),
          arrived(&controller, &MeasurementController::intervalsArrived) {
        recorder.setDirectory(fs.filePath("sessions"));
        recorder.setAutosaveInterval(100ms);
    }
    // Starts the run and waits until an autosave holds intervals: false if it could not.
    bool start() {
        MeasurementRequest request = demoRequest("60");
        request.interval = 200ms;
        auto plan = controller.prepare(request);
        return plan.ok() && controller.start(std::move(*plan)).ok() && !autosaveWithIntervals(controller, saved).isEmpty();
    }

    MachineContext machine;
    MeasurementController controller;
    RunRecorder recorder;
    QSignalSpy saved, failed, finished, arrived;
};

} // namespace

class TestRunRecorder : public QObject {
    Q_OBJECT
private slots:
    void recordsARealRunWithAutosavesWhileItRuns() {
        QTemporaryDir dir;
        MachineContext machine;
        MeasurementController controller(machine);
        RunRecorder recorder(controller);
        recorder.setDirectory(dir.path() + "/sessions"); // created on demand
        recorder.setAutosaveInterval(100ms);
        auto plan = controller.prepare(demoRequest("1.5"));
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().message.c_str());

        QSignalSpy saved(&recorder, &RunRecorder::sessionSaved);
        QSignalSpy failed(&recorder, &RunRecorder::saveFailed);
        QSignalSpy intervals(&controller, &MeasurementController::intervalsArrived);
        QSignalSpy finished(&controller, &MeasurementController::finished);
        QVERIFY(controller.start(std::move(*plan)).ok());

        // What a kill in the middle of the run would leave: an autosave, complete JSON, marked incomplete.
        const QByteArray midRun = autosaveWithIntervals(controller, saved);
        QVERIFY2(!midRun.isEmpty(), "no autosave with intervals while the demo ran");
        auto killed = readReportJson(midRun.toStdString(), "autosave");
        QVERIFY2(killed.ok(), killed.ok() ? "" : killed.error().message.c_str());
        QVERIFY(killed->incomplete);
        QCOMPARE(killed->config.groups, std::vector<std::string>{"SOFTWARE"});
        QVERIFY(!killed->startedAt.empty());
        QVERIFY(killed->machine.contains("capabilities"));
        const QString killedPath = dir.filePath("killed.json");
        {
            QFile f(killedPath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(midRun);
        }
        auto recovered = openSessionFile(killedPath.toStdString());
        QVERIFY2(recovered.ok(), recovered.ok() ? "" : recovered.error().message.c_str());
        QVERIFY(recovered->incomplete);
        QCOMPARE(recovered->intervals.size(), killed->intervals.size());
        QCOMPARE(recovered->durationS, killed->intervals.back().t);
        QCOMPARE(recovered->groups.size(), size_t(1));
        QVERIFY(recovered->groups[0].events[0].total.value > 0); // task-clock, summed over the intervals

        QVERIFY(finished.wait(10000));
        QTRY_VERIFY_WITH_TIMEOUT(!saved.isEmpty() && saved.last()[1].toBool(), 10000);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first()[0].toString()));
        QVERIFY(!recorder.saveFailing());

        const QString path = recorder.sessionFile();
        QCOMPARE(saved.last()[0].toString(), path);
        QVERIFY2(QFileInfo(path).fileName().endsWith("_perfdash-demo.json"), qPrintable(path));
        QCOMPARE(QDir(dir.path() + "/sessions").entryList(QDir::Files).size(), 1); // no temporary files left
        auto session = readReportFile(path.toStdString());
        QVERIFY2(session.ok(), session.ok() ? "" : session.error().message.c_str());
        QVERIFY(!session->incomplete);
        const auto result = finished.first()[0].value<MeasurementResult>();
        const std::string differ = intervalsDiffer(intervalsOf(intervals), session->intervals);
        QVERIFY2(differ.empty(), differ.c_str());
        QVERIFY(session->intervals.size() >= 10); // ~1.5 s at 50 ms
        QCOMPARE(session->intervals.back().t, result.durationS); // up to the end
        QCOMPARE(session->exitStatus.value_or(-1), 0);
        QCOMPARE(session->startedAt, result.startedAt);
        QCOMPARE(session->groups.size(), size_t(1));
        QCOMPARE(session->groups[0].events[0].total.value, result.groups[0].events[0].total.value);
        QCOMPARE(session->config.command, result.config.command);
        checkRecordedRun(recorder, result, intervals);
    }

    // At short intervals an autosave is due every 100 intervals, before its period ends: fewer are kept in memory.
    void aHundredIntervalsAreSavedBeforeTheAutosavePeriodEnds() {
        QTemporaryDir dir;
        MachineContext machine;
        MeasurementController controller(machine);
        RunRecorder recorder(controller);
        recorder.setDirectory(dir.path());
        recorder.setAutosaveInterval(1h); // never due by its period here
        auto plan = controller.prepare(demoRequest("30"));
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().message.c_str());
        controller.setPollInterval(std::numeric_limits<int>::max()); // only the intervals emitted below arrive
        QSignalSpy saved(&recorder, &RunRecorder::sessionSaved);
        QVERIFY(controller.start(std::move(*plan)).ok());
        recorder.waitForWrites(); // the file exists
        QCOMPARE(saved.size(), 1);

        GroupResult group{"SOFTWARE", "", {}, {}};
        EventResult event;
        event.counter = event.event = "task-clock";
        event.counted = true;
        event.perLocation = {{1e6, 1.0}};
        event.total = {1e6, 1.0};
        group.events.push_back(event);
        std::vector<IntervalResult> intervals;
        for (int i = 1; i <= 100; ++i) intervals.push_back({0.01 * i, 0.01, {group}});
        const auto readSaved = [&] {
            auto read = readReportJson(fileBytes(recorder.sessionFile()).toStdString(), "autosave");
            return read ? read->intervals.size() : size_t(-1);
        };
        emit controller.intervalsArrived({intervals.begin(), intervals.end() - 1});
        recorder.waitForWrites();
        QCOMPARE(saved.size(), 1); // 99: not yet
        QCOMPARE(readSaved(), size_t(0));
        emit controller.intervalsArrived({intervals.end() - 1, intervals.end()});
        recorder.waitForWrites();
        QCOMPARE(saved.size(), 2);
        QCOMPARE(readSaved(), size_t(100));
    }

    void quittingMidRunLeavesAnIncompleteSessionThatOpens() {
        QTemporaryDir dir;
        MachineContext machine;
        MeasurementController controller(machine);
        auto recorder = std::make_unique<RunRecorder>(controller);
        recorder->setDirectory(dir.path());
        recorder->setAutosaveInterval(100ms);
        auto plan = controller.prepare(demoRequest("3"));
        QVERIFY(plan.ok());
        QSignalSpy saved(recorder.get(), &RunRecorder::sessionSaved);
        QVERIFY(controller.start(std::move(*plan)).ok());
        QVERIFY(!autosaveWithIntervals(controller, saved).isEmpty());
        const QString path = recorder->sessionFile();
        recorder.reset(); // saves what is pending, leaves the file incomplete
        controller.stop();
        QSignalSpy finished(&controller, &MeasurementController::finished);
        QVERIFY(finished.wait(10000));

        auto opened = openSessionFile(path.toStdString());
        QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().message.c_str());
        QVERIFY(opened->incomplete);
        QVERIFY(opened->replay);
        QVERIFY(!opened->intervals.empty());
    }

    // The disk fills up while the run goes on: reported (once for the
    // autosaves, once for the final write), and the file stays the complete
    // incomplete session it was at its last save.
    void aFullDiskMidRunIsReportedAndKeepsTheFileWhole() {
        perfdash::testing::FullFileSystem fs;
        if (!fs.whyNot().empty()) QSKIP(fs.whyNot().c_str());
        MachineContext machine;
        MeasurementController controller(machine);
        RunRecorder recorder(controller);
        recorder.setDirectory(fs.filePath("sessions"));
        recorder.setAutosaveInterval(100ms);
        auto plan = controller.prepare(demoRequest("2"));
        QVERIFY(plan.ok());
        QSignalSpy saved(&recorder, &RunRecorder::sessionSaved);
        QSignalSpy failed(&recorder, &RunRecorder::saveFailed);
        QSignalSpy finished(&controller, &MeasurementController::finished);
        QSignalSpy arrived(&controller, &MeasurementController::intervalsArrived);
        QVERIFY(controller.start(std::move(*plan)).ok());
        const QByteArray beforeFull = autosaveWithIntervals(controller, saved);
        QVERIFY2(!beforeFull.isEmpty(), "no autosave with intervals while the demo ran");
        QVERIFY(fs.fill());
        QVERIFY(finished.wait(20000));
        recorder.waitForWrites();

        QVERIFY(failed.size() >= 1);
        QVERIFY2(failed.size() <= 2, qPrintable(QString::number(failed.size()) + " failures reported"));
        const QString path = recorder.sessionFile();
        for (const auto& call : failed) {
            const QString message = call[0].toString();
            QVERIFY2(message.contains(path) && message.contains("No space left on device"), qPrintable(message));
        }
        auto kept = readReportFile(path.toStdString());
        QVERIFY2(kept.ok(), kept.ok() ? "" : kept.error().message.c_str());
        QVERIFY(kept->incomplete);
        QVERIFY(kept->intervals.size() >= readReportJson(beforeFull.toStdString(), "before")->intervals.size());
        QCOMPARE(QDir(fs.filePath("sessions")).entryList(QDir::Files).size(), 1); // no temporary files
        QVERIFY(recorder.saveFailing()); // the final write failed too: the run's end is only in memory
        // The intervals the full disk refused are in memory: the run is whole.
        checkRecordedRun(recorder, finished.first()[0].value<MeasurementResult>(), arrived);
    }

    // The disk fills up while the run goes on, then has room again. The
    // autosave's failure says what is true then: the intervals not saved are
    // kept (by the recorder, the one copy: the journal keeps none) for the
    // next save. The save after the room came back, here the final one,
    // writes every interval: the finished file holds the whole run.
    void aSaveAfterTheDiskFreesUpWritesEveryInterval() {
        perfdash::testing::FullFileSystem fs;
        if (!fs.whyNot().empty()) QSKIP(fs.whyNot().c_str());
        RunOnATinyDisk run(fs);
        QVERIFY2(run.start(), "no autosave with intervals while the demo ran");
        QVERIFY(fs.fill());
        QVERIFY(run.failed.wait(30000));
        const QString message = run.failed.first()[0].toString();
        QVERIFY2(message.contains("No space left on device") &&
                     message.contains("intervals not saved are kept in memory for the next save"),
                 qPrintable(message));
        QVERIFY(run.recorder.saveFailing());

        QVERIFY(fs.drain());
        run.controller.stop();
        QVERIFY(run.finished.wait(30000));
        run.recorder.waitForWrites();
        QCOMPARE(run.failed.size(), 1);
        QVERIFY(!run.recorder.saveFailing());
        QVERIFY(run.saved.last()[1].toBool());
        auto session = readReportFile(run.recorder.sessionFile().toStdString());
        QVERIFY2(session.ok(), session.ok() ? "" : session.error().message.c_str());
        QVERIFY(!session->incomplete);
        const std::string differ = intervalsDiffer(intervalsOf(run.arrived), session->intervals);
        QVERIFY2(differ.empty(), differ.c_str());
    }

    // The run ends while the disk is still full: no autosave comes any more,
    // and the final write's failure says so (kept in memory until the run is
    // exported, as the dialog advises), not "for the next save"; the run
    // read back for an export still has every interval.
    void aRunThatEndsOnAFullDiskSaysItsIntervalsWaitForAnExport() {
        perfdash::testing::FullFileSystem fs;
        if (!fs.whyNot().empty()) QSKIP(fs.whyNot().c_str());
        RunOnATinyDisk run(fs);
        QVERIFY2(run.start(), "no autosave with intervals while the demo ran");
        QVERIFY(fs.fill());
        QVERIFY(run.failed.wait(30000)); // an autosave, during the run
        run.controller.stop();
        QVERIFY(run.finished.wait(30000));
        run.recorder.waitForWrites();
        QCOMPARE(run.failed.size(), 2); // the autosaves' failure once, the final write's
        const QString during = run.failed.first()[0].toString();
        const QString after = run.failed.last()[0].toString();
        QVERIFY2(during.contains("kept in memory for the next save"), qPrintable(during));
        QVERIFY2(after.contains("No space left on device") &&
                     after.contains("intervals not saved are kept in memory until you export the run") &&
                     !after.contains("next save"),
                 qPrintable(after));
        QVERIFY(run.recorder.saveFailing());
        checkRecordedRun(run.recorder, run.finished.first()[0].value<MeasurementResult>(), run.arrived);
    }

    // Nothing can be saved at all: reported once, and every interval stays in memory.
    void aDirectoryThatCannotBeMadeIsReportedAndLosesNothing() {
        MachineContext machine;
        MeasurementController controller(machine);
        RunRecorder recorder(controller);
        recorder.setDirectory("/proc/perfdash-cannot-be-here/sessions");
        QSignalSpy failed(&recorder, &RunRecorder::saveFailed);
        MeasurementRequest request = demoRequest("0.3");
        auto plan = controller.prepare(request);
        QVERIFY(plan.ok());
        QSignalSpy finished(&controller, &MeasurementController::finished);
        QSignalSpy arrived(&controller, &MeasurementController::intervalsArrived);
        QVERIFY(controller.start(std::move(*plan)).ok());
        QVERIFY(finished.wait(10000));
        recorder.waitForWrites();
        QCOMPARE(failed.size(), 1); // reported once, not again for every autosave
        const QString message = failed.first()[0].toString();
        QVERIFY2(message.contains("/proc/perfdash-cannot-be-here/sessions"), qPrintable(message));
        QVERIFY(recorder.sessionFile().isEmpty());
        // The writes after the failure (the final one at least) had nowhere to go: still failing, not reported again.
        QVERIFY(recorder.saveFailing());
        checkRecordedRun(recorder, finished.first()[0].value<MeasurementResult>(), arrived);
    }
};

QTEST_MAIN(TestRunRecorder)
#include "test_run_recorder.moc"
