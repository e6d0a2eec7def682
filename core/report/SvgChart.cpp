#include "core/report/SvgChart.h"

#include <algorithm>
#include <cmath>

#include "core/report/MarkupText.h"
#include "core/presentation/NumberFormat.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

constexpr const char* kPalette[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                    "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
constexpr double kFontSize = 11;
constexpr double kTitleSize = 13;
// Average advance of a sans-serif character at kFontSize: lays out labels without measuring fonts.
constexpr double kCharWidth = 6.5;

std::string num(double v) {
    return printfString("%.2f", v);
}

std::string tickLabel(double v) {
    return printfString("%g", std::fabs(v) < 1e-12 ? 0.0 : v);
}

struct Range {
    double lo = 0, hi = 1;
    double span() const { return hi - lo; }
};

// Steps of 1, 2 or 5 times a power of ten, about `count` of them across the range.
std::vector<double> niceTicks(Range& range, int count) {
    if (!(range.span() > 0)) {
        const double pad = range.lo == 0 ? 1 : std::fabs(range.lo) * 0.1;
        range = {range.lo - pad, range.hi + pad};
    }
    const double raw = range.span() / count;
    if (!std::isfinite(raw) || raw <= 0) return {range.lo, range.hi};
    const double magnitude = std::pow(10, std::floor(std::log10(raw)));
    double step = magnitude;
    for (double m : {1.0, 2.0, 5.0, 10.0}) {
        step = m * magnitude;
        if (step >= raw) break;
    }
    range = {std::floor(range.lo / step) * step, std::ceil(range.hi / step) * step};
    std::vector<double> ticks;
    for (double t = range.lo; t <= range.hi + step * 1e-9; t += step) ticks.push_back(t);
    return ticks;
}

std::string svgOpen(const SvgOptions& options, double height, const std::string& title) {
    std::string out;
    if (options.standalone) out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += "<svg";
    // Inside HTML the parser gives <svg> its namespace; a file of its own must say it.
    if (options.standalone) out += " xmlns=\"http://www.w3.org/2000/svg\"";
    out += " width=\"" + std::to_string(options.width) + "\" height=\"" + num(height) + "\" viewBox=\"0 0 " +
           std::to_string(options.width) + " " + num(height) + "\" font-family=\"sans-serif\" font-size=\"" +
           num(kFontSize) + "\" role=\"img\">\n";
    out += "<title>" + escapeMarkup(title) + "</title>\n";
    out += "<rect x=\"0\" y=\"0\" width=\"" + std::to_string(options.width) + "\" height=\"" + num(height) +
           "\" fill=\"#ffffff\"/>\n";
    out += "<text x=\"" + num(options.width / 2.0) + "\" y=\"18\" text-anchor=\"middle\" font-size=\"" +
           num(kTitleSize) + "\" font-weight=\"bold\" fill=\"#222222\">" + escapeMarkup(title) + "</text>\n";
    return out;
}

std::string text(double x, double y, const std::string& content, const char* anchor, const char* extra = "") {
    return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" text-anchor=\"" + anchor + "\" fill=\"#333333\"" + extra +
           ">" + escapeMarkup(content) + "</text>\n";
}

std::string line(double x1, double y1, double x2, double y2, const char* colour) {
    return "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" + num(y2) +
           "\" stroke=\"" + colour + "\" stroke-width=\"1\"/>\n";
}

struct Frame {
    double left, top, right, bottom;
    Range x, y;
    double px(double v) const { return left + (v - x.lo) / x.span() * (right - left); }
    double py(double v) const { return bottom - (v - y.lo) / y.span() * (bottom - top); }
};

// Legend entries side by side, wrapping to new rows; returns the height used.
std::string legend(const std::vector<LineSeries>& series, double width, double top, double& height) {
    std::string out;
    double x = 12, y = top;
    for (size_t i = 0; i < series.size(); ++i) {
        const double entry = 26 + static_cast<double>(series[i].name.size()) * kCharWidth + 14;
        if (x + entry > width - 8 && x > 12) {
            x = 12;
            y += 16;
        }
        out += "<line x1=\"" + num(x) + "\" y1=\"" + num(y - 4) + "\" x2=\"" + num(x + 20) + "\" y2=\"" + num(y - 4) +
               "\" stroke=\"" + kPalette[i % std::size(kPalette)] + "\" stroke-width=\"2\"/>\n";
        out += text(x + 26, y, series[i].name, "start");
        x += entry;
    }
    height = y - top + 16;
    return out;
}

std::string seriesSvg(const LineSeries& series, const char* colour, const Frame& frame) {
    std::string out = "<g class=\"series\" data-name=\"" + escapeMarkup(series.name) + "\" stroke=\"" + colour +
                      "\" fill=\"none\" stroke-width=\"1.5\">\n";
    std::vector<ChartPoint> run;
    auto flush = [&] {
        if (run.size() == 1) {
            out += "<circle cx=\"" + num(frame.px(run[0].x)) + "\" cy=\"" + num(frame.py(run[0].y)) + "\" r=\"2\" fill=\"" +
                   colour + "\"/>\n";
        } else if (run.size() > 1) {
            out += "<polyline points=\"";
            for (size_t i = 0; i < run.size(); ++i)
                out += (i ? " " : "") + num(frame.px(run[i].x)) + "," + num(frame.py(run[i].y));
            out += "\"/>\n";
        }
        run.clear();
    };
    for (const ChartPoint& p : series.points) {
        if (std::isfinite(p.y) && std::isfinite(p.x)) run.push_back(p);
        else flush();
    }
    flush();
    return out + "</g>\n";
}

} // namespace

