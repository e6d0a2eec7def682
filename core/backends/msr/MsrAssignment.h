#pragma once
// Which hardware counter each slot of an event set gets. The MSR backend
// does not multiplex: every event of every group counts at once, so a set
// needs no more general and fixed counters than the CPU has.
//
//   PMC<n>   (likwid's name) general counter n
//   FIXC<n>  Intel fixed counter n; the event must be the one it counts
//   other    a free-running register event reads its register; a core event
//            takes its fixed counter when free (instructions, core cycles,
//            reference cycles), else the lowest free general counter
// Named counters are placed first, so a group keeps its likwid layout.
#include <string>
#include <vector>

#include "core/backends/CounterBackend.h"
#include "core/backends/msr/MsrEvents.h"

namespace perfdash::msr {

struct MsrSlot {
    enum class Counter { General, Fixed, Register };
    bool assigned = false;
    std::string reason; // why not, when !assigned
    Counter counter = Counter::General;
    int index = -1; // General or Fixed
    MsrEventPlan event;
};

std::vector<MsrSlot> assignMsrCounters(const EventSet& events, const MsrPmu& pmu);

} // namespace perfdash::msr
