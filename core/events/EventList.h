#pragma once
// Splits a perf-style event list ("cycles,cpu/event=0x3c,umask=0x0/u,sched:sched_switch")
// at the commas between events, never at the commas between a PMU's terms.
#include <string>
#include <string_view>
#include <vector>

#include "core/util/Outcome.h"

namespace perfdash {

// Items are trimmed; an empty item or an unclosed "pmu/..." is an error naming the list.
Result<std::vector<std::string>> splitEventList(std::string_view list);

} // namespace perfdash
