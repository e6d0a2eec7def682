#pragma once
// Every event perfdash knows, for `perfdash-cli list` and the GUI's event
// browser: perf's generic hardware, cache and software events, the named
// events of the kernel's sysfs PMUs, the tracepoints, and libpfm4's full
// native table (every PMU model, present here or not; tens of thousands of
// rows). Building it only reads names and descriptions (fast); the encoding
// and the availability of an entry are computed on first request and cached,
// so a view pays only for the rows it shows. Safe to query from several threads.
//
// Tracepoints are the exception to "one check per encoding": opening one
// registers a kernel probe and takes tens of milliseconds (over a minute for
// all of them), and what decides whether they count (permissions, tracefs) is
// the same for all. The catalog opens one of them for the whole class;
// describing a single tracepoint (availabilityOf) still opens that very one.
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/events/AvailabilityCheck.h"
#include "core/events/EventResolver.h"
#include "core/events/EventSpec.h"
#include "core/util/Outcome.h"

namespace perfdash {

struct EventCatalogEntry {
    std::string name; // a spelling EventResolver accepts: "cycles", "msr/tsc/", "sched:sched_switch", "skl::INST_RETIRED"
    std::vector<std::string> aliases; // other accepted spellings ("cpu-cycles")
    EventSource source = EventSource::Hardware;
    std::string pmu; // "cpu", "software", "tracepoint", a sysfs PMU, a libpfm4 model
    std::string description;
    int libpfmEvent = -1; // libpfm4's event index (for LibpfmTable::attributes), -1 otherwise
};

struct EventCatalogFilter {
    std::string pattern; // case-insensitive substring of the name, an alias or the description
    std::optional<EventSource> source;
    std::string pmu; // case-insensitive exact PMU name; empty: any
    bool includeAbsentModels = true; // libpfm4 models not present on this machine
};

// Something the user should know about a source as a whole (tracefs missing, raw syntax, libpfm4 totals).
struct EventCatalogNote {
    EventSource source;
    std::string text;
};

class EventCatalog {
public:
    explicit EventCatalog(const EventPaths& paths = {});
    EventCatalog(std::shared_ptr<const EventResolver> resolver, std::shared_ptr<AvailabilityCheck> availability);

    const std::vector<EventCatalogEntry>& entries() const { return entries_; }
    std::vector<size_t> search(const EventCatalogFilter& filter) const;
    const std::vector<EventCatalogNote>& notes() const { return notes_; }
    size_t absentModelEntryCount() const; // libpfm4 entries of models not present here

    // Lazy and cached per entry.
    Result<ResolvedEvent> resolved(size_t index) const;
    Availability availability(size_t index) const;
    // For an event the user typed (describe, stat): the same rules as for entries.
    Availability availabilityOf(const ResolvedEvent& event) const;

    const EventResolver& resolver() const { return *resolver_; }

private:
    void build();
    bool isAbsentModel(const EventCatalogEntry& entry) const;
    Availability tracepointClassAvailability() const;

    std::shared_ptr<const EventResolver> resolver_;
    std::shared_ptr<AvailabilityCheck> availability_;
    std::vector<EventCatalogEntry> entries_;
    std::vector<EventCatalogNote> notes_;
    mutable std::mutex cacheMutex_;
    mutable std::vector<std::optional<Result<ResolvedEvent>>> resolvedCache_;
    mutable std::vector<std::optional<Availability>> availabilityCache_;
    mutable std::once_flag tracepointOnce_;
    mutable Availability tracepointClass_;
};

} // namespace perfdash
