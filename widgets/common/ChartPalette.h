#pragma once
// Qt Charts draws with its own light theme whatever the desktop's palette
// says. followPalette makes a chart view follow its widget palette instead
// (now and whenever the palette changes, e.g. the desktop switches to dark),
// so that a dark desktop gets dark charts rather than white boxes.
#include <functional>

class QChart;
class QChartView;
class QPalette;

namespace perfdash {

// Picks Qt Charts' light or dark theme by the palette and takes the chart's
// background and text colours from it. A theme change recolours every series,
// so owners with their own series colours pass `redraw` to set them again.
void applyPalette(QChart& chart, const QPalette& palette);
void followPalette(QChartView& view, std::function<void()> redraw = {});

} // namespace perfdash
