#pragma once
// A self-contained HTML report of a MeasurementResult: the machine
// (topology, kernel, capabilities), the configuration, per group the tables
// of the text report (events × locations, statistics, metrics) and charts.
// One file: styles inline, charts as inline SVG, no scripts, nothing fetched.
// Every piece of text that came from the user or the measured program is
// escaped (MarkupText.h); a Content-Security-Policy forbids scripts besides.
#include <string>

#include "core/session/MeasurementResult.h"

namespace perfdash {

enum class HtmlCharts {
    InlineSvg,      // for browsers: the file stands alone
    ImageResources, // <img src="chart-N.png">, N indexing reportCharts(): for renderers without SVG (QTextDocument → PDF)
};

struct HtmlReportOptions {
    HtmlCharts charts = HtmlCharts::InlineSvg;
};

std::string formatHtmlReport(const MeasurementResult& result, const HtmlReportOptions& options = {});

// The resource name the ImageResources form uses for reportCharts()[index].
std::string htmlChartResourceName(size_t index);

} // namespace perfdash
