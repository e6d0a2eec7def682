#pragma once
// Line colours that stay apart from 2 up to 64 lines on a light or dark
// background: a qualitative palette (Tableau 10) while it suffices, then
// hues spread by the golden angle with alternating lightness, so that
// neighbours in the legend never look alike.
#include <QColor>
#include <Qt>
#include <cstddef>

namespace perfdash {

QColor seriesColour(size_t index, size_t count, bool darkBackground = false);

// Several metrics in one per-location chart share each location's colour and
// differ by dash pattern.
Qt::PenStyle metricPenStyle(size_t metricIndex);

} // namespace perfdash
