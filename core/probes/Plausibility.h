#pragma once
// The one place where a computed figure becomes either a measurement or
// "unavailable, because ...". A timing is a difference of two runs converted
// with a clock; a busy machine or a frequency change can make that difference
// zero, negative or too small for any real core. Such a figure is never shown
// as measured: it is dropped and the reason takes its place.
#include <string>

#include "core/probes/Statistics.h"

namespace perfdash {

// No core issues more instructions per cycle than this (the widest retire
// about 10 per cycle); a figure beyond it comes from a disturbed run.
inline constexpr double kMaxInstructionsPerCycle = 16;
// No core runs a dependent add faster than this (overclocking records are
// near 9 GHz); a faster clock chain was disturbed.
inline constexpr double kMaxCoreClockHz = 10e9;

// Why a summary of cycles per instruction copy (latency, reciprocal
// throughput, an IPC point) is not a measurement, or "" when it is: every
// order statistic must be finite and at least 1 / kMaxInstructionsPerCycle.
std::string whyCyclesNotMeasurable(const Summary& cyclesPerInstruction);

// Why the clock chain's seconds per add (from its fastest and its median
// runs) give no clock, or "" when they do: both must be positive (the
// longer chain took longer) and give a clock of at most kMaxCoreClockHz.
std::string whyClockNotMeasurable(double fastestSecondsPerAdd, double medianSecondsPerAdd);

} // namespace perfdash
