#include "core/session/FormulaConstants.h"

#include "core/session/MachineContext.h"
#include "core/session/MeasurementPlan.h"
#include "core/session/MeasurementResult.h"
#include "core/topology/TopologyJson.h"

namespace perfdash {

namespace {

// The JSON names are the ones formulas use.
struct ConstantField {
    const char* name;
    double MetricEnvironment::*member;
};

constexpr ConstantField kFields[] = {
    {"inverseClock", &MetricEnvironment::inverseClock},
    {"num_sockets", &MetricEnvironment::numSockets},
    {"num_numadomains", &MetricEnvironment::numNumaDomains},
    {"num_cpus", &MetricEnvironment::numCpus},
};

} // namespace

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

nlohmann::json formulaConstantsToJson(const MetricEnvironment& env) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& f : kFields)
        out[f.name] = isAvailable(env.*f.member) ? nlohmann::json(env.*f.member) : nlohmann::json(nullptr);
    return out;
}

std::optional<MetricEnvironment> formulaConstantsFromMachine(const nlohmann::json& machine) {
    if (!machine.is_object()) return std::nullopt;
    const auto it = machine.find(kFormulaConstantsKey);
    if (it == machine.end() || !it->is_object()) return std::nullopt;
    MetricEnvironment env;
    for (const auto& f : kFields)
        if (const auto v = it->find(f.name); v != it->end() && v->is_number()) env.*f.member = v->get<double>();
    return env;
}

} // namespace perfdash
