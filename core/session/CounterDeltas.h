#pragma once
// From cumulative counter readings to counts: per interval (two snapshots) or
// since opening (one snapshot), scaled for multiplexing, with coverage.
// Pure functions: the CLI, the GUI and the tests use the same arithmetic.
//
// scaled = raw x enabled / running (of the interval), coverage = running / enabled.
// NaN ("not available", never 0) when running did not advance (the counter
// never got onto the PMU, or it was paused), and when a reading went
// backwards (a counter that was reset or two snapshots of different counter
// sets): a wrong number is worse than none. The exception: a location of a
// per-CPU task count (Snapshot::residentNs) whose task did not run there in
// the period has an exact count (0) with full coverage.
#include <vector>

#include "core/backends/CounterBackend.h"
#include "core/session/MeasurementResult.h"

namespace perfdash {

CountValue scaledDelta(const CounterValue& earlier, const CounterValue& later);
CountValue scaledTotal(const CounterValue& value);

// Parallel to Snapshot::values (values[location * slotCount + slot]). Snapshots
// of different sizes come from different counter sets: every value is NaN.
std::vector<CountValue> scaledDeltas(const Snapshot& earlier, const Snapshot& later);
std::vector<CountValue> scaledTotals(const Snapshot& snapshot);

} // namespace perfdash
