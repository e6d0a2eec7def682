#include "app/cli/AgentProfiles.h"

#include <malloc.h>

#include <algorithm>

#include "core/interchange/Pprof.h"
#include "core/measurement/MachineFormulaConstants.h"
#include "core/prometheus/AgentRequest.h"
#include "core/profile/ProfileJson.h"
#include "core/profile/ProfileViews.h"
#include "core/sys/Cgroup.h"
#include "core/topology/CpuList.h"
#include "core/util/Clock.h"
#include "core/util/Strings.h"

namespace perfdash::cli {

namespace {

void refuse(httplib::Response& res, int status, const std::string& message) {
    res.status = status;
    res.set_content(message + "\n", "text/plain; charset=utf-8");
}

} // namespace

AgentProfiler::AgentProfiler(const MeasurementPlan& plan, MachineContext& machine,
                             const std::vector<std::string>& cgroups, std::string host)
    : plan_(plan), host_(std::move(host)) {
    for (const std::string& path : cgroups) {
        auto opened = openCgroup(path);
        // Counting opened each of them a moment ago; should one be gone since, it keeps the name given.
        cgroups_.push_back({path, opened ? opened->name : path});
    }
    // Stacks by frame pointers, as `record` takes them by default: DWARF's stack copies would cost
    // every CPU 8 KiB a sample. No debuginfod: the agent asks nothing of the network.
    options_.callGraph = CallGraph::FramePointer;
    options_.maxSamples = kMaxSamples;
    // Functions only, as Parca and Pyroscope show them by default: a large binary's DWARF (its
    // decompressed debug sections, line tables and inlined calls) is tens of MB, and on a busy
    // machine every binary that runs during the profile is sampled; with the open files
    // capped, what symbols hold stays bounded however many binaries run (docs/agent.md).
    options_.symbols.lines = false;
    options_.symbols.maxOpenModules = kMaxOpenFiles;
    auto sampling = planSampling(plan, machine, options_);
    if (!sampling) {
        unavailable_ = sampling.error().message;
        return;
    }
    // pprof's values are sums over samples; the group's formulas (CPI) are not, and their error
    // terms would take a row a column per pair of events: the profile carries the counts only.
    sampling->metrics.clear();
    sampling_ = std::move(*sampling);
    constants_ = formulaConstants(plan, machine);
    // Opened once and closed unstarted: what the kernel accepts here, and what it samples in the leader's place.
    ProfileOptions trial = options_;
    trial.cgroup = cgroups_.empty() ? "" : cgroups_.front().path;
    trial.rate = {SamplingRate::Kind::Frequency, kMaxHz};
    auto recorder = ProfileRecorder::open(*sampling_, plan_, -1, trial, constants_);
    if (!recorder) {
        unavailable_ = recorder.error().message;
        return;
    }
    (*recorder)->read([&](const Profile& p) {
        sampled_ = p.sampling.leader;
        notices_ = p.sampling.notices; // the sampling run's, and planSampling's warnings
    });
}

std::vector<std::string> AgentProfiler::notices() const {
    std::vector<std::string> out;
    if (!unavailable_.empty()) return {"CPU profiles (/debug/pprof/profile) cannot be taken here: " + unavailable_};
    for (const std::string& n : notices_) out.push_back("CPU profiles: " + n);
    return out;
}

nlohmann::json AgentProfiler::info() const {
    nlohmann::json j = {{"path", "/debug/pprof/profile"},
                        {"available", unavailable_.empty()},
                        {"max_seconds", kMaxProfileSeconds},
                        {"default_seconds", kDefaultProfileSeconds},
                        {"max_hz", kMaxHz},
                        {"max_samples", kMaxSamples},
                        {"symbols", "functions"},
                        {"max_open_files", kMaxOpenFiles},
                        {"max_concurrent", kMaxProfiles}};
    if (!unavailable_.empty()) j["reason"] = unavailable_;
    else j["sampled"] = sampled_;
    j["notices"] = notices_;
    return j;
}

uint64_t AgentProfiler::rateHz(size_t cpus, unsigned seconds) {
    const uint64_t most = kMaxSamples / std::max<uint64_t>(1, uint64_t{cpus} * std::max(1u, seconds));
    return std::clamp<uint64_t>(most, 1, kMaxHz);
}

Result<std::string> AgentProfiler::cgroupPath(const std::string& asked) const {
    std::vector<std::string> labels;
    for (const Cgroup& c : cgroups_) labels.push_back(c.label);
    if (cgroups_.empty()) {
        if (asked.empty()) return std::string();
        return makeError("cgroup=" + asked + ": the agent samples whole CPUs (it was started without --cgroup); "
                         "leave cgroup out");
    }
    if (asked.empty()) {
        if (cgroups_.size() == 1) return cgroups_.front().path;
        return makeError("the agent counts " + std::to_string(cgroups_.size()) + " cgroups and a profile samples "
                         "one: add cgroup=NAME, one of " + join(labels, ", "));
    }
    for (const Cgroup& c : cgroups_)
        if (asked == c.label || asked == c.path) return c.path;
    return makeError("cgroup=" + asked + ": not a cgroup the agent counts; give one of " + join(labels, ", "));
}

void AgentProfiler::answer(httplib::Response& res, unsigned seconds, const std::string& cgroup, Encoding encoding) {
    if (!unavailable_.empty()) return refuse(res, 501, "CPU profiles cannot be taken here: " + unavailable_);
    auto path = cgroupPath(cgroup);
    if (!path) return refuse(res, 400, path.error().message);
    {
        std::lock_guard lock(mutex_);
        if (closed_) return refuse(res, 503, "the agent is stopping");
        if (running_ >= kMaxProfiles) {
            const auto left = std::chrono::ceil<std::chrono::seconds>(runningUntil_ - std::chrono::steady_clock::now());
            res.set_header("Retry-After", std::to_string(std::max<long long>(1, left.count())));
            return refuse(res, 503, "a CPU profile is being taken, and the agent takes one at a time (so that its "
                                    "counting is not disturbed); try again after Retry-After seconds");
        }
        ++running_;
        runningUntil_ = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    }
    struct Release {
        AgentProfiler& p;
        ~Release() {
            std::lock_guard lock(p.mutex_);
            --p.running_;
        }
    } release{*this};

    Taken taken = take(seconds, *path, encoding);
    // The symbols of every binary that ran are freed now; glibc would keep their pages for the next
    // profile, minutes away: the agent's resident memory goes back to what counting needs.
    ::malloc_trim(0);
    if (taken.status != 200) return refuse(res, taken.status, taken.body);
    if (encoding == Encoding::PerfdashJson) return res.set_content(taken.body, "application/json");
    // As Go's net/http/pprof answers: a file to save, never a page to render.
    res.set_header("Content-Disposition", "attachment; filename=\"profile\"");
    res.set_header("X-Content-Type-Options", "nosniff");
    res.set_content(taken.body, "application/octet-stream");
}

AgentProfiler::Taken AgentProfiler::take(unsigned seconds, const std::string& cgroup, Encoding encoding) {
    ProfileOptions options = options_;
    options.cgroup = cgroup;
    // One interval for the whole profile, with a second to spare for the time sampling takes to start
    // (kallsyms, every process's mappings), so that no sample falls into a second one; and room for samples
    // drained a moment after it: nothing waits on disk.
    options.intervalS = static_cast<double>(seconds + 1);
    options.liveIntervals = 2;
    PlannedSampling sampling = *sampling_;
    sampling.request.rate = {SamplingRate::Kind::Frequency, rateHz(plan_.cpus.size(), seconds)};
    auto recorder = ProfileRecorder::open(sampling, plan_, -1, options, constants_);
    if (!recorder) return {500, "cannot sample: " + recorder.error().message};
    const std::string startedAt = isoLocalNow();
    const auto started = std::chrono::steady_clock::now();
    if (Status s = (*recorder)->start(""); !s) return {500, "cannot sample: " + s.error().message};
    bool stopped = false;
    {
        std::unique_lock lock(mutex_);
        stopped = closing_.wait_for(lock, std::chrono::seconds(seconds), [&] { return closed_; });
    }
    const double sampledS = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    Profile profile = (*recorder)->finish();
    if (stopped) return {503, "the agent is stopping"};
    const std::string cpus = "CPUs " + formatCpuList(plan_.cpus);
    const std::string where = cgroup.empty() ? cpus : "cgroup " + cgroup + " on " + cpus;
    if (encoding == Encoding::PerfdashJson) {
        profile.sampling.notices.push_back("taken by the perfdash agent on " + host_ + ": " + where + ", " +
                                           std::to_string(seconds) + " s from " + startedAt);
        std::string body;
        appendProfileJson(body, profile);
        return {200, std::move(body)};
    }

    // A cgroup whose tasks did not run has no rows: its profile is valid and empty.
    auto selection = selectRows(profile, {});
    ProfileSelection none;
    none.description = "no samples";
    none.sums.assign(profile.columns().count(), 0.0);
    ProfileSelection& chosen = selection ? *selection : none;
    // The time sampled, not the interval's spare second: what the profile's duration says.
    chosen.fromS = 0;
    chosen.toS = sampledS;
    ExportSource source{"perfdash agent on " + host_ + ": " + where, startedAt, false, ""};
    auto bytes = pprofGzip(profile, chosen, {source});
    if (!bytes) return {500, "cannot write the profile: " + bytes.error().message};
    return {200, std::move(*bytes)};
}

void AgentProfiler::close() {
    {
        std::lock_guard lock(mutex_);
        closed_ = true;
    }
    closing_.notify_all();
}

} // namespace perfdash::cli
