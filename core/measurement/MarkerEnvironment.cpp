#include "core/measurement/MarkerEnvironment.h"

#include <cstdio>

#include "marker/wire/perfdash_marker_wire.h"

namespace perfdash {

namespace {

unsigned excludeBits(const PerfEncoding& e) {
    return (e.excludeUser ? PERFDASH_MARKER_EXCLUDE_USER : 0u) | (e.excludeKernel ? PERFDASH_MARKER_EXCLUDE_KERNEL : 0u) |
           (e.excludeHv ? PERFDASH_MARKER_EXCLUDE_HV : 0u) | (e.excludeIdle ? PERFDASH_MARKER_EXCLUDE_IDLE : 0u) |
           (e.excludeHost ? PERFDASH_MARKER_EXCLUDE_HOST : 0u) | (e.excludeGuest ? PERFDASH_MARKER_EXCLUDE_GUEST : 0u);
}

std::string encodeEvent(const PerfEncoding& e) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "%u:%#llx:%#llx:%#llx:%#x", e.type, static_cast<unsigned long long>(e.config),
                  static_cast<unsigned long long>(e.config1), static_cast<unsigned long long>(e.config2),
                  excludeBits(e));
    return buf;
}

} // namespace

std::vector<std::vector<size_t>> markerSetSlots(const MeasurementPlan& plan) {
    std::vector<std::vector<size_t>> sets(plan.groups.size());
    for (size_t s = 0; s < plan.eventSet.size(); ++s) {
        const auto set = static_cast<size_t>(plan.eventSet[s].set);
        if (set < sets.size()) sets[set].push_back(s);
    }
    return sets;
}

Status checkMarkerPlan(const MeasurementPlan& plan) {
    if (plan.groups.size() > PERFDASH_MARKER_MAX_SETS)
        return makeError("-m measures at most " + std::to_string(PERFDASH_MARKER_MAX_SETS) + " groups (event sets), " +
                         std::to_string(plan.groups.size()) + " were given: name fewer groups");
    const auto sets = markerSetSlots(plan);
    for (size_t g = 0; g < sets.size(); ++g)
        if (sets[g].size() > PERFDASH_MARKER_MAX_EVENTS)
            return makeError("-m counts at most " + std::to_string(PERFDASH_MARKER_MAX_EVENTS) +
                             " events per group in a region, group " + plan.groups[g].group.name + " has " +
                             std::to_string(sets[g].size()) + ": split it into smaller groups");
    return {};
}

std::string encodeMarkerEvents(const MeasurementPlan& plan) {
    std::string out;
    const auto sets = markerSetSlots(plan);
    for (size_t g = 0; g < sets.size(); ++g) {
        if (g > 0) out += ';';
        for (size_t i = 0; i < sets[g].size(); ++i) {
            if (i > 0) out += ',';
            out += encodeEvent(plan.eventSet[sets[g][i]].event.encoding);
        }
    }
    return out;
}

std::vector<std::string> markerEnvironment(const MeasurementPlan& plan, const std::string& resultsPath) {
    return {std::string(PERFDASH_MARKER_ENV_VERSION) + "=" + std::to_string(PERFDASH_MARKER_WIRE_VERSION),
            std::string(PERFDASH_MARKER_ENV_OUTPUT) + "=" + resultsPath,
            std::string(PERFDASH_MARKER_ENV_EVENTS) + "=" + encodeMarkerEvents(plan)};
}

} // namespace perfdash
