#pragma once
// What a chart draws of a series: for a visible time range and a width in
// pixel columns, at most one min/max pair per column, so the cost of drawing
// depends on the widget's width, not on how many intervals were recorded.
// The lowest and highest value of each column are kept exactly (spikes never
// vanish), and a column whose every point is n/a breaks the line (a gap,
// never a 0). When the range holds few enough points, every point is drawn.
#include <cstddef>
#include <limits>
#include <vector>

#include "core/result/TimelineStore.h"

namespace perfdash {

// The visible range cut into equal time slices, as index ranges of the
// store: column c holds points [bounds[c], bounds[c+1]). Computed once per
// chart and reused for every series in it (they share the time column).
struct TimeColumns {
    static constexpr size_t kNone = std::numeric_limits<size_t>::max();
    size_t before = kNone;      // last point left of the range: lines run to the edge
    std::vector<size_t> bounds; // columns + 1 entries
    size_t after = kNone;       // first point right of the range
    bool everyPoint = false;    // few points: draw them all, no reduction
};

TimeColumns sliceTimeRange(const TimelineStore& store, double from, double to, int columns);

struct DecimatedLine {
    std::vector<double> t;
    std::vector<double> v;
    void clear() {
        t.clear();
        v.clear();
    }
};

// Replaces `out` with the points to draw of `series`.
void decimate(const TimelineStore& store, size_t series, const TimeColumns& columns, DecimatedLine& out);

} // namespace perfdash
