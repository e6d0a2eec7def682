#pragma once
// The charts of a report, drawn from its data: for each group, every
// metric over time (from the intervals; the events' counts per interval
// when a group has no metrics) and, with more than one location, every
// metric per location. The HTML report embeds them as SVG; the PDF report
// rasterises the same drawings.
#include <string>
#include <vector>

#include "core/report/SvgChart.h"
#include "core/result/MeasurementResult.h"

namespace perfdash {

struct ReportChart {
    size_t group = 0; // index into MeasurementResult::groups
    std::string title;
    SvgDrawing drawing;
};

// The series of one metric over time: its aggregate in each interval (NaN where not available).
LineSeries metricTimeline(const std::vector<IntervalResult>& intervals, size_t group, size_t metric);

std::vector<ReportChart> reportCharts(const MeasurementResult& result, const SvgOptions& options = {});

} // namespace perfdash
