#pragma once
// How numbers look to a person (text tables, the timeline): counts stay
// exact integers, other values get six significant digits, and a value that
// is not available reads "n/a", never 0.
#include <optional>
#include <string>
#include <vector>

#include "core/result/MeasurementResult.h"

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

// A sum that only some parts had a value for: "≥ 1234 (partial: 3 of 10 intervals)".
// parts: what was added up, in the plural ("intervals", "locations", "threads").
std::string formatPartial(const PartialSum& partial, const std::string& parts);
// The same for a table cell, whose width must not push the other rows' figures
// out of view: "≥ 1234 (partial)"; the cell's tooltip (describeCount) says of how many parts.
std::string formatPartialShort(const PartialSum& partial);

// Why a counted event has no value (n/a) in one period and place, in a few words.
std::string noValueReason(const CountValue& count);

// What a person should know about a value beside the number: why it is n/a,
// that it is partial (and what it is a lower bound of), that it was scaled
// up; empty for a plain exact count.
std::string describeCount(const CountValue& count, const std::optional<PartialSum>& partial, const std::string& parts);

// The cell of a location whose count a package unit's reader holds
// (MeasurementResult.h, HeldElsewhere): "see CPU 0", never "n/a".
std::string formatHeldElsewhere(int cpu);
// Which CPU reads the unit for which CPUs: "on CPU 0 for CPUs 0-3,8-11 and on
// CPU 4 for CPUs 4-7,12-15" (a merged report's CPUs with their host).
std::string describeReaders(const HeldElsewhere& held, const std::vector<LocationInfo>& locations);

// " [Joules]" after an event's name when its values have a unit; empty for plain counts.
std::string unitSuffix(const std::string& unit);

} // namespace perfdash
