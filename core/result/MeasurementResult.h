#pragma once
// The outcome of a measurement, as the report writers and readers, the CLI
// tables and the GUI see it. Values are already scaled for multiplexing;
// NaN means "not available" (never 0): an event that was not counted, a
// metric whose inputs are missing or that divided by zero.
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result/MetricHierarchy.h"

#include <nlohmann/json.hpp>

namespace perfdash {

inline constexpr double kNotAvailable = std::numeric_limits<double>::quiet_NaN();
inline bool isAvailable(double v) { return std::isfinite(v); }

// Version of the report/session data format (JSON `schema`, CSV `schema` column).
// 2: every metric carries its coverage; 3: a location may name its host
// (merged reports of several hosts) (docs/report-schema.md, "Versions").
inline constexpr int kReportSchemaVersion = 3;

struct CountValue {
    double value = kNotAvailable;    // scaled count (raw * enabled / running, times the event's sysfs scale)
    double coverage = kNotAvailable; // running / enabled: 1 = counted all the time, < 1 = multiplexed
};

// A sum of which only some parts (locations, intervals, threads) had a
// value: what those parts add up to, a lower bound of the real total, and
// how many of how many parts it holds. The total itself is then n/a.
struct PartialSum {
    double value = kNotAvailable;
    size_t counted = 0; // parts with a complete value
    size_t of = 0;      // all parts
};

// A hybrid CPU's event summed over the CPUs of one core type, and over a
// task's counts on that type (its part, scaled with the others, see
// core/result/CounterDeltas.h: taskCoreTypeCounts): what perf stat prints as
// its cpu_core/... and cpu_atom/... lines.
struct CoreTypeTotal {
    std::string coreType; // the core type's PMU: "cpu_core", "cpu_atom"
    CountValue total;     // n/a where the type's event was not counted, or partly (partialTotal)
    std::optional<PartialSum> partialTotal;
    std::string reason;   // why not counted on this core type
    // Parallel to the locations: this type's value at a CPU of this type and
    // at a thread or process (its part); n/a at a CPU of another type, which
    // is no part of the total. Kept in memory only (joining intervals needs
    // it, IntervalCombiner); the reports write the locations' values and the
    // totals.
    std::vector<CountValue> perLocation{};
};

// A package's unit (RAPL, uncore, data fabric) counted over a CPU list is
// read on one CPU per package, die or L3 cache (core/topology/SharedUnitReaders.h),
// and that CPU's count holds the others' (likwid's per-socket values). Per
// location: the CPU whose count holds this location's, or -1 where the
// location has its own. Such a location has no value of its own (n/a), yet
// nothing is missing: it is no part of sums over locations, nor of their
// min, max and mean, so a total over the others is complete.
struct HeldElsewhere {
    std::vector<int> cpu; // parallel to the locations; empty: every location has its own count

