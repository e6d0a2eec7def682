#include "core/result/MeasurementResult.h"

namespace perfdash {

const char* toString(LocationKind kind) {
    switch (kind) {
    case LocationKind::Cpu: return "cpu";
    case LocationKind::Thread: return "thread";
    case LocationKind::Process: return "process";
    case LocationKind::Host: return "host";
    }
    return "?";
}

std::string likwidCodeInputsNote(const std::vector<std::string>& likwidCodeInputs) {
    if (likwidCodeInputs.empty()) return {};
    std::string counters;
    for (const auto& c : likwidCodeInputs) counters += (counters.empty() ? "" : ", ") + c;
    const bool one = likwidCodeInputs.size() == 1;
    return "computed with likwid's own code for " + counters + " (no vendor list for this CPU has " +
           (one ? "it)" : "them)");
}

std::string metricNote(const MetricResult& metric) {
    std::string note = absentInputsNote(metric.absentInputs);
    const std::string likwid = likwidCodeInputsNote(metric.likwidCodeInputs);
    if (!likwid.empty()) note += (note.empty() ? "" : "; ") + likwid;
    return note;
}

std::string likwidCodeEventNote(const EventResult& event) {
    if (!event.likwidCode()) return {};
    // The resolver's note starts with likwid's name of the event ("UOPS_RETIRED_USED_CYCLES:
    // likwid's code ..."); a result made otherwise may carry none, and still says whose code it is.
    return event.counter + " " +
           (event.codeNote.empty() ? event.event + ": likwid's own code, which no vendor list for this CPU has"
                                   : event.codeNote);
}

std::optional<LocationKind> locationKindNamed(std::string_view word) {
    for (LocationKind kind : {LocationKind::Cpu, LocationKind::Thread, LocationKind::Process, LocationKind::Host})
        if (word == toString(kind)) return kind;
    return std::nullopt;
}

} // namespace perfdash
