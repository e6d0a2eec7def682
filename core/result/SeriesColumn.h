#pragma once
// The stored points of one timeline series: every value (double, so a count
// reads back exactly), its multiplex coverage, and a min/max pyramid over
// blocks of 8, 64, 512, ... points. The pyramid answers "lowest and highest
// value of points [a, b)" in O(log n) reads, which is what keeps a replot's
// cost bounded by the widget's width instead of the session's length.
// NaN ("not available") is never a minimum or maximum; it is kept as NaN.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "core/result/ChunkedColumn.h"

namespace perfdash {

// The finite values seen: empty (min > max) when there were none.
struct ValueRange {
    double min = std::numeric_limits<double>::infinity();
    double max = -std::numeric_limits<double>::infinity();

    bool empty() const { return min > max; }
    void include(double value) {
        if (!std::isfinite(value)) return;
        min = std::min(min, value);
        max = std::max(max, value);
    }
    void include(const ValueRange& other) {
        min = std::min(min, other.min);
        max = std::max(max, other.max);
    }
};

class SeriesColumn {
public:
    // coverage: CountValue::coverage (NaN when unknown).
    void append(double value, double coverage);
    size_t size() const { return values_.size(); }
    double value(size_t index) const { return values_[index]; }
    double coverage(size_t index) const;
    // Finite values among points [begin, end).
    ValueRange range(size_t begin, size_t end) const;
    size_t bytesAllocated() const;

private:
    static constexpr size_t kFanOut = 8;
    // Includes elements [begin, end) of a level (-1: the points themselves) in `range`.
    void includeElements(int level, size_t begin, size_t end, ValueRange& range) const;

    ChunkedColumn<double, 10> values_;
    std::vector<ChunkedColumn<ValueRange, 6>> levels_; // levels_[k]: blocks of 8^(k+1) points
    // Coverage is the same for every point of most series (1 without
    // multiplexing): it gets a column only once it first differs.
    ChunkedColumn<float, 10> coverage_;
    float uniformCoverage_ = 0;
};

} // namespace perfdash
