#include "core/measurement/MachineFormulaConstants.h"

#include "core/measurement/MachineContext.h"
#include "core/measurement/MeasurementPlan.h"
#include "core/topology/TopologyJson.h"

namespace perfdash {

MetricEnvironment formulaConstants(const MeasurementPlan& plan, MachineContext& machine) {
    MetricEnvironment env;
    if (plan.needsNominalClock) env.inverseClock = 1.0 / machine.nominalClock().hz;
    if (const auto& topology = machine.topology(); topology.ok()) {
        env.numSockets = static_cast<double>(topology->numSockets());
        env.numNumaDomains = static_cast<double>(topology->numNumaDomains());
        env.numCpus = static_cast<double>(plan.cpus.empty() ? topology->numHwThreads() : plan.cpus.size());
    }
    return env;
}

nlohmann::json runMachineJson(MachineContext& machine, const MetricEnvironment& constants, bool withNominalClock) {
    nlohmann::json out = machine.machineJson();
    if (withNominalClock) out["nominal_clock"] = toJson(machine.nominalClock());
    out[kFormulaConstantsKey] = formulaConstantsToJson(constants);
    return out;
}

} // namespace perfdash
