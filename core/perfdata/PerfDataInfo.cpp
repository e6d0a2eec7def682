#include "core/perfdata/PerfDataInfo.h"

#include "core/events/GenericEvents.h"
#include "core/util/Strings.h"

namespace perfdash {

int PerfDataInfo::eventOf(uint64_t id) const {
    auto it = eventOfId_.find(id);
    return it == eventOfId_.end() ? -1 : it->second;
}

void PerfDataInfo::indexIds() {
    eventOfId_.clear();
    for (size_t e = 0; e < events.size(); ++e)
        for (uint64_t id : events[e].ids) eventOfId_.emplace(id, static_cast<int>(e));
}

std::string nameOfAttr(const perf_event_attr& attr) {
    for (const auto& table : {hardwareEvents(), softwareEvents()})
        for (const GenericEvent& g : table)
            if (g.perfType() == attr.type && g.config == attr.config) return std::string(g.name);
    return printfString("type %u config 0x%llx", attr.type, static_cast<unsigned long long>(attr.config));
}

} // namespace perfdash
