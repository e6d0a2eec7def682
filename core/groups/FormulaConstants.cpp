#include "core/groups/FormulaConstants.h"

#include "core/result/MeasurementResult.h"

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
