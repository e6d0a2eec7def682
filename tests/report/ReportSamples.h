#pragma once
// Hand-built MeasurementResults for the report tests: values chosen so
// that every case the writers must handle (NaN, multiplexing, an event
// that was not counted, repeated names, awkward characters) appears.
#include <algorithm>

#include "core/result/CountSum.h"
#include "core/result/MeasurementResult.h"

namespace perfdash::samples {

inline EventResult counted(std::string counter, std::string event, std::vector<CountValue> perLocation) {
    EventResult e;
    e.counter = std::move(counter);
    e.event = std::move(event);
    e.counted = true;
    e.perLocation = std::move(perLocation);
    // As ResultBuilder sums: a location without a value makes the total partial.
    CountSum total;
    for (const auto& c : e.perLocation) total.add(c);
    e.total = total.total();
    e.partialTotal = total.partial();
    return e;
}

inline EventResult notCounted(std::string counter, std::string event, std::string reason, size_t locations) {
    EventResult e;
    e.counter = std::move(counter);
    e.event = std::move(event);
    e.reason = std::move(reason);
    e.perLocation.resize(locations);
    return e;
}

inline MetricResult metric(std::string name, std::string formula, std::vector<double> perLocation, double aggregate) {
    return {std::move(name), std::move(formula), std::move(perLocation), aggregate, {}};
}

inline const char* const kVirtualisedPmu = "PMU not available due to virtualization";

// The small case whose text output is stored in tests/fixtures/report/small.txt.
inline MeasurementResult smallResult() {
    MeasurementResult r;
    r.version = "0.1.0";
    r.startedAt = "2024-05-01T10:00:00+02:00";
    r.config.mode = "launch";
    r.config.command = {"./stream", "--size", "1 GB"};
    r.config.pid = 4242;
    r.config.cpuList = "0-1";
    r.config.cpus = {0, 1};
    r.config.groups = {"CPI"};
    r.durationS = 1.5;
    r.exitStatus = 0;
    r.warnings = {"L1D_REPLACEMENT could not be counted: " + std::string(kVirtualisedPmu)};
    r.locations = {{LocationKind::Cpu, 0}, {LocationKind::Cpu, 1}};
    GroupResult g;
    g.name = "CPI";
    g.shortDescription = "Cycles per instruction";
    g.events.push_back(counted("FIXC0", "INSTR_RETIRED_ANY", {{1000000, 1}, {3000000, 1}}));
    g.events.push_back(counted("FIXC1", "CPU_CLK_UNHALTED_CORE", {{2000000, 0.625}, {1500000, 1}}));
    g.events.push_back(notCounted("PMC0", "L1D_REPLACEMENT", kVirtualisedPmu, 2));
    g.metrics.push_back(metric("CPI", "FIXC1/FIXC0", {2.0, 0.5}, 0.875));
    g.metrics.push_back(metric("L1D miss rate", "PMC0/FIXC0", {kNotAvailable, kNotAvailable}, kNotAvailable));
    r.groups.push_back(std::move(g));
    return r;
}

// The note the resolver gives Skylake's UOPS_RETIRED_USED_CYCLES (core/events/EventTable.cpp).
inline const char* const kLikwidCodeNote =
    "UOPS_RETIRED_USED_CYCLES: likwid's code 0xc2/0x1 cmask=1, not in the vendor's list for this model "
    "(Intel's perfmon list for Skylake (intel/SKL) has event 0xc2 with unit masks 0x02 and 0x04 only)";

// smallResult with a slot of likwid's own code (PMC1, counted) and a metric
// computed from it, as a run of likwid's UOPS_RETIRE group on Skylake has:
// the event's codeSource and codeNote, the metric's likwidCodeInputs.
inline MeasurementResult likwidCodeResult() {
    MeasurementResult r = smallResult();
    GroupResult& g = r.groups[0];
    EventResult used = counted("PMC1", "UOPS_RETIRED_USED_CYCLES", {{1500000, 1}, {1200000, 1}});
    used.codeSource = EventResult::kLikwidCodeSource;
    used.codeNote = kLikwidCodeNote;
    g.events.push_back(std::move(used));
    MetricResult ratio = metric("Used cycles ratio [%]", "100*PMC1/FIXC1", {75.0, 80.0}, 77.142857);
    ratio.likwidCodeInputs = {"PMC1"};
    g.metrics.push_back(std::move(ratio));
    return r;
}

// Several groups over several locations, a timeline, repeated event names
// (so the flat keys must be qualified) and names that need CSV quoting.
inline MeasurementResult richResult() {
    MeasurementResult r;
    r.version = "0.1.0";
    r.startedAt = "2024-05-01T10:00:00+02:00";
    r.machine = {{"cpu", "test machine"}, {"threads", 4}};
    r.config.mode = "system";
    r.config.cpuList = "S0:0-2";
    r.config.cpus = {0, 1, 2};
    r.config.groups = {"CPI", "MEM"};
    r.config.events = {"task-clock"};
    r.config.intervalS = 0.5;
    r.durationS = 1.0;
    r.interrupted = true;
    r.locations = {{LocationKind::Cpu, 0}, {LocationKind::Cpu, 1}, {LocationKind::Cpu, 2}};

    auto groups = [](double scale) {
        GroupResult cpi;
        cpi.name = "CPI";
        cpi.events.push_back(counted("FIXC0", "INSTR_RETIRED_ANY", {{1e6 * scale, 1}, {2e6 * scale, 1}, {3e6 * scale, 1}}));
        cpi.events.push_back(
            counted("FIXC1", "CPU_CLK_UNHALTED_CORE", {{1234567 * scale, 0.625}, {2e6 * scale, 1}, {kNotAvailable, 0}}));
        cpi.metrics.push_back(metric("CPI", "FIXC1/FIXC0", {1.234567, 1.0, kNotAvailable}, 1.0748));
        cpi.metrics.push_back(metric("Clock [MHz]", "1.E-06*FIXC1/time", {2400.5, 2600.25, kNotAvailable}, 2500));

        GroupResult mem;
        mem.name = "MEM";
        mem.shortDescription = "Main memory bandwidth";
        mem.events.push_back(counted("FIXC0", "INSTR_RETIRED_ANY", {{5e5 * scale, 1}, {6e5 * scale, 1}, {7e5 * scale, 1}}));
        mem.events.push_back(counted("MBOX0C0", "CAS_COUNT_RD", {{100 * scale, 1}, {0, 1}, {0, 1}}));
        mem.events.push_back(counted("MBOX1C0", "CAS_COUNT_RD", {{200 * scale, 1}, {0, 1}, {0, 1}}));
        mem.events.push_back(notCounted("PMC0", "cycles", kVirtualisedPmu, 3));
        mem.metrics.push_back(metric("Metric, with \"quotes\"", "MBOX0C0*64", {6400 * scale, 0, 0}, 6400 * scale));
        mem.metrics.push_back(metric("CPI", "PMC0/FIXC0", {kNotAvailable, kNotAvailable, kNotAvailable}, kNotAvailable));

        GroupResult custom;
        custom.name = "custom";
        EventResult taskClock = counted("task-clock", "task-clock", {{250.5 * scale, 1}, {249.25 * scale, 1}, {0.125, 1}});
        taskClock.unit = "msec";
        custom.events.push_back(taskClock);
        return std::vector<GroupResult>{cpi, mem, custom};
    };
    r.groups = groups(2.0);
    for (int i = 1; i <= 2; ++i) r.intervals.push_back({0.5 * i, 0.5, groups(1.0)});
    return r;
}

// The three ways a counted event can lack values, on three CPUs and in a
// timeline of two intervals, in a group without metrics (so its events are
// charted): "idle" never had a value anywhere (never on a counter), "some"
// had one on cpu0 and cpu1 only (its totals are partial), "mux" was
// multiplexed (on a counter half the time, scaled up).
inline std::vector<GroupResult> gapGroups(double scale) {
    GroupResult g;
    g.name = "GAPS";
    g.events.push_back(counted("PMC0", "idle", {{kNotAvailable, 0}, {kNotAvailable, 0}, {kNotAvailable, 0}}));
    g.events.push_back(counted("PMC1", "some", {{100 * scale, 1}, {200 * scale, 1}, {kNotAvailable, kNotAvailable}}));
    g.events.push_back(counted("PMC2", "mux", {{1000 * scale, 0.5}, {3000 * scale, 0.5}, {0, 1}}));
    return {g};
}

inline MeasurementResult gapsResult() {
    MeasurementResult r;
    r.version = "0.1.0";
    r.config.mode = "system";
    r.config.cpus = {0, 1, 2};
    r.config.groups = {"GAPS"};
    r.config.intervalS = 0.5;
    r.durationS = 1.0;
    r.locations = {{LocationKind::Cpu, 0}, {LocationKind::Cpu, 1}, {LocationKind::Cpu, 2}};
    r.groups = gapGroups(2.0);
    for (int i = 1; i <= 2; ++i) r.intervals.push_back({0.5 * i, 0.5, gapGroups(1.0)});
    return r;
}

} // namespace perfdash::samples