SvgDrawing renderLineChartSvg(const LineChart& chart, const SvgOptions& options) {
    const double width = options.width;
    double legendHeight = 0;
    const double noteHeight = chart.note.empty() ? 0 : 14;
    const std::string legendSvg =
        chart.series.size() > 1 ? legend(chart.series, width, 38 + noteHeight, legendHeight) : "";

    Range x{INFINITY, -INFINITY}, y{INFINITY, -INFINITY};
    for (const auto& s : chart.series)
        for (const auto& p : s.points) {
            if (!std::isfinite(p.x)) continue;
            x = {std::min(x.lo, p.x), std::max(x.hi, p.x)};
            if (std::isfinite(p.y)) y = {std::min(y.lo, p.y), std::max(y.hi, p.y)};
        }
    const bool anyValue = std::isfinite(y.lo);
    if (!std::isfinite(x.lo)) x = {0, 1};
    if (!anyValue) y = {0, 1};
    // A positive series that starts near zero, or stays at one value, is read against zero.
    if (y.lo > 0 && (y.lo <= 0.25 * y.hi || y.lo == y.hi)) y.lo = 0;
    if (y.lo == 0 && y.hi == 0) y.hi = 1;

    Range yAxis = y, xAxis = x;
    const std::vector<double> yTicks = niceTicks(yAxis, 5);
    const std::vector<double> xTicks = niceTicks(xAxis, 6);
    // Room for the widest tick label between the rotated axis title and the plot.
    size_t widestTick = 0;
    for (double t : yTicks) widestTick = std::max(widestTick, tickLabel(t).size());
    const double left = 28 + static_cast<double>(widestTick) * kCharWidth;
    // Ticks round the y range outwards; the data starts where it starts on x.
    Frame frame{left, 34 + noteHeight + legendHeight, width - 16, static_cast<double>(options.height) - 40,
                x.span() > 0 ? x : xAxis, yAxis};

    std::string out = svgOpen(options, options.height, chart.title) + legendSvg;
    if (!chart.note.empty())
        out += text(width / 2, 34, chart.note, "middle", " font-style=\"italic\" class=\"note\"");
    for (double t : yTicks) {
        out += line(frame.left, frame.py(t), frame.right, frame.py(t), "#e4e4e4");
        out += text(frame.left - 6, frame.py(t) + 4, tickLabel(t), "end");
    }
    for (double t : xTicks) {
        if (t < frame.x.lo - 1e-9 * frame.x.span() || t > frame.x.hi + 1e-9 * frame.x.span()) continue;
        out += line(frame.px(t), frame.bottom, frame.px(t), frame.bottom + 4, "#888888");
        out += text(frame.px(t), frame.bottom + 16, tickLabel(t), "middle");
    }
    out += "<rect x=\"" + num(frame.left) + "\" y=\"" + num(frame.top) + "\" width=\"" + num(frame.right - frame.left) +
           "\" height=\"" + num(frame.bottom - frame.top) + "\" fill=\"none\" stroke=\"#888888\" stroke-width=\"1\"/>\n";
    out += text((frame.left + frame.right) / 2, options.height - 6, chart.xLabel, "middle");
    const double yMid = (frame.top + frame.bottom) / 2;
    out += "<text x=\"14\" y=\"" + num(yMid) + "\" text-anchor=\"middle\" fill=\"#333333\" transform=\"rotate(-90 14 " +
           num(yMid) + ")\">" + escapeMarkup(chart.yLabel) + "</text>\n";
    if (!anyValue) out += text((frame.left + frame.right) / 2, yMid, "no values (n/a)", "middle");
    for (size_t i = 0; i < chart.series.size(); ++i)
        out += seriesSvg(chart.series[i], kPalette[i % std::size(kPalette)], frame);
    return {out + "</svg>\n", options.width, options.height};
}

