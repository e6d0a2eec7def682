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
#include <optional>
#include <vector>

#include "core/result/MeasurementResult.h"
#include "core/result/Readings.h"

namespace perfdash {

CountValue scaledDelta(const CounterValue& earlier, const CounterValue& later);
CountValue scaledTotal(const CounterValue& value);

// What a counter counted between two readings; nullopt when a reading went backwards.
std::optional<CounterValue> readingDelta(const CounterValue& earlier, const CounterValue& later);

// The parts of one hybrid CPU's event counted for a task (a thread or process
// followed on any CPU): one event per core PMU (cpu_core, cpu_atom), each
// confined to its core type's CPUs. The kernel advances such an event's
// enabled time whenever the task runs, on any CPU, but its running time only
// while the task runs on a CPU of its type: on the other type the event is
// filtered out, not multiplexed. A part's own running/enabled is therefore no
// multiplexing share (a thread that ran 1 % of its time on E-cores would
// have its E-core count scaled up 100 times), and its raw count is exact.
// So the parts are one event whose running time is the sum of theirs:
//   factor = enabled / sum(running), coverage = sum(running) / enabled,
// where enabled is the task's (the parts' enabled times differ only by
// scheduling jitter: the largest is taken). Without multiplexing the running
// times add up to enabled and the factor is 1 (the raw counts, exactly);
// under multiplexing it is the usual estimate, assuming the multiplexing was
// uniform across the core types. Each part's value is its raw count times
// that factor, so the slot's value, their sum, is sum(raw) x factor. A part
// that never ran counted an exact 0 as long as another part ran. When no
// part ran every part is n/a with coverage 0 (enabled, never on a counter),
// as is every part when one is not known (nullopt: not counted, or a
// reading that went backwards): its share of the time is unknown.
// `parts`: each part's reading over the period (readingDelta, or since opening).
std::vector<CountValue> taskCoreTypeCounts(const std::vector<std::optional<CounterValue>>& parts);

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
    // Per hybrid event: the event-set slots of its core types' parts (-1: a
    // part that is not counted), combined at thread and process locations by
    // taskCoreTypeCounts. Empty: no hybrid events.
    std::vector<std::vector<int>> coreTypeParts{};
};

// The counts of one counter set between two of its snapshots. A period in
// which counting was paused throughout counted nothing that is known: every
// value is n/a. A task's counter advances its enabled time only while the
// task runs, so a thread or process location whose enabled time and raw
// count stood still was not scheduled and counted an exact 0. (A paused
// counter's enabled time stands still too: that is why pauses go first.)
// A gauge's value for the period is its reading at the period's end (a
// reading of the moment, not a difference: a temperature), with full
// coverage; n/a where there was no reading. At a thread or process location
// that was scheduled, a hybrid event's parts (layout.coreTypeParts) are
// scaled together (taskCoreTypeCounts), not each on its own.
std::vector<CountValue> countsBetween(const Snapshot& earlier, const Snapshot& later, const ReadingLayout& layout,
                                      bool pausedThroughout);

} // namespace perfdash
