#pragma once
// What the user asked to measure, in front-end-neutral terms: the CLI's flags
// and the GUI's measurement form both become one of these.
#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "core/backends/BackendChoice.h"

namespace perfdash {

struct MeasurementRequest {
    enum class Mode {
        Launch,     // start `command`; with `cpuList` pinned there and counted per CPU (likwid -C)
        Attach,     // count every thread of the running process `pid`
        SystemWide, // count whole CPUs of `cpuList` (likwid -c); while `command` runs, or for `duration`
    };
    Mode mode = Mode::Launch;

    std::vector<std::string> command;     // program and arguments (Launch; optional for SystemWide)
    std::vector<std::string> environment; // extra NAME=value for the program
    std::string workingDirectory;         // empty: ours
    bool captureOutput = false;           // the program's stdout/stderr to Measurement::output() (GUI)
    bool outputToStderr = false;          // the program's stdout goes to our stderr (CLI --json keeps stdout clean)
    bool stdinFromNull = false;

    int pid = -1;        // Attach
    std::string cpuList; // likwid CPU-list syntax
    // SystemWide with a command: the program is pinned to `cpuList` too,
    // which is what likwid-perfctr -C does (pin, and count whole CPUs).
    bool pinCommand = false;
    // SystemWide: count only the tasks of these cgroups, each on every CPU
    // (perf's cgroup mode; paths as core/sys/Cgroup.h reads them).
    std::vector<std::string> cgroups;

    std::vector<std::string> groups; // performance group names or files, one kernel group set each
    std::vector<std::string> events; // event lists (-e), measured together as one set

    // Several groups: > 0 counts one group at a time, switched round-robin at
    // this period (likwid-perfctr -T; core/measurement/RotatingCounterSet.h);
    // 0 opens all at once and the kernel multiplexes them. Whole CPUs only;
    // with a timeline it must be the interval.
    std::chrono::nanoseconds switchPeriod{0};
    std::chrono::nanoseconds interval{0}; // 0: totals only, no timeline
    std::chrono::nanoseconds duration{0}; // 0: until the program exits / stop is requested
    bool keepIntervals = true;            // keep every interval for the final result (a GUI keeps its own series)
    // How many snapshots the sampler may run ahead of whoever takes the
    // intervals before the oldest are merged into the next (no count is lost,
    // only time resolution). The ring's memory grows to this many snapshots
    // over as many intervals and then stays: a consumer that runs without end
    // and takes the intervals as they come (the agent) keeps it small, so that
    // its memory is flat from the first minutes rather than after 4096 intervals.
    size_t bufferedSnapshots = 4096;
    // Launch only: the program is instrumented with the marker API (likwid -m);
    // its regions are counted per thread with the groups and reported besides
    // the whole-program counts. See docs/marker.md.
    bool marker = false;
    // With `marker`: the marker library also writes every START and STOP
    // with its thread and time, so that samples can be attributed to the
    // region running on their thread (record -m; MarkerMeasurement::transitionsPath).
    bool markerTransitions = false;
    // MeasurementPlan::prepare returns a plan even when none of its events
    // can be counted here (record asks, to count a software clock beside
    // them); otherwise it refuses such a request, and a Measurement never
    // starts on such a plan.
    bool allowNothingCounted = false;

    BackendChoice backend; // perf (default), msr or loongson, and where the direct ones find their devices
};

const char* toString(MeasurementRequest::Mode mode); // "launch", "attach", "system"

} // namespace perfdash
