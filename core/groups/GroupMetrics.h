#pragma once
// A group's metric formulas applied to the counts of one period (an
// interval, the whole run, a region): the one evaluation that a live run
// (core/measurement/ResultBuilder) and a saved one rebuilt from its
// intervals (core/report/WholeRunMetrics) share.
#include <vector>

#include "core/groups/MetricEvaluator.h"
#include "core/groups/PerformanceGroup.h"
#include "core/result/MeasurementResult.h"

namespace perfdash {

// A group's metrics over its events' values (`events` in EVENTSET order, one
// per slot): per location (a CPU location covers one CPU: num_cpus = 1) and
// over the totals. `env.time` is the period's length.
std::vector<MetricResult> evaluateMetrics(MetricEvaluator& evaluator, const std::vector<GroupMetric>& metrics,
                                          const std::vector<EventResult>& events,
                                          const std::vector<LocationInfo>& locations, const MetricEnvironment& env);

} // namespace perfdash
