#pragma once
// The probes' results as text for a terminal (perfdash-cli bench, freq and
// ipc without --json). A figure that is not a measurement reads "n/a" and its
// reason is printed with it, never a number.
#include <map>
#include <string>
#include <vector>

#include "core/probes/BenchResult.h"
#include "core/probes/ClockReport.h"
#include "core/probes/IpcProbe.h"
#include "core/probes/ReferenceTable.h"

namespace perfdash {

// The environment, a table of results, and below it a line per figure that
// is n/a (with its reason) and per note; `references` maps a result's index
// to its comparisons; `withAssembly` appends the generated code.
std::string benchTableText(const BenchRun& run, const std::map<size_t, std::vector<ReferenceComparison>>& references,
                           bool withAssembly);
std::string clockReportsText(const std::vector<CpuClockReport>& reports);
std::string ipcCurvesText(const BenchEnvironment& environment, const std::vector<IpcCurve>& curves);

} // namespace perfdash
