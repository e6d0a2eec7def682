#include "core/report/ReportCharts.h"

#include <algorithm>

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

// What an event's line does not show by itself: why it has no values, where
// it is partial, how far its counts were scaled up.
std::string eventTimelineNote(const EventResult& whole, const std::vector<IntervalResult>& intervals, size_t group,
                              size_t event) {
    if (!whole.counted) return "not counted: " + (whole.reason.empty() ? std::string("no reason was recorded") : whole.reason);
    size_t partial = 0, empty = 0;
    double lowestCoverage = kNotAvailable;
    for (const auto& i : intervals) {
        const GroupResult* g = groupAt(i, group);
        if (!g || event >= g->events.size()) {
            ++empty;
            continue;
        }
        const EventResult& e = g->events[event];
        if (e.partialTotal) ++partial;
        else if (!isAvailable(e.total.value)) ++empty;
        if (isAvailable(e.total.value) && isMultiplexed(e.total))
            lowestCoverage = isAvailable(lowestCoverage) ? std::min(lowestCoverage, e.total.coverage) : e.total.coverage;
    }
    std::vector<std::string> notes;
    if (partial) notes.push_back("n/a in " + std::to_string(partial) + " intervals where only some locations had a value");
    if (empty) notes.push_back("no value in " + std::to_string(empty) + " intervals");
    if (isAvailable(lowestCoverage))
        notes.push_back("multiplexed: scaled up from as little as " + formatCoverage(lowestCoverage) + " of the time");
    std::string out;
    for (const auto& n : notes) out += (out.empty() ? "" : "; ") + n;
    return out;
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
            auto addTimeline = [&](const std::string& name, const std::string& yLabel, LineSeries series,
                                   std::string note = {}) {
                series.name = name;
                LineChart line{g.name + ": " + name + " over time", "t [s]", yLabel, {std::move(series)}, std::move(note)};
                charts.push_back({gi, line.title, renderLineChartSvg(line, options)});
            };
            for (size_t m = 0; m < g.metrics.size(); ++m)
                addTimeline(g.metrics[m].name, g.metrics[m].name, metricTimeline(result.intervals, gi, m));
            if (g.metrics.empty())
                for (size_t e = 0; e < g.events.size(); ++e)
                    addTimeline(g.events[e].event, "count per interval" + unitSuffix(g.events[e].unit),
                                eventTimeline(result.intervals, gi, e),
                                eventTimelineNote(g.events[e], result.intervals, gi, e));
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
