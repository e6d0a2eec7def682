#pragma once
// The nominal clock that metric formulas divide by (likwid's inverseClock =
// 1/clock turns cycle counts into seconds). On x86 that is the TSC frequency,
// elsewhere the base or maximum frequency cpufreq or /proc/cpuinfo reports.
// Finding it may take ~100 ms of TSC calibration, so it is computed on the
// first request only, never at program start.
#include <mutex>
#include <string>

#include "core/topology/MachineSources.h"

namespace perfdash {

struct ClockInfo {
    double hz;          // NaN when no source knows the clock
    std::string source; // which source gave hz, or why none did
};

class NominalClock {
public:
    explicit NominalClock(MachineSources sources);
    NominalClock(const NominalClock&) = delete;
    NominalClock& operator=(const NominalClock&) = delete;

    // Computed on the first call (thread-safe), the same object afterwards.
    const ClockInfo& info() const;

private:
    ClockInfo compute() const;

    MachineSources sources_;
    mutable std::once_flag once_;
    mutable ClockInfo info_;
};

// The clock of the machine this process runs on, shared by everyone who asks.
const ClockInfo& hostClock();

} // namespace perfdash