SvgDrawing renderBarChartSvg(const BarChart& chart, const SvgOptions& options) {
    constexpr double kBar = 16, kPitch = 22, kTop = 34, kBottom = 40;
    const double width = options.width;
    // As tall as its bars need: a chart of two locations is short, one of 64 tall.
    const double height = kTop + kPitch * static_cast<double>(std::max<size_t>(chart.bars.size(), 1)) + kBottom;

    size_t longestLabel = 0;
    Range v{0, 0}; // bars grow from zero
    for (const auto& b : chart.bars) {
        longestLabel = std::max(longestLabel, b.label.size());
        if (std::isfinite(b.value)) v = {std::min(v.lo, b.value), std::max(v.hi, b.value)};
    }
    const double labelWidth = std::min(width / 3, static_cast<double>(longestLabel) * kCharWidth + 12);
    // Room on the right for the value printed after the longest bar.
    Frame frame{labelWidth + 8, kTop, width - 80, height - kBottom, {0, 1}, {0, 1}};
    if (v.lo == 0 && v.hi == 0) v.hi = 1; // all zero (or none): an axis from 0, not around it
    frame.x = v;
    const std::vector<double> ticks = niceTicks(frame.x, 5);

    std::string out = svgOpen(options, height, chart.title);
    for (double t : ticks) {
        out += line(frame.px(t), frame.top, frame.px(t), frame.bottom, "#e4e4e4");
        out += text(frame.px(t), frame.bottom + 16, tickLabel(t), "middle");
    }
    out += text((frame.left + frame.right) / 2, height - 6, chart.valueLabel, "middle");
    const double zero = frame.px(0);
    for (size_t i = 0; i < chart.bars.size(); ++i) {
        const Bar& b = chart.bars[i];
        const double top = kTop + kPitch * static_cast<double>(i) + (kPitch - kBar) / 2;
        const double baseline = top + kBar - 4;
        out += "<g class=\"bar\">\n" + text(frame.left - 6, baseline, b.label, "end");
        if (std::isfinite(b.value)) {
            const double end = frame.px(b.value);
            out += "<rect x=\"" + num(std::min(zero, end)) + "\" y=\"" + num(top) + "\" width=\"" +
                   num(std::fabs(end - zero)) + "\" height=\"" + num(kBar) + "\" fill=\"" + kPalette[0] + "\"/>\n";
            out += text(std::max(zero, end) + 4, baseline, formatNumber(b.value), "start");
        } else {
            out += text(zero + 4, baseline, kNotAvailableText, "start", " font-style=\"italic\"");
        }
        out += "</g>\n";
    }
    out += line(zero, frame.top, zero, frame.bottom, "#888888");
    return {out + "</svg>\n", options.width, static_cast<int>(height)};
}

