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
#include <string>

#include "core/events/EventResolver.h"
#include "core/groups/GroupArch.h"
#include "core/groups/PerformanceGroup.h"
#include "core/util/Result.h"

namespace perfdash {

class SlotResolver {
public:
    // `arch`: a likwid architecture name or libpfm4 model ("SPR", "skx"). An
    // empty or unknown one leaves native names to the resolver's own rules
    // (the models present here). `events` must outlive this object.
    SlotResolver(const EventResolver& events, std::string arch);

    Result<ResolvedEvent> resolve(const GroupSlot& slot) const;
    // An event string on its own, as in `describe EVENT --arch ARCH`.
    Result<ResolvedEvent> resolveEvent(const std::string& spec) const;

    // The architecture found for `arch`, or nullptr.
    const GroupArch* arch() const { return arch_; }

private:
    const EventResolver& events_;
    std::string archName_;
    const GroupArch* arch_;
    std::string model_; // the arch's libpfm4 core model where this libpfm4 has it, else empty
};

} // namespace perfdash
