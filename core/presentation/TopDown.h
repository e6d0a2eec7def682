#pragma once
// A group's top-down breakdown (Intel's TMA, AMD's pipeline utilisation):
// its level-1 categories, the metrics of the group's '#@metric' hierarchy
// that have no parent and head others (Frontend bound, Bad speculation,
// Backend bound, Retiring), each with its level-2 metrics, and for one span
// of the run their values and which cross their threshold. The GUI's
// top-down view and the HTML report both draw from it, so they mark alike.
#include <optional>
#include <string>
#include <vector>

#include "core/result/MeasurementResult.h"

namespace perfdash {

struct TopDownCategory {
    size_t metric = 0;            // index in GroupResult::metrics
    std::vector<size_t> children; // its level-2 metrics, in file order
};

// Empty for a group without a hierarchy of two levels.
std::vector<TopDownCategory> topDownShape(const GroupResult& group);

// The first group of a run with a top-down hierarchy.
std::optional<size_t> topDownGroup(const std::vector<GroupResult>& groups);

struct TopDownBar {
    size_t metric = 0;
    int level = 1;        // 1 or 2
    double value = 0;     // NaN: n/a
    std::optional<MetricLimit> threshold;
    bool marked = false;  // past its threshold (and, for a threshold with its parent, the parent past its own)
};

// Each level-1 category followed by its level-2 metrics, valued from
// `values` (parallel to group.metrics) and marked by core/result's rule.
std::vector<TopDownBar> topDownBars(const GroupResult& group, const std::vector<TopDownCategory>& shape,
                                    const std::vector<double>& values);

// Which of a group's metrics are past their threshold with these values
// (parallel to group.metrics), by core/result's rule: the overview's tiles
// and the report's key figures mark a vendor's threshold with it.
std::vector<bool> metricsPastThreshold(const GroupResult& group, const std::vector<double>& values);

// Each metric's whole-run aggregate: the values of topDownBars for the whole run.
std::vector<double> aggregateValues(const GroupResult& group);

// "> 15", "> 10 & parent": a threshold as the tree, the view and the report print it.
std::string thresholdText(const MetricLimit& threshold);

} // namespace perfdash
