#pragma once
// perf_event_open's errors explained for a resolved event: the catalog's
// knowledge of the event (its name, whether the CPU cores' PMU counts it)
// handed to the syscall layer's explanation (core/sys/PerfEventSys.h).
#include <string>

#include "core/events/EventSpec.h"
#include "core/sys/PerfEventSys.h"

namespace perfdash {

// Whether the CPU cores' PMU counts the event (a VM without a virtual PMU lacks it).
bool onCorePmu(const ResolvedEvent& event);

std::string explainPerfOpenError(int err, const ResolvedEvent& event, const PerfPermissions& perms);

} // namespace perfdash
