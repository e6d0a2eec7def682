#include "core/measurement/MachineContext.h"

#include "core/events/LibpfmTable.h"
#include "core/groups/GroupArch.h"
#include "core/measurement/Capabilities.h"
#include "core/topology/TopologyJson.h"
#include "core/topology/TopologyReader.h"
#include "core/util/JobEnvironment.h"

namespace perfdash {

MachineContext::MachineContext(MachinePaths paths) : paths_(std::move(paths)) {}

const Result<Topology>& MachineContext::topology() {
    std::lock_guard lock(mutex_);
    if (!topology_) topology_.emplace(TopologyReader(paths_.topology).read());
    return *topology_;
}

const EventResolver& MachineContext::resolver() {
    std::lock_guard lock(mutex_);
    if (!resolver_) resolver_ = std::make_shared<EventResolver>(paths_.events);
    return *resolver_;
}

AvailabilityCheck& MachineContext::availability() {
    std::lock_guard lock(mutex_);
    if (!availability_) availability_ = AvailabilityCheck::forThisMachine(resolver().pmus());
    return *availability_;
}

EventCatalog& MachineContext::catalog() {
    std::lock_guard lock(mutex_);
    if (!catalog_) {
        resolver();
        availability();
        catalog_ = std::make_unique<EventCatalog>(resolver_, availability_);
    }
    return *catalog_;
}

std::string MachineContext::pmuModel() {
    for (const auto& pmu : LibpfmTable::instance().pmus())
        if (pmu.present && pmu.core) return pmu.name;
    return {};
}

const CpuArchIdentification& MachineContext::cpuArch() {
    std::lock_guard lock(mutex_);
    if (!cpuArch_) {
        CpuArchEvidence evidence;
        if (const auto& topo = topology(); topo.ok()) evidence.cpu = topo->cpu;
        for (const auto& pmu : resolver().pmus().all()) evidence.pmuNames.push_back(pmu.name);
        // libpfm4 detects the CPU this process runs on, which a fixture tree does not describe.
        if (paths_.topology.live) {
            evidence.libpfmModel = pmuModel();
            if (const GroupArch* arch = findGroupArch(evidence.libpfmModel)) evidence.libpfmArch = arch->name;
        }
        CpuArchIdentification id = identifyCpuArch(evidence);
        if (paths_.arch) id = overrideCpuArch(id, paths_.arch->arch, paths_.arch->by);
        cpuArch_ = std::move(id);
    }
    return *cpuArch_;
}

const GroupLibrary& MachineContext::groups() {
    std::lock_guard lock(mutex_);
    if (!groups_) groups_ = std::make_unique<GroupLibrary>(GroupLibrary::defaultRoots(), groupArchsFor(cpuArch().arch));
    return *groups_;
}

const SlotResolver& MachineContext::slotResolver() {
    std::lock_guard lock(mutex_);
    if (!slotResolver_) slotResolver_ = std::make_unique<SlotResolver>(resolver(), cpuArch().arch);
    return *slotResolver_;
}

const PerfPermissions& MachineContext::permissions() {
    std::lock_guard lock(mutex_);
    if (!permissions_) permissions_ = availability().permissions();
    return *permissions_;
}

const ClockInfo& MachineContext::nominalClock() {
    if (paths_.topology.live) return hostClock();
    std::lock_guard lock(mutex_);
    if (!clock_) clock_.emplace(paths_.topology);
    return clock_->info();
}

nlohmann::json MachineContext::machineJson() {
    nlohmann::json machine = nlohmann::json::object();
    // This machine's name, for reports of several hosts (perfdash-cli merge); not a fixture's.
    if (paths_.topology.live) machine["hostname"] = hostName();
    if (const auto& topo = topology(); topo.ok()) {
        machine["topology"] = toJson(*topo);
        machine["kernel"] = topo->kernelRelease;
    } else {
        machine["topology"] = nullptr;
        machine["topology_error"] = topo.error().message;
    }
    machine["cpu_arch"] = toJson(cpuArch());
    machine["pmu_model"] = pmuModel().empty() ? nlohmann::json(nullptr) : nlohmann::json(pmuModel());
    const PerfPermissions& perms = permissions();
    machine["perf_event_paranoid"] = perms.paranoidKnown ? nlohmann::json(perms.paranoid) : nlohmann::json(nullptr);
    machine["cap_perfmon"] = perms.capPerfmon;
    machine["capabilities"] = toJson(checkCapabilities(*this));
    return machine;
}

} // namespace perfdash
