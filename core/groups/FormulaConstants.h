#pragma once
// The values metric formulas use besides the counts (MetricEnvironment:
// inverseClock, num_sockets, num_numadomains, num_cpus) for one run, and
// their place in a report: machine.formula_constants. A report carries them
// so that whole-run metrics can be computed again from a saved timeline (an
// autosave that never got its final write) exactly as the run would have.
// What a run's constants are comes from the machine:
// core/measurement/MachineFormulaConstants.h.
#include <optional>

#include <nlohmann/json.hpp>

#include "core/groups/MetricEvaluator.h"

namespace perfdash {

inline constexpr const char* kFormulaConstantsKey = "formula_constants";

// {"inverseClock": …, "num_sockets": …, "num_numadomains": …, "num_cpus": …}, null where unknown.
nlohmann::json formulaConstantsToJson(const MetricEnvironment& env);
// The constants a report's `machine` holds; nullopt when it has none (a file
// written before they were recorded). A member that is missing or not a number is unknown.
std::optional<MetricEnvironment> formulaConstantsFromMachine(const nlohmann::json& machine);

} // namespace perfdash
