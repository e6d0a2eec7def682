#pragma once
// Which charts the timeline shows and which series each one draws: one
// chart per metric (or event rate), or one chart per unit (all metrics in
// MHz together, all plain ratios together, ...), each with the per-location
// lines or the aggregate line. A chart grouped by unit that would draw more
// than kMaxLinesPerUnitChart lines (many locations) is split into one chart
// per metric: beyond that neither the lines nor the legend stay readable.
// Metrics come before event rates, and charts keep the order in which their
// first series was defined, except that charts in seconds (per interval: a
// group's Runtime and CPU time) come after all others.
#include <QString>
#include <vector>

#include "widgets/common/TimelineData.h"

namespace perfdash {

enum class ChartGrouping { PerMetric, ByUnit };
inline constexpr size_t kMaxLinesPerUnitChart = 16;
enum class LocationMode { Aggregate, PerLocation };

struct ChartSpec {
    SeriesKind kind = SeriesKind::Metric;
    QString unit;               // shared by every series of the chart
    std::vector<QString> names; // the metrics or events drawn, in legend order
    std::vector<size_t> series; // indexes into TimelineData::series(), in legend order
};

std::vector<ChartSpec> planCharts(const std::vector<SeriesInfo>& series, ChartGrouping grouping, LocationMode mode);

} // namespace perfdash
