#pragma once
// likwid-perfctr's way with several event sets (its -T): one set counts at a
// time and they take turns, switched round-robin every period, instead of all
// being opened at once and left to the kernel, which multiplexes them on its
// own timer tick when the hardware counters run out.
//
// A set switched off keeps its kernel running time; its enabled time is made
// what it would have been had it never been switched off (the kernel's plus
// the time it was off). So perfdash's one rule for partly counted events
// applies unchanged: the count is scaled by enabled/running and the coverage
// (the set's share of the time) is shown beside it. An interval in which a
// set was off throughout has no value for it ("n/a"), never 0.
//
// The switch happens inside read(), at the sampler's reads, once at least
// half a period has passed since the last one (the active set off, read, the
// next set on): with a timeline whose interval is the period, every interval
// belongs to exactly one set.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "core/backends/CounterBackend.h"
#include "core/util/Clock.h"

namespace perfdash {

class RotatingCounterSet final : public CounterSet {
public:
    // `events`: the event set `inner` was opened with (EventSlot::set numbers
    // the sets). `clock`: CLOCK_MONOTONIC in ns, the clock of the inner set's
    // snapshots (a test gives its own).
    RotatingCounterSet(std::unique_ptr<CounterSet> inner, const EventSet& events, std::chrono::nanoseconds period,
                       std::function<int64_t()> clock = monotonicNowNs);

    const std::vector<CounterLocation>& locations() const override { return inner_->locations(); }
    const std::vector<SlotStatus>& slotStatus() const override { return inner_->slotStatus(); }
    size_t groupCount() const override { return inner_->groupCount(); }
    // Enables the set whose turn it is, the others stay off.
    Status enable() override;
    Status disable() override;
    Status read(Snapshot& out) override;
    // The sampler reads at least every period, so that the sets take their turns.
    std::chrono::nanoseconds maxReadInterval() const override;

private:
    Status switchSet(size_t set, bool on);
    std::optional<size_t> nextSet() const;

    std::unique_ptr<CounterSet> inner_;
    std::chrono::nanoseconds period_;
    std::function<int64_t()> clock_;
    std::vector<std::vector<size_t>> kernelGroups_; // per set, its kernel groups
    std::vector<size_t> setOfSlot_;
    std::mutex mutex_; // enable()/disable() may come from another thread than read()
    bool enabled_ = false;
    size_t active_ = 0;
    int64_t lastSwitchNs_ = 0;
    std::vector<int64_t> offNs_;      // per set: time it was off while counting was on, closed spans
    std::vector<int64_t> offSinceNs_; // per set: start of the open span, -1 when none
};

} // namespace perfdash
