#pragma once
// The values an exported sample carries, the same in every format
// (pprof's sample types, speedscope's profiles): the samples, the sampled
// event's weight (the sum of its samples' periods: what shares are of and
// perf weighs by), then each other event of the group read with every
// sample, so that a group's counts travel together. The leader's own read
// column is left out: its weight counts the same events, and two values
// of one name would make a viewer's choice by name ambiguous.
#include <cstddef>
#include <string>
#include <vector>

#include "core/profile/Profile.h"

namespace perfdash {

struct ExportValue {
    size_t column;       // into the profile's row columns (ProfileColumns)
    std::string name;    // "samples", the event's name
    bool nanoseconds;    // a software clock's count (cpu-clock, task-clock); else a count of events
};

// [0] the samples, [1] the weight, then the other events in the samples.
std::vector<ExportValue> exportValues(const Profile& profile);
inline constexpr size_t kExportWeight = 1;

} // namespace perfdash
