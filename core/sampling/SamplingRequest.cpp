#include "core/sampling/SamplingRequest.h"

#include <algorithm>
#include <bit>
#include <cstdlib>

namespace perfdash {

std::string toString(const SamplingRate& rate) {
    return rate.kind == SamplingRate::Kind::Frequency ? std::to_string(rate.value) + " Hz"
                                                      : "every " + std::to_string(rate.value) + " events";
}

const char* toString(CallGraph callGraph) {
    switch (callGraph) {
    case CallGraph::None: return "none";
    case CallGraph::FramePointer: return "fp";
    case CallGraph::Dwarf: return "dwarf";
    }
    return "none";
}

Result<FollowMode> followModeFromEnvironment(FollowMode requested) {
    const char* value = std::getenv("PERFDASH_SAMPLING_FOLLOW");
    if (!value || !*value || std::string(value) == "auto") return requested;
    if (std::string(value) == "fork-records") return FollowMode::ForkRecords;
    return makeError("PERFDASH_SAMPLING_FOLLOW='" + std::string(value) +
                     "' is not a way to follow new threads: set it to 'fork-records' or 'auto', or unset it");
}

Status checkSamplingRequest(const SamplingRequest& r) {
    if (r.events.empty()) return makeError("nothing to sample: name an event to sample (e.g. -e cpu-clock)");
    if (r.rate.value == 0)
        return makeError(r.rate.kind == SamplingRate::Kind::Period
                             ? "a sample period of 0 is not possible: -c takes the number of events per sample (e.g. -c 100000)"
                             : "a sampling frequency of 0 Hz is not possible: -F takes samples per second (e.g. -F 4000)");
    if (r.callGraph == CallGraph::Dwarf && (r.dwarfStackBytes == 0 || r.dwarfStackBytes % 8 != 0 || r.dwarfStackBytes >= 65535))
        return makeError("--call-graph dwarf," + std::to_string(r.dwarfStackBytes) +
                         ": the user stack copied per sample must be a multiple of 8 bytes from 8 to 65528 (e.g. 8192)");
    if (r.ringDataPages == 0 || !std::has_single_bit(r.ringDataPages))
        return makeError("a ring buffer of " + std::to_string(r.ringDataPages) +
                         " data pages per CPU is not possible: the kernel takes a power of two (e.g. 128)");
    if (r.queueBytes == 0) return makeError("the record queue needs room for at least one record");
    for (size_t i = 0; i < r.cpus.size(); ++i) {
        const int cpu = r.cpus[i];
        if (cpu < 0) return makeError("CPU " + std::to_string(cpu) + " does not exist: CPU numbers start at 0");
        if (std::find(r.cpus.begin(), r.cpus.begin() + static_cast<std::ptrdiff_t>(i), cpu) != r.cpus.begin() + static_cast<std::ptrdiff_t>(i))
            return makeError("CPU " + std::to_string(cpu) + " is listed twice in the CPUs to sample: name each once");
    }
    switch (r.target.kind) {
    case SamplingTarget::Kind::Launched:
    case SamplingTarget::Kind::Process:
        if (r.target.pid <= 0)
            return makeError("no process to sample: a process ID is a positive number (got " +
                             std::to_string(r.target.pid) + ")");
        break;
    case SamplingTarget::Kind::Cgroup:
        if (r.target.cgroup.empty()) return makeError("no cgroup to sample: name its path (e.g. system.slice/app.service)");
        break;
    case SamplingTarget::Kind::Cpus: break;
    }
    return {};
}

} // namespace perfdash
