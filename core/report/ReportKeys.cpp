#include "core/report/ReportKeys.h"

#include <map>

namespace perfdash {

namespace {

// Each item offers names from least to most qualified; an item moves to its
// next name only while its current name is shared, so unique names stay short.
std::vector<std::string> uniqueNames(const std::vector<std::vector<std::string>>& candidates) {
    std::vector<size_t> level(candidates.size(), 0);
    auto current = [&](size_t i) { return candidates[i][level[i]]; };
    for (bool moved = true; moved;) {
        std::map<std::string, int> uses;
        for (size_t i = 0; i < candidates.size(); ++i) ++uses[current(i)];
        moved = false;
        for (size_t i = 0; i < candidates.size(); ++i) {
            if (uses[current(i)] > 1 && level[i] + 1 < candidates[i].size()) {
                ++level[i];
                moved = true;
            }
        }
    }
    std::vector<std::string> names;
    std::map<std::string, int> seen;
    for (size_t i = 0; i < candidates.size(); ++i) {
        const std::string name = current(i);
        const int n = ++seen[name];
        names.push_back(n == 1 ? name : name + "#" + std::to_string(n));
    }
    return names;
}

// Splits a flat list back into the [group][item] shape.
std::vector<std::vector<std::string>> regroup(const std::vector<std::string>& flat,
                                              const std::vector<size_t>& sizes) {
    std::vector<std::vector<std::string>> out;
    size_t next = 0;
    for (size_t size : sizes) {
        out.emplace_back(flat.begin() + static_cast<std::ptrdiff_t>(next),
                         flat.begin() + static_cast<std::ptrdiff_t>(next + size));
        next += size;
    }
    return out;
}

} // namespace

ReportKeys makeReportKeys(const std::vector<GroupResult>& groups) {
    std::vector<std::vector<std::string>> eventCandidates, metricCandidates;
    std::vector<size_t> eventCounts, metricCounts;
    for (const auto& g : groups) {
        for (const auto& e : g.events)
            eventCandidates.push_back({e.event, g.name + "/" + e.event, g.name + "/" + e.event + "@" + e.counter});
        for (const auto& m : g.metrics) metricCandidates.push_back({m.name, g.name + "/" + m.name});
        eventCounts.push_back(g.events.size());
        metricCounts.push_back(g.metrics.size());
    }
    return {regroup(uniqueNames(eventCandidates), eventCounts), regroup(uniqueNames(metricCandidates), metricCounts)};
}

} // namespace perfdash
