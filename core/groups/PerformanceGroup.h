#pragma once
// A performance group as read from a likwid-format group file: which event
// each named slot counts, and the METRICS formulas over those slots. Plain
// data; parsing is GroupFileParser, evaluation is MetricEvaluator.
#include <optional>
#include <string>
#include <vector>

#include "core/result/MetricHierarchy.h"

namespace perfdash {

// A likwid event/counter option such as EDGEDETECT or THRESHOLD=0x2.
struct EventOption {
    std::string name;  // as written, e.g. "THRESHOLD"
    std::string value; // empty for a flag, e.g. "0x2" for THRESHOLD=0x2

    bool operator==(const EventOption&) const = default;
};

// One line of the EVENTSET section: `COUNTER[:OPT...] EVENT[:OPT...]`.
struct GroupSlot {
    std::string counter;              // the slot name formulas use: "PMC3" (any identifier)
    std::string counterSpec;          // the counter column as written: "PMC3:EDGEDETECT"
    std::string event;                // the event column without likwid options: "UOPS_ISSUED:STALL_CYCLES"
    std::vector<EventOption> options; // likwid options from both columns, in order
    int line = 0;                     // 1-based line in the source file
};

// One line of the METRICS section: `name with spaces  FORMULA`, with what a
// '#@metric' line says of it (its parent and the vendor's threshold).
struct GroupMetric {
    std::string name;    // "Clock [MHz]"
    std::string formula; // "1.E-06*(FIXC1/FIXC2)/inverseClock"
    int line = 0;
    // '{}' so that brace-initialising the fields above stays free of -Wextra's missing-initializer noise.
    std::string parent{};                   // the name of its parent metric; empty: none
    std::optional<MetricLimit> threshold{}; // none: no threshold given
};

struct PerformanceGroup {
    std::string name;             // file name without ".txt": "CPI"
    std::string shortDescription; // the SHORT line
    std::string longDescription;  // the LONG section, lines joined with '\n'
    std::vector<GroupSlot> events; // the EVENTSET, in file order (not "slots": Qt reserves that word)
    std::vector<GroupMetric> metrics;
    bool requireNoHt = false;     // REQUIRE_NOHT: only meaningful with SMT off
    std::string sourceFile;       // path it was read from (or a label for in-memory text)
    // Slips in the file that were read as their author meant them, each as
    // "SOURCE:LINE: what was read and how" (a formula split by spaces).
    std::vector<std::string> warnings{};
};

} // namespace perfdash
