#pragma once
// The core clock of one CPU: the measured value next to what the system
// reports. Each call pins the calling thread to the CPU for its duration
// (about 30 ms); calling it repeatedly gives the clock over time.
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "core/microbench/ClockProbe.h"
#include "core/microbench/ClockReferences.h"

namespace perfdash {

struct ClockReportOptions {
    TimingOptions probe;
    bool realtime = true;
    SystemPaths paths;
};

struct CpuClockReport {
    int cpu = -1;
    double timestamp = 0; // monotonicSeconds() when the measurement ended
    std::string scheduling;
    std::optional<ClockMeasurement> measured;
    std::string error; // why `measured` is empty
    std::vector<ReferenceClock> references;
};

CpuClockReport measureCpuClock(const ClockProbe& probe, int cpu, const ClockReportOptions& options,
                               std::stop_token stop = {});

} // namespace perfdash
