#pragma once
// The cells of a heat map: rows (one timeline series each, e.g. one CPU's
// metric) by columns of consecutive intervals. Columns split the points
// [first, end) of the store evenly, so no column is empty however the
// intervals' lengths jitter; the sampler's intervals are of one length, so
// the columns are of one time span too. Each cell holds the lowest and
// highest finite value of its points, read from SeriesColumn's min/max
// pyramid: a picture costs rows x columns x log(points), whatever the
// run's length.
#include <cstddef>
#include <vector>

#include "core/result/SeriesColumn.h"
#include "core/result/TimelineStore.h"

namespace perfdash {

class HeatMapGrid {
public:
    HeatMapGrid() = default;
    // At most `columns` columns (fewer when there are fewer points).
    HeatMapGrid(const TimelineStore& store, std::vector<size_t> rowSeries, size_t first, size_t end, size_t columns);

    size_t rows() const { return rowSeries_.size(); }
    size_t columns() const { return columnBegin_.empty() ? 0 : columnBegin_.size() - 1; }
    size_t series(size_t row) const { return rowSeries_[row]; }
    const ValueRange& cell(size_t row, size_t column) const { return cells_[row * columns() + column]; }
    // Every cell's values together: the colour scale's span.
    const ValueRange& overall() const { return overall_; }
    // The store's points of a column: [pointBegin(c), pointBegin(c + 1)).
    size_t pointBegin(size_t column) const { return columnBegin_[column]; }
    // The column that holds point `point` (which must lie in the grid's span).
    size_t columnOf(size_t point) const;

    // The lowest multiplex coverage of a cell's points: NaN when none is known.
    double lowestCoverage(const TimelineStore& store, size_t row, size_t column) const;

private:
    std::vector<size_t> rowSeries_;
    std::vector<size_t> columnBegin_; // columns() + 1 point indexes
    std::vector<ValueRange> cells_;   // row-major
    ValueRange overall_;
};

} // namespace perfdash
