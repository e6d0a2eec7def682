#include "core/session/CounterDeltas.h"

#include <algorithm>

namespace perfdash {

CountValue scaledDelta(const CounterValue& earlier, const CounterValue& later) {
    if (later.raw < earlier.raw || later.enabledNs < earlier.enabledNs || later.runningNs < earlier.runningNs)
        return {};
    const uint64_t raw = later.raw - earlier.raw;
    const uint64_t enabled = later.enabledNs - earlier.enabledNs;
    const uint64_t running = later.runningNs - earlier.runningNs;
    CountValue c;
    if (enabled > 0) c.coverage = std::min(1.0, static_cast<double>(running) / static_cast<double>(enabled));
    if (running == 0) return c;
    // running can exceed enabled by read skew (see PerfEventCounterSet's
    // residency counter): that is full coverage, not a scale below 1.
    if (running >= enabled) {
        c.value = static_cast<double>(raw);
        c.coverage = 1.0;
    } else {
        c.value = static_cast<double>(raw) * (static_cast<double>(enabled) / static_cast<double>(running));
    }
    return c;
}

CountValue scaledTotal(const CounterValue& value) { return scaledDelta(CounterValue{}, value); }

std::vector<CountValue> scaledDeltas(const Snapshot& earlier, const Snapshot& later) {
    std::vector<CountValue> out(later.values.size());
    if (earlier.values.size() != later.values.size()) return out;
    for (size_t i = 0; i < out.size(); ++i) out[i] = scaledDelta(earlier.values[i], later.values[i]);
    return out;
}

std::vector<CountValue> scaledTotals(const Snapshot& snapshot) {
    std::vector<CountValue> out(snapshot.values.size());
    for (size_t i = 0; i < out.size(); ++i) out[i] = scaledTotal(snapshot.values[i]);
    return out;
}

CountValue sumOverLocations(const std::vector<CountValue>& values, size_t slotCount, size_t slot) {
    CountValue sum;
    if (slotCount == 0 || slot >= slotCount) return sum;
    for (size_t i = slot; i < values.size(); i += slotCount) {
        const CountValue& v = values[i];
        if (isAvailable(v.value)) sum.value = isAvailable(sum.value) ? sum.value + v.value : v.value;
        if (isAvailable(v.coverage))
            sum.coverage = isAvailable(sum.coverage) ? std::min(sum.coverage, v.coverage) : v.coverage;
    }
    return sum;
}

} // namespace perfdash
