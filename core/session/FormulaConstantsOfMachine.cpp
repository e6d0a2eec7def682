// The parts of FormulaConstants.h that ask the machine, apart from the JSON
// ones, so that the report readers (and the fuzz targets built from them)
// need no MachineContext.
#include "core/session/FormulaConstants.h"

#include "core/session/MachineContext.h"
#include "core/session/MeasurementPlan.h"
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
