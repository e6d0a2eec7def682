#pragma once
// The clock rates the system itself reports, shown next to the measured core
// clock so turbo and throttling are visible: the TSC rate, /proc/cpuinfo's
// MHz, cpufreq's current frequency, APERF/MPERF (where the MSR device exists)
// and the cycles counter (where it counts). Each is either a value or the
// reason it is not available here.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/probes/CycleSource.h"
#include "core/util/Outcome.h"

namespace perfdash {

// Where the readers look; tests point these at fake trees.
struct SystemPaths {
    std::string procRoot = "/proc";
    std::string sysRoot = "/sys";
    std::string devRoot = "/dev";
};

struct ReferenceClock {
    std::string source; // "TSC", "/proc/cpuinfo", "cpufreq", "APERF/MPERF", "cycles counter"
    std::optional<double> hz;
    std::string note;   // how the value was obtained, or why there is none
};

// "cpu MHz" of processor `cpu` in /proc/cpuinfo text, in Hz.
std::optional<double> cpuinfoClockHz(const std::string& cpuinfo, int cpu);
// cpufreq's scaling_cur_freq (kHz in sysfs), in Hz.
Result<double> cpufreqCurrentHz(const SystemPaths& paths, int cpu);

struct AperfMperf {
    uint64_t aperf = 0;
    uint64_t mperf = 0;
};
inline constexpr uint32_t kMsrMperf = 0xE7;
inline constexpr uint32_t kMsrAperf = 0xE8;
// Reads IA32_APERF and IA32_MPERF through <devRoot>/cpu/N/msr.
Result<AperfMperf> readAperfMperf(const SystemPaths& paths, int cpu);
// The average clock between two readings: MPERF ticks at the TSC rate while
// the core runs, APERF at the actual clock.
std::optional<double> aperfMperfHz(const AperfMperf& before, const AperfMperf& after, double tscHz);

// Takes the "before" readings on construction and the "after" readings in
// finish(); construct it right before the probe runs on the same (pinned) CPU.
class ReferenceClockSampler {
public:
    ReferenceClockSampler(SystemPaths paths, int cpu);
    std::vector<ReferenceClock> finish();

private:
    SystemPaths paths_;
    int cpu_;
    double startSeconds_;
    uint64_t startTsc_ = 0;
    Result<AperfMperf> startMsr_;
    std::unique_ptr<CycleSource> counter_;
    std::string counterError_;
    double startCycles_ = 0;
};

} // namespace perfdash
