#include "core/measurement/Measurement.h"

#include <algorithm>
#include <csignal>
#include <limits>
#include <thread>
#include <utility>

#include "core/measurement/AttachTarget.h"
#include "core/result/CounterDeltas.h"
#include "core/measurement/CountingBackends.h"
#include "core/measurement/MachineFormulaConstants.h"
#include "core/measurement/MarkerMeasurement.h"
#include "core/measurement/RotatingCounterSet.h"
#include "core/util/Clock.h"
#include "core/util/Duration.h"

namespace perfdash {

namespace {

// How long a program that outlived the measurement gets to exit after SIGTERM.
constexpr auto kTerminateGrace = std::chrono::seconds(2);

double seconds(int64_t ns) { return static_cast<double>(ns) / 1e9; }

// Counters narrower than 64 bits must be read before they can wrap twice:
// the sampler reads at least every `bound`, without a timeline in between
// when none was asked for; a longer interval asked for is shortened.
std::chrono::nanoseconds samplingInterval(std::chrono::nanoseconds asked, std::chrono::nanoseconds bound,
                                          const std::string& backend, std::vector<std::string>& warnings) {
    if (bound.count() == 0 || (asked.count() > 0 && asked <= bound)) return asked;
    if (asked.count() > 0)
        warnings.push_back("the interval is shortened from " + formatDuration(asked) + " to " + formatDuration(bound) +
                           ": the " + backend + " backend's counters must be read that often so that none can wrap "
                           "twice unseen");
    return bound;
}

LocationInfo locationInfo(const CounterLocation& l) {
    switch (l.kind) {
    case CounterLocation::Kind::Cpu: return {LocationKind::Cpu, l.id};
    case CounterLocation::Kind::Thread: return {LocationKind::Thread, l.id};
    case CounterLocation::Kind::Process: return {LocationKind::Process, l.id};
    }
    return {};
}

} // namespace

Measurement::Measurement(const MeasurementPlan& plan, MachineContext& machine) : plan_(plan), machine_(machine) {}

Measurement::~Measurement() = default;

Result<std::unique_ptr<Measurement>> Measurement::start(const MeasurementPlan& plan, MachineContext& machine,
                                                       const BeforeRelease& beforeRelease) {
    std::unique_ptr<Measurement> m(new Measurement(plan, machine));
    if (Status s = m->launch(beforeRelease); !s) return s.error();
    return m;
}

Status Measurement::launch(const BeforeRelease& beforeRelease) {
    using Mode = MeasurementRequest::Mode;
    const MeasurementRequest& r = plan_.request;
    CountingScope scope = plan_.scope;
    int targetPid = -1;

    if (!r.command.empty()) {
        LaunchOptions options;
        options.command = r.command;
        if (r.mode == Mode::Launch || r.pinCommand) options.cpus = plan_.cpus;
        options.environment = r.environment;
        if (r.marker) {
            auto marker = MarkerMeasurement::create(plan_);
            if (!marker) return marker.error();
            marker_ = std::move(*marker);
            const auto& markerEnvironment = marker_->environment();
            options.environment.insert(options.environment.end(), markerEnvironment.begin(), markerEnvironment.end());
        }
        options.workingDirectory = r.workingDirectory;
        options.captureOutput = r.captureOutput;
        options.stdoutToStderr = r.outputToStderr;
        options.stdinFromNull = r.stdinFromNull;
        auto child = LaunchedProcess::start(options);
        if (!child) return child.error();
        child_ = std::move(*child);
        targetPid = child_->pid();
        if (r.mode == Mode::Launch) scope.pid = targetPid;
    }
    if (r.mode == Mode::Attach) {
        auto attached = attachScope(r.pid);
        if (!attached) return attached.error();
        scope.pid = r.pid;
        scope.tids = attached->tids;
        targetPid = r.pid;
    }

    auto backend = makeCounterBackend(r.backend, machine_);
    if (!backend) return backend.error();
    auto counters = (*backend)->open(plan_.eventSet, scope);
    if (!counters) return counters.error();
    counters_ = std::move(*counters);
    if (r.switchPeriod.count() > 0 && plan_.groups.size() > 1) {
        counters_ = std::make_unique<RotatingCounterSet>(std::move(counters_), plan_.eventSet, r.switchPeriod);
        runWarnings_.push_back("the " + std::to_string(plan_.groups.size()) + " groups took turns, switched every " +
                               formatDuration(r.switchPeriod) + ": each was counted a share of the time (its "
                               "coverage) and its counts are scaled up to the whole run");
    }
    for (const CounterLocation& l : counters_->locations())
        layout_.taskLocation.push_back(l.kind != CounterLocation::Kind::Cpu);
    for (const SlotStatus& slot : counters_->slotStatus()) layout_.slotOpened.push_back(slot.opened);
    for (const EventSlot& slot : plan_.eventSet) layout_.slotGauge.push_back(slot.event.gauge());
    layout_.coreTypeParts = plan_.coreTypeParts();
    const std::vector<std::string> failures = openFailures();
    for (size_t s = 0; s < failures.size(); ++s)
        if (!failures[s].empty())
            runWarnings_.push_back(plan_.eventSet[s].event.name + " (" + plan_.eventSet[s].counter +
                                   ") could not be opened: " + failures[s]);

    std::vector<LocationInfo> locations;
    for (const auto& l : counters_->locations()) {
        locations.push_back(locationInfo(l));
        locations.back().cgroup = l.cgroup;
        if (l.kind == CounterLocation::Kind::Cpu)
            if (const SysfsPmu* core = machine_.resolver().pmus().hybridCoreOf(l.id))
                locations.back().coreType = core->name;
    }
    auto builder = ResultBuilder::create(plan_, std::move(locations), formulaConstants(plan_, machine_), failures);
    if (!builder) return builder.error();
    builder_.emplace(std::move(*builder));

    if (!scope.enableOnExec)
        if (Status s = counters_->enable(); !s) return s;
    store_ = std::make_unique<SampleStore>(r.bufferedSnapshots);
    sampler_ = std::make_unique<Sampler>(*counters_, *store_);
    SamplerOptions options;
    options.interval = samplingInterval(r.interval, counters_->maxReadInterval(), r.backend.name, runWarnings_);
    options.duration = r.duration;
    options.targetPid = targetPid;
    startedAt_ = isoLocalNow();
    if (Status s = sampler_->start(options); !s) return s;
    SampleStore::Batch first = store_->since(0);
    baseline_ = first.snapshots.front();
    previous_ = baseline_;
    nextSeq_ = first.snapshots.front().seq + 1;
    if (beforeRelease) {
        if (Status s = beforeRelease(targetPid); !s) {
            sampler_->stop();
            return s;
        }
    }
    if (child_) {
        if (Status s = child_->release(); !s) {
            sampler_->stop();
            return s;
        }
    }
    return {};
}

int Measurement::targetPid() const {
    if (child_) return child_->pid();
    return plan_.request.mode == MeasurementRequest::Mode::Attach ? plan_.request.pid : -1;
}

std::vector<IntervalResult> Measurement::intervalsFrom(const std::vector<Snapshot>& snapshots) {
    std::vector<IntervalResult> out;
    for (const auto& snap : snapshots) {
        const int64_t dtNs = snap.monotonicNs - previous_->monotonicNs;
        if (dtNs > 0) {
            IntervalResult interval;
            interval.t = seconds(snap.monotonicNs - baseline_->monotonicNs);
            interval.dt = seconds(dtNs);
            interval.groups = builder_->build(countsBetween(*previous_, snap), interval.dt);
            out.push_back(std::move(interval));
        }
        previous_ = snap;
    }
    return out;
}

std::vector<std::string> Measurement::openFailures() const {
    std::vector<std::string> failures;
    for (const auto& status : counters_->slotStatus()) failures.push_back(status.opened ? "" : status.reason);
    return failures;
}

Result<ResultBuilder> Measurement::newResultBuilder() {
    return ResultBuilder::create(plan_, builder_->locations(), formulaConstants(plan_, machine_), openFailures());
}

std::vector<IntervalResult> Measurement::takeIntervals() {
    if (finished_) return std::exchange(completedByFinish_, {});
    return pullIntervals();
}

std::vector<IntervalResult> Measurement::pullIntervals() {
    if (plan_.request.interval.count() == 0) return {};
    SampleStore::Batch batch = store_->since(nextSeq_);
    dropped_ += batch.dropped;
    nextSeq_ = batch.nextSeq;
    std::vector<IntervalResult> out = intervalsFrom(batch.snapshots);
    if (plan_.request.keepIntervals) kept_.insert(kept_.end(), out.begin(), out.end());
    return out;
}

std::vector<CountValue> Measurement::countsBetween(const Snapshot& earlier, const Snapshot& later) const {
    return perfdash::countsBetween(earlier, later, layout_, pausedThroughout(earlier.monotonicNs, later.monotonicNs));
}

bool Measurement::pausedThroughout(int64_t fromNs, int64_t toNs) const {
    std::lock_guard lock(pauseMutex_);
    for (const PausedSpan& span : pausedSpans_)
        if (span.startNs <= fromNs && toNs <= span.endNs) return true;
    return false;
}

void Measurement::waitForData(std::chrono::nanoseconds timeout) const { store_->waitFor(nextSeq_, timeout); }

bool Measurement::finished() const { return sampler_->finished(); }

// The span starts before the counters stop and ends after they run again,
// so an interval counted as paused throughout really had nothing counted.
Status Measurement::pause() {
    if (paused()) return {};
    const int64_t start = monotonicNowNs();
    if (Status s = sampler_->pause(); !s) return s;
    std::lock_guard lock(pauseMutex_);
    pausedSpans_.push_back({start, std::numeric_limits<int64_t>::max()});
    return {};
}

Status Measurement::resume() {
    if (!paused()) return {};
    if (Status s = sampler_->resume(); !s) return s;
    const int64_t end = monotonicNowNs();
    std::lock_guard lock(pauseMutex_);
    if (!pausedSpans_.empty()) pausedSpans_.back().endNs = end;
    return {};
}

bool Measurement::paused() const { return sampler_->paused(); }

void Measurement::requestStop() noexcept { sampler_->requestStop(); }

ChildOutput* Measurement::output() { return child_ ? child_->output() : nullptr; }

void Measurement::stopProgram(MeasurementResult& result) {
    if (!child_) return;
    const bool endedByItself = child_->hasExited();
    if (!endedByItself) {
        // The measurement ended first (stop, duration): the program does not
        // outlive it, as with perf stat --timeout.
        result.warnings.push_back("the program was still running when the measurement ended and was terminated");
        (void)child_->signal(SIGTERM);
        const auto deadline = std::chrono::steady_clock::now() + kTerminateGrace;
        while (!child_->hasExited() && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        if (!child_->hasExited()) (void)child_->signal(SIGKILL);
    }
    auto status = child_->wait();
    if (status) result.exitStatus = *status;
    else result.warnings.push_back(status.error().message);
    // Exit code 139 and death by SIGSEGV look the same as 128+N: say which it was.
    if (const int sig = child_->terminatingSignal(); sig && endedByItself)
        result.warnings.push_back("the program was killed by " + describeSignal(sig) + "; exit status " +
                                  std::to_string(128 + sig) + " as a shell reports it");
}

MeasurementResult Measurement::finish() {
    MeasurementResult result;
    if (finished_) return result;
    finished_ = true;
    const Snapshot final = sampler_->wait();
    completedByFinish_ = pullIntervals();
    stopProgram(result);

    result.version = PERFDASH_VERSION;
    result.startedAt = startedAt_;
    const MetricEnvironment constants = formulaConstants(plan_, machine_);
    result.machine = runMachineJson(machine_, constants, plan_.needsNominalClock);
    result.config = plan_.runConfig(targetPid());
    result.durationS = seconds(final.monotonicNs - baseline_->monotonicNs);
    result.locations = builder_->locations();
    result.groups = builder_->build(countsBetween(*baseline_, final), result.durationS);
    result.intervals = std::move(kept_);
    if (marker_) marker_->collect(result, constants, machine_.permissions());
    result.interrupted = sampler_->endReason() == SamplerEnd::StopRequested;

    result.warnings.insert(result.warnings.begin(), runWarnings_.begin(), runWarnings_.end());
    result.warnings.insert(result.warnings.begin(), plan_.warnings.begin(), plan_.warnings.end());
    if (sampler_->endReason() == SamplerEnd::ReadFailed)
        result.warnings.push_back("counting stopped early: " + sampler_->error().error().message);
    if (const uint64_t missed = sampler_->missedDeadlines())
        result.warnings.push_back(std::to_string(missed) +
                                  " sampling deadlines passed while the machine was busy; their counts are in the "
                                  "next interval");
    if (dropped_)
        result.warnings.push_back(std::to_string(dropped_) +
                                  " samples were merged into longer intervals because they were not read in time");
    return result;
}

} // namespace perfdash
