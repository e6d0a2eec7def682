#pragma once
// The charts of a report, drawn from its data: for each group, every
// metric over time (from the intervals; the events' counts per interval
// when a group has no metrics) and, with more than one location, every
// metric per location. The HTML report embeds them as SVG; the PDF report
// rasterises the same drawings.
#include <optional>
#include <string>
#include <vector>

#include "core/presentation/ColorScale.h"

#include "core/report/SvgChart.h"
#include "core/result/MeasurementResult.h"

namespace perfdash {

struct ReportChart {
    size_t group = 0; // index into MeasurementResult::groups
    std::string title;
    SvgDrawing drawing;
};

// What a group's timeline charts draw: one line per metric (its aggregate in
// each interval) or, for a group without metrics, per event (its count per
// interval), NaN where not available. Each is reduced as the GUI's chart
// reduces it (core/result/Decimation): over a drawing `columns` wide, at most
// the lowest and highest value of each column, so that an hours-long timeline
// stays a small drawing and its peaks survive.
std::vector<LineSeries> groupTimelines(const MeasurementResult& result, size_t group, int columns);

std::vector<ReportChart> reportCharts(const MeasurementResult& result, const SvgOptions& options = {});

// A group's top-down breakdown over the whole run (core/presentation/TopDown),
// level 1 and 2 with their thresholds; none for a group without such a hierarchy.
std::optional<ReportChart> groupTopDown(const MeasurementResult& result, size_t group, const SvgOptions& options = {});

// A group's per-CPU heat map, for a session counted per CPU with intervals:
// CPUs (ordered by socket and NUMA node where the report's topology says)
// by time, coloured by the first key figure that differs between cells (as
// the GUI's heat map chooses). None for another session, or a group whose
// figures are all in seconds.
std::optional<ReportChart> groupHeatMap(const MeasurementResult& result, size_t group, const ColorScale& colors,
                                        const SvgOptions& options = {});

} // namespace perfdash
