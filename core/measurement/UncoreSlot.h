#pragma once
// A group slot on one of likwid's uncore and other units (MBOX3C1, CBOX0C0,
// DFC2, PWR0, UBOXFIX) made into an event of the kernel's PMU that unit is
// (LikwidUncore.h): the box number picks the PMU instance this machine has
// (MBOX3 is the fourth uncore_imc_N in numeric order), likwid's event name
// becomes that PMU's named event or the vendor's codes, likwid's options
// become the PMU's format terms. A RAPL counter (PWRn) whose domain the
// `power` PMU lacks here, or that has no `power` PMU, is read from the
// domain's powercap zone where there is one (core/events/PowercapEnergy.h).
// What cannot be mapped is an error that says why: a box the machine lacks,
// an option the PMU has no term for, a name the table does not have.
#include "core/events/EventResolver.h"
#include "core/groups/GroupArch.h"
#include "core/groups/LikwidCounters.h"
#include "core/groups/PerformanceGroup.h"
#include "core/util/Outcome.h"

namespace perfdash {

// `arch` may be nullptr (no known architecture): entries limited to some
// architectures or a vendor do not apply then. The PMUs are `events.pmus()`.
Result<ResolvedEvent> resolveUncoreSlot(const EventResolver& events, const GroupArch* arch, const GroupSlot& slot,
                                        const LikwidCounter& counter);

} // namespace perfdash
