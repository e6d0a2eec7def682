#include "core/report/WholeRunMetrics.h"

#include <algorithm>

#include "core/groups/FormulaConstants.h"
#include "core/groups/GroupMetrics.h"
#include "core/result/CountSum.h"
#include "core/result/GaugeStats.h"

namespace perfdash {

namespace {

// The group as its file had it, as far as the report records it: the slots
// by counter name, the METRICS by name and formula with their hierarchy.
PerformanceGroup groupOf(const GroupResult& g) {
    PerformanceGroup group;
    group.name = g.name;
    group.sourceFile = "group " + g.name + " of the saved session";
    for (const auto& e : g.events) {
        GroupSlot slot;
        slot.counter = e.counter;
        slot.counterSpec = e.counter;
        slot.event = e.event;
        group.events.push_back(std::move(slot));
    }
    for (const auto& m : g.metrics) group.metrics.push_back({m.name, m.formula, 0, m.parent, m.threshold});
    return group;
}

void setNotAvailable(GroupResult& g) {
    for (auto& m : g.metrics) {
        m.aggregate = kNotAvailable;
        std::fill(m.perLocation.begin(), m.perLocation.end(), kNotAvailable);
    }
}

// An event's whole run from its intervals, by the rule of a live run
// (ResultBuilder): per location the sum over the intervals, and the total
// over the locations. A location without a value in some interval has no
// whole-run value (its part is still in the total's partial sum, a lower
// bound); an interval's gap never turns into 0, nor into an n/a of the whole.
// Returns how many locations had a value in some intervals but not in all.
size_t sumIntervals(EventResult& run, const std::vector<const EventResult*>& intervals, const std::vector<double>& dt) {
    if (!run.counted) return 0;
    if (run.gauge) {
        // A gauge's whole run is its reading at the end: the last interval's (GaugeStats.h).
        if (!intervals.empty()) run.perLocation = intervals.back()->perLocation;
        run.gaugeStats = gaugeStats(run.perLocation);
        run.total = gaugeTotal(run.gaugeStats);
        return 0;
    }
    CountSum total;
    size_t gaps = 0;
    for (size_t l = 0; l < run.perLocation.size(); ++l) {
        if (run.heldElsewhere.at(l)) continue; // in its reader's sum (the first interval says where)
        CountSum location;
        for (size_t i = 0; i < intervals.size(); ++i) {
            const auto& values = intervals[i]->perLocation;
            location.add(l < values.size() ? values[l] : CountValue{}, dt[i]);
        }
        run.perLocation[l] = {location.total().value, location.meanCoverage()};
        if (location.isPartial()) ++gaps;
        total.add(location);
    }
    run.total = total.total();
    run.partialTotal = total.partial();
    return gaps;
}

// A hybrid event's whole-run totals per core type, by the rule of a live run
// (ResultBuilder): a CPU's whole-run value (above) counts for its own core
// type. A task's part on each type is not saved per location, only each
// interval's total of the parts, so for tasks those are summed over the
// intervals. A type the event was not counted on keeps its reason.
void sumCoreTypes(EventResult& run, const std::vector<const EventResult*>& intervals, const std::vector<double>& dt,
                  const std::vector<LocationInfo>& locations) {
    const bool cpus = !locations.empty() && std::all_of(locations.begin(), locations.end(), [](const LocationInfo& l) {
        return l.kind == LocationKind::Cpu && !l.coreType.empty();
    });
    for (CoreTypeTotal& type : run.coreTypes) {
        type.perLocation.clear();
        type.partialTotal.reset();
        if (!type.reason.empty()) {
            type.total = {};
            continue;
        }
        CountSum sum;
        if (cpus) {
            for (size_t l = 0; l < locations.size() && l < run.perLocation.size(); ++l)
                if (locations[l].coreType == type.coreType && !run.heldElsewhere.at(l)) sum.add(run.perLocation[l]);
            type.total = sum.total();
        } else {
            for (size_t i = 0; i < intervals.size(); ++i) {
                const auto& parts = intervals[i]->coreTypes;
                const auto part = std::find_if(parts.begin(), parts.end(),
                                               [&](const CoreTypeTotal& t) { return t.coreType == type.coreType; });
                if (part == parts.end()) sum.add(CountValue{}, dt[i]);
                else sum.add(part->total, part->partialTotal, dt[i]);
            }
            // Over the run, as a location's whole-run coverage is (sumIntervals).
            type.total = {sum.total().value, sum.meanCoverage()};
        }
        type.partialTotal = sum.partial();
        if (sum.parts() == 0) type.reason = "no CPU of this core type was counted";
    }
}

} // namespace

std::vector<std::string> recomputeWholeRunMetrics(MeasurementResult& r) {
    std::vector<std::string> notes;
    const std::optional<MetricEnvironment> constants = formulaConstantsFromMachine(r.machine);
    MetricEnvironment env = constants.value_or(MetricEnvironment{});
    env.time = r.durationS;
    bool anyMetric = false;
    for (auto& g : r.groups) {
        if (g.metrics.empty()) continue;
        anyMetric = true;
        const PerformanceGroup group = groupOf(g);
        auto evaluator = MetricEvaluator::compile(group);
        if (!evaluator) {
            setNotAvailable(g);
            notes.push_back("the whole-run metrics of group " + g.name + " are n/a: its formulas cannot be computed "
                            "again from the saved counters (" + evaluator.error().message + ")");
            continue;
        }
        g.metrics = evaluateMetrics(*evaluator, group.metrics, g.events, r.locations, env);
    }
    if (anyMetric && !constants)
        notes.push_back("this file does not record the formula constants (inverseClock, num_sockets, num_numadomains, "
                        "num_cpus): whole-run metrics that use them are n/a");
    return notes;
}

std::vector<std::string> wholeRunFromIntervals(MeasurementResult& r) {
    if (r.intervals.empty()) return {};
    r.durationS = r.intervals.back().t;
    std::vector<GroupResult> sums = r.intervals.front().groups;
    std::vector<double> dt;
    for (const auto& interval : r.intervals) dt.push_back(interval.dt);
    const EventResult missing; // an interval that lacks the event (a file edited by hand) has no value anywhere
    std::vector<std::string> notes;
    for (size_t g = 0; g < sums.size(); ++g)
        for (size_t e = 0; e < sums[g].events.size(); ++e) {
            std::vector<const EventResult*> parts;
            for (const auto& interval : r.intervals) {
                const bool has = g < interval.groups.size() && e < interval.groups[g].events.size();
                parts.push_back(has ? &interval.groups[g].events[e] : &missing);
            }
            EventResult& event = sums[g].events[e];
            const size_t gaps = sumIntervals(event, parts, dt);
            if (event.counted) sumCoreTypes(event, parts, dt, r.locations);
            if (gaps)
                notes.push_back("'" + event.event + "' (group " + sums[g].name + ") has no value in some of the " +
                                "saved intervals at " + std::to_string(gaps) + " of " +
                                std::to_string(event.perLocation.size()) +
                                " locations: their whole-run counts are n/a, and the total is partial (at least "
                                "what the intervals with a value add up to)");
        }
    r.groups = std::move(sums);
    for (auto& note : recomputeWholeRunMetrics(r)) notes.push_back(std::move(note));
    return notes;
}

} // namespace perfdash
