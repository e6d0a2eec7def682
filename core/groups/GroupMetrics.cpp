#include "core/groups/GroupMetrics.h"

#include <algorithm>

namespace perfdash {

namespace {

// A location where the formula reads a package unit's count that another
// CPU holds: its value is in that CPU's, not missing (MeasurementResult.h).
void markHeldElsewhere(MetricResult& metric, const std::vector<size_t>& inputs, const std::vector<EventResult>& events) {
    for (size_t l = 0; l < metric.perLocation.size(); ++l)
        for (size_t slot : inputs) {
            const auto reader = slot < events.size() ? events[slot].heldElsewhere.at(l) : std::nullopt;
            if (!reader) continue;
            metric.heldElsewhere.cpu.resize(metric.perLocation.size(), -1);
            metric.heldElsewhere.cpu[l] = *reader;
            metric.perLocation[l] = kNotAvailable;
            break;
        }
}

// A box this machine lacks contributes nothing to a formula (likwid reads
// it as 0 too); any other slot without a value is n/a.
double slotValue(const EventResult& event, double value) { return event.absent ? 0.0 : value; }

} // namespace

std::vector<MetricResult> evaluateMetrics(MetricEvaluator& evaluator, const std::vector<GroupMetric>& metrics,
                                          const std::vector<EventResult>& events,
                                          const std::vector<LocationInfo>& locations, const MetricEnvironment& env) {
    const size_t metricCount = metrics.size();
    std::vector<double> slotValues(events.size());
    std::vector<std::vector<double>> perLocation(locations.size(), std::vector<double>(metricCount));
    for (size_t l = 0; l < locations.size(); ++l) {
        for (size_t s = 0; s < events.size(); ++s)
            slotValues[s] = slotValue(events[s], l < events[s].perLocation.size() ? events[s].perLocation[l].value
                                                                                 : kNotAvailable);
        MetricEnvironment local = env;
        // A CPU location covers one CPU; a process or thread covers what it ran on.
        if (locations[l].kind == LocationKind::Cpu) local.numCpus = 1;
        evaluator.evaluate(slotValues, local, perLocation[l]);
    }
    for (size_t s = 0; s < events.size(); ++s) slotValues[s] = slotValue(events[s], events[s].total.value);
    const std::vector<double> aggregate = evaluator.evaluate(slotValues, env);
    // Per core type of a hybrid CPU: each event's total on that type.
    std::vector<std::string> coreTypes;
    for (const auto& e : events)
        for (const auto& t : e.coreTypes)
            if (std::find(coreTypes.begin(), coreTypes.end(), t.coreType) == coreTypes.end())
                coreTypes.push_back(t.coreType);
    std::vector<std::vector<double>> perCoreType;
    for (const auto& type : coreTypes) {
        for (size_t s = 0; s < events.size(); ++s) {
            slotValues[s] = slotValue(events[s], kNotAvailable);
            for (const auto& t : events[s].coreTypes)
                if (t.coreType == type) slotValues[s] = t.total.value;
        }
        perCoreType.push_back(evaluator.evaluate(slotValues, env));
    }
    std::vector<MetricResult> out;
    for (size_t m = 0; m < metricCount; ++m) {
        MetricResult metric;
        metric.name = metrics[m].name;
        metric.formula = metrics[m].formula;
        metric.parent = metrics[m].parent;
        metric.threshold = metrics[m].threshold;
        for (size_t l = 0; l < locations.size(); ++l) metric.perLocation.push_back(perLocation[l][m]);
        markHeldElsewhere(metric, evaluator.inputs(m), events);
        for (size_t slot : evaluator.inputs(m)) {
            if (slot >= events.size()) continue;
            if (events[slot].absent) metric.absentInputs.push_back(events[slot].counter);
            if (events[slot].likwidCode()) metric.likwidCodeInputs.push_back(events[slot].counter);
        }
        metric.aggregate = m < aggregate.size() ? aggregate[m] : kNotAvailable;
        for (size_t t = 0; t < coreTypes.size(); ++t)
            metric.perCoreType.push_back({coreTypes[t], m < perCoreType[t].size() ? perCoreType[t][m] : kNotAvailable});
        out.push_back(std::move(metric));
    }
    return out;
}

} // namespace perfdash
