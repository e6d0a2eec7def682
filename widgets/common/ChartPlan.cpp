#include "widgets/common/ChartPlan.h"

#include <algorithm>

namespace perfdash {

namespace {
std::vector<ChartSpec> splitPerMetric(const ChartSpec& chart, const std::vector<SeriesInfo>& series) {
    std::vector<ChartSpec> out;
    for (const QString& name : chart.names) {
        ChartSpec single{chart.kind, chart.unit, {name}, {}};
        for (size_t s : chart.series)
            if (series[s].name == name) single.series.push_back(s);
        out.push_back(std::move(single));
    }
    return out;
}
} // namespace

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
    // Seconds per interval (a group's "Runtime [s]", "CPU time [s]") tell little
    // over time: the rates and ratios come first, so the first chart is useful.
    std::stable_partition(charts.begin(), charts.end(), [](const ChartSpec& c) { return c.unit != QLatin1String("s"); });
    std::vector<ChartSpec> readable;
    for (ChartSpec& chart : charts) {
        if (chart.series.size() <= kMaxLinesPerUnitChart || chart.names.size() == 1) {
            readable.push_back(std::move(chart));
            continue;
        }
        for (ChartSpec& single : splitPerMetric(chart, series)) readable.push_back(std::move(single));
    }
    return readable;
}

} // namespace perfdash
