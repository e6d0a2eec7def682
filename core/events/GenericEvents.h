#pragma once
// perf's generic events that need no PMU knowledge: PERF_TYPE_HARDWARE and
// PERF_TYPE_SOFTWARE, by the names and aliases `perf stat -e` accepts.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "core/events/EventSpec.h"

namespace perfdash {

struct GenericEvent {
    std::string_view name;  // perf's canonical name ("cycles", "page-faults")
    std::string_view alias; // perf's other spelling ("cpu-cycles", "faults"); empty if none
    EventSource source;     // Hardware or Software
    uint64_t config;        // PERF_COUNT_HW_* or PERF_COUNT_SW_*
    std::string_view description;

    uint32_t perfType() const;
};

std::span<const GenericEvent> hardwareEvents();
std::span<const GenericEvent> softwareEvents();

// Exact (case-sensitive, as perf's lexer) match of a name or alias of a hardware or software event.
std::optional<GenericEvent> findGenericEvent(std::string_view name);

} // namespace perfdash
