#pragma once
// A run's formula constants (core/groups/FormulaConstants.h) as this machine
// and the plan give them, and the report's `machine` that records them.
#include <nlohmann/json.hpp>

#include "core/groups/FormulaConstants.h"

namespace perfdash {

class MachineContext;
struct MeasurementPlan;

// `time` is left unknown: it is the length of each period, not a constant.
MetricEnvironment formulaConstants(const MeasurementPlan& plan, MachineContext& machine);

// The report's `machine` for a run: MachineContext::machineJson(), the
// nominal clock when a formula uses it, and the formula constants. Checks
// the machine (capabilities): not for a GUI thread.
nlohmann::json runMachineJson(MachineContext& machine, const MetricEnvironment& constants, bool withNominalClock);

} // namespace perfdash
