#pragma once
// What a summary of a run shows first, in the GUI's overview and the HTML
// report alike: which metrics are key figures, how a metric's name splits
// into name and unit, and when a heat map of a metric shows anything.
#include <string>
#include <string_view>

#include "core/result/MeasurementResult.h"
#include "core/result/SeriesColumn.h"

namespace perfdash {

struct MetricNameParts {
    std::string name;
    std::string unit; // empty: a plain number (a ratio such as CPI)
};

// "Clock [MHz]" -> {"Clock", "MHz"}; "CPI" -> {"CPI", ""}.
MetricNameParts splitMetricName(std::string_view metricName);

// Every metric but the run's (or interval's) own length, likwid's "Runtime [s]  time".
bool isKeyFigure(const MetricResult& metric);

// Whether cells of these values differ enough to tell apart by colour: by
// more than 5 % of the largest. CPUs utilised counted system-wide (1 on
// every CPU) does not.
bool differsAcrossCells(const ValueRange& values);

} // namespace perfdash
