#pragma once
// A group's metric hierarchy (top-down analysis) as text: each metric that has
// a parent, is one or has a vendor threshold, indented under its parent, with
// the value on the counts summed over all locations, the threshold and a mark
// where markedMetrics() says it deserves a look. `stat -g TMA` prints it under
// the metric table.
#include <string>

#include "core/result/MeasurementResult.h"

namespace perfdash {

// A box table and its legend, each line ending in '\n'; empty when no metric
// of the group has a parent or a threshold.
std::string formatMetricTree(const GroupResult& group);

// The mark of a metric past its threshold, as the legend explains it.
inline constexpr const char* kThresholdMark = "<<";

} // namespace perfdash
