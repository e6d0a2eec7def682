#pragma once
// Synthetic sessions for the live view's tests: group "TEST" with two
// counted events (cycles, instructions) and one that could not be counted
// here, and three metrics over them, on `cpus` CPU locations.
#include <algorithm>
#include <vector>

#include "core/result/MeasurementResult.h"

namespace perfdash::testdata {

inline constexpr const char* kNotCountedReason = "PMU not available due to virtualization";

inline std::vector<LocationInfo> cpus(size_t count) {
    std::vector<LocationInfo> out;
    for (size_t i = 0; i < count; ++i) out.push_back({LocationKind::Cpu, static_cast<int>(i)});
    return out;
}

inline EventResult event(const char* counter, const char* name, bool counted) {
    EventResult e;
    e.counter = counter;
    e.event = name;
    e.counted = counted;
    if (!counted) e.reason = kNotCountedReason;
    return e;
}

// At CPU l: cycles = base * (l + 1), instructions = 2 * cycles, both with
// `coverage`; the third event is n/a. Metrics: "Clock [MHz]" = cycles / dt / 1e6,
// "CPI" = 0.5, "L3 miss rate" = n/a.
inline GroupResult testGroup(double dt, double base, size_t locations, double coverage = 1.0) {
    GroupResult g;
    g.name = "TEST";
    g.events = {event("PMC0", "cycles", true), event("PMC1", "instructions", true),
                event("PMC2", "LLC-load-misses", false)};
    MetricResult clock{"Clock [MHz]", "1.0E-06*PMC0/time", {}, kNotAvailable};
    MetricResult cpi{"CPI", "PMC0/PMC1", {}, kNotAvailable};
    MetricResult missRate{"L3 miss rate", "PMC2/PMC1", {}, kNotAvailable};
    double cyclesTotal = 0;
    for (size_t l = 0; l < locations; ++l) {
        const double cycles = base * static_cast<double>(l + 1);
        cyclesTotal += cycles;
        g.events[0].perLocation.push_back({cycles, coverage});
        g.events[1].perLocation.push_back({2 * cycles, coverage});
        g.events[2].perLocation.push_back({});
        clock.perLocation.push_back(cycles / dt * 1e-6);
        cpi.perLocation.push_back(0.5);
        missRate.perLocation.push_back(kNotAvailable);
    }
    g.events[0].total = {cyclesTotal, coverage};
    g.events[1].total = {2 * cyclesTotal, coverage};
    clock.aggregate = cyclesTotal / dt * 1e-6;
    cpi.aggregate = 0.5;
    g.metrics = {clock, cpi, missRate};
    return g;
}

// A group with one gauge, likwid's TMP0 (a temperature read from hwmon):
// `celsius[l]` is location l's reading at the interval's end; its total is
// their average (core/result/GaugeStats.h), never a sum.
inline GroupResult gaugeGroup(const std::vector<double>& celsius) {
    GroupResult g;
    g.name = "ENERGY";
    EventResult t = event("TMP0", "hwmon/coretemp/core_temperature/", true);
    t.unit = "°C";
    t.gauge = true;
    double sum = 0;
    for (double c : celsius) {
        t.perLocation.push_back({c, 1.0});
        sum += c;
    }
    t.gaugeStats = {*std::min_element(celsius.begin(), celsius.end()), *std::max_element(celsius.begin(), celsius.end()),
                    sum / static_cast<double>(celsius.size()), celsius.size(), celsius.size()};
    t.total = {t.gaugeStats.avg, 1.0};
    g.events = {t};
    return g;
}

inline IntervalResult interval(double t, double dt, double base, size_t locations, double coverage = 1.0) {
    return {t, dt, {testGroup(dt, base, locations, coverage)}};
}

// `count` intervals of `dt` seconds; base grows with the interval number.
inline std::vector<IntervalResult> intervals(size_t count, size_t locations, double dt = 0.1, size_t first = 0) {
    std::vector<IntervalResult> out;
    for (size_t i = first; i < first + count; ++i)
        out.push_back(interval(static_cast<double>(i + 1) * dt, dt, 1e6 * static_cast<double>(1 + i % 7), locations));
    return out;
}

// The group's cycles (PMC0) as if a package's unit read on CPU 0 for every
// CPU (core/result's HeldElsewhere): the other CPUs hold no value of their
// own, the total is CPU 0's, and so is the Clock metric that reads it.
inline GroupResult heldOnCpu0(GroupResult g) {
    EventResult& cycles = g.events[0];
    MetricResult& clock = g.metrics[0];
    cycles.heldElsewhere.cpu.assign(cycles.perLocation.size(), 0);
    cycles.heldElsewhere.cpu[0] = -1;
    clock.heldElsewhere = cycles.heldElsewhere;
    for (size_t l = 1; l < cycles.perLocation.size(); ++l) {
        cycles.perLocation[l] = {};
        clock.perLocation[l] = kNotAvailable;
    }
    cycles.total = cycles.perLocation[0];
    return g;
}

} // namespace perfdash::testdata
