#pragma once
// likwid-perfctr's custom event sets, given to -g instead of a group name:
//
//   EVENT:COUNTER[:OPT...],EVENT:COUNTER[:OPT...],...
//   e.g. INSTR_RETIRED_ANY:FIXC0,CPU_CLK_UNHALTED_CORE:FIXC1,L1D_REPLACEMENT:PMC0:EDGEDETECT
//
// Each item becomes one EVENTSET line of a group without metrics
// ("COUNTER[:OPT...] EVENT"), checked by the group file parser. The counter
// is the first ':'-separated word after the event that is a likwid counter
// name (FIXCn, PMCn, a unit's counter such as MBOX0C1), so an event may carry
// libpfm4 unit masks of its own (INST_RETIRED:ANY_P:PMC0). A group name
// never contains ':', so -g reads any such argument that is not a file as one.
#include <string_view>

#include "core/groups/PerformanceGroup.h"
#include "core/util/Outcome.h"

namespace perfdash {

// The group named "custom"; an error names the item that is wrong and the form expected.
Result<PerformanceGroup> parseCustomEventSet(std::string_view text);

} // namespace perfdash
