#include "core/measurement/RegionResults.h"

#include <algorithm>

#include "core/events/PerfOpenError.h"
#include "core/result/CountSum.h"
#include "core/result/CounterDeltas.h"
#include "core/measurement/MarkerEnvironment.h"
#include "core/measurement/ResultBuilder.h"

namespace perfdash {

namespace {

// Why an event of a set has no counts, per slot of the plan's event set (empty: it was counted).
std::vector<std::string> openFailures(const MarkerResults& results, const MeasurementPlan& plan,
                                      const std::vector<std::vector<size_t>>& setSlots,
                                      const PerfPermissions& permissions) {
    std::vector<std::string> failures(plan.eventSet.size());
    for (size_t set = 0; set < setSlots.size(); ++set)
        for (size_t e = 0; e < setSlots[set].size(); ++e) {
            const MarkerEventState& state = results.sets[set][e];
            const size_t slot = setSlots[set][e];
            if (state.kind == MarkerEventState::Kind::OpenFailed)
                failures[slot] = "in the program's threads: " +
                                 explainPerfOpenError(state.error, plan.eventSet[slot].event, permissions);
            else if (state.kind == MarkerEventState::Kind::Unschedulable)
                failures[slot] = "the PMU could not count this group at once in the program's threads (more events "
                                 "than counters): split the group";
        }
    return failures;
}

Status checkShape(const MarkerResults& results, const std::vector<std::vector<size_t>>& setSlots) {
    bool same = results.sets.size() == setSlots.size();
    for (size_t s = 0; same && s < setSlots.size(); ++s) same = results.sets[s].size() == setSlots[s].size();
    if (!same)
        return makeError("the marker results do not match this measurement's groups (" +
                         std::to_string(results.sets.size()) + " event sets in the file, " +
                         std::to_string(setSlots.size()) + " groups measured)");
    return {};
}

// The records of one region under one set, threads ordered by TID.
struct RegionKey {
    std::string name;
    int set = 0;
    bool operator==(const RegionKey&) const = default;
};

std::vector<std::pair<RegionKey, std::vector<const MarkerRegionRecord*>>> byRegion(const MarkerResults& results) {
    std::vector<std::pair<RegionKey, std::vector<const MarkerRegionRecord*>>> out;
    for (const auto& r : results.regions) {
        const RegionKey key{r.name, r.set};
        auto it = std::find_if(out.begin(), out.end(), [&](const auto& entry) { return entry.first == key; });
        if (it == out.end()) it = out.insert(out.end(), {key, {}});
        it->second.push_back(&r);
    }
    for (auto& [key, records] : out)
        std::stable_sort(records.begin(), records.end(), [](const auto* a, const auto* b) { return a->tid < b->tid; });
    return out;
}

// One thread's counts laid out as ResultBuilder wants them for one location:
// the region's set filled in, every other slot not available. A hybrid
// event's parts (the set's events on cpu_core and cpu_atom) are scaled
// together, as a task's are (CounterDeltas.h: taskCoreTypeCounts).
std::vector<CountValue> threadCounts(const MarkerRegionRecord& r, const std::vector<size_t>& slots, size_t slotCount,
                                     const std::vector<std::vector<int>>& coreTypeParts) {
    std::vector<CountValue> counts(slotCount);
    for (size_t e = 0; e < slots.size(); ++e)
        if (r.counts[e]) counts[slots[e]] = scaledTotal(*r.counts[e]);
    for (const std::vector<int>& group : coreTypeParts) {
        std::vector<std::optional<CounterValue>> parts;
        bool inThisSet = false;
        for (int slot : group) {
            const auto e = slot < 0 ? slots.end() : std::find(slots.begin(), slots.end(), static_cast<size_t>(slot));
            inThisSet = inThisSet || e != slots.end();
            parts.push_back(e != slots.end() ? r.counts[static_cast<size_t>(e - slots.begin())] : std::nullopt);
        }
        if (!inThisSet) continue; // another set's event
        const std::vector<CountValue> combined = taskCoreTypeCounts(parts);
        for (size_t p = 0; p < group.size(); ++p)
            if (group[p] >= 0) counts[static_cast<size_t>(group[p])] = combined[p];
    }
    return counts;
}

} // namespace

Result<std::vector<RegionResult>> buildRegionResults(const MarkerResults& results, const MeasurementPlan& plan,
                                                     const MetricEnvironment& constants,
                                                     const PerfPermissions& permissions) {
    const auto setSlots = markerSetSlots(plan);
    if (Status s = checkShape(results, setSlots); !s) return s.error();
    // One location: each thread, and the aggregate, is built as a single column.
    auto builder =
        ResultBuilder::create(plan, {LocationInfo{LocationKind::Thread, 0}}, constants, openFailures(results, plan, setSlots, permissions));
    if (!builder) return builder.error();

    const size_t slotCount = plan.eventSet.size();
    const std::vector<std::vector<int>> coreTypeParts = plan.coreTypeParts();
    std::vector<RegionResult> out;
    for (const auto& [key, records] : byRegion(results)) {
        const auto& slots = setSlots[static_cast<size_t>(key.set)];
        RegionResult region;
        region.name = key.name;
        region.groupIndex = key.set;
        std::vector<CountSum> sums(slotCount); // per slot, over the threads
        std::vector<GroupResult> perThread;
        double longest = 0;
        for (const MarkerRegionRecord* r : records) {
            const double seconds = static_cast<double>(r->timeNs) / 1e9;
            region.threads.push_back({LocationKind::Thread, r->tid});
            region.timeS.push_back(seconds);
            region.calls.push_back(r->calls);
            longest = std::max(longest, seconds);
            std::vector<CountValue> counts = threadCounts(*r, slots, slotCount, coreTypeParts);
            perThread.push_back(builder->build(counts, seconds).at(static_cast<size_t>(key.set)));
            for (size_t slot : slots) sums[slot].add(counts[slot]);
        }
        // The aggregate metrics see complete sums only: a thread without a
        // value makes its event's total (and what is computed from it) n/a.
        std::vector<CountValue> totals(slotCount);
        for (size_t slot : slots) totals[slot] = sums[slot].total();
        region.group = builder->build(totals, longest).at(static_cast<size_t>(key.set));
        for (size_t e = 0; e < region.group.events.size(); ++e) {
            EventResult& event = region.group.events[e]; // its total is the sums' single column
            event.perLocation.clear();
            // Over the threads' values, each already the sum of a hybrid event's core types.
            CountSum overThreads;
            for (const auto& t : perThread) {
                event.perLocation.push_back(t.events[e].perLocation.front());
                overThreads.add(event.perLocation.back());
            }
            if (event.counted) event.partialTotal = overThreads.partial();
            // A hybrid event's split by core type, over the threads the same way.
            for (size_t t = 0; t < event.coreTypes.size(); ++t) {
                CoreTypeTotal& type = event.coreTypes[t];
                if (!type.reason.empty()) continue; // not counted on this type
                type.perLocation.clear();
                CountSum typeOverThreads;
                for (const auto& thread : perThread) {
                    type.perLocation.push_back(thread.events[e].coreTypes[t].total);
                    typeOverThreads.add(type.perLocation.back());
                }
                type.partialTotal = typeOverThreads.partial();
            }
        }
        for (size_t m = 0; m < region.group.metrics.size(); ++m) {
            MetricResult& metric = region.group.metrics[m];
            metric.perLocation.clear();
            for (const auto& t : perThread) metric.perLocation.push_back(t.metrics[m].perLocation.front());
        }
        out.push_back(std::move(region));
    }
    return out;
}

} // namespace perfdash
