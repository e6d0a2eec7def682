#pragma once
// The two counters of a Loongson 2E/2F as one counter set: enable() writes
// the selection (which restarts both counters from 0), read() extends the
// 32-bit counters to 64-bit totals, disable() stops them, destruction stops
// them too. The device is read often enough by the sampler: see
// maxReadInterval() (a cycle counter at 1 GHz wraps every 4.3 s).
//
// Thread safety: read() from the sampler thread; enable()/disable() from
// another thread meanwhile are serialised with it.
#include <array>
#include <mutex>
#include <vector>

#include "core/backends/CounterBackend.h"
#include "core/backends/DirectCounting.h"
#include "core/backends/loongson/PcounterDevice.h"

namespace perfdash::loongson {

class LoongsonCounterSet final : public CounterSet {
public:
    // slotCounter[s]: the hardware counter (0 or 1) slot s reads, or -1
    // when the slot is not counted (its reason is in status[s]).
    LoongsonCounterSet(PcounterDevice device, unsigned int control, std::vector<int> slotCounter,
                       std::vector<SlotStatus> status);
    ~LoongsonCounterSet() override; // stops the counters

    const std::vector<CounterLocation>& locations() const override { return locations_; }
    const std::vector<SlotStatus>& slotStatus() const override { return status_; }
    size_t groupCount() const override { return 1; }
    Status enable() override;
    Status disable() override;
    Status read(Snapshot& out) override;
    std::chrono::nanoseconds maxReadInterval() const override;

private:
    Status readInto(bool rebase);

    PcounterDevice device_;
    unsigned int control_;
    std::vector<int> slotCounter_;
    std::vector<SlotStatus> status_;
    std::vector<CounterLocation> locations_;
    std::array<WrappingCounter, 2> counters_{WrappingCounter(32), WrappingCounter(32)};
    std::mutex mutex_;
    EnabledClock clock_;
};

} // namespace perfdash::loongson
