#include "app/cli/StatRun.h"

#include <csignal>

#include "app/cli/Commands.h"
#include "core/util/Strings.h"

namespace perfdash::cli {

namespace {

Measurement* gRunning = nullptr;
volatile sig_atomic_t gStopRequested = 0;

extern "C" void onStopSignal(int) {
    gStopRequested = 1;
    if (gRunning) gRunning->requestStop();
}

extern "C" void onBrokenPipe(int) {}

// Installed before the measurement starts, so that a stop signal during the
// start is not fatal either: whatever ends the run goes through finish()
// and the destructors, which put back what a direct backend programmed. A
// closed stdout (| head) makes writes fail instead of killing us for the
// same reason; a handler, not SIG_IGN, so the launched program keeps the
// default.
void installStopHandlers() {
    struct sigaction sa {};
    sa.sa_handler = onStopSignal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGHUP, &sa, nullptr);
    sa.sa_handler = onBrokenPipe;
    sigaction(SIGPIPE, &sa, nullptr);
}

} // namespace

Result<MeasurementResult> runMeasurement(const MeasurementRequest& request, MachineContext& machine,
                                         const RunHooks& hooks) {
    auto plan = MeasurementPlan::prepare(request, machine);
    if (!plan) return plan.error();
    for (const auto& w : plan->warnings) warn(w);
    if (hooks.planned)
        if (Status s = hooks.planned(*plan); !s) return s.error();

    installStopHandlers();
    Measurement::BeforeRelease beforeRelease;
    if (hooks.beforeRelease) beforeRelease = [&](int targetPid) { return hooks.beforeRelease(targetPid, *plan); };
    auto measurement = Measurement::start(*plan, machine, beforeRelease);
    if (!measurement) return measurement.error();
    Measurement& m = **measurement;
    gRunning = &m;
    if (gStopRequested) m.requestStop();

    if (hooks.started) {
        if (Status s = hooks.started(m, *plan); !s) {
            // A run whose output cannot be written must not go on.
            m.requestStop();
            (void)m.finish();
            gRunning = nullptr;
            return makeError(s.error().message + " (the measurement was stopped)");
        }
    }
    auto takeIntervals = [&] {
        std::vector<IntervalResult> intervals = m.takeIntervals();
        if (hooks.intervals && !intervals.empty()) hooks.intervals(intervals, m);
    };
    while (!m.finished()) {
        m.waitForData(std::chrono::milliseconds(200));
        takeIntervals();
    }
    takeIntervals();
    MeasurementResult result = m.finish();
    gRunning = nullptr;
    for (size_t i = plan->warnings.size(); i < result.warnings.size(); ++i) warn(result.warnings[i]);
    return result;
}

std::string partlyCountedLine(const MeasurementPlan& plan) {
    const auto uncounted = plan.uncounted();
    if (uncounted.empty()) return {};
    std::vector<std::string> names;
    for (const auto& u : uncounted) names.push_back(u.event->name + " (" + u.event->counter + ")");
    return "partly counted: " + std::to_string(uncounted.size()) + " of " + std::to_string(plan.requestedEvents()) +
           " events were not counted here: " + join(names, ", ") +
           "; the metrics that use them are n/a (the warnings above say why)";
}

int runExitStatus(const MeasurementRequest& request, const MeasurementResult& result) {
    if (request.mode != MeasurementRequest::Mode::SystemWide || !request.command.empty())
        if (result.exitStatus) return *result.exitStatus;
    return kExitOk;
}

} // namespace perfdash::cli
