#pragma once
// JSON for the microbenchmarks (perfdash-cli --json, reports). A value that
// does not exist is null and comes with its reason; it is never 0.
#include <map>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/probes/BenchResult.h"
#include "core/probes/ClockReport.h"
#include "core/probes/IpcProbe.h"
#include "core/probes/ReferenceTable.h"

namespace perfdash {

// Version 2: headline figures (latency_cycles, recip_throughput_cycles, ipc,
// measured_hz) are minimum-time estimates, medians beside them; the clock is
// measured alongside each benchmark. A figure that is no measurement is null
// with "<key>_unavailable" beside it (added fields, so bench and ipc stay at 2);
// freq 3: its reason moved from "error" to "measured_hz_unavailable".
inline constexpr const char* kBenchSchema = "perfdash-bench/2";
inline constexpr const char* kFreqSchema = "perfdash-freq/3";
inline constexpr const char* kIpcSchema = "perfdash-ipc/2";

nlohmann::json toJson(const BenchEnvironment& environment);
// `withAssembly`: the generated file and each mode's loop body too.
nlohmann::json toJson(const BenchResult& result, bool withAssembly);
nlohmann::json toJson(const ReferenceComparison& comparison);
// A whole run; `references` maps a result's index to its comparisons.
nlohmann::json benchRunToJson(const BenchRun& run, bool withAssembly,
                              const std::map<size_t, std::vector<ReferenceComparison>>& references = {});
nlohmann::json toJson(const CpuClockReport& report);
nlohmann::json clockReportsToJson(const std::vector<CpuClockReport>& reports);
nlohmann::json toJson(const IpcCurve& curve);
nlohmann::json ipcCurvesToJson(const BenchEnvironment& environment, const std::vector<IpcCurve>& curves);

} // namespace perfdash
