#pragma once
// Saves the timeline's charts as one image, stacked top to bottom in the
// order shown: PNG (raster) or SVG (vector, for reports). Each chart is
// drawn at `width` pixels wide and its on-screen height, reduced for that
// width like on screen. Files are written atomically.
#include <QString>
#include <vector>

#include "core/util/Outcome.h"

namespace perfdash {

class TimelineChart;

inline constexpr int kDefaultExportWidth = 1200;

Status saveChartsAsPng(const std::vector<TimelineChart*>& charts, const QString& path, int width = kDefaultExportWidth);
Status saveChartsAsSvg(const std::vector<TimelineChart*>& charts, const QString& path, int width = kDefaultExportWidth);

} // namespace perfdash
