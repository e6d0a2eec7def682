#include "core/report/ReportCharts.h"

#include <algorithm>
#include <numeric>
#include <set>
#include <tuple>

#include "core/presentation/CpuPlaces.h"
#include "core/presentation/KeyFigures.h"
#include "core/presentation/NumberFormat.h"
#include "core/report/ReportTables.h"
#include "core/presentation/TopDown.h"
#include "core/result/Decimation.h"
#include "core/result/HeatMapGrid.h"
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

std::optional<ReportChart> groupTopDown(const MeasurementResult& result, size_t group, const SvgOptions& options) {
    const GroupResult& g = result.groups.at(group);
    const std::vector<TopDownCategory> shape = topDownShape(g);
    if (shape.empty()) return std::nullopt;
    BreakdownChart chart{g.name + ": top-down breakdown", "whole run, all locations; a bar with a red outline is past its threshold", {}};
    for (const TopDownBar& bar : topDownBars(g, shape, aggregateValues(g)))
        chart.bars.push_back({splitMetricName(g.metrics[bar.metric].name).name, bar.level, bar.value,
                              bar.threshold ? bar.threshold->value : kNotAvailable,
                              bar.threshold ? thresholdText(*bar.threshold) : std::string(), bar.marked});
    return ReportChart{group, chart.title, renderBreakdownSvg(chart, options)};
}

std::vector<ReportChart> reportCharts(const MeasurementResult& result, const SvgOptions& options) {
    std::vector<ReportChart> charts;
    for (size_t gi = 0; gi < result.groups.size(); ++gi) {
        const GroupResult& g = result.groups[gi];
        // The breakdown first: it answers where the slots went before the lines say when.
        if (auto topDown = groupTopDown(result, gi, options)) charts.push_back(std::move(*topDown));
        if (!result.intervals.empty()) {
            // The plot is narrower than the drawing: this is at least one column per pixel.
            std::vector<LineSeries> lines = groupTimelines(result, gi, options.width);
            const bool metric = !g.metrics.empty();
            // Seconds per interval (a group's "Runtime [s]", "CPU time [s]") tell little over
            // time: rates and ratios come first, as on the Live page.
            std::vector<size_t> order(lines.size());
            std::iota(order.begin(), order.end(), size_t{0});
            if (metric)
                std::stable_partition(order.begin(), order.end(),
                                      [&](size_t s) { return splitMetricName(lines[s].name).unit != "s"; });
            for (size_t s : order) {
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

namespace {
constexpr size_t kHeatMapCells = 20000; // columns shrink as rows grow, so a 256-CPU map stays a small file
constexpr int kScaleSteps = 32;          // the colour bar's steps

bool countedPerCpu(const MeasurementResult& r) {
    return r.locations.size() > 1 && std::all_of(r.locations.begin(), r.locations.end(),
                                                   [](const LocationInfo& l) { return l.kind == LocationKind::Cpu; });
}

// One series per location of one metric: its value in each interval.
TimelineStore metricPerLocation(const MeasurementResult& r, size_t group, size_t metric) {
    TimelineStore store;
    store.reset(r.locations.size());
    std::vector<CountValue> row(r.locations.size());
    for (const IntervalResult& interval : r.intervals) {
        const GroupResult* g = group < interval.groups.size() ? &interval.groups[group] : nullptr;
        const MetricResult* m = g && metric < g->metrics.size() ? &g->metrics[metric] : nullptr;
        for (size_t l = 0; l < row.size(); ++l)
            row[l] = {m && l < m->perLocation.size() ? m->perLocation[l] : kNotAvailable,
                      g ? metricCoverage(*g, int(l)) : kNotAvailable};
        store.append(interval.t, interval.dt, row);
    }
    return store;
}
} // namespace

std::optional<ReportChart> groupHeatMap(const MeasurementResult& r, size_t group, const ColorScale& colors,
                                        const SvgOptions& options) {
    if (!countedPerCpu(r) || r.intervals.empty()) return std::nullopt;
    const GroupResult& g = r.groups[group];
    std::optional<size_t> chosen, fallback;
    std::optional<TimelineStore> store;
    for (size_t m = 0; m < g.metrics.size() && !chosen; ++m) {
        if (!isKeyFigure(g.metrics[m]) || splitMetricName(g.metrics[m].name).unit == "s") continue;
        TimelineStore values = metricPerLocation(r, group, m);
        ValueRange all;
        for (size_t l = 0; l < values.seriesCount(); ++l) all.include(values.series(l).range(0, values.size()));
        if (!fallback) fallback = m;
        if (differsAcrossCells(all)) chosen = m, store = std::move(values);
    }
    if (!chosen && fallback) chosen = fallback, store = metricPerLocation(r, group, *fallback);
    if (!chosen) return std::nullopt;

    // Rows by socket, NUMA node and CPU number.
    const auto places = cpuPlaces(r.machine);
    std::vector<std::tuple<int, int, int, size_t>> order;
    std::set<int> sockets;
    for (size_t l = 0; l < r.locations.size(); ++l) {
        const auto p = places.find(r.locations[l].id);
        const CpuPlace place = p == places.end() ? CpuPlace{} : p->second;
        order.emplace_back(place.socket, place.numaNode, r.locations[l].id, l);
        sockets.insert(place.socket);
    }
    std::sort(order.begin(), order.end());
    HeatMapChart chart;
    std::vector<size_t> rows;
    for (const auto& [socket, node, cpu, l] : order) {
        rows.push_back(l);
        chart.rowLabels.push_back((sockets.size() > 1 && socket >= 0 ? "S" + std::to_string(socket) + " " : "") +
                                  locationLabel(r.locations[l]));
    }
    const size_t columns = std::max<size_t>(10, std::min<size_t>(200, kHeatMapCells / rows.size()));
    const HeatMapGrid grid(*store, rows, 0, store->size(), columns);
    const ValueRange& all = grid.overall();
    auto colour = [&](double v) { return colors.at(all.max > all.min ? (v - all.min) / (all.max - all.min) : 0.5); };
    chart.columns = grid.columns();
    for (size_t row = 0; row < grid.rows(); ++row)
        for (size_t c = 0; c < grid.columns(); ++c) {
            const ValueRange& cell = grid.cell(row, c);
            chart.cells.push_back(cell.empty() ? std::nullopt : std::optional(colour(cell.max)));
        }
    for (int i = 0; i < kScaleSteps; ++i) chart.scale.push_back(colors.at(double(i) / (kScaleSteps - 1)));
    const MetricNameParts name = splitMetricName(g.metrics[*chosen].name);
    const std::string unit = name.unit.empty() ? "" : " " + name.unit;
    chart.low = all.empty() ? kNotAvailableText : formatNumber(all.min);
    chart.high = all.empty() ? kNotAvailableText : formatNumber(all.max) + unit;
    chart.fromS = r.intervals.front().t - r.intervals.front().dt;
    chart.toS = r.intervals.back().t;
    chart.title = g.name + ": " + name.name + " per CPU over time";
    const size_t per = store->size() / grid.columns();
    chart.note = store->size() % grid.columns() == 0 && per == 1
                     ? "each cell: one interval"
                     : "each cell: the highest value of its " + std::to_string(per) +
                           (store->size() % grid.columns() ? " or " + std::to_string(per + 1) : std::string()) + " intervals";
    return ReportChart{group, chart.title, renderHeatMapSvg(chart, options)};
}

} // namespace perfdash
