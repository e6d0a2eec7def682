#include "widgets/live/ChartPlan.h"

#include <algorithm>

namespace perfdash {

std::vector<ChartSpec> planCharts(const std::vector<SeriesInfo>& series, ChartGrouping grouping, LocationMode mode) {
    std::vector<ChartSpec> charts;
    for (size_t s = 0; s < series.size(); ++s) {
        const SeriesInfo& info = series[s];
        if ((info.location == kAggregateLocation) != (mode == LocationMode::Aggregate)) continue;
        auto chart = std::find_if(charts.begin(), charts.end(), [&](const ChartSpec& c) {
            if (c.kind != info.kind) return false;
            return grouping == ChartGrouping::ByUnit ? c.unit == info.unit : c.names.front() == info.name;
        });
        if (chart == charts.end()) {
            charts.push_back({info.kind, info.unit, {}, {}});
            chart = charts.end() - 1;
        }
        if (std::find(chart->names.begin(), chart->names.end(), info.name) == chart->names.end())
            chart->names.push_back(info.name);
        chart->series.push_back(s);
    }
    return charts;
}

} // namespace perfdash
