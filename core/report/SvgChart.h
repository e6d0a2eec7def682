#pragma once
// Small static charts as SVG text for reports: a line chart (metrics over
// time) and a horizontal bar chart (a metric per location). No scripts, no
// fonts or files to fetch, only elements that Qt's SVG renderer draws too
// (the PDF report rasterises the same SVG). Every label is escaped.
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "core/presentation/ColorScale.h"

namespace perfdash {

struct ChartPoint {
    double x = 0;
    double y = 0; // NaN: no value here; the line breaks (a gap), it never drops to 0
};

// Every point is drawn: a long series is reduced before it gets here
// (ReportCharts does it with core/result/Decimation, as the GUI's chart).
struct LineSeries {
    std::string name;
    std::vector<ChartPoint> points; // in increasing x
};

struct LineChart {
    std::string title;
    std::string xLabel; // "t [s]"
    std::string yLabel;
    std::vector<LineSeries> series;
    // A line under the title for what the points do not say: why there are
    // no values, that some are missing or were scaled up (multiplexed).
    std::string note{};
};

struct Bar {
    std::string label;
    double value = 0; // NaN: the bar reads "n/a" and has no length
};

struct BarChart {
    std::string title;
    std::string valueLabel;
    std::vector<Bar> bars;
};

// A top-down breakdown: each level-1 category a bar on a scale from 0 to
// 100 %, its level-2 metrics indented below it in the category's colour,
// lighter; a threshold is a tick across its bar, a bar past it is marked.
struct BreakdownBar {
    std::string label;
    int level = 1;
    double value = 0;                  // NaN: "n/a", no length
    double threshold = std::nan("");   // NaN: none
    std::string thresholdLabel;        // "> 15 & parent"
    bool marked = false;
};

struct BreakdownChart {
    std::string title;
    std::string note; // under the title: what span the values cover and what a mark means
    std::vector<BreakdownBar> bars;
};

// Rows (CPUs) by columns of time, each cell a colour, or none (grey) where
// there is no value; a colour bar from the lowest to the highest value.
struct HeatMapChart {
    std::string title;
    std::vector<std::string> rowLabels;
    size_t columns = 0;
    std::vector<std::optional<Rgb>> cells; // row-major, rowLabels.size() x columns
    double fromS = 0, toS = 0;             // the time the columns span
    std::vector<Rgb> scale;                // the colour bar, low to high
    std::string low, high;                 // the values at its ends, with unit
    std::string note;                      // under the title: what a cell shows
};

struct SvgOptions {
    int width = 600; // two side by side fit a 1280-pixel wide page
    int height = 280; // of a line chart; a bar chart is as tall as its bars need
    // A file of its own (XML declaration and namespace) rather than an <svg> inside HTML.
    bool standalone = false;
};

struct SvgDrawing {
    std::string svg;
    int width = 0;
    int height = 0;
};

// Each series is a <g class="series"> holding one <polyline> per unbroken
// run of values (a lone value between gaps is a <circle>).
SvgDrawing renderLineChartSvg(const LineChart& chart, const SvgOptions& options = {});
// Each bar is a <g class="bar">: a <rect> for a value, only the "n/a" text without one.
SvgDrawing renderBarChartSvg(const BarChart& chart, const SvgOptions& options = {});
// Each bar is a <g class="bar level-N"> (class "marked" past its threshold): a <rect> for a value,
// a <line class="threshold"> for its threshold, and its value as text.
SvgDrawing renderBreakdownSvg(const BreakdownChart& chart, const SvgOptions& options = {});
// Each row is a <g class="row">; neighbouring cells of one colour are one <rect>.
SvgDrawing renderHeatMapSvg(const HeatMapChart& chart, const SvgOptions& options = {});

} // namespace perfdash
