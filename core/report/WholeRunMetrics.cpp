#include "core/report/WholeRunMetrics.h"

#include <algorithm>

#include "core/groups/FormulaConstants.h"
#include "core/groups/GroupMetrics.h"

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

} // namespace perfdash
