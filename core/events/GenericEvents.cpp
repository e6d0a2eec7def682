#include "core/events/GenericEvents.h"

#include <linux/perf_event.h>

namespace perfdash {

namespace {

constexpr GenericEvent kHardware[] = {
    {"cycles", "cpu-cycles", EventSource::Hardware, PERF_COUNT_HW_CPU_CYCLES,
     "CPU core cycles while not halted (varies with frequency scaling)"},
    {"instructions", "", EventSource::Hardware, PERF_COUNT_HW_INSTRUCTIONS, "Instructions retired"},
    {"cache-references", "", EventSource::Hardware, PERF_COUNT_HW_CACHE_REFERENCES,
     "Cache accesses; on most CPUs last-level cache references"},
    {"cache-misses", "", EventSource::Hardware, PERF_COUNT_HW_CACHE_MISSES,
     "Cache misses; on most CPUs last-level cache misses"},
    {"branches", "branch-instructions", EventSource::Hardware, PERF_COUNT_HW_BRANCH_INSTRUCTIONS,
     "Branch instructions retired"},
    {"branch-misses", "", EventSource::Hardware, PERF_COUNT_HW_BRANCH_MISSES, "Mispredicted branch instructions"},
    {"bus-cycles", "", EventSource::Hardware, PERF_COUNT_HW_BUS_CYCLES,
     "Bus cycles, which can differ from core cycles"},
    {"stalled-cycles-frontend", "idle-cycles-frontend", EventSource::Hardware,
     PERF_COUNT_HW_STALLED_CYCLES_FRONTEND, "Cycles in which the frontend delivered no instructions (fetch/decode stalls)"},
    {"stalled-cycles-backend", "idle-cycles-backend", EventSource::Hardware, PERF_COUNT_HW_STALLED_CYCLES_BACKEND,
     "Cycles in which no instructions were dispatched for execution (resource stalls)"},
    {"ref-cycles", "", EventSource::Hardware, PERF_COUNT_HW_REF_CPU_CYCLES,
     "Reference cycles at a constant rate, unaffected by frequency scaling"},
};

constexpr GenericEvent kSoftware[] = {
    {"cpu-clock", "", EventSource::Software, PERF_COUNT_SW_CPU_CLOCK, "Per-CPU high-resolution timer, in nanoseconds"},
    {"task-clock", "", EventSource::Software, PERF_COUNT_SW_TASK_CLOCK,
     "Time the counted task ran on a CPU, in nanoseconds"},
    {"page-faults", "faults", EventSource::Software, PERF_COUNT_SW_PAGE_FAULTS, "Page faults (minor and major)"},
    {"context-switches", "cs", EventSource::Software, PERF_COUNT_SW_CONTEXT_SWITCHES, "Context switches"},
    {"cpu-migrations", "migrations", EventSource::Software, PERF_COUNT_SW_CPU_MIGRATIONS,
     "Migrations of the task to another CPU"},
    {"minor-faults", "", EventSource::Software, PERF_COUNT_SW_PAGE_FAULTS_MIN,
     "Page faults served without I/O (page already in memory)"},
    {"major-faults", "", EventSource::Software, PERF_COUNT_SW_PAGE_FAULTS_MAJ, "Page faults that needed I/O"},
    {"alignment-faults", "", EventSource::Software, PERF_COUNT_SW_ALIGNMENT_FAULTS,
     "Unaligned accesses fixed up by the kernel"},
    {"emulation-faults", "", EventSource::Software, PERF_COUNT_SW_EMULATION_FAULTS,
     "Instructions emulated by the kernel"},
    {"dummy", "", EventSource::Software, PERF_COUNT_SW_DUMMY, "Counts nothing; a placeholder for side-band records"},
    {"bpf-output", "", EventSource::Software, PERF_COUNT_SW_BPF_OUTPUT,
     "Output channel for BPF programs; counts nothing itself"},
    {"cgroup-switches", "", EventSource::Software, PERF_COUNT_SW_CGROUP_SWITCHES,
     "Context switches to a task in a different cgroup"},
};

} // namespace

uint32_t GenericEvent::perfType() const {
    return source == EventSource::Hardware ? PERF_TYPE_HARDWARE : PERF_TYPE_SOFTWARE;
}

std::span<const GenericEvent> hardwareEvents() { return kHardware; }
std::span<const GenericEvent> softwareEvents() { return kSoftware; }

std::optional<GenericEvent> findGenericEvent(std::string_view name) {
    for (auto table : {hardwareEvents(), softwareEvents()})
        for (const auto& e : table)
            if (name == e.name || (!e.alias.empty() && name == e.alias)) return e;
    return std::nullopt;
}

} // namespace perfdash
