#pragma once
// The vocabulary shared by the event catalog, the backends and the measurement:
// what an event string resolves to, and whether it can be counted here.
#include <cstdint>
#include <string>
#include <vector>

#include "core/sys/PerfEncoding.h"

namespace perfdash {

// Where an event comes from. The catalog filters on it (`list --source`).
enum class EventSource {
    Hardware,      // perf generic PERF_TYPE_HARDWARE (cycles, instructions, ...)
    HardwareCache, // perf generic PERF_TYPE_HW_CACHE (L1-dcache-load-misses, ...)
    Software,      // PERF_TYPE_SOFTWARE (task-clock, page-faults, ...)
    Tracepoint,    // PERF_TYPE_TRACEPOINT via tracefs (sched:sched_switch)
    SysfsPmu,      // a kernel PMU under /sys/bus/event_source/devices (msr/tsc/, cpu/event=0x3c/)
    Raw,           // r<hex> on the core PMU
    Libpfm,        // libpfm4 native names (INST_RETIRED:ANY_P, amd64_fam19h_zen4::RETIRED_INSTRUCTIONS)
    Loongson2f,    // the Loongson 2E/2F counters' events (loongson2f::ICACHE_MISSES), counted by perfdash's module
    Hwmon,         // a sensor of the kernel's hardware monitors (/sys/class/hwmon): a gauge, not a count
    Powercap,      // a RAPL energy counter of the kernel's powercap framework (/sys/class/powercap): a count read from a file
};

const char* toString(EventSource source); // "hardware", "cache", "software", "tracepoint", "pmu", "raw", "libpfm", "loongson2f", "hwmon", "powercap"
bool parseEventSource(const std::string& text, EventSource& out);

// PerfEncoding::type of an event no perf_event PMU counts here: a Loongson
// 2E/2F event (the loongson backend's), or a register the msr backend reads
// by name. perf_event_open rejects this type, so such an event can never be
// counted as something else by mistake.
inline constexpr uint32_t kNotAPerfEventType = 0xffffffff;

// Where an event no perf PMU has is read for one CPU: a sysfs file holding
// the value now (a gauge's reading, or a counter's running value).
struct SysfsInput {
    int cpu = -1;
    std::string path;
    // A counter file's wrap: its values run from 0 to range - 1 and then start
    // at 0 again (powercap's energy_uj, range max_energy_range_uj + 1). 0 for
    // a gauge, whose readings are never differenced.
    uint64_t range = 0;
};

// A user's event string after parsing: the encoding plus what we know about it.
struct ResolvedEvent {
    std::string spec;        // exactly as the user wrote it
    std::string name;        // canonical name, e.g. "dTLB-load-misses", "msr/tsc/", "sched:sched_switch"
    EventSource source = EventSource::Hardware;
    std::string pmu;         // "cpu", "software", "tracepoint", "msr", libpfm PMU name, ...
    std::string description;
    PerfEncoding encoding;
    double scale = 1.0;      // sysfs <event>.scale: multiply raw counts by this
    std::string unit;        // sysfs <event>.unit, e.g. "Joules"; empty for plain counts
    // Non-empty for PMUs that count system-wide only (a sysfs `cpumask`, e.g. uncore, RAPL):
    // open them with pid=-1 on these CPUs, never per task.
    std::vector<int> cpus;
    // Non-empty: the event opens on these CPUs only. For a hybrid CPU's core
    // PMU (cpu_core, cpu_atom), the PMU's `cpus`, per task or system-wide (the
    // event of the other core type counts on the others); for a package's unit
    // counted over a CPU list, one of them per package (MeasurementPlan).
    std::vector<int> coreCpus;
    // An event read from sysfs files (readFromFiles()): each CPU's file. A
    // gauge's value for a period is the reading at the period's end, not a
    // difference, and its statistics over CPUs are min, max and average, never
    // a sum (core/result/CounterDeltas.h, GaugeStats). A powercap counter's
    // file holds a running count, read as any counter is: differences.
    std::vector<SysfsInput> sysfsInputs;
    // Where the code comes from when no vendor document gives it: empty for a
    // vendor's (or the kernel's) code; "likwid" for likwid's own code of a
    // likwid name, emitted so that its groups count what likwid-perfctr counts.
    // codeNote says it for the user: likwid's code and what the vendor's list
    // has instead ("likwid's code 0xc2/0x01 cmask=1; Intel's perfmon list for
    // Skylake has ..."). Every view of a resolved slot shows it.
    std::string codeSource;
    std::string codeNote;

    bool gauge() const { return source == EventSource::Hwmon; }
    // Read from sysfs files by perfdash itself (core/backends/GaugeBackend.h), not opened through perf_event_open.
    bool readFromFiles() const { return source == EventSource::Hwmon || source == EventSource::Powercap; }
    bool likwidCode() const { return codeSource == kLikwidCodeSource; }

    static constexpr const char* kLikwidCodeSource = "likwid";
};

// Who defines a resolved event's code, in the one word every view of a slot
// uses (check-group's SOURCE column and "source" key, describe):
// "likwid"  likwid's own code, which no vendor list has (codeNote says what it has);
// "kernel"  an event the kernel defines: perf's generic and cache events,
//           software events, tracepoints, hardware monitors' sensors;
// "vendor"  any other code: a vendor's event list (an event table, libpfm4,
//           a PMU's events in sysfs, which the kernel takes from the vendor's
//           documents) or a code written raw.
const char* codeOrigin(const ResolvedEvent& event);

// Whether an event can be counted on this machine, and if not, why and what would help.
struct Availability {
    enum class State {
        Countable,    // opens with the requested privilege levels
        Restricted,   // opens, but only with restrictions (e.g. user space only); reason says which
        Unsupported,  // cannot be opened here; reason says why and how to fix it if it can be fixed
        Unchecked,    // not known: the check itself hit a limit of this process or system (out of file
                      // descriptors), which says nothing about the event; reason names the limit and the fix
    };
    State state = State::Unsupported;
    std::string reason; // empty when Countable
    std::string brief;  // a few words for tables ("no hardware PMU", "user space only"); empty when Countable

    bool countable() const { return state == State::Countable || state == State::Restricted; }
};

const char* toString(Availability::State state); // "countable", "restricted", "unsupported", "unchecked"

} // namespace perfdash
