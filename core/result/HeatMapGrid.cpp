#include "core/result/HeatMapGrid.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace perfdash {

HeatMapGrid::HeatMapGrid(const TimelineStore& store, std::vector<size_t> rowSeries, size_t first, size_t end,
                         size_t columns)
    : rowSeries_(std::move(rowSeries)) {
    end = std::min(end, store.size());
    if (first >= end || columns == 0) return;
    const size_t points = end - first;
    columns = std::min(columns, points);
    columnBegin_.resize(columns + 1);
    for (size_t c = 0; c <= columns; ++c) columnBegin_[c] = first + c * points / columns;
    cells_.resize(rows() * columns);
    for (size_t r = 0; r < rows(); ++r) {
        const SeriesColumn& column = store.series(rowSeries_[r]);
        for (size_t c = 0; c < columns; ++c) {
            ValueRange& cell = cells_[r * columns + c];
            cell = column.range(columnBegin_[c], columnBegin_[c + 1]);
            overall_.include(cell);
        }
    }
}

size_t HeatMapGrid::columnOf(size_t point) const {
    const auto after = std::upper_bound(columnBegin_.begin(), columnBegin_.end() - 1, point);
    return size_t(after - columnBegin_.begin()) - 1;
}

double HeatMapGrid::lowestCoverage(const TimelineStore& store, size_t row, size_t column) const {
    const SeriesColumn& values = store.series(rowSeries_[row]);
    double lowest = std::numeric_limits<double>::quiet_NaN();
    for (size_t i = columnBegin_[column]; i < columnBegin_[column + 1]; ++i)
        if (const double c = values.coverage(i); std::isfinite(c)) lowest = std::isnan(lowest) ? c : std::min(lowest, c);
    return lowest;
}

} // namespace perfdash
