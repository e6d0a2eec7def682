#include "core/report/RooflineReport.h"

#include <cmath>
#include <filesystem>

#include "core/presentation/Roofline.h"
#include "core/presentation/RooflinePoints.h"
#include "core/report/MarkupText.h"
#include "core/util/Strings.h"
#include "core/util/DataPaths.h"

namespace perfdash {

namespace {

constexpr double kCharWidth = 6.2; // average advance at 11 px: wraps lines without measuring fonts
constexpr double kLineHeight = 15;
constexpr double kPlotHeight = 330;
constexpr size_t kMaxTrailPoints = 1000;

std::string num(double v) { return printfString("%.2f", v); }

std::string esc(std::string_view text) { return escapeMarkup(text); }

std::string textAt(double x, double y, const std::string& content, const char* anchor, const std::string& extra = {}) {
    return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" text-anchor=\"" + anchor + "\" fill=\"#333333\"" + extra + ">" +
           esc(content) + "</text>\n";
}

// Words wrapped to lines of at most `width` characters (a longer word stands alone).
std::vector<std::string> wrapped(const std::string& text, size_t width) {
    std::vector<std::string> lines{""};
    size_t at = 0;
    while (at < text.size()) {
        size_t end = text.find(' ', at);
        if (end == std::string::npos) end = text.size();
        const std::string word = text.substr(at, end - at);
        if (!lines.back().empty() && lines.back().size() + 1 + word.size() > width) lines.emplace_back();
        lines.back() += (lines.back().empty() ? "" : " ") + word;
        at = end + 1;
    }
    return lines;
}

std::string hex(Rgb c) { return printfString("#%02x%02x%02x", c.r, c.g, c.b); }

std::string tickText(double v) { return printfString("%g", v); }

} // namespace

SvgDrawing renderRooflineSvg(const MeasurementResult& result, const RooflineCeilings& ceilings, const std::string& source,
                             const SvgOptions& options) {
    const std::vector<Roof> roofs = roofsOf(ceilings);
    const RooflinePoints points = rooflinePoints(result);
    const std::string wholeColour = hex(pointColour(RooflinePoint::Kind::WholeRun));
    const std::string regionColour = hex(pointColour(RooflinePoint::Kind::Region));
    const std::string trailColour = hex(pointColour(RooflinePoint::Kind::Interval));
    std::vector<double> xs, ys;
    for (const RooflinePoint& p : points.points) {
        xs.push_back(p.intensity);
        ys.push_back(p.flopsPerS);
    }
    const RooflineFrame frame = rooflineFrame(roofs, xs, ys);
    const double width = options.width;
    const size_t chars = static_cast<size_t>((width - 24) / kCharWidth);

    std::vector<std::string> subtitle;
    if (!result.synthetic.empty()) subtitle.push_back("Synthetic data: " + result.synthetic);
    subtitle.push_back("Ceilings " + ceilings.provenance() + ", from " + ceilings.source +
                       (ceilings.cpu.empty() ? "" : " (CPU: " + ceilings.cpu + ")"));
    if (!ceilings.note.empty()) subtitle.push_back(ceilings.note);
    std::vector<std::string> subtitleLines;
    for (const std::string& s : subtitle)
        for (std::string& l : wrapped(s, chars)) subtitleLines.push_back(std::move(l));

    const double left = 100, right = width - 24; // room for "100 GFLOP/s" and the turned axis title
    const double top = 40 + kLineHeight * static_cast<double>(subtitleLines.size());
    const double bottom = top + kPlotHeight;
    const LogScale x{frame.x.low, frame.x.high, left, right};
    const LogScale y{frame.y.low, frame.y.high, bottom, top};

    std::string body;
    double lineY = 34;
    for (const std::string& l : subtitleLines) {
        body += textAt(width / 2, lineY, l, "middle");
        lineY += kLineHeight;
    }
    // Axes, decades and their grid.
    body += "<g class=\"axes\" stroke=\"#dddddd\" stroke-width=\"1\">\n";
    for (double t : x.decades())
        body += "<line x1=\"" + num(x.toPixel(t)) + "\" y1=\"" + num(top) + "\" x2=\"" + num(x.toPixel(t)) + "\" y2=\"" +
                num(bottom) + "\"/>\n";
    for (double t : y.decades())
        body += "<line x1=\"" + num(left) + "\" y1=\"" + num(y.toPixel(t)) + "\" x2=\"" + num(right) + "\" y2=\"" +
                num(y.toPixel(t)) + "\"/>\n";
    body += "<rect x=\"" + num(left) + "\" y=\"" + num(top) + "\" width=\"" + num(right - left) + "\" height=\"" +
            num(bottom - top) + "\" fill=\"none\" stroke=\"#888888\"/>\n</g>\n";
    for (double t : x.decades()) body += textAt(x.toPixel(t), bottom + 15, tickText(t), "middle");
    for (double t : y.decades()) body += textAt(left - 6, y.toPixel(t) + 4, siText(t, "FLOP/s"), "end");
    body += textAt((left + right) / 2, bottom + 32, "arithmetic intensity [FLOP/byte]", "middle");

    // Roofs: the line, and a short name along it.
    for (const RoofSegment& s : frame.segments) {
        const Roof& r = roofs[s.roof];
        const std::string colour = hex(roofColour(roofs, s.roof));
        const bool memory = r.kind == Roof::Kind::Memory;
        const double x0 = x.toPixel(s.x0), y0 = y.toPixel(s.y0), x1 = x.toPixel(s.x1), y1 = y.toPixel(s.y1);
        body += std::string("<g class=\"roof ") + (memory ? "memory" : "compute") + "\" data-label=\"" + esc(r.label) + "\">\n";
        body += "<title>" + esc(r.label) + "</title>\n";
        body += "<line x1=\"" + num(x0) + "\" y1=\"" + num(y0) + "\" x2=\"" + num(x1) + "\" y2=\"" + num(y1) + "\" stroke=\"" +
                colour + "\" stroke-width=\"2\"/>\n";
        const std::string name = memory ? r.level : precisionName(r.precision) + " " + r.isa;
        if (memory) {
            const double angle = std::atan2(y1 - y0, x1 - x0) * 180 / M_PI;
            body += "<text transform=\"translate(" + num(x0 + 6) + "," + num(y0 - 5) + ") rotate(" + num(angle) +
                    ")\" fill=\"" + colour + "\">" + esc(name) + "</text>\n";
        } else {
            body += "<text x=\"" + num(x1 - 4) + "\" y=\"" + num(y1 - 4) + "\" text-anchor=\"end\" fill=\"" + colour + "\">" +
                    esc(name) + "</text>\n";
        }
        body += "</g>\n";
    }

    // The trail of intervals per pair of sources, oldest to newest, then regions, then the whole run on top.
    // A long session's trail is thinned to every n-th interval (and its last), so that the file stays small.
    std::string thinned;
    for (size_t f = 0; f < points.sources.flops.size(); ++f) {
        for (size_t b = 0; b < points.sources.bytes.size(); ++b) {
            std::vector<const RooflinePoint*> trail;
            for (const RooflinePoint& p : points.points)
                if (p.kind == RooflinePoint::Kind::Interval && p.flopSource == f && p.byteSource == b) trail.push_back(&p);
            const size_t stride = (trail.size() + kMaxTrailPoints - 1) / kMaxTrailPoints;
            if (stride > 1)
                thinned = printfString("The trail shows one interval in %zu of its %zu, and the last.", stride, trail.size());
            std::string line;
            std::string dots;
            for (size_t i = 0; i < trail.size(); ++i) {
                if (i % stride != 0 && i + 1 != trail.size()) continue;
                const RooflinePoint& p = *trail[i];
                const double px = x.toPixel(p.intensity), py = y.toPixel(p.flopsPerS);
                line += (line.empty() ? "" : " ") + num(px) + "," + num(py);
                dots += "<g class=\"point interval\"><title>" + esc(pointLabel(p, points.sources) + ": " + describePoint(p, roofs)) +
                        "</title><circle cx=\"" + num(px) + "\" cy=\"" + num(py) + "\" r=\"2.5\" fill=\"" + trailColour +
                        "\" fill-opacity=\"0.7\"/></g>\n";
            }
            if (line.empty()) continue;
            body += "<polyline class=\"trail\" points=\"" + line + "\" fill=\"none\" stroke=\"#aaaaaa\" stroke-width=\"1\"/>\n";
            body += dots;
        }
    }
    for (const RooflinePoint& p : points.points) {
        if (p.kind == RooflinePoint::Kind::Interval) continue;
        const bool whole = p.kind == RooflinePoint::Kind::WholeRun;
        const double px = x.toPixel(p.intensity), py = y.toPixel(p.flopsPerS);
        const std::string name = pointLabel(p, points.sources);
        body += std::string("<g class=\"point ") + (whole ? "whole-run" : "region") + "\" data-name=\"" + esc(name) + "\">\n";
        body += "<title>" + esc(name + ": " + describePoint(p, roofs)) + "</title>\n";
        if (whole)
            body += "<circle cx=\"" + num(px) + "\" cy=\"" + num(py) + "\" r=\"6\" fill=\"" + wholeColour +
                    "\" stroke=\"#000000\"/>\n";
        else
            body += "<rect x=\"" + num(px - 4.5) + "\" y=\"" + num(py - 4.5) + "\" width=\"9\" height=\"9\" fill=\"" +
                    regionColour + "\" stroke=\"#000000\"/>\n";
        body += textAt(px + 9, py - 7, name, "start", " font-weight=\"bold\"");
        body += "</g>\n";
    }

    // Below the chart: the roofs in full, what the points are, why any are missing.
    lineY = bottom + 56;
    auto legendLine = [&](const std::string& text, const std::string& swatch) {
        bool first = true;
        for (const std::string& l : wrapped(text, chars - (swatch.empty() ? 0 : 5))) {
            if (first && !swatch.empty()) body += swatch;
            body += textAt(swatch.empty() ? 12 : 42, lineY, l, "start");
            lineY += kLineHeight;
            first = false;
        }
    };
    body += "<g class=\"legend\">\n";
    for (size_t i = 0; i < roofs.size(); ++i)
        legendLine(roofs[i].label, "<line x1=\"12\" y1=\"" + num(lineY - 4) + "\" x2=\"36\" y2=\"" + num(lineY - 4) +
                                       "\" stroke=\"" + hex(roofColour(roofs, i)) + "\" stroke-width=\"2\"/>\n");
    if (!points.points.empty()) {
        legendLine("whole run", "<circle cx=\"24\" cy=\"" + num(lineY - 4) + "\" r=\"5\" fill=\"" + wholeColour +
                                    "\" stroke=\"#000000\"/>\n");
        if (!result.regions.empty())
            legendLine("a marker region", "<rect x=\"20\" y=\"" + num(lineY - 8) + "\" width=\"8\" height=\"8\" fill=\"" +
                                              regionColour + "\" stroke=\"#000000\"/>\n");
        if (!result.intervals.empty())
            legendLine("an interval (the trail over time, joined oldest to newest)",
                       "<circle cx=\"24\" cy=\"" + num(lineY - 4) + "\" r=\"2.5\" fill=\"" + trailColour + "\"/>\n");
    }
    for (const std::string& note : rooflineSourceNotes(points.sources)) legendLine("Points: " + note, {});
    if (!thinned.empty()) legendLine(thinned, {});
    if (points.points.empty()) legendLine("No points: this run has no FLOP rate with a memory traffic to set it against.", {});
    for (const std::string& why : points.missing) legendLine("Missing: " + why, {});
    for (const std::string& w : ceilings.warnings) legendLine("Ceilings: " + w, {});
    body += "</g>\n";

    const double height = lineY + 6;
    const std::string title = "Roofline of " + source;
    std::string out;
    if (options.standalone) out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += "<svg";
    if (options.standalone) out += " xmlns=\"http://www.w3.org/2000/svg\"";
    out += " class=\"roofline\" width=\"" + num(width) + "\" height=\"" + num(height) + "\" viewBox=\"0 0 " + num(width) +
           " " + num(height) + "\" font-family=\"sans-serif\" font-size=\"11\" role=\"img\">\n";
    out += "<title>" + esc(title) + "</title>\n";
    out += "<rect x=\"0\" y=\"0\" width=\"" + num(width) + "\" height=\"" + num(height) + "\" fill=\"#ffffff\"/>\n";
    out += "<text x=\"" + num(width / 2) + "\" y=\"18\" text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\" "
           "fill=\"#222222\">" + esc(title) + "</text>\n";
    // The y axis' title, turned to run up the left edge.
    out += "<text transform=\"translate(14," + num((top + bottom) / 2) + ") rotate(-90)\" text-anchor=\"middle\" "
           "fill=\"#333333\">performance [FLOP/s]</text>\n";
    out += body + "</svg>\n";
    return {out, static_cast<int>(width), static_cast<int>(std::ceil(height))};
}

HtmlSection rooflineHtmlSection(const MeasurementResult& result, const Result<RooflineCeilings>& ceilings,
                                const std::string& source) {
    HtmlSection section;
    section.title = "Roofline";
    if (!ceilings) {
        section.paragraphs.push_back("No roofline: " + ceilings.error().message + ".");
        return section;
    }
    const RooflinePoints points = rooflinePoints(result);
    const std::vector<Roof> roofs = roofsOf(*ceilings);
    section.paragraphs.push_back("The run's FLOP rate against its memory traffic, under the roofs of " + ceilings->source +
                                 " (" + ceilings->provenance() + "). The trail of intervals is in the chart only.");
    ReportTable table;
    table.headers = {"point", "intensity [FLOP/byte]", "performance [FLOP/s]", "against the roofs"};
    for (const RooflinePoint& p : points.points) {
        if (p.kind == RooflinePoint::Kind::Interval) continue;
        table.rows.push_back({pointLabel(p, points.sources), printfString("%.3g", p.intensity), siText(p.flopsPerS, "FLOP/s"),
                              describePoint(p, roofs)});
    }
    table.notes = rooflineSourceNotes(points.sources);
    for (const std::string& why : points.missing) table.notes.push_back("Missing: " + why);
    if (!table.rows.empty() || !table.notes.empty()) section.tables.push_back(std::move(table));
    section.svg = renderRooflineSvg(result, *ceilings, source).svg;
    section.svgTitle = "Roofline chart";
    return section;
}

Result<RooflineCeilings> reportCeilings(const std::string& path) {
    if (!path.empty()) return readRooflineCeilings(path);
    const std::string fallback = ceilingsFilePath();
    std::error_code ec;
    if (!std::filesystem::exists(fallback, ec)) return makeError(noCeilingsMessage(fallback));
    return readRooflineCeilings(fallback);
}

} // namespace perfdash
