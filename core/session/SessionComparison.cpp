#include "core/session/SessionComparison.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "core/presentation/NumberFormat.h"

namespace perfdash {

namespace {

using Kind = ComparisonRow::Kind;

// Identifies a row across sessions; the counts tell repetitions apart.
using RowKey = std::tuple<Kind, std::string, int, std::string, std::string, int>;

struct KeyedRow {
    RowKey key;
    ComparisonRow row;
};

double valueIn(const std::vector<GroupResult>& groups, Kind kind, size_t group, size_t item) {
    if (group >= groups.size()) return kNotAvailable;
    const GroupResult& g = groups[group];
    if (kind == Kind::Event) return item < g.events.size() && g.events[item].counted ? g.events[item].total.value : kNotAvailable;
    return item < g.metrics.size() ? g.metrics[item].aggregate : kNotAvailable;
}

ComparisonSide sideIn(const GroupResult& g, Kind kind, size_t item) {
    ComparisonSide side;
    if (kind == Kind::Metric) {
        if (!isAvailable(g.metrics[item].aggregate))
            side.whyNotAvailable = "the metric could not be computed: an input has no complete total, or it divided by zero";
        return side;
    }
    const EventResult& e = g.events[item];
    if (!e.counted) {
        side.whyNotAvailable = "not counted: " + (e.reason.empty() ? std::string("no reason was recorded") : e.reason);
        return side;
    }
    side.coverage = e.total.coverage;
    side.partial = e.partialTotal;
    if (e.partialTotal)
        side.whyNotAvailable = "partial: only " + std::to_string(e.partialTotal->counted) + " of " +
                               std::to_string(e.partialTotal->of) + " locations have a value";
    else if (!isAvailable(e.total.value))
        side.whyNotAvailable = "no location has a value";
    return side;
}

std::vector<KeyedRow> rowsOf(const MeasurementResult& r) {
    std::vector<KeyedRow> rows;
    std::map<std::string, int> groupSeen;
    for (size_t g = 0; g < r.groups.size(); ++g) {
        const GroupResult& group = r.groups[g];
        const int groupOccurrence = groupSeen[group.name]++;
        std::map<std::pair<std::string, std::string>, int> seen;
        for (size_t e = 0; e < group.events.size(); ++e) {
            const EventResult& ev = group.events[e];
            const int n = seen[{"e:" + ev.event, ev.counter}]++;
            ComparisonRow row{Kind::Event, group.name, ev.event, ev.counter, ev.unit};
            row.a = valueIn(r.groups, Kind::Event, g, e);
            row.sideA = sideIn(group, Kind::Event, e);
            row.groupA = g, row.itemA = e;
            rows.push_back({{Kind::Event, group.name, groupOccurrence, ev.event, ev.counter, n}, std::move(row)});
        }
        for (size_t m = 0; m < group.metrics.size(); ++m) {
            const MetricResult& metric = group.metrics[m];
            const int n = seen[{"m:" + metric.name, ""}]++;
            ComparisonRow row{Kind::Metric, group.name, metric.name, "", ""};
            row.a = valueIn(r.groups, Kind::Metric, g, m);
            row.sideA = sideIn(group, Kind::Metric, m);
            row.groupA = g, row.itemA = m;
            rows.push_back({{Kind::Metric, group.name, groupOccurrence, metric.name, "", n}, std::move(row)});
        }
    }
    return rows;
}

// The value of the interval (t − dt, t] that holds `time`.
double valueAt(const std::vector<IntervalResult>& intervals, double time, Kind kind, size_t group, size_t item) {
    if (group == ComparisonRow::kAbsent) return kNotAvailable;
    const auto it = std::lower_bound(intervals.begin(), intervals.end(), time,
                                     [](const IntervalResult& i, double t) { return i.t < t; });
    if (it == intervals.end()) return kNotAvailable;
    const double slack = 1e-9 * std::max(1.0, std::fabs(time));
    if (it->t - it->dt >= time + slack) return kNotAvailable;
    return valueIn(it->groups, kind, group, item);
}

} // namespace

double absoluteDifference(double a, double b) {
    return isAvailable(a) && isAvailable(b) ? b - a : kNotAvailable;
}

double relativeDifference(double a, double b) {
    if (!isAvailable(a) || !isAvailable(b) || a == 0) return kNotAvailable;
    return (b - a) / std::fabs(a);
}

std::string ComparisonRow::differenceNote() const {
    if (isAvailable(absolute())) {
        const bool scaledA = isMultiplexed({a, sideA.coverage}), scaledB = isMultiplexed({b, sideB.coverage});
        if (!scaledA && !scaledB) return {};
        return std::string("an estimate: ") + (scaledA && scaledB ? "both sessions" : scaledA ? "A" : "B") +
               " multiplexed this event and scaled its count up";
    }
    std::string note;
    if (!sideA.whyNotAvailable.empty()) note = "A: " + sideA.whyNotAvailable;
    if (!sideB.whyNotAvailable.empty()) note += (note.empty() ? "" : "; ") + std::string("B: ") + sideB.whyNotAvailable;
    return note;
}

std::vector<ComparisonRow> compareSessions(const MeasurementResult& a, const MeasurementResult& b) {
    std::vector<KeyedRow> rows = rowsOf(a);
    std::map<RowKey, size_t> index;
    for (size_t i = 0; i < rows.size(); ++i) index.emplace(rows[i].key, i);
    for (KeyedRow& theirs : rowsOf(b)) {
        const double value = theirs.row.a; // rowsOf(b) put B's value in `a`
        if (const auto it = index.find(theirs.key); it != index.end()) {
            ComparisonRow& ours = rows[it->second].row;
            ours.b = value;
            ours.sideB = theirs.row.sideA;
            ours.groupB = theirs.row.groupA, ours.itemB = theirs.row.itemA;
            if (ours.unit.empty()) ours.unit = theirs.row.unit;
            continue;
        }
        ComparisonRow row = theirs.row;
        row.a = kNotAvailable;
        row.b = value;
        row.sideB = row.sideA;
        row.sideA = {kNotAvailable, std::nullopt, "not in session A"};
        row.groupB = row.groupA, row.itemB = row.itemA;
        row.groupA = row.itemA = ComparisonRow::kAbsent;
        rows.push_back({theirs.key, std::move(row)});
    }
    for (KeyedRow& r : rows)
        if (!r.row.inB()) r.row.sideB.whyNotAvailable = "not in session B";
    std::vector<ComparisonRow> out;
    out.reserve(rows.size());
    for (auto& r : rows) out.push_back(std::move(r.row));
    return out;
}

AlignedTimelines alignTimelines(const MeasurementResult& a, const MeasurementResult& b, const ComparisonRow& row) {
    AlignedTimelines out;
    for (const auto& i : a.intervals) out.t.push_back(i.t);
    for (const auto& i : b.intervals) out.t.push_back(i.t);
    std::sort(out.t.begin(), out.t.end());
    out.t.erase(std::unique(out.t.begin(), out.t.end()), out.t.end());
    for (double t : out.t) {
        out.a.push_back(valueAt(a.intervals, t, row.kind, row.groupA, row.itemA));
        out.b.push_back(valueAt(b.intervals, t, row.kind, row.groupB, row.itemB));
    }
    return out;
}

} // namespace perfdash
