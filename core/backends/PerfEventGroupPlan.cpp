#include "core/backends/PerfEventGroupPlan.h"

namespace perfdash {

PerfGroupPlan planPerfGroups(const EventSet& events, const PerfSlotOpener& open, const PerfPermissions& perms) {
    PerfGroupPlan plan;
    plan.slotStatus.resize(events.size());
    plan.openErrors.assign(events.size(), 0);
    plan.fds.assign(events.size(), -1);

    for (size_t slot = 0; slot < events.size(); ++slot) {
        for (size_t g = 0; g < plan.groups.size() && plan.fds[slot] < 0; ++g) {
            const size_t leader = plan.groups[g].front();
            if (events[leader].set != events[slot].set) continue;
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
