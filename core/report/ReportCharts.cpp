#include "core/report/ReportCharts.h"

#include <algorithm>

#include "core/report/NumberFormat.h"
#include "core/report/ReportTables.h"
#include "core/result/Decimation.h"
#include "core/result/MetricCoverage.h"

namespace perfdash {

namespace {

// Replayed and hand-written files may have intervals whose groups do not
// match the totals; such an interval has no value for the series.
const GroupResult* groupAt(const IntervalResult& interval, size_t group) {
    return group < interval.groups.size() ? &interval.groups[group] : nullptr;
}

// One interval's point of a line, as the GUI's timeline stores it: the value with its coverage.
CountValue metricSample(const GroupResult* g, size_t metric) {
    if (!g || metric >= g->metrics.size()) return {};
    return {g->metrics[metric].aggregate, metricCoverage(*g, kAggregateLocation)};
}

CountValue eventSample(const GroupResult* g, size_t event) {
    return g && event < g->events.size() && g->events[event].counted ? g->events[event].total : CountValue{};
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

std::vector<LineSeries> groupTimelines(const MeasurementResult& result, size_t group, int columns) {
    const GroupResult& whole = result.groups.at(group);
    const bool metrics = !whole.metrics.empty();
    const size_t count = metrics ? whole.metrics.size() : whole.events.size();
    TimelineStore store;
    store.reset(count);
    std::vector<CountValue> samples(count);
    for (const auto& interval : result.intervals) {
        const GroupResult* g = groupAt(interval, group);
        for (size_t s = 0; s < count; ++s) samples[s] = metrics ? metricSample(g, s) : eventSample(g, s);
        store.append(interval.t, interval.dt, samples);
    }
    std::vector<LineSeries> lines(count);
    const TimeColumns slices =
        store.size() ? sliceTimeRange(store, store.time(0), store.time(store.size() - 1), columns) : TimeColumns{};
    DecimatedLine drawn;
    for (size_t s = 0; s < count; ++s) {
        lines[s].name = metrics ? whole.metrics[s].name : whole.events[s].event;
        if (!store.size()) continue;
        decimate(store, s, slices, drawn);
        for (size_t p = 0; p < drawn.t.size(); ++p) lines[s].points.push_back({drawn.t[p], drawn.v[p]});
    }
    return lines;
}

std::vector<ReportChart> reportCharts(const MeasurementResult& result, const SvgOptions& options) {
    std::vector<ReportChart> charts;
    for (size_t gi = 0; gi < result.groups.size(); ++gi) {
        const GroupResult& g = result.groups[gi];
        if (!result.intervals.empty()) {
            // The plot is narrower than the drawing: this is at least one column per pixel.
            std::vector<LineSeries> lines = groupTimelines(result, gi, options.width);
            const bool metric = !g.metrics.empty();
            for (size_t s = 0; s < lines.size(); ++s) {
                const std::string name = lines[s].name;
                LineChart line{g.name + ": " + name + " over time", "t [s]",
                               metric ? name : "count per interval" + unitSuffix(g.events[s].unit),
                               {std::move(lines[s])},
                               metric ? std::string() : eventTimelineNote(g.events[s], result.intervals, gi, s)};
                charts.push_back({gi, line.title, renderLineChartSvg(line, options)});
            }
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
