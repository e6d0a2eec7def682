#pragma once
// The core clock of one CPU: the measured value next to what the system
// reports. Each call pins the calling thread to the CPU for its duration
// (about 0.3 s); calling it repeatedly gives the clock over time.
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "core/probes/ClockProbe.h"
#include "core/probes/ClockReferences.h"

namespace perfdash {

struct ClockReportOptions {
    // A longer least time than a benchmark's: the clock is the only figure,
    // and it must not catch a neighbour's burst for the clock.
    TimingOptions probe = {.minSeconds = 0.25};
    bool realtime = true;
    SystemPaths paths; // also where emulation is detected (Emulation.h)
};

struct CpuClockReport {
    int cpu = -1;
    double timestamp = 0; // monotonicRawSeconds() when the measurement ended
    std::string scheduling;
    std::optional<ClockMeasurement> measured;
    std::string error; // why `measured` is empty: it could not run, the chain gave no clock, or emulation
    std::vector<ReferenceClock> references;
};

CpuClockReport measureCpuClock(const ClockProbe& probe, int cpu, const ClockReportOptions& options,
                               std::stop_token stop = {});

} // namespace perfdash
