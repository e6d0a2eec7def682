#include "core/events/PerfOpenError.h"

#include <linux/perf_event.h>

namespace perfdash {

bool onCorePmu(const ResolvedEvent& e) {
    switch (e.encoding.type) {
    case PERF_TYPE_HARDWARE:
    case PERF_TYPE_HW_CACHE:
    case PERF_TYPE_RAW: return true;
    default: return e.source == EventSource::SysfsPmu && isCorePmuName(e.pmu);
    }
}

std::string explainPerfOpenError(int err, const ResolvedEvent& event, const PerfPermissions& perms) {
    return explainPerfOpenError(err, PerfOpenSubject{event.name.empty() ? event.spec : event.name, onCorePmu(event),
                                                     event.encoding},
                                perms);
}

} // namespace perfdash
