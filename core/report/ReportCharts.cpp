#include "core/report/ReportCharts.h"

#include "core/report/NumberFormat.h"
#include "core/report/ReportTables.h"

namespace perfdash {

namespace {

// Replayed and hand-written files may have intervals whose groups do not
// match the totals; such an interval has no value for the series.
const GroupResult* groupAt(const IntervalResult& interval, size_t group) {
    return group < interval.groups.size() ? &interval.groups[group] : nullptr;
}

LineSeries eventTimeline(const std::vector<IntervalResult>& intervals, size_t group, size_t event) {
    LineSeries s;
    for (const auto& i : intervals) {
        const GroupResult* g = groupAt(i, group);
        const bool has = g && event < g->events.size() && g->events[event].counted;
        s.points.push_back({i.t, has ? g->events[event].total.value : kNotAvailable});
    }
    return s;
}

} // namespace

LineSeries metricTimeline(const std::vector<IntervalResult>& intervals, size_t group, size_t metric) {
    LineSeries s;
    for (const auto& i : intervals) {
        const GroupResult* g = groupAt(i, group);
        s.points.push_back({i.t, g && metric < g->metrics.size() ? g->metrics[metric].aggregate : kNotAvailable});
    }
    return s;
}

std::vector<ReportChart> reportCharts(const MeasurementResult& result, const SvgOptions& options) {
    std::vector<ReportChart> charts;
    for (size_t gi = 0; gi < result.groups.size(); ++gi) {
        const GroupResult& g = result.groups[gi];
        if (!result.intervals.empty()) {
            auto addTimeline = [&](const std::string& name, const std::string& yLabel, LineSeries series) {
                series.name = name;
                LineChart line{g.name + ": " + name + " over time", "t [s]", yLabel, {std::move(series)}};
                charts.push_back({gi, line.title, renderLineChartSvg(line, options)});
            };
            for (size_t m = 0; m < g.metrics.size(); ++m)
                addTimeline(g.metrics[m].name, g.metrics[m].name, metricTimeline(result.intervals, gi, m));
            if (g.metrics.empty())
                for (size_t e = 0; e < g.events.size(); ++e)
                    addTimeline(g.events[e].event, "count per interval" + unitSuffix(g.events[e].unit),
                                eventTimeline(result.intervals, gi, e));
        }
        if (result.locations.size() < 2) continue;
        for (const auto& m : g.metrics) {
            BarChart bars{g.name + ": " + m.name + " per location", m.name, {}};
            for (size_t l = 0; l < result.locations.size(); ++l)
                bars.bars.push_back({locationLabel(result.locations[l]),
                                     l < m.perLocation.size() ? m.perLocation[l] : kNotAvailable});
            charts.push_back({gi, bars.title, renderBarChartSvg(bars, options)});
        }
    }
    return charts;
}

} // namespace perfdash
