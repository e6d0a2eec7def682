#include "core/groups/GroupMetrics.h"

namespace perfdash {

std::vector<MetricResult> evaluateMetrics(MetricEvaluator& evaluator, const std::vector<GroupMetric>& metrics,
                                          const std::vector<EventResult>& events,
                                          const std::vector<LocationInfo>& locations, const MetricEnvironment& env) {
    const size_t metricCount = metrics.size();
    std::vector<double> slotValues(events.size());
    std::vector<std::vector<double>> perLocation(locations.size(), std::vector<double>(metricCount));
    for (size_t l = 0; l < locations.size(); ++l) {
        for (size_t s = 0; s < events.size(); ++s)
            slotValues[s] = l < events[s].perLocation.size() ? events[s].perLocation[l].value : kNotAvailable;
        MetricEnvironment local = env;
        // A CPU location covers one CPU; a process or thread covers what it ran on.
        if (locations[l].kind == "cpu") local.numCpus = 1;
        evaluator.evaluate(slotValues, local, perLocation[l]);
    }
    for (size_t s = 0; s < events.size(); ++s) slotValues[s] = events[s].total.value;
    const std::vector<double> aggregate = evaluator.evaluate(slotValues, env);
    std::vector<MetricResult> out;
    for (size_t m = 0; m < metricCount; ++m) {
        MetricResult metric;
        metric.name = metrics[m].name;
        metric.formula = metrics[m].formula;
        metric.parent = metrics[m].parent;
        metric.threshold = metrics[m].threshold;
        for (size_t l = 0; l < locations.size(); ++l) metric.perLocation.push_back(perLocation[l][m]);
        metric.aggregate = m < aggregate.size() ? aggregate[m] : kNotAvailable;
        out.push_back(std::move(metric));
    }
    return out;
}

} // namespace perfdash
