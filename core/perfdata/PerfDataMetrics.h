#pragma once
// A group's formulas over a perf.data file's events, so that `report` shows
// metrics per function (CPI, IPC) for a file of `perf record -e
// '{cycles,instructions}:S'` as it does for perfdash's own sessions: each of
// the group's slots bound to the member of the file's sampled group that
// counts its event, the formulas then evaluated by core/profile on the
// summed deltas, with their error (ProfileMetrics.h).
//
// A slot binds to a member when
//   - its event is one of perf's generic events (`cycles`, `instructions`,
//     `task-clock`; GenericEvents.h) and the member's attr is that event
//     (type and config), whatever perf's modifiers on it (`cycles:u`: both
//     events of a group counted user space only give a ratio of the same
//     thing); or
//   - its event is written with modifiers or is not generic: it is the
//     member's name as perf wrote it (`cycles:u`, `armv8_pmuv3/inst_retired/`).
// likwid's options on a slot (`PMC0:EDGEDETECT`) bind nothing: the file's
// events were opened by perf, without them. The bound events must count the
// same privilege levels (perf's :u, :k, ...): a ratio of user-space cycles
// to all instructions would mean neither.
//
// The built-in sets (resources/perfdata/*.txt, likwid-format group files)
// are tried in name order when the user names none, the first whose slots
// all bind is used; a group the user names must bind, else the error names
// each slot left without an event and the events the file has.
#include <optional>
#include <string>
#include <vector>

#include "core/groups/PerformanceGroup.h"
#include "core/perfdata/PerfDataInfo.h"
#include "core/profile/Profile.h"
#include "core/util/Outcome.h"

namespace perfdash {

struct PerfDataMetricGroups {
    std::optional<PerformanceGroup> chosen; // report --group: must bind
    std::vector<PerformanceGroup> builtIn;  // otherwise the first of these that binds
};

// The built-in sets under `dir` (resources/perfdata of dataDir()), read and
// their formulas checked; an error names a broken file.
Result<std::vector<PerformanceGroup>> readPerfDataMetricGroups(const std::string& dir);

// The profile's events and formulas for the sampled group's `members`
// (leader first): a bound slot's member is named by the slot's counter, as
// in a session of the group, the others by perf's name (made a formula
// identifier where formulas are bound: `cycles:u` as `cycles_u`).
struct PerfDataColumns {
    std::vector<ProfileEvent> events;   // one per member, in order
    std::vector<ProfileMetric> metrics; // none where no group binds
    std::string notice;                 // which group's formulas over which events; "" without
};
Result<PerfDataColumns> perfDataColumns(const PerfDataMetricGroups& groups,
                                        const std::vector<const PerfDataEvent*>& members);

} // namespace perfdash
