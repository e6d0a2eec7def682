#include "core/events/EventSpec.h"

namespace perfdash {

namespace {
struct SourceName {
    EventSource source;
    const char* name;
};
constexpr SourceName kSourceNames[] = {
    {EventSource::Hardware, "hardware"}, {EventSource::HardwareCache, "cache"},
    {EventSource::Software, "software"}, {EventSource::Tracepoint, "tracepoint"},
    {EventSource::SysfsPmu, "pmu"},      {EventSource::Raw, "raw"},
    {EventSource::Libpfm, "libpfm"},     {EventSource::Loongson2f, "loongson2f"},
    {EventSource::Hwmon, "hwmon"},       {EventSource::Powercap, "powercap"},
};
} // namespace

const char* toString(EventSource source) {
    for (const auto& s : kSourceNames)
        if (s.source == source) return s.name;
    return "?";
}

bool parseEventSource(const std::string& text, EventSource& out) {
    for (const auto& s : kSourceNames) {
        if (text == s.name) {
            out = s.source;
            return true;
        }
    }
    return false;
}

const char* codeOrigin(const ResolvedEvent& event) {
    if (event.likwidCode()) return "likwid";
    switch (event.source) {
    case EventSource::Hardware:
    case EventSource::HardwareCache:
    case EventSource::Software:
    case EventSource::Tracepoint:
    case EventSource::Hwmon:
    case EventSource::Powercap: return "kernel";
    case EventSource::SysfsPmu:
    case EventSource::Raw:
    case EventSource::Libpfm:
    case EventSource::Loongson2f: return "vendor";
    }
    return "vendor";
}

const char* toString(Availability::State state) {
    switch (state) {
    case Availability::State::Countable: return "countable";
    case Availability::State::Restricted: return "restricted";
    case Availability::State::Unsupported: return "unsupported";
    case Availability::State::Unchecked: return "unchecked";
    }
    return "?";
}

} // namespace perfdash
