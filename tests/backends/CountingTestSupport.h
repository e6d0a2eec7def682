#pragma once
// Events that really count on a machine without a hardware PMU (software
// events, tracepoints, msr/tsc), built by hand so the backend and session
// tests do not depend on the event catalog; and the workload program.
#include <cerrno>
#include <cstring>
#include <linux/perf_event.h>
#include <optional>
#include <string>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/backends/CounterBackend.h"
#include "core/util/Strings.h"

namespace perfdash::testing {

inline ResolvedEvent softwareEvent(const std::string& name, uint64_t config) {
    ResolvedEvent e;
    e.spec = e.name = name;
    e.source = EventSource::Software;
    e.pmu = "software";
    e.encoding.type = PERF_TYPE_SOFTWARE;
    e.encoding.config = config;
    return e;
}

inline ResolvedEvent hardwareEvent(const std::string& name, uint64_t config) {
    ResolvedEvent e;
    e.spec = e.name = name;
    e.source = EventSource::Hardware;
    e.pmu = "cpu";
    e.encoding.type = PERF_TYPE_HARDWARE;
    e.encoding.config = config;
    return e;
}

inline EventSlot slot(const ResolvedEvent& event, int set = 0) { return EventSlot{event.name, event, set}; }

// An event, or why it cannot be had here (for QSKIP).
struct EventLookup {
    std::optional<ResolvedEvent> event;
    std::string whyNot;
};

inline constexpr const char* kTracefs = "/sys/kernel/tracing";

// Tracepoint IDs come from tracefs; it is mounted here when we are root.
inline EventLookup tracepointEvent(const std::string& category, const std::string& name) {
    const std::string events = std::string(kTracefs) + "/events";
    struct stat st{};
    if (::stat(events.c_str(), &st) != 0) {
        if (geteuid() != 0)
            return {std::nullopt, "tracefs is not mounted at /sys/kernel/tracing and mounting it needs root "
                                  "('sudo mount -t tracefs nodev /sys/kernel/tracing')"};
        if (::mount("nodev", kTracefs, "tracefs", 0, nullptr) != 0 && errno != EBUSY)
            return {std::nullopt, std::string("cannot mount tracefs at /sys/kernel/tracing: ") + std::strerror(errno)};
    }
    const std::string idFile = events + "/" + category + "/" + name + "/id";
    auto idText = readFirstLine(idFile);
    if (!idText) return {std::nullopt, "cannot read " + idFile + " (tracepoint missing, or not permitted)"};
    auto id = parseUnsigned(*idText);
    if (!id) return {std::nullopt, idFile + " does not hold a number"};
    ResolvedEvent e;
    e.spec = e.name = category + ":" + name;
    e.source = EventSource::Tracepoint;
    e.pmu = "tracepoint";
    e.encoding.type = PERF_TYPE_TRACEPOINT;
    e.encoding.config = *id;
    return {e, {}};
}

// The msr PMU's time stamp counter: config 0 per /sys/bus/event_source/devices/msr/events/tsc.
inline EventLookup msrTscEvent() {
    const std::string typeFile = "/sys/bus/event_source/devices/msr/type";
    auto type = readFirstLine(typeFile);
    if (!type || !parseUnsigned(*type)) return {std::nullopt, "this kernel has no msr PMU (" + typeFile + " missing)"};
    ResolvedEvent e;
    e.spec = e.name = "msr/tsc/";
    e.source = EventSource::SysfsPmu;
    e.pmu = "msr";
    e.encoding.type = static_cast<uint32_t>(*parseUnsigned(*type));
    e.encoding.config = 0;
    return {e, {}};
}

// Touches `pages` fresh pages: exactly one (minor) page fault each.
inline void touchFreshPages(long pages) {
    const long page = sysconf(_SC_PAGESIZE);
    const size_t bytes = static_cast<size_t>(pages * page);
    auto* p = static_cast<char*>(mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    if (p == MAP_FAILED) return;
    madvise(p, bytes, MADV_NOHUGEPAGE);
    for (long i = 0; i < pages; ++i) static_cast<volatile char*>(p)[i * page] = 1;
    munmap(p, bytes);
}

inline int onlineCpuCount() { return static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN)); }

} // namespace perfdash::testing
