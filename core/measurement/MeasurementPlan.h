#pragma once
// A request checked against this machine before anything runs: the CPU list
// resolved, every group loaded and its events resolved and checked, the
// permission-driven restrictions applied. A front end shows the plan (what
// will be counted, what cannot and why) and then starts a Measurement on it.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/backends/CounterBackend.h"
#include "core/events/EventSpec.h"
#include "core/groups/PerformanceGroup.h"
#include "core/measurement/MachineContext.h"
#include "core/measurement/MeasurementRequest.h"
#include "core/result/MeasurementResult.h"
#include "core/util/Outcome.h"

namespace perfdash {

// One event of a planned group.
struct PlannedEvent {
    std::string counter;     // the group's slot name (PMC0) or, for -e, the event as written
    std::string spec;        // the event string given to the resolver
    std::string name;        // canonical name when resolved, else `spec`
    std::string unit;
    double scale = 1.0;
    bool gauge = false;            // a reading, not a count (ResolvedEvent::gauge())
    // likwid's own code, which no vendor list has: "likwid" and its note
    // (ResolvedEvent::codeSource, codeNote), carried into the result.
    std::string codeSource;
    std::string codeNote;
    bool likwidCode() const { return codeSource == ResolvedEvent::kLikwidCodeSource; }
    Availability availability;     // Unsupported with the reason when it did not resolve either
    int eventSetSlot = -1;         // index into MeasurementPlan::eventSet, -1 when it is not counted

    // Why it is not counted. The plan says the events refused for a reason of
    // their own one line each, then each other kind in one line per group, in
    // this order.
    enum class Refusal {
        None,           // counted
        Own,            // availability.reason says why
        Absent,         // a likwid box this machine lacks (Error::absent, core/measurement/UncoreSlot.h):
                        // its term in the group's formulas contributes nothing
        WholeCpusOnly,  // a package's unit, which cannot count one program
        OncePerPackage, // a package's unit on CPUs whose packages cannot be told apart
    };
    Refusal refusal = Refusal::None;
    std::string fix; // for OncePerPackage: what counts it (the end of availability.reason)
    bool absent() const { return refusal == Refusal::Absent; }

    // A hybrid CPU's core event: one event-set slot per core type (cpu_core,
    // cpu_atom), each counting on its own CPUs; eventSetSlot is the first one
    // counted. Empty for every other event.
    struct CoreTypePart {
        std::string corePmu;
        std::vector<int> cpus; // the core type's CPUs (the PMU's `cpus`)
        int eventSetSlot = -1; // -1: not counted on this core type, for `reason`
        std::string reason;
    };
    std::vector<CoreTypePart> coreTypes;

    // A package's unit (uncore, RAPL, data fabric) counted over a CPU list:
    // each counted CPU's reader, one per package (or die, L3) that the list
    // touches (core/topology/SharedUnitReaders.h). Its counts at the other
    // CPUs are in their reader's, not missing. Empty for every other event.
    std::map<int, int> readerOf;
    // The CPUs it is read on, ascending (empty for every other event).
    std::vector<int> readOn() const;

    // The event-set slots whose counts make this event's value at `where`: its
    // one slot; for a hybrid event the slot of the CPU's core type, or every
    // core type's for a task followed on any CPU (their sum). -1 stands for a
    // part that is not counted, and no slot at all for a CPU of no core type
    // or one whose package's count is read elsewhere.
    std::vector<int> slotsAt(const LocationInfo& where) const;
    // The CPU whose count holds the event's count at `where`, when that is another CPU.
    std::optional<int> readElsewhere(const LocationInfo& where) const;
};

struct PlannedGroup {
    PerformanceGroup group; // for -e events: a group named "custom" without metrics
    std::vector<PlannedEvent> events; // parallel to group.events
};

// An event of the request that will not be counted here: what makes a run
// "partly counted". A box the machine lacks (PlannedEvent::absent()) is not
// among them: likwid's formulas add up more boxes than a machine has, and
// reading it as nothing is what likwid-perfctr does too.
struct UncountedEvent {
    const PlannedGroup* group;
    const PlannedEvent* event;
};

struct MeasurementPlan {
    MeasurementRequest request;
    std::vector<int> cpus;   // resolved CPU list (empty: the program is not pinned)
    CountingScope scope;     // kind and CPUs; pid/tids are filled in when the target exists
    EventSet eventSet;       // every countable event of every group; EventSlot::set = group index
    std::vector<PlannedGroup> groups;
    bool userSpaceOnly = false;       // exclude_kernel was forced by permissions
    bool needsNominalClock = false;   // a formula reads inverseClock (MetricEvaluator::reads)
    std::vector<std::string> warnings; // what will not be counted and why, restrictions

    // The run as a report describes it (MeasurementResult::config); targetPid
    // is the launched or attached process, -1 when there is none. A session
    // autosave needs it before the measurement's own result exists.
    RunConfig runConfig(int targetPid) const;

    // Per hybrid event (once, however many groups name it): the event-set
    // slots of its core types' parts, -1 for a part that is not counted. A
    // task's parts are scaled together (ReadingLayout::coreTypeParts).
    std::vector<std::vector<int>> coreTypeParts() const;

    // The requested events that will not be counted, in the groups' order.
    std::vector<UncountedEvent> uncounted() const;
    // How many events the groups name, absent boxes aside (the "M" of "N of M").
    size_t requestedEvents() const;

    // Checks everything that can be checked without starting: errors name the
    // input and the fix (bad CPU list, unknown group, an unknown or uncountable
    // -e event, nothing countable at all, system-wide without permission).
    static Result<MeasurementPlan> prepare(const MeasurementRequest& request, MachineContext& machine);
};

} // namespace perfdash