    // The CPU holding `location`'s count, when that is another location's.
    std::optional<int> at(size_t location) const {
        if (location >= cpu.size() || cpu[location] < 0) return std::nullopt;
        return cpu[location];
    }
    bool any() const { return !cpu.empty(); }
};

// A gauge's readings (a temperature) over locations: their lowest, highest
// and mean value, never a sum. `readings` of `of` locations had a reading.
struct GaugeStats {
    double min = kNotAvailable;
    double max = kNotAvailable;
    double avg = kNotAvailable;
    size_t readings = 0;
    size_t of = 0;
};

struct EventResult {
    std::string counter; // slot name: PMC0, FIXC1, or the event itself for -e
    std::string event;   // canonical event name
    std::string unit;    // empty for plain counts
    bool counted = false;
    std::string reason;  // why not, when !counted
    // A box of likwid's unit that this machine lacks (MBOX8 where it has 8
    // memory channels): not counted, `reason` says so, and in the group's
    // formulas it contributes nothing (0) where a failed slot is NaN; every
    // metric that reads it names it (MetricResult::absentInputs).
    bool absent = false;
    std::vector<CountValue> perLocation; // parallel to MeasurementResult::locations
    CountValue total;                    // sum over locations; coverage is the lowest of them
    // Set when total.value is n/a because only some locations had a value (core/result/CountSum.h).
    std::optional<PartialSum> partialTotal;
    // Hybrid CPUs: the totals per core type (the CPUs' LocationInfo::coreType,
    // a task's parts); empty elsewhere.
    std::vector<CoreTypeTotal> coreTypes;
    // A package's unit: the locations whose count another CPU's holds.
    HeldElsewhere heldElsewhere{};
    // A gauge (a temperature read from hwmon): perLocation are readings at
    // the period's end, `total` is their average over the locations (n/a
    // unless every location had one) and `gaugeStats` their min, max and
    // average. No sum of a gauge is ever formed.
    bool gauge = false;
    GaugeStats gaugeStats{};
    // "likwid" where the slot's code is likwid's own, which no vendor list
    // for this CPU has (ResolvedEvent::codeSource); empty for the vendor's or
    // the kernel's. codeNote says it in words: likwid's code and what the
    // vendor's list has instead. Every metric that reads such a slot names
    // it (MetricResult::likwidCodeInputs).
    std::string codeSource{};
    std::string codeNote{};
    bool likwidCode() const { return codeSource == kLikwidCodeSource; }
    static constexpr const char* kLikwidCodeSource = "likwid";
};

struct CoreTypeMetric {
    std::string coreType;
    double value = kNotAvailable;
};

struct MetricResult {
    std::string name;                  // as in the group file, e.g. "Clock [MHz]"
    std::string formula;
    std::vector<double> perLocation;   // formula applied to each location's counts
    double aggregate = kNotAvailable;  // formula applied to the summed counts
    // Hybrid CPUs: the formula applied to each core type's totals
    // (EventResult::coreTypes); n/a where an input has no such split.
    std::vector<CoreTypeMetric> perCoreType{};
    // '{}' so that brace-initialising the fields above stays free of -Wextra's missing-initializer noise.
    std::string parent{};                   // its parent metric in the group's hierarchy; empty: none
    std::optional<MetricLimit> threshold{}; // the vendor's threshold; none: no mark
    // The locations where an input of the formula is a package unit's count
    // that another CPU holds: the value is that CPU's (n/a here).
    HeldElsewhere heldElsewhere{};
    // The formula's inputs that are boxes this machine lacks (EventResult::absent):
    // the value is computed from the boxes it has. absentInputsNote() says it in words.
    std::vector<std::string> absentInputs{};
    // The formula's inputs whose code is likwid's own (EventResult::likwidCode()):
    // the value is what likwid-perfctr computes, from a code no vendor list has.
    std::vector<std::string> likwidCodeInputs{};
};

// The note a metric with absent inputs carries wherever it is shown (CLI,
// reports, GUI): "computed without MBOX8C0, MBOX8C1 (boxes this machine
// lacks)"; empty where it has none.
inline std::string absentInputsNote(const std::vector<std::string>& absentInputs) {
    if (absentInputs.empty()) return {};
    std::string counters;
    for (const auto& c : absentInputs) counters += (counters.empty() ? "" : ", ") + c;
    return "computed without " + counters + " (boxes this machine lacks)";
}

// The note a metric computed from slots with likwid's own code carries
// wherever it is shown: "computed with likwid's own code for PMC0 (no vendor
// list for this CPU has it)"; empty where it has none.
std::string likwidCodeInputsNote(const std::vector<std::string>& likwidCodeInputs);

// Everything a metric's value needs said beside it, in one line for a table
// cell, a tooltip or a report's note column: absentInputsNote and
// likwidCodeInputsNote, joined by "; "; empty where there is nothing to say.
std::string metricNote(const MetricResult& metric);

// A slot with likwid's own code, in one line for a report's notes: "PMC0
// UOPS_RETIRED_USED_CYCLES: likwid's code 0xc2/0x1 cmask=1, not in ..."
// (the counter and its codeNote); empty for any other slot.
std::string likwidCodeEventNote(const EventResult& event);

struct GroupResult {
    std::string name;             // group name ("CPI") or "custom" for -e
    std::string shortDescription; // the group's SHORT line
    std::vector<EventResult> events;
    std::vector<MetricResult> metrics;
};

// One interval of a timeline: deltas, not cumulative values.
struct IntervalResult {
    double t = 0;  // seconds since the start of counting, at the end of the interval
    double dt = 0; // length of the interval in seconds
    std::vector<GroupResult> groups;
};

// What a column is: a CPU, a thread, a process, or (a merged report's view
// per host) a host.
enum class LocationKind { Cpu, Thread, Process, Host };
// The reports' word for it (JSON `kind`, the CSV's location names): "cpu", "thread", "process", "host".
const char* toString(LocationKind kind);
std::optional<LocationKind> locationKindNamed(std::string_view word);

// A column: where values come from.
struct LocationInfo {
    // Not an aggregate, so that {LocationKind::Cpu, 3} names a location of this host without
    // -Wextra's missing-initializer noise.
    LocationInfo(LocationKind kind = LocationKind::Cpu, int id = 0, std::string host = {},
                 std::optional<int> rank = std::nullopt)
        : kind(kind), id(id), host(std::move(host)), rank(rank) {}

