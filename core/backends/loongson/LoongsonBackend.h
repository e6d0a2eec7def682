#pragma once
// The Loongson 2E/2F backend: counts one event of counter 0 and one of
// counter 1 (core/events/Loongson2fEvents.h) through perfdash's pcounter
// kernel module. The chip has a single core, so every scope is that CPU,
// counted whole: the kernel and every other process on it included.
#include <string>

#include "core/backends/DirectBackend.h"
#include "core/backends/loongson/PcounterDevice.h"

namespace perfdash::loongson {

// Loongson 2F cores run at most about 1.2 GHz and complete at most four
// operations per cycle: no event counts faster than this.
inline constexpr double kMaxEventsPerSecond = 4 * 1.2e9;

class LoongsonBackend final : public DirectBackend {
public:
    explicit LoongsonBackend(std::string devicePath = kDefaultPcounterPath);

    std::string name() const override { return "loongson"; }
    Status ready() const override;
    Availability check(const ResolvedEvent& event) const override;
    Result<std::string> describeScope(const CountingScope& scope) const override;
    std::string groupArch() const override { return "loongson2f"; }

    // One location, cpu0. At most one event per counter, and both must
    // count the same privilege levels (the chip has one mode setting for
    // both); other slots are reported in slotStatus().
    Result<std::unique_ptr<CounterSet>> open(const EventSet& events, const CountingScope& scope) override;

private:
    std::string devicePath_;
};

} // namespace perfdash::loongson
