#pragma once
// How numbers look to a person (text tables, the timeline): counts stay
// exact integers, other values get six significant digits, and a value that
// is not available reads "n/a", never 0.
#include <string>

#include "core/session/MeasurementResult.h"

namespace perfdash {

inline constexpr const char* kNotAvailableText = "n/a";
inline constexpr const char* kNotCountedText = "not counted";

// "n/a" for NaN/inf; integral values (and any value of a million or more,
// where decimals carry no information) as plain integers; otherwise %.6g.
std::string formatNumber(double value);

// True when the event ran on a counter only part of the time and its value
// was scaled up (coverage known and below 1).
bool isMultiplexed(const CountValue& count);

// Coverage as a percentage, rounded down so that 99.97% never reads "100.0%".
std::string formatCoverage(double coverage);

// The value, followed by " (62.5%)" when it was multiplexed.
std::string formatCount(const CountValue& count);

// " [Joules]" after an event's name when its values have a unit; empty for plain counts.
std::string unitSuffix(const std::string& unit);

} // namespace perfdash