    LocationKind kind;
    int id = 0;
    std::string coreType;    // a CPU of a hybrid CPU: its core type's PMU ("cpu_core", "cpu_atom"); else empty
    std::string cgroup;      // a CPU counted for one cgroup only (serve --cgroup): its name; else empty
    std::string host;        // merged reports: the host it was counted on; empty: the report's own machine
    std::optional<int> rank; // merged reports: the MPI rank of the run it comes from, where known
};

struct RunConfig {
    std::string backend = "perf";   // "perf", later "msr", "loongson"
    std::string mode;               // "launch", "attach", "system"
    std::vector<std::string> command; // launched program and arguments
    int pid = -1;                   // attached or launched process
    std::string cpuList;            // as the user wrote it
    std::vector<int> cpus;          // resolved
    std::vector<std::string> groups;  // group names or files
    std::vector<std::string> events;  // -e events
    double intervalS = 0;           // 0: no timeline
    double durationS = 0;           // 0: until the target exits / interrupted
    bool userSpaceOnly = false;     // exclude_kernel forced by permissions
    bool marker = false;            // stat -m: the program's marker regions are reported too
    std::optional<int> mpiRank;     // the rank of a parallel job's process (core/report/OutputPath.h)
    std::string jobId;              // the batch job's id, empty when not run as one
};

// One run of a merged report (perfdash-cli merge): where it ran, how it
// went, and its own whole-run metric values, for the statistics across hosts.
struct HostRun {
    std::string host;
    std::optional<int> rank;
    std::string source;       // the file it was read from
    std::string startedAt;
    double durationS = kNotAvailable;
    std::optional<int> exitStatus;
    size_t locations = 0;     // how many of the merged report's locations are this run's
    nlohmann::json machine;   // the run's own machine (topologies may differ between hosts)
    // [group][metric]: the run's whole-run aggregate, parallel to MeasurementResult::groups.
    std::vector<std::vector<double>> metrics;
    // The run's own timeline (each run's starts at its own time): per_location over its own `locations`.
    std::vector<IntervalResult> intervals;
};

// One code region of a marker run (stat -m) under one group: the threads
// that ran it, their time and calls, and the group's events and metrics per
// thread. A region measured under several groups (MARKER_SWITCH) appears
// once per group.
struct RegionResult {
    std::string name;                  // the region's tag
    int groupIndex = 0;                // the group it was counted with: index into MeasurementResult::groups
    std::vector<LocationInfo> threads; // kind "thread", id = TID: the columns of `group`
    std::vector<double> timeS;         // per thread: wall time inside the region, seconds
    std::vector<uint64_t> calls;       // per thread: completed START/STOP pairs
    // per_location parallel to `threads`; event totals sum the threads; metric
    // aggregates apply the formula to the summed counts with `time` = the
    // longest thread's time (the region's span when its threads ran in parallel).
    GroupResult group;
};

struct MeasurementResult {
    int schema = kReportSchemaVersion;
    std::string tool = "perfdash";
    std::string version;
    std::string startedAt;       // ISO 8601 local time with offset
    nlohmann::json machine;      // topology, kernel, what is countable (written by topology/capabilities code)
    RunConfig config;
    double durationS = 0;        // wall time counted
    std::vector<LocationInfo> locations;
    std::vector<GroupResult> groups; // totals over the whole run
    std::vector<IntervalResult> intervals;
    std::vector<RegionResult> regions; // marker runs only
    std::vector<HostRun> hosts;        // merged reports only: the runs merged, in the order of their locations
    std::optional<int> exitStatus;   // launched program: exit code, or 128+signal
    bool interrupted = false;        // stopped by Ctrl-C / SIGTERM before the end
    bool replay = false;             // loaded from a file, not measured now
    // An autosave of a session that was still running (or was killed before
    // its final write): the timeline ends at the last autosave.
    bool incomplete = false;
    // Made up, not measured on any machine (a test and screenshot fixture
    // from a generator script): how it was made. Empty: measured.
    std::string synthetic;
    std::vector<std::string> warnings;
};

} // namespace perfdash
