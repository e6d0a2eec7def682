#pragma once
// The roofline in reports: a run's points (core/presentation/RooflinePoints.h)
// under the roofs of a ceilings file, drawn as SVG (`perfdash-cli report
// RUN --roofline -o FILE.svg`, and the HTML report's "Roofline" section).
// Each roof's label says where its number comes from (measured here at the
// clock of the measurement, or imported); each point what its FLOPs and
// bytes are. Without points the chart still shows the roofs and says why.
#include <string>

#include "core/presentation/RooflineCeilings.h"
#include "core/report/HtmlReport.h"
#include "core/report/SvgChart.h"
#include "core/result/MeasurementResult.h"
#include "core/util/Outcome.h"

namespace perfdash {

// The chart: roofs as <g class="roof memory|compute">, points as <g
// class="point whole-run|region|interval"> each with a <title> in words,
// the trail of intervals as one <polyline class="trail">, and below it the
// roofs' full labels, what the points are and why any are missing.
// `source` names the run in the title.
SvgDrawing renderRooflineSvg(const MeasurementResult& result, const RooflineCeilings& ceilings, const std::string& source,
                             const SvgOptions& options = {720, 0, false});

// The HTML report's section: the chart and a table of the points (the trail left out), or
// without ceilings (`ceilings` an error) a paragraph saying why and how to get them.
HtmlSection rooflineHtmlSection(const MeasurementResult& result, const Result<RooflineCeilings>& ceilings,
                                const std::string& source);

// The ceilings a report uses: `path` when given, else ceilingsFilePath();
// an error naming the fix when there are none.
Result<RooflineCeilings> reportCeilings(const std::string& path);

} // namespace perfdash
