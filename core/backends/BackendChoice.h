#pragma once
// Which backend counts a measurement, and where the direct backends find
// their devices. Part of every MeasurementRequest; the CLI fills it from
// --backend, --msr-root and --pcounter, the GUI from its backend choice.
#include <string>
#include <string_view>
#include <vector>

namespace perfdash {

struct BackendChoice {
    std::string name = "perf"; // one of backendNames()
    std::string msrRoot;       // holds <cpu>/msr; empty: $PERFDASH_MSR_ROOT, else /dev/cpu
    std::string pcounterPath;  // empty: $PERFDASH_PCOUNTER, else /dev/pcounter

    std::string effectiveMsrRoot() const;
    std::string effectivePcounterPath() const;
};

// "perf", "msr", "loongson": in the order a front end offers them.
const std::vector<std::string>& backendNames();
bool isBackendName(std::string_view name);

} // namespace perfdash
