#pragma once
// Names for the flat maps of a report ("totals", "metrics", an interval's
// "deltas", the timeline lines). A name stands alone while it is unique and
// is qualified only as far as needed to tell it apart:
//   events:  EVENT  ->  GROUP/EVENT  ->  GROUP/EVENT@COUNTER
//   metrics: METRIC ->  GROUP/METRIC
// and names still equal after that get "#2", "#3", ... in measurement order.
// Events and metrics are separate name spaces.
#include <string>
#include <vector>

#include "core/result/MeasurementResult.h"

namespace perfdash {

struct ReportKeys {
    std::vector<std::vector<std::string>> events;  // [group][event]
    std::vector<std::vector<std::string>> metrics; // [group][metric]
};

ReportKeys makeReportKeys(const std::vector<GroupResult>& groups);

} // namespace perfdash
