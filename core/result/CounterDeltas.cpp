#include "core/result/CounterDeltas.h"

#include <algorithm>

namespace perfdash {

std::optional<CounterValue> readingDelta(const CounterValue& earlier, const CounterValue& later) {
    if (later.raw < earlier.raw || later.enabledNs < earlier.enabledNs || later.runningNs < earlier.runningNs)
        return std::nullopt;
    return CounterValue{later.raw - earlier.raw, later.enabledNs - earlier.enabledNs,
                        later.runningNs - earlier.runningNs};
}

CountValue scaledDelta(const CounterValue& earlier, const CounterValue& later) {
    const std::optional<CounterValue> delta = readingDelta(earlier, later);
    if (!delta) return {};
    const uint64_t raw = delta->raw;
    const uint64_t enabled = delta->enabledNs;
    const uint64_t running = delta->runningNs;
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

std::vector<CountValue> taskCoreTypeCounts(const std::vector<std::optional<CounterValue>>& parts) {
    std::vector<CountValue> out(parts.size());
    uint64_t enabled = 0;
    uint64_t running = 0;
    for (const auto& part : parts) {
        if (!part) return out;
        enabled = std::max(enabled, part->enabledNs);
        running += part->runningNs;
    }
    if (enabled == 0) return out;
    if (running == 0) {
        for (CountValue& c : out) c.coverage = 0.0;
        return out;
    }
    // The parts' running times may add up to a little more than the largest
    // enabled time (each part's times are read at its own moment): that is
    // full coverage, not a scale below 1.
    const double coverage = std::min(1.0, static_cast<double>(running) / static_cast<double>(enabled));
    const double factor = running >= enabled ? 1.0 : static_cast<double>(enabled) / static_cast<double>(running);
    for (size_t i = 0; i < parts.size(); ++i)
        out[i] = CountValue{static_cast<double>(parts[i]->raw) * factor, coverage};
    return out;
}

namespace {

// Locations of a per-CPU task count where the task did not run between the
// two snapshots: their counters could not see anything of it, so the raw
// delta (0) is exact with full coverage, although running did not advance.
void exactWhereAbsent(const Snapshot& earlier, const Snapshot& later, std::vector<CountValue>& out) {
    const size_t locations = later.residentNs.size();
    if (locations == 0 || out.size() % locations != 0) return;
    if (!earlier.residentNs.empty() && earlier.residentNs.size() != locations) return;
    const size_t slotCount = out.size() / locations;
    for (size_t l = 0; l < locations; ++l) {
        const uint64_t before = earlier.residentNs.empty() ? 0 : earlier.residentNs[l];
        if (later.residentNs[l] != before) continue;
        for (size_t s = 0; s < slotCount; ++s) {
            const size_t i = l * slotCount + s;
            const uint64_t from = earlier.values.empty() ? 0 : earlier.values[i].raw;
            if (later.values[i].raw < from) continue;
            out[i] = CountValue{static_cast<double>(later.values[i].raw - from), 1.0};
        }
    }
}

// A hybrid event's parts at task location `l`, scaled together. A task that
// was not scheduled at all keeps the exact zeros countsBetween gave it.
void combineCoreTypeParts(const Snapshot& earlier, const Snapshot& later, const ReadingLayout& layout, size_t l,
                          const std::vector<int>& group, std::vector<CountValue>& counts) {
    const size_t slots = layout.slotOpened.size();
    std::vector<std::optional<CounterValue>> parts;
    bool stoodStill = true;
    for (int slot : group) {
        if (slot < 0 || static_cast<size_t>(slot) >= slots || !layout.slotOpened[static_cast<size_t>(slot)]) {
            parts.emplace_back();
            continue;
        }
        const size_t i = l * slots + static_cast<size_t>(slot);
        parts.push_back(readingDelta(earlier.values[i], later.values[i]));
        stoodStill = stoodStill && parts.back() && parts.back()->enabledNs == 0 && parts.back()->raw == 0;
    }
    if (stoodStill && std::all_of(parts.begin(), parts.end(), [](const auto& p) { return p.has_value(); })) return;
    const std::vector<CountValue> combined = taskCoreTypeCounts(parts);
    for (size_t p = 0; p < group.size(); ++p)
        if (group[p] >= 0 && static_cast<size_t>(group[p]) < slots)
            counts[l * slots + static_cast<size_t>(group[p])] = combined[p];
}

} // namespace

std::vector<CountValue> scaledDeltas(const Snapshot& earlier, const Snapshot& later) {
    std::vector<CountValue> out(later.values.size());
    if (earlier.values.size() != later.values.size()) return out;
    for (size_t i = 0; i < out.size(); ++i) out[i] = scaledDelta(earlier.values[i], later.values[i]);
    exactWhereAbsent(earlier, later, out);
    return out;
}

std::vector<CountValue> scaledTotals(const Snapshot& snapshot) {
    std::vector<CountValue> out(snapshot.values.size());
    for (size_t i = 0; i < out.size(); ++i) out[i] = scaledTotal(snapshot.values[i]);
    exactWhereAbsent(Snapshot{}, snapshot, out);
    return out;
}

std::vector<CountValue> countsBetween(const Snapshot& earlier, const Snapshot& later, const ReadingLayout& layout,
                                      bool pausedThroughout) {
    std::vector<CountValue> counts = scaledDeltas(earlier, later);
    if (pausedThroughout) {
        std::fill(counts.begin(), counts.end(), CountValue{});
        return counts;
    }
    const size_t slots = layout.slotOpened.size();
    const size_t size = layout.taskLocation.size() * slots;
    if (earlier.values.size() != size || later.values.size() != size || counts.size() != size) return counts;
    if (layout.slotGauge.size() == slots)
        for (size_t i = 0; i < size; ++i) {
            if (!layout.slotGauge[i % slots]) continue;
            const CounterValue& reading = later.values[i];
            counts[i] = reading.runningNs == 0
                            ? CountValue{}
                            : CountValue{static_cast<double>(static_cast<int64_t>(reading.raw)), 1.0};
        }
    for (size_t l = 0; l < layout.taskLocation.size(); ++l) {
        if (!layout.taskLocation[l]) continue;
        for (size_t s = 0; s < slots; ++s) {
            if (layout.slotGauge.size() == slots && layout.slotGauge[s]) continue;
            const size_t i = l * slots + s;
            const CounterValue& a = earlier.values[i];
            const CounterValue& b = later.values[i];
            if (layout.slotOpened[s] && b.enabledNs == a.enabledNs && b.raw == a.raw) counts[i] = CountValue{0.0, 1.0};
        }
        for (const std::vector<int>& group : layout.coreTypeParts)
            combineCoreTypeParts(earlier, later, layout, l, group, counts);
    }
    return counts;
}

} // namespace perfdash
