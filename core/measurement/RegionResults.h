#pragma once
// The marker library's raw results → MeasurementResult regions: per region
// and group, each thread's counts scaled for multiplexing, the group's
// metrics per thread with `time` = that thread's time in the region, and the
// aggregate (summed counts, the longest thread's time). The arithmetic is
// ResultBuilder's, so regions and whole-program results agree.
#include <vector>

#include "core/sys/PerfEventSys.h"
#include "core/groups/MetricEvaluator.h"
#include "core/measurement/MarkerResultsFile.h"
#include "core/measurement/MeasurementPlan.h"
#include "core/result/MeasurementResult.h"

namespace perfdash {

// Fails when the results do not belong to this plan (other event sets).
// Regions come in the order the file first names them, threads by TID.
Result<std::vector<RegionResult>> buildRegionResults(const MarkerResults& results, const MeasurementPlan& plan,
                                                     const MetricEnvironment& constants,
                                                     const PerfPermissions& permissions);

} // namespace perfdash
