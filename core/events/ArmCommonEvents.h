#pragma once
// Arm's common architectural and microarchitectural PMUv3 events (numbers
// 0x00-0x3F) mean the same on every Armv8 core, but a core implements only
// some of them: its PMCEID0/1 registers say which, and the kernel lists
// exactly those under its armv8 PMU's events/ (drivers/perf/arm_pmuv3.c).
// One that is not implemented still opens, and counts 0 whatever runs (QEMU's
// emulated PMU implements CPU_CYCLES and INST_RETIRED only): that 0 must be
// "not counted" with the reason, never a count.
#include <cstdint>
#include <optional>
#include <set>
#include <string>

#include "core/events/EventSpec.h"
#include "core/events/SysfsPmu.h"

namespace perfdash {

// An Armv8 or Armv9 PMUv3 core PMU (armv8_pmuv3_0, armv8_cortex_a57, armv9_...).
bool isArmPmuv3(const std::string& pmuName);

class ArmImplementedEvents {
public:
    // The core PMU's implemented common events; nullopt where the core PMU is no Armv8 PMUv3.
    static std::optional<ArmImplementedEvents> of(const SysfsPmus& pmus);

    // Why `event` (raw, or an event of that PMU) is a common event the core
    // does not implement; nullopt when it is implemented or no common event.
    std::optional<std::string> notImplemented(const ResolvedEvent& event) const;

private:
    std::string pmu_;
    std::string eventsDir_;
    uint32_t type_ = 0;
    std::set<uint64_t> numbers_; // the common event numbers listed under events/
};

} // namespace perfdash