SvgDrawing renderBreakdownSvg(const BreakdownChart& chart, const SvgOptions& options) {
    constexpr double kBar = 14, kPitch = 21, kTop = 44, kBottom = 34, kIndent = 16;
    constexpr const char* kMarked = "#c0392b";
    const double width = options.width;
    const double height = kTop + kPitch * double(std::max<size_t>(chart.bars.size(), 1)) + kBottom;
    size_t longestLabel = 0;
    double highest = 100; // shares: the scale is 0-100 % unless a value says otherwise
    for (const auto& b : chart.bars) {
        longestLabel = std::max(longestLabel, b.label.size());
        if (std::isfinite(b.value)) highest = std::max(highest, b.value);
    }
    const double labelWidth = std::min(width / 3, double(longestLabel) * kCharWidth + kIndent + 12);
    // Room on the right for the value and the threshold's text.
    Frame frame{labelWidth + 8, kTop, width - 150, height - kBottom, {0, highest}, {0, 1}};
    const std::vector<double> ticks = niceTicks(frame.x, 5);

    std::string out = svgOpen(options, height, chart.title);
    if (!chart.note.empty()) out += text(width / 2, 34, chart.note, "middle", " font-style=\"italic\" class=\"note\"");
    for (double t : ticks) {
        out += line(frame.px(t), frame.top, frame.px(t), frame.bottom, "#e4e4e4");
        out += text(frame.px(t), frame.bottom + 16, tickLabel(t), "middle");
    }
    out += text((frame.left + frame.right) / 2, height - 4, "share of all slots [%]", "middle");
    size_t category = 0;
    for (size_t i = 0; i < chart.bars.size(); ++i) {
        const BreakdownBar& b = chart.bars[i];
        if (b.level == 1 && i > 0) ++category;
        const char* colour = kPalette[category % std::size(kPalette)];
        const double top = kTop + kPitch * double(i) + (kPitch - kBar) / 2, baseline = top + kBar - 3;
        out += "<g class=\"bar level-" + std::to_string(b.level) + (b.marked ? " marked" : "") + "\">\n";
        out += text(8 + (b.level > 1 ? kIndent : 0), baseline, b.label, "start", b.level == 1 ? " font-weight=\"bold\"" : "");
        double after = frame.px(0) + 4;
        if (std::isfinite(b.value)) {
            const double end = frame.px(std::max(0.0, b.value));
            out += "<rect x=\"" + num(frame.px(0)) + "\" y=\"" + num(top) + "\" width=\"" + num(end - frame.px(0)) +
                   "\" height=\"" + num(kBar) + "\" fill=\"" + colour + "\"" +
                   (b.level > 1 ? " fill-opacity=\"0.55\"" : "") +
                   (b.marked ? std::string(" stroke=\"") + kMarked + "\" stroke-width=\"2\"" : "") + "/>\n";
            after = std::max(after, end + 4);
        }
        if (std::isfinite(b.threshold)) {
            const double x = frame.px(b.threshold);
            out += "<line class=\"threshold\" x1=\"" + num(x) + "\" y1=\"" + num(top - 2) + "\" x2=\"" + num(x) +
                   "\" y2=\"" + num(top + kBar + 2) + "\" stroke=\"#222222\" stroke-width=\"2\"/>\n";
            after = std::max(after, x + 4);
        }
        std::string label = std::isfinite(b.value) ? formatNumber(b.value) + " %" : std::string(kNotAvailableText);
        if (!b.thresholdLabel.empty()) label += b.marked ? "  past " + b.thresholdLabel : "  (limit " + b.thresholdLabel + ")";
        if (b.marked)
            out += "<text x=\"" + num(after) + "\" y=\"" + num(baseline) + "\" fill=\"" + kMarked +
                   "\" font-weight=\"bold\">" + escapeMarkup(label) + "</text>\n";
        else
            out += text(after, baseline, label, "start", std::isfinite(b.value) ? "" : " font-style=\"italic\"");
        out += "</g>\n";
    }
    out += line(frame.px(0), frame.top, frame.px(0), frame.bottom, "#888888");
    return {out + "</svg>\n", options.width, static_cast<int>(height)};
}

