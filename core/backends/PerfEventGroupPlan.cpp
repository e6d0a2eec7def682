#include "core/backends/PerfEventGroupPlan.h"

#include <algorithm>
#include <linux/perf_event.h>
#include <numeric>

namespace perfdash {

namespace {

// Intel's top-down slots event (event 0x00, umask 0x04; the kernel's
// cpu/slots/). The kernel accepts the top-down metric events
// (cpu/topdown-retiring/, ...) only in a group that this event leads
// (intel_pmu_hw_config), so it is placed before the other slots of its set.
bool isTopdownSlots(const EventSlot& slot) {
    return slot.event.encoding.type == PERF_TYPE_RAW && (slot.event.encoding.config & 0xffff) == 0x0400;
}

// The PMU of a slot confined to some CPUs (a hybrid core PMU, cpu_core or
// cpu_atom; a package's unit read on one CPU per package), empty for every
// other event: the kernel takes no group that mixes two core PMUs, and each
// opens on its own CPUs only, so groups never mix them.
const std::string& corePmuOf(const EventSlot& slot) {
    static const std::string none;
    return slot.event.coreCpus.empty() ? none : slot.event.pmu;
}

// The order in which slots are placed: the event set's, slots events first.
std::vector<size_t> placementOrder(const EventSet& events) {
    std::vector<size_t> order(events.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_partition(order.begin(), order.end(), [&](size_t s) { return isTopdownSlots(events[s]); });
    return order;
}

} // namespace

PerfGroupPlan planPerfGroups(const EventSet& events, const PerfSlotOpener& open, const PerfPermissions& perms) {
    PerfGroupPlan plan;
    plan.slotStatus.resize(events.size());
    plan.openErrors.assign(events.size(), 0);
    plan.fds.assign(events.size(), -1);

    for (const size_t slot : placementOrder(events)) {
        for (size_t g = 0; g < plan.groups.size() && plan.fds[slot] < 0; ++g) {
            const size_t leader = plan.groups[g].front();
            if (events[leader].set != events[slot].set || corePmuOf(events[leader]) != corePmuOf(events[slot])) continue;
            const int fd = open(slot, plan.fds[leader]);
            if (fd >= 0) {
                plan.fds[slot] = fd;
                plan.slotStatus[slot].group = static_cast<int>(g);
                plan.groups[g].push_back(slot);
            }
        }
        if (plan.fds[slot] >= 0) {
            plan.slotStatus[slot].opened = true;
            continue;
        }
        const int fd = open(slot, -1);
        if (fd < 0) {
            plan.openErrors[slot] = -fd;
            plan.slotStatus[slot].reason = explainPerfOpenError(-fd, events[slot].event, perms);
            continue;
        }
        plan.fds[slot] = fd;
        plan.slotStatus[slot].opened = true;
        plan.slotStatus[slot].group = static_cast<int>(plan.groups.size());
        plan.groups.push_back({slot});
    }
    return plan;
}

} // namespace perfdash
