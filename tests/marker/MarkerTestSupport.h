#pragma once
// Shared by the marker tests: a hand-built plan (no machine needed) and
// lookups into region results.
#include <QtTest>

#include <algorithm>
#include <string>
#include <vector>

#include "core/measurement/MeasurementPlan.h"
#include "core/result/MeasurementResult.h"

namespace perfdash::markertest {

struct PlanEvent {
    std::string counter;
    PerfEncoding encoding;
};

// A plan whose groups count the given events (all countable); each group's
// metrics are given as "name=formula".
inline MeasurementPlan handPlan(const std::vector<std::vector<PlanEvent>>& groups,
                                const std::vector<std::vector<std::string>>& metrics = {}) {
    MeasurementPlan plan;
    plan.request.marker = true;
    for (size_t g = 0; g < groups.size(); ++g) {
        PlannedGroup planned;
        planned.group.name = "G" + std::to_string(g);
        for (const auto& e : groups[g]) {
            GroupSlot slot;
            slot.counter = e.counter;
            slot.counterSpec = e.counter;
            slot.event = e.counter;
            planned.group.events.push_back(slot);
            PlannedEvent pe;
            pe.counter = e.counter;
            pe.spec = pe.name = "event-" + e.counter;
            pe.availability.state = Availability::State::Countable;
            pe.eventSetSlot = static_cast<int>(plan.eventSet.size());
            planned.events.push_back(pe);
            ResolvedEvent resolved;
            resolved.name = pe.name;
            resolved.source = EventSource::Software;
            resolved.encoding = e.encoding;
            plan.eventSet.push_back(EventSlot{e.counter, resolved, static_cast<int>(g)});
        }
        if (g < metrics.size())
            for (const auto& m : metrics[g]) {
                const auto eq = m.find('=');
                planned.group.metrics.push_back(GroupMetric{m.substr(0, eq), m.substr(eq + 1), 0});
            }
        plan.groups.push_back(std::move(planned));
    }
    return plan;
}

inline PerfEncoding software(uint64_t config) {
    PerfEncoding e;
    e.type = 1; // PERF_TYPE_SOFTWARE
    e.config = config;
    return e;
}

inline const RegionResult* findRegion(const std::vector<RegionResult>& regions, const std::string& name, int group = 0) {
    auto it = std::find_if(regions.begin(), regions.end(),
                           [&](const RegionResult& r) { return r.name == name && r.groupIndex == group; });
    return it == regions.end() ? nullptr : &*it;
}

inline const EventResult* findEvent(const RegionResult& region, const std::string& counter) {
    for (const auto& e : region.group.events)
        if (e.counter == counter) return &e;
    return nullptr;
}

inline const MetricResult* findMetric(const RegionResult& region, const std::string& name) {
    for (const auto& m : region.group.metrics)
        if (m.name == name) return &m;
    return nullptr;
}

} // namespace perfdash::markertest
