#include "core/result/GaugeStats.h"

#include "core/result/CountSum.h"

namespace perfdash {

// The STAT rows' min, max and mean over locations, without their sum.
GaugeStats gaugeStats(const std::vector<CountValue>& readings, const HeldElsewhere& held) {
    const LocationStatistics s = locationStatistics(readings, held);
    return {s.min, s.max, s.mean, s.over, s.of};
}

CountValue gaugeTotal(const GaugeStats& stats) {
    if (stats.readings == 0 || stats.readings != stats.of) return {};
    return CountValue{stats.avg, 1.0};
}

} // namespace perfdash
