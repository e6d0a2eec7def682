#pragma once
// libpfm4's event tables: every PMU model it knows (present on this machine
// or not), their native events, unit masks and modifiers, and the encoding of
// a native event string into perf_event_attr. libpfm is initialised once per
// process with LIBPFM_ENCODE_INACTIVE=1, so events of models that are not
// present can be encoded too (to browse and prepare for other machines).
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/events/EventSpec.h"
#include "core/util/Outcome.h"

namespace perfdash {

struct LibpfmPmu {
    int id = 0; // pfm_pmu_t
    std::string name;        // "skl", "amd64_fam19h_zen4"
    std::string description; // "Intel Skylake"
    bool present = false;    // libpfm detected this model on this machine
    bool core = false;       // a core PMU (not uncore, not OS-generic)
    bool osGeneric = false;  // the OS's generic events (libpfm4's perf, perf_raw): the same on every CPU
    int eventCount = 0;
    int firstEvent = -1;
};

struct LibpfmEvent {
    int index = 0;     // libpfm's opaque event index
    size_t pmu = 0;    // position in LibpfmTable::pmus()
    std::string name;  // "INST_RETIRED"
    std::string description;
};

struct LibpfmAttribute {
    enum class Kind { UnitMask, Modifier };
    Kind kind = Kind::UnitMask;
    std::string name;
    std::string description;
    bool isDefault = false; // a unit mask used when none is given
};

struct LibpfmEncoding {
    PerfEncoding encoding;
    std::string pmu;            // model name
    std::string event;          // event name without attributes
    std::string description;    // the event's description
    std::string fullySpecified; // libpfm's expansion with every attribute's value
};

class LibpfmTable {
public:
    static LibpfmTable& instance();

    // Whether pfm_initialize succeeded; every other call fails softly if not.
    const Status& initStatus() const { return init_; }
    const std::vector<LibpfmPmu>& pmus() const { return pmus_; }
    const LibpfmPmu* findPmu(std::string_view name) const;
    size_t presentPmuCount() const;

    // Every event of every model, in libpfm's order (built on first use; about 8 ms for ~18000 events).
    const std::vector<LibpfmEvent>& events() const;
    // Unit masks and modifiers of one event (slower than events(): ask per event).
    std::vector<LibpfmAttribute> attributes(int eventIndex) const;
    // True if the event has unit masks but no default one: it cannot be encoded without naming one.
    bool needsUnitMask(int eventIndex) const;
    // The same as attributes() for a resolved name ("skl::INST_RETIRED:ANY_P:u"); empty if it names no event.
    std::vector<LibpfmAttribute> attributesOf(std::string_view qualifiedName) const;

    // Whether "model::EVENT" names an event (libpfm4 ignores case).
    bool hasEvent(const std::string& qualifiedEvent) const { return findEventIndex(qualifiedEvent) >= 0; }
    // `qualified` is "model::EVENT[:UMASK][:mod...]".
    Result<LibpfmEncoding> encode(std::string_view qualified) const;
    // An unqualified native name, tried on the models present here only. nullopt
    // when none of them has an event of that name (so other readings may apply).
    std::optional<Result<LibpfmEncoding>> encodeOnPresentPmus(std::string_view spec) const;

    // Unsupported, without probing, if `pmuName` is a libpfm model not present here.
    std::optional<Availability> absence(std::string_view pmuName) const;

private:
    LibpfmTable();
    int findEventIndex(const std::string& qualifiedEvent) const;
    std::string unitMaskHint(int eventIndex) const;

    Status init_;
    std::vector<LibpfmPmu> pmus_;
    mutable std::once_flag eventsOnce_;
    mutable std::vector<LibpfmEvent> events_;
    mutable std::mutex pfmMutex_; // libpfm keeps global state; calls are serialised
};

} // namespace perfdash
