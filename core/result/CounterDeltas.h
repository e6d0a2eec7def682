#pragma once
// From cumulative counter readings to counts: per interval (two snapshots) or
// since opening (one snapshot), scaled for multiplexing, with coverage. The
// one place that decides between a count, an exact 0 and "not available".
// Pure functions: the CLI, the GUI and the tests use the same arithmetic.
//
// scaled = raw x enabled / running (of the interval), coverage = running / enabled.
// NaN ("not available", never 0) when running did not advance (the counter
// never got onto the PMU, or it was paused), and when a reading went
// backwards (a counter that was reset or two snapshots of different counter
// sets): a wrong number is worse than none. The exception: a location of a
// per-CPU task count (Snapshot::residentNs) whose task did not run there in
// the period has an exact count (0) with full coverage; so has a thread or
// process location whose task was not scheduled at all in the period.
#include <vector>

#include "core/result/MeasurementResult.h"
#include "core/result/Readings.h"

namespace perfdash {

CountValue scaledDelta(const CounterValue& earlier, const CounterValue& later);
CountValue scaledTotal(const CounterValue& value);

// Parallel to Snapshot::values (values[location * slotCount + slot]). Snapshots
// of different sizes come from different counter sets: every value is NaN.
std::vector<CountValue> scaledDeltas(const Snapshot& earlier, const Snapshot& later);
std::vector<CountValue> scaledTotals(const Snapshot& snapshot);

// What the rules need to know of a counter set besides its readings.
struct ReadingLayout {
    std::vector<bool> taskLocation; // per location: a thread or process (not a CPU)
    std::vector<bool> slotOpened;   // per event-set slot: the backend opened it
    // Per event-set slot: a gauge (a temperature), whose raw value is a
    // reading (a signed integer in two's complement), not a running count.
    // Empty: no gauges.
    std::vector<bool> slotGauge{};
};

// The counts of one counter set between two of its snapshots. A period in
// which counting was paused throughout counted nothing that is known: every
// value is n/a. A task's counter advances its enabled time only while the
// task runs, so a thread or process location whose enabled time and raw
// count stood still was not scheduled and counted an exact 0. (A paused
// counter's enabled time stands still too: that is why pauses go first.)
// A gauge's value for the period is its reading at the period's end (a
// reading of the moment, not a difference: a temperature), with full
// coverage; n/a where there was no reading.
std::vector<CountValue> countsBetween(const Snapshot& earlier, const Snapshot& later, const ReadingLayout& layout,
                                      bool pausedThroughout);

} // namespace perfdash
