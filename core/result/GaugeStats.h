#pragma once
// The one rule for a gauge's readings over locations (CPUs): min, max and
// average of those that have a reading, never a sum; the average is the
// gauge's total only when every location had a reading. A gauge's value over
// consecutive periods is the later period's reading, as a
// period's value is the reading at its end (CounterDeltas.h):
// whoever joins periods keeps the last one's readings.
#include <vector>

#include "core/result/MeasurementResult.h"

namespace perfdash {

// Over the locations that have a count of their own (not `held` at another CPU).
GaugeStats gaugeStats(const std::vector<CountValue>& readings, const HeldElsewhere& held = {});

// The average as a total: n/a unless every location had a reading.
CountValue gaugeTotal(const GaugeStats& stats);

} // namespace perfdash
