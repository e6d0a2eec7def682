#pragma once
// The facts about this machine that every front end needs, each computed at
// most once and only when first asked for: topology, the event resolver and
// availability check, the event catalog, the likwid architecture of this CPU
// and its performance groups, perf permissions and the nominal clock. The CLI holds one
// per run, the GUI one per process. Tests point it at fixture trees.
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/sys/PerfEventSys.h"
#include "core/events/AvailabilityCheck.h"
#include "core/measurement/ArchOverride.h"
#include "core/events/EventCatalog.h"
#include "core/events/EventResolver.h"
#include "core/groups/GroupLibrary.h"
#include "core/measurement/SlotResolver.h"
#include "core/topology/CpuArch.h"
#include "core/topology/MachineSources.h"
#include "core/topology/NominalClock.h"
#include "core/topology/Topology.h"
#include "core/util/Outcome.h"

namespace perfdash {

struct MachinePaths {
    MachineSources topology = MachineSources::host();
    EventPaths events;
    // The architecture the user named (--arch, PERFDASH_ARCH): used instead of the detected one.
    std::optional<ArchOverride> arch{}; // "{}": brace-initialising the fields above stays free of -Wextra noise
};

class MachineContext {
public:
    explicit MachineContext(MachinePaths paths = {});

    const Result<Topology>& topology();
    const EventResolver& resolver();
    AvailabilityCheck& availability();
    // Built on first use (about 30 ms: the whole libpfm4 table); shares the resolver and the availability check.
    EventCatalog& catalog();
    // The likwid architecture of this CPU (CPUID, the kernel's PMUs, libpfm4 as a
    // cross-check; libpfm4 only for the live machine), or the one the user named.
    const CpuArchIdentification& cpuArch();
    // The groups of cpuArch() (the portable ones when it is unknown).
    const GroupLibrary& groups();
    // How a group's slots become events on cpuArch().
    const SlotResolver& slotResolver();
    const PerfPermissions& permissions();
    const ClockInfo& nominalClock();

    // The libpfm4 core PMU model detected here ("amd64_fam19h_zen4"), or empty.
    std::string pmuModel();

    // `machine` for reports: topology, kernel, CPU architecture, PMU model, permissions and
    // what is countable here (the nominal clock is added by whoever used it).
    nlohmann::json machineJson();

private:
    MachinePaths paths_;
    std::recursive_mutex mutex_;
    std::optional<Result<Topology>> topology_;
    std::shared_ptr<EventResolver> resolver_;
    std::shared_ptr<AvailabilityCheck> availability_;
    std::unique_ptr<EventCatalog> catalog_;
    std::optional<CpuArchIdentification> cpuArch_;
    std::unique_ptr<GroupLibrary> groups_;
    std::unique_ptr<SlotResolver> slotResolver_;
    std::optional<PerfPermissions> permissions_;
    std::optional<NominalClock> clock_;
};

} // namespace perfdash
