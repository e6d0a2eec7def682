#pragma once
// A self-contained HTML report of a MeasurementResult: the overview (the run
// in one line, each limitation with its reason, every group's key figures
// marked where a threshold says they are worth a look), the machine
// (topology, kernel, capabilities), the configuration, per group the tables
// of the text report (events × locations, statistics, metrics) and charts,
// and for a session counted per CPU a heat map of CPUs over time.
// One file: styles inline, charts as inline SVG, no scripts, nothing fetched.
// Every piece of text that came from the user or the measured program is
// escaped (MarkupText.h); a Content-Security-Policy forbids scripts besides.
#include <optional>
#include <string>
#include <vector>

#include "core/presentation/ColorScale.h"
#include "core/presentation/MetricThresholds.h"
#include "core/presentation/RooflineCeilings.h"
#include "core/report/ReportTables.h"
#include "core/result/MeasurementResult.h"

namespace perfdash {

// A section that a module above this one adds after the groups and regions
// (a sampled session's hot functions and flame graph: core/profile's
// profileHtmlSection). Its text and tables are escaped here like the rest;
// its drawing is an SVG whose text its maker escaped. Paper gets no drawing,
// and a line that says where to find it.
struct HtmlSection {
    std::string title;
    std::vector<std::string> paragraphs;
    std::vector<ReportTable> tables;
    std::string svg;
    std::string svgTitle; // what the drawing is, for its heading and for paper's line
};

struct HtmlReportOptions {
    // For QTextDocument and paper (the PDF report): charts as <img
    // src="chart-N.png"> (it draws no SVG; the caller adds the images under
    // htmlChartResourceName(N), N indexing reportCharts()), smaller type and
    // tables as wide as the page, for A4.
    bool forPrint = false;
    // Where the key figures' bands come from; without rules they are not marked.
    MetricThresholds thresholds{};
    // The heat maps' colours; without a scale there is no heat map. Not drawn for print.
    std::optional<ColorScale> heatColors{};
    // What could not be loaded for the above, said in the report.
    std::vector<std::string> notes{};
    std::vector<HtmlSection> sections{};
    // The roofline's ceilings, or why there are none. A run that counted a
    // FLOPS or memory group gets a Roofline section (core/report/RooflineReport.h)
    // before `sections`; without this, none.
    std::optional<Result<RooflineCeilings>> ceilings{};
};

// The thresholds (the user's copy, else the installed one) and the heat map
// colours read from perfdash's data files, with a note for what failed; the
// roofline's ceilings from ceilingsFilePath(), or why there are none.
HtmlReportOptions htmlReportOptionsFromData();

std::string formatHtmlReport(const MeasurementResult& result, const HtmlReportOptions& options = {});

// A report of sections alone, on the same page as a session's: what a
// perf.data file's profile gets (it has no counts, configuration or machine
// of perfdash's). `subtitle` says where the sections came from.
std::string formatHtmlSectionsReport(const std::string& target, const std::string& subtitle,
                                     const std::vector<HtmlSection>& sections);

// The image a print report refers to for reportCharts()[index].
std::string htmlChartResourceName(size_t index);

} // namespace perfdash
