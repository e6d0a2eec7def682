#include "core/events/HybridCoreEvent.h"

#include <linux/perf_event.h>

namespace perfdash {

bool isCoreEvent(const ResolvedEvent& event, const SysfsPmus& pmus) {
    const uint32_t type = event.encoding.type;
    if (type == PERF_TYPE_HARDWARE || type == PERF_TYPE_HW_CACHE || type == PERF_TYPE_RAW) return true;
    for (const SysfsPmu* core : pmus.hybridCores())
        if (core->type == type) return true;
    return false;
}

const SysfsPmu* writtenForHybridCore(const ResolvedEvent& event, const SysfsPmus& pmus) {
    const SysfsPmu* pmu = event.source == EventSource::SysfsPmu ? pmus.find(event.pmu) : nullptr;
    return pmu && !pmu->coreCpus.empty() ? pmu : nullptr;
}

ResolvedEvent onHybridCore(ResolvedEvent event, const SysfsPmu& core) {
    PerfEncoding& e = event.encoding;
    if (e.type == PERF_TYPE_HARDWARE || e.type == PERF_TYPE_HW_CACHE) {
        e.config = (e.config & PERF_HW_EVENT_MASK) | (uint64_t{core.type} << PERF_PMU_TYPE_SHIFT);
    } else {
        e.type = core.type;
    }
    // perf's spelling for generic and raw events (cpu_atom/cycles/); a table's
    // or libpfm4's name already says which core type's code it is.
    const std::string prefix = core.name + "/";
    if (!event.name.starts_with(prefix) && event.name.find("::") == std::string::npos)
        event.name = prefix + event.name + "/";
    event.pmu = core.name;
    event.coreCpus = core.coreCpus;
    return event;
}

std::vector<CoreTypeEvent> onEveryHybridCore(Result<ResolvedEvent> event, const SysfsPmus& pmus) {
    const auto cores = pmus.hybridCores();
    if (!event || cores.empty() || !isCoreEvent(*event, pmus)) return {{std::string(), std::move(event)}};
    if (const SysfsPmu* own = writtenForHybridCore(*event, pmus)) {
        event->coreCpus = own->coreCpus;
        return {{own->name, std::move(event)}};
    }
    std::vector<CoreTypeEvent> out;
    for (const SysfsPmu* core : cores) out.push_back({core->name, onHybridCore(*event, *core)});
    return out;
}

} // namespace perfdash
