#pragma once
// The multiplex coverage shown beside a metric: the lowest coverage of the
// counted events of its group in that period, since a formula is only as
// complete as its least-counted input. NaN when no event was counted.
#include "core/result/MeasurementResult.h"

namespace perfdash {

inline constexpr int kAggregateLocation = -1;

// location: an index into the group's perLocation values, or kAggregateLocation (the events' totals).
double metricCoverage(const GroupResult& group, int location);

} // namespace perfdash
