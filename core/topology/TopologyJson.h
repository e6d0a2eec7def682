#pragma once
// The topology and the nominal clock as JSON, for reports (`machine.topology`,
// `machine.nominalClock`) and `perfdash-cli topology --json`. Unknown values
// are null, never 0.
#include <nlohmann/json.hpp>

#include "core/topology/CpuArch.h"
#include "core/topology/NominalClock.h"
#include "core/topology/Topology.h"

namespace perfdash {

nlohmann::json toJson(const Topology& topology);
nlohmann::json toJson(const ClockInfo& clock);
// The likwid architecture: {"arch", "uncertain", "how", "doubts", "notes", "overriddenBy", "detectedArch"}.
nlohmann::json toJson(const CpuArchIdentification& arch);

} // namespace perfdash
