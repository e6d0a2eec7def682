#include "core/result/GaugeStats.h"

#include <algorithm>

namespace perfdash {

GaugeStats gaugeStats(const std::vector<CountValue>& readings) {
    GaugeStats s;
    s.of = readings.size();
    double sum = 0;
    for (const auto& r : readings) {
        if (!isAvailable(r.value)) continue;
        s.min = s.readings == 0 ? r.value : std::min(s.min, r.value);
        s.max = s.readings == 0 ? r.value : std::max(s.max, r.value);
        sum += r.value;
        ++s.readings;
    }
    if (s.readings > 0) s.avg = sum / static_cast<double>(s.readings);
    return s;
}

CountValue gaugeTotal(const GaugeStats& stats) {
    if (stats.readings == 0 || stats.readings != stats.of) return {};
    return CountValue{stats.avg, 1.0};
}

} // namespace perfdash
