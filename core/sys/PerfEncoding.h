#pragma once
// What goes into perf_event_attr for one event: the kernel's own terms, below
// the event catalog (core/events) and the backends that open it.
#include <cstdint>

namespace perfdash {

// The parts of perf_event_attr that depend on the event, not on the target.
struct PerfEncoding {
    uint32_t type = 0;
    uint64_t config = 0;
    uint64_t config1 = 0;
    uint64_t config2 = 0;
    bool excludeUser = false;
    bool excludeKernel = false;
    bool excludeHv = false;
    bool excludeIdle = false;
    bool excludeHost = false;
    bool excludeGuest = false;
    uint8_t preciseIp = 0;

    bool operator==(const PerfEncoding&) const = default;
};

} // namespace perfdash
