#include "widgets/run/RunRecorder.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrent>
#include <filesystem>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "core/profile/ProfileJson.h"
#include "core/report/ReportJsonReader.h"
#include "core/report/ReportTables.h"
#include "core/session/SessionFiles.h"
#include "core/measurement/MachineFormulaConstants.h"
#include "core/util/Clock.h"

namespace perfdash {

namespace {

constexpr std::chrono::milliseconds kDefaultAutosave{3000};
// At short intervals on many CPUs an autosave period's intervals take much
// memory (3 s of 64 CPUs at 10 ms: about 8 MB, held twice while the writer
// saves the previous ones): an autosave is due once this many have gathered.
constexpr size_t kAutosaveIntervals = 100;

// An autosave frees its intervals and the pieces of their JSON (some 4 MB
// at 64 CPUs and 10 ms). glibc keeps freed memory in the writer thread's
// arena, and in the middle of a heap, for later allocations: without this
// the whole GUI held 4 MB more after 1 min of perfdash_bench_gui_memory
// (135.0 against 131.0 MB; when autosaves were one 17 MB text, a lower trim
// threshold saved 16 MB). malloc_trim hands the free pages of every arena
// back, once per autosave, on the writer thread.
void giveBackFreedMemory() {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

Status createDirectory(const std::string& directory) {
    std::error_code ec;
    std::filesystem::create_directories(directory, ec);
    if (ec)
        return makeError("cannot create the sessions directory '" + directory + "': " + ec.message() +
                         " (check its permissions or free space)");
    return {};
}

} // namespace

Status RunRecorder::Kept::append(std::vector<IntervalResult> batch, RunState run) {
    unsaved.insert(unsaved.end(), std::make_move_iterator(batch.begin()), std::make_move_iterator(batch.end()));
    // Without a journal (creating it failed, and that was reported) memory is the only place left.
    if (!journal) return {};
    // The journal saves all of them or none, and keeps no copy: these are the only one.
    if (Status appended = journal->append(unsaved); !appended) {
        const std::string count = std::to_string(unsaved.size());
        // Once the run has ended no autosave comes: only an export keeps them, as the dialog advises.
        return makeError(appended.error().message + "; the " + count +
                         (run == RunState::GoesOn
                              ? " intervals not saved are kept in memory for the next save"
                              : " intervals not saved are kept in memory until you export the run (File → Export "
                                "report…): the run has ended, so no later save comes"));
    }
    std::vector<IntervalResult>().swap(unsaved); // its memory too: it may have held what a full disk kept out
    return {};
}

RunRecorder::RunRecorder(MeasurementController& controller, QObject* parent)
    : QObject(parent), controller_(controller), directory_(QString::fromStdString(sessionsDirectory())) {
    controller_.setKeepIntervals(false); // this recorder keeps them
    writer_.setMaxThreadCount(1);
    autosaveTimer_.setInterval(kDefaultAutosave);
    connect(&autosaveTimer_, &QTimer::timeout, this, &RunRecorder::autosave);
    connect(&controller_, &MeasurementController::started, this, &RunRecorder::onStarted);
    connect(&controller_, &MeasurementController::intervalsArrived, this, &RunRecorder::onIntervals);
    connect(&controller_, &MeasurementController::finished, this, &RunRecorder::onFinished);
}

RunRecorder::~RunRecorder() {
    if (autosaveTimer_.isActive() && !pending_.empty()) {
        // waitForDone() below is the wait; no one is left to tell of a failure.
        (void)QtConcurrent::run(&writer_, [kept = kept_, batch = std::move(pending_)]() mutable {
            (void)kept->append(std::move(batch), Kept::RunState::GoesOn);
        });
    }
    writer_.waitForDone();
}

void RunRecorder::setDirectory(const QString& directory) { directory_ = directory; }

void RunRecorder::setAutosaveInterval(std::chrono::milliseconds interval) { autosaveTimer_.setInterval(interval); }

void RunRecorder::waitForWrites() {
    writer_.waitForDone();
    // Each outcome reaches its QFutureWatcher as a posted event: deliver them before returning.
    QCoreApplication::sendPostedEvents();
}

QFuture<Result<MeasurementResult>> RunRecorder::recordedRun(MeasurementResult finished) {
    return QtConcurrent::run(&writer_, [kept = kept_, run = std::move(finished)]() mutable -> Result<MeasurementResult> {
        run.intervals.clear(); // a result that kept them would repeat the file's
        if (!kept) return run; // no run was recorded
        if (kept->journal) {
            auto saved = readReportFile(kept->journal->path());
            if (!saved)
                return makeError(saved.error().message + " (the session file holds the run's intervals; it "
                                 "changed or went away after the run)");
            run.intervals = std::move(saved->intervals);
        }
        run.intervals.insert(run.intervals.end(), kept->unsaved.begin(), kept->unsaved.end());
        return run;
    });
}

void RunRecorder::onStarted() {
    const MeasurementPlan* plan = controller_.plan();
    if (!plan) return;
    MeasurementResult header;
    header.startedAt = isoLocalNow(); // as the Measurement stamps its result
    header.config = plan->runConfig(controller_.targetPid());
    header.locations = controller_.locations();
    header.warnings = plan->warnings;
    pending_.clear();
    received_ = 0;
    autosaveFailing_ = false;
    sessionFile_.clear(); // the last run's file is not this run's
    kept_ = std::make_shared<Kept>();
    const std::string directory = directory_.toStdString();
    const std::string name = sessionFileName(header.startedAt, targetName(header.config));
    MachineContext* machine = &controller_.machine();
    // Known since the measurement started (the clock and topology are cached): cheap here.
    const MetricEnvironment constants = formulaConstants(*plan, *machine);
    const bool withClock = plan->needsNominalClock;
    // The file name is chosen on the writer thread, after the previous session's file exists.
    enqueue(
        [kept = kept_, machine, constants, withClock, header = std::move(header), directory,
         name]() mutable -> Status {
            if (Status made = createDirectory(directory); !made) return made;
            header.machine = runMachineJson(*machine, constants, withClock); // probes the machine: not on the GUI thread
            auto created = SessionJournal::create(uniqueSessionPath(directory, name), std::move(header));
            if (!created) return created.error();
            kept->journal = std::move(*created);
            return {};
        },
        false);
    autosaveTimer_.start();
}

void RunRecorder::onIntervals(const std::vector<IntervalResult>& intervals) {
    if (!autosaveTimer_.isActive()) return; // not a run this recorder saw start
    pending_.insert(pending_.end(), intervals.begin(), intervals.end());
    received_ += intervals.size();
    if (pending_.size() >= kAutosaveIntervals) autosave();
}

void RunRecorder::autosave() {
    // A slow disk must not pile up writes: the next tick takes what has gathered by then.
    if (writesInFlight_ > 0 || pending_.empty()) return;
    enqueue(
        [kept = kept_, batch = std::move(pending_)]() mutable -> Status {
            // The batch is freed when it returns (or kept, the one copy, when it could not be saved).
            Status appended = kept->append(std::move(batch), Kept::RunState::GoesOn);
            giveBackFreedMemory();
            return appended;
        },
        false);
    pending_.clear();
}

void RunRecorder::onFinished(const MeasurementResult& result) {
    if (!autosaveTimer_.isActive()) return;
    autosaveTimer_.stop();
    // The result's head only: copying an hour of intervals here would stall the GUI; the journal has them.
    // A sampled run's profile is complete by now (profileArrived comes before finished): the file ends with it.
    enqueue(
        [kept = kept_, batch = std::move(pending_), ending = SessionJournal::prepareEnding(result, received_),
         samples = controller_.profile()]() mutable -> Status {
            // A result that kept intervals beyond those received: recorded like them.
            batch.insert(batch.end(), ending.newIntervals.begin(), ending.newIntervals.end());
            ending.newIntervals.clear();
            if (samples) ending.trailer = profileSessionMember(*samples);
            if (Status appended = kept->append(std::move(batch), Kept::RunState::Ended); !appended) return appended;
            if (!kept->journal) return Status{}; // creating it failed, and that was reported
            Status finished = kept->journal->finish(std::move(ending));
            if (!finished)
                return makeError(finished.error().message + "; it holds every interval, but stays an incomplete "
                                 "session without the run's end (exit status, whole-run totals)");
            return finished;
        },
        true);
    pending_.clear();
}

void RunRecorder::enqueue(std::function<Status()> write, bool complete) {
    ++writesInFlight_;
    auto* watcher = new QFutureWatcher<Status>(this);
    connect(watcher, &QFutureWatcher<Status>::finished, this, [this, watcher, complete, kept = kept_] {
        const Status status = watcher->result();
        watcher->deleteLater();
        --writesInFlight_;
        if (!status) {
            // A full disk fails every autosave: say so once (the journal keeps
            // the intervals and tries again), and always when the final write fails.
            if (complete || !autosaveFailing_) emit saveFailed(QString::fromStdString(status.error().message));
            autosaveFailing_ = true;
            return;
        }
        if (!kept->journal) return; // nothing could be written: kept in memory, and that was reported
        autosaveFailing_ = false;
        sessionFile_ = QString::fromStdString(kept->journal->path()); // set once when created, read-only since
        emit sessionSaved(sessionFile_, complete);
    });
    watcher->setFuture(QtConcurrent::run(&writer_, std::move(write)));
}

} // namespace perfdash
