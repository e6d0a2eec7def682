#include "core/events/ArmCommonEvents.h"

#include <linux/perf_event.h>

#include "core/util/Strings.h"

namespace perfdash {

namespace {

constexpr uint64_t kCommonEvents = 0x40;  // 0x00-0x3F: the common events
constexpr uint64_t kEventNumber = 0xffff; // PMUv3's event number field (format event: config:0-15)

// "event=0x0011" -> 0x11.
std::optional<uint64_t> eventNumber(const std::string& terms) {
    for (const auto& term : split(terms, ','))
        if (term.starts_with("event=")) return parseUnsigned(std::string_view(term).substr(6));
    return std::nullopt;
}

} // namespace

bool isArmPmuv3(const std::string& pmuName) { return pmuName.starts_with("armv8_") || pmuName.starts_with("armv9_"); }

std::optional<ArmImplementedEvents> ArmImplementedEvents::of(const SysfsPmus& pmus) {
    const SysfsPmu* core = pmus.core();
    if (!core || !isArmPmuv3(core->name)) return std::nullopt;
    ArmImplementedEvents out;
    out.pmu_ = core->name;
    out.eventsDir_ = pmus.devicesDir() + "/" + core->name + "/events";
    out.type_ = core->type;
    for (const auto& e : core->events)
        if (auto n = eventNumber(e.terms); n && *n < kCommonEvents) out.numbers_.insert(*n);
    return out;
}

std::optional<std::string> ArmImplementedEvents::notImplemented(const ResolvedEvent& event) const {
    const PerfEncoding& e = event.encoding;
    if (e.type != PERF_TYPE_RAW && e.type != type_) return std::nullopt;
    const uint64_t number = e.config & kEventNumber;
    if (number >= kCommonEvents || numbers_.count(number)) return std::nullopt;
    return "'" + event.name + "' is Arm's common event " + hex(number) + ", which this core's PMU (" + pmu_ +
           ") does not implement: its PMCEID registers do not list it, so " + eventsDir_ +
           " does not either; it would count 0 whatever runs";
}

} // namespace perfdash
