#include "core/result/Decimation.h"

#include <algorithm>
#include <cmath>

namespace perfdash {

TimeColumns sliceTimeRange(const TimelineStore& store, double from, double to, int columns) {
    TimeColumns out;
    columns = std::max(columns, 1);
    const size_t first = store.lowerBound(from);
    const size_t end = store.upperBound(to, first);
    if (first > 0) out.before = first - 1;
    if (end < store.size()) out.after = end;
    // Two points per column is what a min/max pair costs anyway.
    if (end - first <= 2 * static_cast<size_t>(columns) || !(to > from)) {
        out.everyPoint = true;
        out.bounds = {first, end};
        return out;
    }
    out.bounds.reserve(static_cast<size_t>(columns) + 1);
    out.bounds.push_back(first);
    const double width = (to - from) / columns;
    // Clamped to `end`: times that do not increase (a hand-edited report) give
    // odd columns, never ones that reach past the range.
    for (int c = 1; c < columns; ++c)
        out.bounds.push_back(std::min(store.lowerBound(from + c * width, out.bounds.back()), end));
    out.bounds.push_back(end);
    return out;
}

namespace {
void addPoint(const TimelineStore& store, const SeriesColumn& column, size_t index, DecimatedLine& out) {
    out.t.push_back(store.time(index));
    out.v.push_back(column.value(index));
}
} // namespace

void decimate(const TimelineStore& store, size_t series, const TimeColumns& columns, DecimatedLine& out) {
    out.clear();
    const SeriesColumn& column = store.series(series);
    if (columns.before != TimeColumns::kNone) addPoint(store, column, columns.before, out);
    for (size_t c = 0; c + 1 < columns.bounds.size(); ++c) {
        const size_t begin = columns.bounds[c], end = columns.bounds[c + 1];
        if (columns.everyPoint || end - begin <= 2) {
            for (size_t i = begin; i < end; ++i) addPoint(store, column, i, out);
            continue;
        }
        const ValueRange range = column.range(begin, end);
        if (range.empty()) {
            out.t.push_back(store.time(begin));
            out.v.push_back(std::nan(""));
            continue;
        }
        out.t.push_back(store.time(begin));
        out.v.push_back(range.min);
        out.t.push_back(store.time(end - 1));
        out.v.push_back(range.max);
    }
    if (columns.after != TimeColumns::kNone) addPoint(store, column, columns.after, out);
}

} // namespace perfdash
