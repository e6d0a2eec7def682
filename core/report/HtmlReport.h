#pragma once
// A self-contained HTML report of a MeasurementResult: the machine
// (topology, kernel, capabilities), the configuration, per group the tables
// of the text report (events × locations, statistics, metrics) and charts.
// One file: styles inline, charts as inline SVG, no scripts, nothing fetched.
// Every piece of text that came from the user or the measured program is
// escaped (MarkupText.h); a Content-Security-Policy forbids scripts besides.
#include <string>

#include "core/result/MeasurementResult.h"

namespace perfdash {

struct HtmlReportOptions {
    // For QTextDocument and paper (the PDF report): charts as <img
    // src="chart-N.png"> (it draws no SVG; the caller adds the images under
    // htmlChartResourceName(N), N indexing reportCharts()), smaller type and
    // tables as wide as the page, for A4.
    bool forPrint = false;
};

std::string formatHtmlReport(const MeasurementResult& result, const HtmlReportOptions& options = {});

// The image a print report refers to for reportCharts()[index].
std::string htmlChartResourceName(size_t index);

} // namespace perfdash
