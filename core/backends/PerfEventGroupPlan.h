#pragma once
// Which kernel group each slot of an event set goes into. Decided by really
// opening the events on one location, because only the kernel knows what
// fits: x86/ARM validate_group() rejects a member that the PMU's counters
// cannot hold together with the group (EINVAL), events of different hardware
// PMUs cannot share a group (EINVAL), and a group whose read would exceed the
// kernel's buffer limit is refused (E2BIG on recent kernels). In all those
// cases the event opens fine on its own, and it starts a new group of its set
// so that the kernel multiplexes the groups.
#include <functional>
#include <vector>

#include "core/backends/CounterBackend.h"
#include "core/events/PerfOpenError.h"

namespace perfdash {

struct PerfGroupPlan {
    std::vector<SlotStatus> slotStatus;     // parallel to the event set
    std::vector<int> openErrors;            // errno of the slot's last failed open; 0 when opened
    std::vector<std::vector<size_t>> groups; // slot indices per group, leader first
    std::vector<int> fds;                   // per slot, the fd opened while planning; -1 when not opened
};

// Opens `slot` as a member of the group led by `leaderFd`, or as a new leader
// when `leaderFd` is -1. Returns the fd, or -errno.
using PerfSlotOpener = std::function<int(size_t slot, int leaderFd)>;

// Places every slot: into the first existing group of its own set (and of
// the same PMU when confined to some CPUs, ResolvedEvent::coreCpus) that the kernel accepts
// it in, else as the leader of a new group of that set. A slot that cannot be
// opened even alone is reported with explainPerfOpenError's reason. The caller owns the fds in the returned plan.
PerfGroupPlan planPerfGroups(const EventSet& events, const PerfSlotOpener& open, const PerfPermissions& perms);

} // namespace perfdash
