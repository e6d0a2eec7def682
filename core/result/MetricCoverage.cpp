#include "core/result/MetricCoverage.h"

namespace perfdash {

double metricCoverage(const GroupResult& group, int location) {
    double lowest = kNotAvailable;
    for (const auto& event : group.events) {
        if (!event.counted) continue;
        double coverage = kNotAvailable;
        if (location == kAggregateLocation)
            coverage = event.total.coverage;
        else if (static_cast<size_t>(location) < event.perLocation.size())
            coverage = event.perLocation[static_cast<size_t>(location)].coverage;
        if (isAvailable(coverage) && (!isAvailable(lowest) || coverage < lowest)) lowest = coverage;
    }
    return lowest;
}

} // namespace perfdash