namespace {
std::string hexColour(const std::optional<Rgb>& c) {
    return c ? printfString("#%02x%02x%02x", c->r, c->g, c->b) : std::string("#c8c8c8");
}
} // namespace

SvgDrawing renderHeatMapSvg(const HeatMapChart& chart, const SvgOptions& options) {
    constexpr double kTop = 52, kBottom = 30, kMaxRow = 18, kMinRow = 2, kPlotHeight = 420;
    const size_t rows = chart.rowLabels.size();
    const double rowHeight = std::clamp(kPlotHeight / double(std::max<size_t>(rows, 1)), kMinRow, kMaxRow);
    const double height = kTop + rowHeight * double(rows) + kBottom;
    size_t longestLabel = 0;
    for (const auto& label : chart.rowLabels) longestLabel = std::max(longestLabel, label.size());
    const double left = double(longestLabel) * kCharWidth + 14, right = options.width - 10.0;
    const double cellWidth = (right - left) / double(std::max<size_t>(chart.columns, 1));

    std::string out = svgOpen(options, height, chart.title);
    out += text(options.width / 2.0, 34, chart.note, "middle", " fill-opacity=\"0.8\"");
    // The colour bar, with its ends' values beside it.
    const double barLeft = left + 8 * kCharWidth, barWidth = 120;
    out += text(barLeft - 6, 48, chart.low, "end");
    for (size_t i = 0; i < chart.scale.size(); ++i)
        out += "<rect x=\"" + num(barLeft + barWidth * double(i) / double(chart.scale.size())) + "\" y=\"39\" width=\"" +
               num(barWidth / double(chart.scale.size()) + 0.3) + "\" height=\"10\" fill=\"" + hexColour(chart.scale[i]) + "\"/>\n";
    out += text(barLeft + barWidth + 6, 48, chart.high + "   (grey: no value)", "start");

    const size_t labelEvery = size_t(std::ceil(12.0 / rowHeight));
    for (size_t r = 0; r < rows; ++r) {
        const double top = kTop + rowHeight * double(r);
        out += "<g class=\"row\" shape-rendering=\"crispEdges\">\n";
        if (r % labelEvery == 0) out += text(left - 6, top + std::min(rowHeight, 12.0) - 2, chart.rowLabels[r], "end");
        for (size_t c = 0; c < chart.columns;) {
            const auto& colour = chart.cells[r * chart.columns + c];
            size_t end = c + 1;
            while (end < chart.columns && chart.cells[r * chart.columns + end] == colour) ++end;
            out += "<rect x=\"" + num(left + cellWidth * double(c)) + "\" y=\"" + num(top) + "\" width=\"" +
                   num(cellWidth * double(end - c) + 0.3) + "\" height=\"" + num(rowHeight) + "\" fill=\"" +
                   hexColour(colour) + "\"/>\n";
            c = end;
        }
        out += "</g>\n";
    }
    const double bottom = kTop + rowHeight * double(rows);
    out += text(left, bottom + 16, printfString("%.1f s", chart.fromS), "start");
    out += text(right, bottom + 16, printfString("%.1f s", chart.toS), "end");
    out += text((left + right) / 2, bottom + 16, "t [s]", "middle");
    return {out + "</svg>\n", options.width, static_cast<int>(height)};
}

} // namespace perfdash
