#pragma once
// The values metric formulas use besides the counts (MetricEnvironment:
// inverseClock, num_sockets, num_numadomains, num_cpus) for one run, and
// their place in a report: machine.formula_constants. A report carries them
// so that whole-run metrics can be computed again from a saved timeline (an
// autosave that never got its final write) exactly as the run would have.
#include <optional>

#include <nlohmann/json.hpp>

#include "core/groups/MetricEvaluator.h"

namespace perfdash {

class MachineContext;
struct MeasurementPlan;

inline constexpr const char* kFormulaConstantsKey = "formula_constants";

// `time` is left unknown: it is the length of each period, not a constant.
MetricEnvironment formulaConstants(const MeasurementPlan& plan, MachineContext& machine);

// The report's `machine` for a run: MachineContext::machineJson(), the
// nominal clock when a formula uses it, and the formula constants. Probes
// the machine (capabilities): not for a GUI thread.
nlohmann::json runMachineJson(MachineContext& machine, const MetricEnvironment& constants, bool withNominalClock);

// {"inverseClock": …, "num_sockets": …, "num_numadomains": …, "num_cpus": …}, null where unknown.
nlohmann::json formulaConstantsToJson(const MetricEnvironment& env);
// The constants a report's `machine` holds; nullopt when it has none (a file
// written before they were recorded). A member that is missing or not a number is unknown.
std::optional<MetricEnvironment> formulaConstantsFromMachine(const nlohmann::json& machine);

} // namespace perfdash
