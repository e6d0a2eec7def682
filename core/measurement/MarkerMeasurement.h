#pragma once
// The launcher's side of one marker run (stat -m): a private directory for
// the results file, the environment that points the program's marker
// library at it, and, after the program ended, its regions in the result.
//
//   auto marker = MarkerMeasurement::create(plan);        // before launching
//   options.environment += marker->environment();
//   ... the program runs and calls MARKER_CLOSE ...
//   marker->collect(result, constants, permissions);  // result.regions, warnings
#include <memory>
#include <string>
#include <vector>

#include "core/sys/PerfEventSys.h"
#include "core/groups/MetricEvaluator.h"
#include "core/measurement/MeasurementPlan.h"
#include "core/result/MeasurementResult.h"

namespace perfdash {

class MarkerMeasurement {
public:
    // Makes the directory (under $TMPDIR, else /tmp). The plan must outlive the run.
    static Result<std::unique_ptr<MarkerMeasurement>> create(const MeasurementPlan& plan);
    ~MarkerMeasurement(); // removes the directory and what the program left in it
    MarkerMeasurement(const MarkerMeasurement&) = delete;
    MarkerMeasurement& operator=(const MarkerMeasurement&) = delete;

    const std::vector<std::string>& environment() const { return environment_; }
    const std::string& resultsPath() const { return resultsPath_; }
    // The region transitions file (MeasurementRequest::markerTransitions;
    // core/measurement/MarkerTransitions.h reads it), or "" without.
    const std::string& transitionsPath() const { return transitionsPath_; }

    // Reads what the program wrote into result.regions. A missing or broken
    // file becomes a warning that says what to check, never a failure: the
    // whole-program counts stand on their own.
    void collect(MeasurementResult& result, const MetricEnvironment& constants,
                 const PerfPermissions& permissions) const;

private:
    MarkerMeasurement(const MeasurementPlan& plan, std::string directory);

    const MeasurementPlan& plan_;
    std::string directory_;
    std::string resultsPath_;
    std::string transitionsPath_;
    std::vector<std::string> environment_;
};

} // namespace perfdash
