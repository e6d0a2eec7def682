#pragma once
// Counter readings as a backend delivers them: cumulative raw counts with
// the kernel's enabled and running times. The result rules
// (CounterDeltas.h) turn them into counts.
#include <cstdint>
#include <vector>

namespace perfdash {

// Cumulative since the counters were opened, as the kernel reports them.
struct CounterValue {
    uint64_t raw = 0;
    uint64_t enabledNs = 0;
    uint64_t runningNs = 0;
};

// One sample of every counter. values[location * slotCount + slot].
struct Snapshot {
    uint64_t seq = 0;
    int64_t monotonicNs = 0; // CLOCK_MONOTONIC when the read finished
    std::vector<CounterValue> values;
    // Per location, for a task counted per CPU: how long the task has run on
    // that CPU. A location whose residency did not advance saw nothing of the
    // task, so its counts are an exact 0, not "not counted". Empty otherwise.
    std::vector<uint64_t> residentNs;
};

} // namespace perfdash
