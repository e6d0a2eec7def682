#pragma once
// The run every counting command shares (`stat`, `likwid-perfctr`): the
// request checked into a plan (its warnings printed), the target started,
// intervals handed to the caller as they come, the result finished. Ctrl-C,
// SIGTERM and SIGHUP end the run through finish() (a launched program is
// stopped, a direct backend's registers are put back), never kill us.
#include <functional>
#include <vector>

#include "core/measurement/Measurement.h"

namespace perfdash::cli {

struct RunHooks {
    // Once the plan is made, before anything runs; an error refuses the run
    // (likwid-perfctr counts a group whole or not at all).
    std::function<Status(const MeasurementPlan&)> planned = {};
    // Once the target exists and its counters are open, before a launched
    // program is let go to exec (record opens its sampling events there). An
    // error ends the start and becomes the run's error.
    std::function<Status(int targetPid, const MeasurementPlan&)> beforeRelease = {};
    // Once the target runs and the counters exist. An error stops the run and
    // becomes its error, e.g. an output file that cannot be created.
    std::function<Status(const Measurement&, const MeasurementPlan&)> started = {};
    // Intervals completed since the last call (only with an interval).
    std::function<void(const std::vector<IntervalResult>&, const Measurement&)> intervals = {};
};

// An error: the plan, the start or `started` failed; its message names the input and the fix.
Result<MeasurementResult> runMeasurement(const MeasurementRequest& request, MachineContext& machine,
                                         const RunHooks& hooks);

// "partly counted: 2 of 3 events were not counted here: A (FIXC0), B (FIXC1); their metrics are n/a":
// the documented line (docs/cli.md) that tells a script a run was partly counted; empty when
// every event counts.
std::string partlyCountedLine(const MeasurementPlan& plan);

// The command's exit status after a run: the launched program's (128+N for
// signal N), 0 when whole CPUs were counted without a program.
int runExitStatus(const MeasurementRequest& request, const MeasurementResult& result);

} // namespace perfdash::cli
