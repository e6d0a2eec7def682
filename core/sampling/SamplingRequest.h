#pragma once
// What to sample, how often, how to unwind, and where: the input of
// SamplingRun (SamplingRun.h). The command line (`record`, `top`)
// and the GUI fill it from their options; events come resolved
// (core/events/EventResolver.h), CPU lists parsed (core/topology/CpuList.h).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/events/EventSpec.h"
#include "core/util/Outcome.h"

namespace perfdash {

struct SamplingRate {
    enum class Kind {
        Period,    // -c N: a sample every N events of the leader
        Frequency, // -F HZ: the kernel adjusts the period to take about HZ samples a second
    };
    Kind kind = Kind::Frequency;
    uint64_t value = 4000;
};

enum class CallGraph {
    None,         // the sampled instruction only
    FramePointer, // the kernel walks the frame pointers (PERF_SAMPLE_CALLCHAIN): perf's default
    // The kernel copies the user registers and dwarfStackBytes of the user
    // stack with each sample (PERF_SAMPLE_REGS_USER, PERF_SAMPLE_STACK_USER)
    // for an unwinder to walk with the binaries' DWARF (--call-graph dwarf);
    // PERF_SAMPLE_CALLCHAIN then carries the kernel's frames only.
    Dwarf,
};

// "4000 Hz" or "every 100000 events", as a profile says how it was sampled.
std::string toString(const SamplingRate& rate);
// "none", "fp", "dwarf": perf's --call-graph names, which sessions keep.
const char* toString(CallGraph callGraph);

struct SamplingTarget {
    enum class Kind {
        // A program LaunchedProcess::start (core/measurement/Launcher.h) holds
        // before exec: the events wait for its exec (enable_on_exec), then
        // follow its threads and child processes.
        Launched,
        Process, // a running process (--pid): its threads, and threads and children it creates later
        Cpus,    // whatever runs on the CPUs (system-wide)
        Cgroup,  // the tasks of one cgroup, on the CPUs (perf's cgroup mode)
    };
    Kind kind = Kind::Launched;
    int pid = -1;       // Launched, Process
    std::string cgroup; // Cgroup: a path as core/sys/Cgroup.h's openCgroup takes it
};

// How threads and child processes created after the start are followed.
enum class FollowMode {
    // With `inherit`, where the kernel reads an inherited group into each
    // sample (Linux 6.12 and later); on older kernels, which refuse
    // PERF_SAMPLE_READ with inherit, as ForkRecords. docs/sampling.md says why.
    Auto,
    // Each new thread gets events of its own, opened when its FORK record
    // arrives; a new process's mappings are read from /proc then.
    ForkRecords,
};

struct SamplingRequest {
    // [0] is the leader, the event that is sampled; every sample reads the
    // others with it (a group, PERF_SAMPLE_READ). At least one.
    std::vector<ResolvedEvent> events;
    SamplingRate rate;
    CallGraph callGraph = CallGraph::FramePointer;
    uint32_t dwarfStackBytes = 8192; // CallGraph::Dwarf: a multiple of 8, below 65535
    SamplingTarget target;
    // Where to sample: empty for every online CPU. A task is sampled while it
    // runs on these (pinning it is the launcher's business).
    std::vector<int> cpus;
    bool contextSwitches = true; // SWITCH records: when each sampled task was switched in and out
    size_t ringDataPages = 128;  // per CPU, a power of two: 512 KiB with 4 KiB pages, what perf maps unprivileged
    size_t queueBytes = size_t(64) << 20; // the records waiting for the consumer (RecordQueue.h)
    FollowMode follow = FollowMode::Auto;
};

// The environment's say over the follow mode: PERFDASH_SAMPLING_FOLLOW=fork-records
// forces FollowMode::ForkRecords (the old kernels' way, to test it on a new
// kernel); "auto" or unset keeps `requested`. Anything else is an error naming both values.
Result<FollowMode> followModeFromEnvironment(FollowMode requested);

// The request's own consistency (events, rate, stack size, target, pages),
// before anything is opened. Errors name the option and the fix.
Status checkSamplingRequest(const SamplingRequest& request);

} // namespace perfdash
