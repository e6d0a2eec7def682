#include "core/profile/ProfileRecorder.h"

#include <algorithm>

#include "core/events/HybridCoreEvent.h"
#include "core/util/Clock.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

bool sameName(const std::string& a, const std::string& b) { return toLower(a) == toLower(b); }

} // namespace

Result<PlannedSampling> planSampling(const MeasurementPlan& plan, MachineContext& machine,
                                     const ProfileOptions& options) {
    PlannedSampling out;
    if (plan.groups.empty()) return makeError("nothing to sample: name a group (-g CPI) or events (-e cycles)");
    const PlannedGroup& group = plan.groups.front();
    if (plan.groups.size() > 1) {
        std::vector<std::string> others;
        for (size_t g = 1; g < plan.groups.size(); ++g) others.push_back(plan.groups[g].group.name);
        out.warnings.push_back("samples carry the first group's events (" + group.group.name + "); " + join(others, ", ") +
                               (others.size() == 1 ? " is" : " are") + " counted only");
    }
    const bool custom = group.group.metrics.empty() && group.group.name == "custom";
    auto resolve = [&](size_t i) {
        return custom ? machine.slotResolver().resolveEvent(group.events[i].spec)
                      : machine.slotResolver().resolve(group.group.events[i]);
    };
    // By default the first event of the cores' PMU (likwid's groups may begin
    // with a register such as msr/aperf/, which the kernel cannot sample), else the first.
    size_t leader = 0;
    for (size_t i = 0; i < group.events.size(); ++i) {
        auto e = resolve(i);
        if (e && isCoreEvent(*e, machine.resolver().pmus())) {
            leader = i;
            break;
        }
    }
    if (!options.leader.empty()) {
        leader = group.events.size();
        std::vector<std::string> names;
        for (size_t i = 0; i < group.events.size(); ++i) {
            const PlannedEvent& e = group.events[i];
            names.push_back(e.counter == e.name ? e.name : e.counter + " (" + e.name + ")");
            if (sameName(e.counter, options.leader) || sameName(e.name, options.leader) || sameName(e.spec, options.leader))
                leader = i;
        }
        if (leader == group.events.size())
            return makeError("--leader " + options.leader + ": the group " + group.group.name + " has no such event; its " +
                             "events: " + join(names, ", "));
    }
    std::vector<size_t> order{leader};
    for (size_t i = 0; i < group.events.size(); ++i)
        if (i != leader) order.push_back(i);
    for (const PlannedEvent& e : group.events) out.events.push_back({e.counter, e.name, false, ""});
    for (size_t i : order) {
        const PlannedEvent& planned = group.events[i];
        Result<ResolvedEvent> resolved = resolve(i);
        if (!resolved) {
            if (i == leader)
                return makeError("cannot sample " + planned.name + " (" + planned.counter + "): " +
                                 resolved.error().message + (options.leader.empty() ? "; pick another with --leader" : ""));
            out.events[i].note = resolved.error().message;
            continue;
        }
        if (resolved->readFromFiles()) {
            out.events[i].note = resolved->gauge() ? "a reading (a temperature), not a count: not read with samples"
                                                   : "read from the kernel's powercap files, which no perf group "
                                                     "holds: not read with samples";
            if (i == leader) return makeError("cannot sample " + planned.name + ": " + out.events[i].note);
            continue;
        }
        out.request.events.push_back(*resolved);
        out.eventOfRequested.push_back(static_cast<int>(i));
    }
    for (const GroupMetric& m : group.group.metrics) out.metrics.push_back({m.name, m.formula});
    // The profile has no use for when tasks were switched in and out; each
    // SWITCH record would cost the program a write at every context switch.
    out.request.contextSwitches = false;
    out.request.rate = options.rate;
    out.request.callGraph = options.callGraph;
    out.request.dwarfStackBytes = options.dwarfStackBytes;
    if (options.ringDataPages) out.request.ringDataPages = options.ringDataPages;
    return out;
}

ProfileRecorder::ProfileRecorder(std::unique_ptr<SamplingRun> sampling, std::unique_ptr<ProfileBuilder> builder)
    : sampling_(std::move(sampling)), builder_(std::move(builder)) {}

ProfileRecorder::~ProfileRecorder() {
    if (started_ && !finished_) (void)finish();
}

