#pragma once
// Core PMU event tables kept as data, not code: resources/events/<TABLE>.json
// (format in resources/events/README.md). They give the encodings that
// Debian's libpfm4 cannot: Intel models it lacks or knows incompletely
// (imported from Intel's perfmon files), and likwid's own names (AMD's, ARM's
// and POWER's events as likwid spells them, likwid's combined Intel names
// written as a vendor event plus counter mask, invert or edge). A likwid
// architecture lists its tables in resources/likwid/archs.json; they are
// consulted before libpfm4 (core/measurement/SlotResolver): they hold the
// vendors' codes, where libpfm4 4.13 differs in a few.
//
// A name matches an entry exactly, or after one documented normalisation:
// case is ignored and '.' counts as '_' (Intel's L2_LINES_IN.ALL is likwid's
// L2_LINES_IN_ALL). Two entries that both match are ambiguous: an error that
// lists them, never a pick.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/events/EventSpec.h"
#include "core/util/Outcome.h"

namespace perfdash {

struct TableEvent {
    std::string name; // as the table writes it: "L2_LINES_IN.ALL", "RETIRED_INSTRUCTIONS"
    // An alias: the vendor events (of the arch's tables) whose code it takes;
    // several share one event code and their unit masks are OR-ed.
    std::vector<std::string> of;
    uint64_t event = 0, umask = 0, cmask = 0, config1 = 0;
    // An offcore response event: the bits of its extra register (config1,
    // the kernel's offcore_rsp term) the kernel accepts on this model; 0 for
    // any other event, which takes no offcore_rsp value.
    uint64_t config1Mask = 0;
    bool inv = false, edge = false, any = false;
    bool hasCmask = false, hasInv = false, hasEdge = false, hasAny = false; // set by the entry (an alias overrides only these)
    int fixed = -1; // the fixed counter the kernel puts it on, or -1
    // A likwid name whose code (event, umask, cmask) is likwid's own: the
    // vendor's list for the model has no such code. `likwidOwn` entries
    // ("codeSource": "likwid" in the table) resolve to likwid's code, as
    // likwid-perfctr programs it, and the resolved event says so
    // (ResolvedEvent::codeSource/codeNote); `vendorHas` says what the
    // vendor's list has instead, shown beside it.
    bool likwidOwn = false;
    std::string vendorHas;
};

class EventTable {
public:
    // How the table's codes become perf_event_attr: x86 (Intel and AMD event
    // select), armv8_pmuv3 (config = event number), power (config = raw code).
    enum class Encoding { X86, ArmV8, Power };

    // The table <dataDir>/events/<name>.json ("intel/TGL"), read once; an
    // error names the file and what is wrong with it.
    static const Result<EventTable>& load(const std::string& name);
    static Result<EventTable> parse(const std::string& name, const std::string& json);

    const std::string& name() const { return name_; }
    const std::string& source() const { return source_; }
    Encoding encoding() const { return encoding_; }
    const std::vector<TableEvent>& events() const { return events_; }

    // The entries `name` matches (see above), in table order.
    std::vector<const TableEvent*> find(std::string_view name) const;

private:
    std::string name_, source_;
    Encoding encoding_ = Encoding::X86;
    std::vector<TableEvent> events_;
};

// The config word of `event` on a PMU of this encoding (without privilege bits).
uint64_t tableConfig(EventTable::Encoding encoding, const TableEvent& event);

// `spec` ("L2_LINES_IN_ALL:c=1:e=1", "RETIRED_INSTRUCTIONS:u", libpfm4's
// "L2_LINES_IN:ALL" too) read on `tables`, first table first. nullopt when no
// table has the name; an error when it is ambiguous, its alias target is
// missing or a modifier does not apply. Modifiers are libpfm4's as
// LikwidEventOptions writes them: c=N, e[=1], i[=1], t[=1] (any thread),
// u[=1], k[=1], and offcore_rsp=N (the extra register of an offcore response
// event, refused where the entry has no config1Mask or N sets bits outside it).
std::optional<Result<ResolvedEvent>> resolveTableEvent(std::string_view spec, const std::vector<std::string>& tables);

} // namespace perfdash
