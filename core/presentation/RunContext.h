#pragma once
// A run in one line, and what limits its figures, each with its reason: the
// overview's context (and, later, the reports'). From the result alone, so a
// replayed session reads like the live one, labelled as recorded.
//
//   "perfdash-demo --seconds 5 · launched, any CPU · 5.02 s · exit status 0 ·
//    AMD EPYC, 2 hardware threads, Linux 6.1 · perf backend · group SOFTWARE"
#include <string>
#include <vector>

#include "core/result/MeasurementResult.h"

namespace perfdash {

struct RunContext {
    std::string line;
    // "No hardware PMU: ...", "Multiplexed: ...", "User space only: ...",
    // "Recorded data: ...", "Synthetic data: ...": each one line, reason included.
    std::vector<std::string> limitations;
};

RunContext describeRun(const MeasurementResult& result);

} // namespace perfdash