Result<std::unique_ptr<ProfileRecorder>> ProfileRecorder::open(const PlannedSampling& sampling,
                                                               const MeasurementPlan& plan, int targetPid,
                                                               const ProfileOptions& options,
                                                               const MetricEnvironment& constants) {
    using Mode = MeasurementRequest::Mode;
    SamplingRequest request = sampling.request;
    const Mode mode = plan.request.mode;
    if (!options.cgroup.empty()) {
        request.target = {SamplingTarget::Kind::Cgroup, -1, options.cgroup};
    } else if (mode == Mode::SystemWide) {
        request.target = {SamplingTarget::Kind::Cpus, -1, {}};
    } else {
        request.target = {mode == Mode::Attach ? SamplingTarget::Kind::Process : SamplingTarget::Kind::Launched,
                          targetPid, {}};
    }
    request.cpus = plan.cpus;
    auto follow = followModeFromEnvironment(request.follow);
    if (!follow) return follow.error();
    request.follow = *follow;
    auto run = SamplingRun::open(request);
    if (!run) return run.error();
    SamplingRun& s = **run;

    ProfileBuilderOptions b;
    b.events = sampling.events;
    b.metrics = sampling.metrics;
    b.constants = constants;
    b.eventOfSampled = sampling.eventOfRequested;
    const std::vector<SampledEvent>& sampled = s.events();
    for (size_t i = 0; i < sampled.size() && i < sampling.eventOfRequested.size(); ++i) {
        ProfileEvent& e = b.events[static_cast<size_t>(sampling.eventOfRequested[i])];
        const bool fellBack = sampled[i].sampled.name != sampled[i].requested.name;
        e.inSamples = sampled[i].opened && !fellBack;
        if (!e.inSamples) e.note = sampled[i].note.empty() ? "not opened" : sampled[i].note;
        if (i == 0 && fellBack) e.note = "sampled with " + sampled[i].sampled.name + " in its place: " + sampled[i].note;
    }
    const SampledEvent& leader = sampled.front();
    b.sampling.leader = leader.sampled.name;
    b.sampling.leaderCounter = leader.sampled.name == leader.requested.name
                                   ? sampling.events[static_cast<size_t>(sampling.eventOfRequested.front())].counter
                                   : "";
    b.sampling.rate = toString(request.rate);
    b.sampling.callGraph = toString(request.callGraph);
    b.sampling.follow = s.followMode() == FollowMode::ForkRecords ? "fork records" : "inherit";
    b.sampling.notices = s.notices();
    b.sampling.notices.insert(b.sampling.notices.end(), sampling.warnings.begin(), sampling.warnings.end());
    b.callGraph = request.callGraph;
    b.regsUserMask = s.layout().regsUserMask;
    b.readsPerThread = s.readsPerThread();
    b.symbols = options.symbols;
    b.intervalS = options.intervalS;
    b.maxRows = options.maxRows;
    b.liveIntervals = options.liveIntervals;
    // Before kallsyms is read below: the counts' clock started before this hook, and
    // `top` and the time ranges take a profile's times to be theirs.
    b.startNs = static_cast<uint64_t>(monotonicNowNs());
    auto builder = std::make_unique<ProfileBuilder>(std::move(b));
    // Here, while a launched program is still held: read at its first kernel
    // address, kallsyms would take a CPU beside it (perf record reads it before exec too).
    if (s.samplesKernel()) builder->readKernelSymbols();
    auto recorder = std::unique_ptr<ProfileRecorder>(new ProfileRecorder(std::move(*run), std::move(builder)));
    recorder->maxSamples_ = options.maxSamples;
    return recorder;
}

Status ProfileRecorder::start(const std::string& transitionsPath) {
    if (!transitionsPath.empty()) {
        auto reader = MarkerTransitionsReader::open(transitionsPath);
        if (!reader) return reader.error();
        transitions_ = std::make_unique<MarkerTransitionsReader>(std::move(*reader));
    }
    if (Status s = sampling_->start(); !s) return s;
    started_ = true;
    drainer_ = std::thread([this] { drain(); });
    return {};
}

// Hands the builder the records that may go now: all without regions; with
// regions, those the transitions file has been read kRegionLag past.
void ProfileRecorder::feed(std::vector<PerfRecord>& pending, bool all) {
    std::lock_guard lock(mutex_);
    if (transitions_) {
        transitionsReadAt_ = static_cast<uint64_t>(monotonicNowNs());
        builder_->addTransitions(transitions_->readNew());
    }
    const uint64_t lag = static_cast<uint64_t>(std::chrono::nanoseconds(kRegionLag).count());
    const uint64_t until = all || !transitions_ ? UINT64_MAX : transitionsReadAt_ - std::min(lag, transitionsReadAt_);
    size_t done = 0;
    for (; done < pending.size() && recordTime(pending[done]) < until; ++done) {
        // Only samples are left out: a mapping or a thread's name left out would misname later samples.
        if (maxSamples_ && builder_->samples() >= maxSamples_ && std::holds_alternative<SampleRecord>(pending[done]))
            ++samplesLeftOut_;
        else
            builder_->add(pending[done]);
    }
    pending.erase(pending.begin(), pending.begin() + static_cast<ptrdiff_t>(done));
}

// Takes what has come every kDrainEvery instead of waiting for each record:
// a wait would wake this thread for nearly every sample (the queue signals
// each one), and on a machine of few CPUs each wake-up takes the program's.
void ProfileRecorder::drain() {
    std::vector<PerfRecord> pending;
    while (sampling_->take(pending, std::chrono::milliseconds(0))) {
        feed(pending, false);
        std::this_thread::sleep_for(kDrainEvery);
    }
    feed(pending, true);
}

void ProfileRecorder::read(const std::function<void(const Profile&)>& view) const {
    std::lock_guard lock(mutex_);
    view(builder_->profile());
}

Profile ProfileRecorder::finish() {
    if (finished_) return {};
    finished_ = true;
    sampling_->stop();
    if (drainer_.joinable()) drainer_.join();
    const SamplingStats stats = sampling_->stats();
    uint64_t lost = 0;
    for (const CpuRecordCounts& c : stats.cpus) lost += c.lost + c.droppedSamples;
    std::vector<std::string> warnings = stats.warnings();
    if (transitions_ && !transitions_->sawAny() && builder_->samples() > 0)
        warnings.push_back("the program wrote no marker region transitions: it did not start a region, or its marker "
                           "library predates them (rebuild it against this perfdash's marker library); samples are "
                           "not attributed to regions");
    if (transitions_ && transitions_->malformedLines() > 0)
        warnings.push_back(std::to_string(transitions_->malformedLines()) + " lines of the marker's region transitions "
                           "file were not in its format and were skipped");
    std::lock_guard lock(mutex_);
    if (samplesLeftOut_ > 0)
        warnings.push_back(std::to_string(samplesLeftOut_) + " samples after the first " + std::to_string(maxSamples_) +
                           " were left out, the profile's budget: it shows the start of the time asked for (ask for "
                           "fewer seconds, or sample fewer CPUs)");
    return builder_->finish(warnings, lost);
}

} // namespace perfdash
