#pragma once
#include <chrono>
#include <string_view>

#include "core/util/Outcome.h"

namespace perfdash {

// likwid/perf style durations: "100ms", "1s", "2.5s", "500us", "10ns", "1m".
// A bare number is read in `bareUnit` (perf's -I takes milliseconds).
Result<std::chrono::nanoseconds> parseDuration(std::string_view text, std::string_view what,
                                               std::chrono::nanoseconds bareUnit = std::chrono::seconds(1));

std::string formatDuration(std::chrono::nanoseconds d);

} // namespace perfdash
