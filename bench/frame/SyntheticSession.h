#pragma once
// The synthetic session of the GUI benchmarks (frame, gui_memory): the shape
// issue 15 names, 64 CPUs and 2 groups, a TMA group with its level-1/level-2
// hierarchy (4 categories, 8 level-2 metrics with thresholds, CPI; 9 events)
// and a CLOCK-like group (3 metrics, 3 events). Generated, never measured:
// this machine has no PMU and cannot record one, and each benchmark says so.
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "core/result/MeasurementResult.h"

namespace perfdash::bench {

inline MetricResult metric(std::string name, std::string parent = {}, double above = std::nan("")) {
    MetricResult m{std::move(name), "synthetic", {}, 0, {}};
    m.parent = std::move(parent);
    if (std::isfinite(above)) m.threshold = MetricLimit{MetricLimit::Direction::Above, above, !m.parent.empty()};
    return m;
}

inline EventResult event(std::string counter, std::string name, size_t cpus) {
    EventResult e;
    e.counter = std::move(counter);
    e.event = std::move(name);
    e.counted = true;
    e.perLocation.resize(cpus);
    return e;
}

// The two groups' shape: TMA (4 level-1 categories, 8 level-2 metrics, CPI; 9 events) and CLOCK (3 metrics, 3 events).
inline std::vector<GroupResult> shape(size_t cpus) {
    GroupResult tma{"TMA", "synthetic top-down group", {}, {}};
    for (const char* e : {"FIXC0", "FIXC1", "FIXC3", "TMA0", "TMA1", "TMA2", "TMA3", "TMA5", "TMA7"})
        tma.events.push_back(event(e, e, cpus));
    tma.metrics = {metric("CPI"),
                   metric("Frontend bound [%]", "", 15), metric("Fetch latency [%]", "Frontend bound [%]", 10),
                   metric("Fetch bandwidth [%]", "Frontend bound [%]", 20), metric("Bad speculation [%]", "", 15),
                   metric("Branch mispredicts [%]", "Bad speculation [%]", 10), metric("Machine clears [%]", "Bad speculation [%]", 10),
                   metric("Backend bound [%]", "", 20), metric("Memory bound [%]", "Backend bound [%]", 20),
                   metric("Core bound [%]", "Backend bound [%]", 10), metric("Retiring [%]", "", 70),
                   metric("Light operations [%]", "Retiring [%]", 60), metric("Heavy operations [%]", "Retiring [%]", 10)};
    GroupResult clock{"CLOCK", "synthetic clock group", {}, {}};
    for (const char* e : {"APERF", "MPERF", "TSC"}) clock.events.push_back(event(e, e, cpus));
    clock.metrics = {metric("Clock [MHz]"), metric("Busy [%]"), metric("Runtime [s]")};
    for (GroupResult* g : {&tma, &clock})
        for (auto& m : g->metrics) m.perLocation.resize(cpus);
    return {tma, clock};
}

// One interval's values: shares that add up to 100 and drift with time, per CPU a little apart.
inline void fill(std::vector<GroupResult>& groups, size_t i, double dt) {
    const double t = double(i) * dt;
    const size_t cpus = groups[0].metrics[0].perLocation.size();
    for (size_t c = 0; c < cpus; ++c) {
        const double phase = std::sin(t / 60 + double(c) * 0.1);
        const double retiring = 40 + 15 * phase, bad = 10 + 3 * std::cos(t / 7 + double(c));
        const double frontend = 15 + 2 * std::sin(t / 3), backend = 100 - retiring - bad - frontend;
        const double v[] = {1.2 + 0.2 * phase, frontend, frontend * 0.6, frontend * 0.4, bad, bad * 0.7, bad * 0.3,
                            backend, backend * 0.55, backend * 0.45, retiring, retiring * 0.9, retiring * 0.1};
        for (size_t m = 0; m < groups[0].metrics.size(); ++m) groups[0].metrics[m].perLocation[c] = v[m];
        for (auto& e : groups[0].events) e.perLocation[c] = {1e7 * (1 + phase), 1};
        groups[1].metrics[0].perLocation[c] = 2000 + 400 * phase;
        groups[1].metrics[1].perLocation[c] = 80 + 10 * phase;
        groups[1].metrics[2].perLocation[c] = dt;
        for (auto& e : groups[1].events) e.perLocation[c] = {2e7, 1};
    }
    for (auto& g : groups) {
        for (auto& m : g.metrics) m.aggregate = m.perLocation[0];
        for (auto& e : g.events) e.total = {e.perLocation[0].value * double(cpus), 1};
    }
}

inline std::vector<IntervalResult> batch(std::vector<GroupResult>& groups, size_t from, size_t count, double dt) {
    std::vector<IntervalResult> out;
    for (size_t i = from; i < from + count; ++i) {
        fill(groups, i, dt);
        out.push_back({double(i + 1) * dt, dt, groups});
    }
    return out;
}


inline std::vector<LocationInfo> cpuLocations(size_t cpus) {
    std::vector<LocationInfo> locations;
    for (size_t c = 0; c < cpus; ++c) locations.push_back({LocationKind::Cpu, int(c)});
    return locations;
}

} // namespace perfdash::bench
