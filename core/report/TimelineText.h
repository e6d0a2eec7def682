#pragma once
// The timeline of `stat -t` as text, printed as the intervals arrive: like
// `perf stat -I`, one line per event and metric of each interval, with the
// name last so that long names never break the columns.
//
//   #      t [s]    dt [s]             value  event / metric
//       0.100213  0.100213          18446300  task-clock
//       0.100213  0.100213      2034 (62.5%)  page-faults
//       0.100213  0.100213               n/a  CPI
#include <string>

#include "core/result/MeasurementResult.h"

namespace perfdash {

// The column titles, printed once before the first interval; ends with '\n'.
std::string timelineTextHeader();

// One block per interval: the interval's totals over all locations and its
// metric aggregates, named as in the report's flat maps; ends with '\n'.
std::string formatTimelineText(const IntervalResult& interval);

} // namespace perfdash
