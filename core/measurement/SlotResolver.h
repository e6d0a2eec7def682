#pragma once
// The one place where a group's slot becomes an event, for every reader of
// group files (stat -g, check-group, marker mode, the GUI's plan): likwid's
// counter name says what kind of counter it is (LikwidCounters.h), the
// architecture says which libpfm4 core model its events are encoded on
// (GroupArch.h), and likwid's event names are read there in libpfm4's or
// likwid's spelling (LikwidNativeName.h), and in the arch's event tables
// (EventTable.h), which are read first; a counter of likwid's uncore and
// other units becomes an event of the kernel's PMU for it (UncoreSlot.h).
// Names the event resolver knows in
// their own right (perf's generic events, pmu/.../, model::EVENT, tracepoints)
// keep their meaning on every architecture.
//
// On a hybrid CPU (GroupArch::coreTypes, and the kernel's cpu_core and
// cpu_atom PMUs in the sysfs tree) a core counter's slot is one event per
// core type: each read with that type's tables and models and bound to its
// PMU (HybridCoreEvent.h); a name one type lacks is unresolved there with
// the reason. Events of other PMUs (uncore, RAPL, software) stay one event.
#include <string>
#include <vector>

#include "core/events/EventResolver.h"
#include "core/events/HybridCoreEvent.h"
#include "core/groups/GroupArch.h"
#include "core/groups/PerformanceGroup.h"
#include "core/util/Outcome.h"

namespace perfdash {

class SlotResolver {
public:
    // `arch`: a likwid architecture name or libpfm4 model ("SPR", "skx"). An
    // empty or unknown one leaves native names to the resolver's own rules
    // (the models present here). `events` must outlive this object.
    SlotResolver(const EventResolver& events, std::string arch);

    // The slot as one event, read with the arch's own tables and model: what
    // a machine without hybrid core PMUs counts.
    Result<ResolvedEvent> resolve(const GroupSlot& slot) const;

    // The slot's event on each core type that counts it (HybridCoreEvent.h):
    // one entry with an empty corePmu where the arch is not hybrid here or the
    // event is no core event; else one per core type, in archs.json's order.
    std::vector<CoreTypeEvent> resolveCoreTypes(const GroupSlot& slot) const;
    // An event string on its own, as in `describe EVENT --arch ARCH`.
    Result<ResolvedEvent> resolveEvent(const std::string& spec) const;

    // The architecture found for `arch`, or nullptr.
    const GroupArch* arch() const { return arch_; }

private:
    // What a core event's native names are read on: tables first, then the libpfm4 model.
    struct CoreCodes {
        const std::vector<std::string>* tables;
        std::string model; // empty: this libpfm4 has none
        std::string modelWanted; // the model the arch names, for the message when it is missing
    };
    Result<ResolvedEvent> resolveOn(const GroupSlot& slot, const CoreCodes& codes) const;
    Result<ResolvedEvent> resolveEventOn(const std::string& spec, const CoreCodes& codes) const;
    CoreCodes archCodes() const;

    const EventResolver& events_;
    std::string archName_;
    const GroupArch* arch_;
    std::string model_; // the arch's libpfm4 core model where this libpfm4 has it, else empty
    std::vector<std::string> typeModels_; // the same per GroupArch::coreTypes entry
};

} // namespace perfdash
