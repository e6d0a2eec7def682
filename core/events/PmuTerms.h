#pragma once
// Encodes the terms of "pmu/term=value,.../" through the PMU's sysfs format
// files, as perf does: a format field with a value (or without one, meaning 1),
// config/config1/config2 written whole, name=... for the display name, and the
// PMU's named events, which expand to their own terms (explicit terms win).
#include <string>
#include <string_view>

#include "core/events/SysfsPmu.h"
#include "core/util/Outcome.h"

namespace perfdash {

struct PmuTermEncoding {
    PerfEncoding encoding;
    std::string namedEvent;  // the PMU event the terms used, if exactly one ("tsc")
    std::string displayName; // from name=..., empty otherwise
    double scale = 1.0;
    std::string unit;
};

// `terms` is what stands between the slashes ("event=0x3c,umask=0x0,cmask=2");
// errors name the PMU and list the terms it accepts.
Result<PmuTermEncoding> encodePmuTerms(const SysfsPmu& pmu, std::string_view terms);

} // namespace perfdash
