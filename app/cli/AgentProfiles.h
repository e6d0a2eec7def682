#pragma once
// The agent's CPU profiles: GET /debug/pprof/profile?seconds=N (pprof's
// convention, as Go's net/http/pprof serves it). The CPUs the agent counts
// (or one of its cgroups) are sampled for N seconds as `record -a` samples
// them: the first group's leader sampled, the group's other events read with
// every sample (core/profile's ProfileRecorder), a software clock in the
// leader's place where the machine cannot sample it. The answer is a gzipped
// pprof profile (core/interchange/Pprof.h) whose sample types and comments
// say what was sampled. GET /api/v1/profile takes the same profile (same
// bounds, the same one slot) and answers with perfdash's own profile JSON
// (core/profile/ProfileJson.h), which keeps the group's formulas: what the
// dashboard's Hosts page fetches for its Hotspots page.
//
// Bounded, so that profiles cannot take the agent's counting down with them:
// one profile at a time (a request meanwhile gets 503 with Retry-After), N at
// most kMaxProfileSeconds (core/prometheus/AgentRequest.h), and at most
// kMaxSamples samples a profile (the rate is lowered to fit them in N
// seconds on many CPUs; any beyond are left out and the profile says so).
// Symbols are functions only, from the ELF symbol tables (no DWARF: no source
// lines, no inlined calls), with at most kMaxOpenFiles binaries open at once:
// the DWARF of the binaries that ran was what a profile's memory grew with.
// A profile holds a server thread of its own (kMaxProfiles more than
// /metrics has), so scrapes are answered while it samples.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "core/measurement/MachineContext.h"
#include "core/measurement/MeasurementPlan.h"
#include "core/profile/ProfileRecorder.h"

namespace perfdash::cli {

class AgentProfiler {
public:
    static constexpr size_t kMaxProfiles = 1;
    // Go's runtime CPU profiler's rate: enough to find where a CPU's time goes in
    // a few seconds, cheap enough for a machine whose agent is scraped all day.
    static constexpr uint64_t kMaxHz = 100;
    // Each sample adds at most one row to each of the profile's tables and one
    // stack's nodes: 250 000 samples stay within tens of MB however deep and
    // varied the stacks (docs/agent.md gives the figures).
    static constexpr uint64_t kMaxSamples = 250000;
    // ELF files whose symbols are held at once (SymbolizerOptions::maxOpenModules): a
    // stack's few libraries and the programs busy now stay open, and a file sampled
    // again after it was closed is opened again.
    static constexpr size_t kMaxOpenFiles = 32;

    // Prepared once, before serving, on the thread that owns `machine`: what
    // to sample, and a trial opening of it, so that the agent says at start
    // what its profiles sample (or why it cannot take them) and requests
    // need nothing of `machine`. `cgroups`: the agent's --cgroup paths.
    AgentProfiler(const MeasurementPlan& plan, MachineContext& machine, const std::vector<std::string>& cgroups,
                  std::string host);

    // What the agent tells at start: fallbacks (a software clock sampled in the
    // leader's place), or why profiles cannot be taken here.
    std::vector<std::string> notices() const;
    // For /api/v1/info: the page, what is sampled, the bounds.
    nlohmann::json info() const;

    enum class Encoding { Pprof, PerfdashJson };
    // Samples for `seconds` and answers with the profile; 400 for a cgroup the
    // agent does not count, 503 while another profile runs or the agent stops.
    void answer(httplib::Response& res, unsigned seconds, const std::string& cgroup, Encoding encoding);
    // The agent stops: a profile in progress ends at once (503), so that the server's thread is free.
    void close();

    // The sampling rate of an N-second profile of `cpus` CPUs: kMaxHz, lowered
    // so that kMaxSamples hold all N seconds (at least 1 Hz).
    static uint64_t rateHz(size_t cpus, unsigned seconds);

private:
    struct Cgroup {
        std::string path;  // as given to --cgroup, what ProfileOptions::cgroup takes
        std::string label; // its name under the mount, as its counts are labelled
    };
    // The cgroup a request asks for ("" for whole CPUs), or a 400's message.
    Result<std::string> cgroupPath(const std::string& asked) const;
    struct Taken {
        int status = 200;
        std::string body; // the gzipped profile, or the error's message
    };
    // Samples for `seconds` (or until close()) and encodes the profile.
    Taken take(unsigned seconds, const std::string& cgroup, Encoding encoding);

    const MeasurementPlan& plan_;
    const std::string host_;
    std::vector<Cgroup> cgroups_;
    std::optional<PlannedSampling> sampling_;
    MetricEnvironment constants_;
    ProfileOptions options_;
    std::string unavailable_;         // why no profile can be taken here; "" when they can
    std::string sampled_;             // the event sampled (the leader, or the clock in its place)
    std::vector<std::string> notices_; // planSampling's warnings and the sampling run's notices

    std::mutex mutex_;
    std::condition_variable closing_;
    bool closed_ = false;
    size_t running_ = 0;
    std::chrono::steady_clock::time_point runningUntil_; // when the running profile ends: Retry-After
};

} // namespace perfdash::cli
