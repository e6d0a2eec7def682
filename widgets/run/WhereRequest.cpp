#include "widgets/run/WhereRequest.h"

#include <filesystem>

namespace perfdash {
namespace {

// What an opened session ran, as a request: only what its configuration keeps.
Result<MeasurementRequest> targetOf(const RunConfig& config, const std::string& procRoot) {
    using Mode = MeasurementRequest::Mode;
    MeasurementRequest r;
    if (config.mode == "launch") {
        if (config.command.empty())
            return makeError("the session does not say which program it ran: choose it on the Measure page");
        r.mode = Mode::Launch;
        r.command = config.command;
        r.cpuList = config.cpuList; // a launched program's CPU list is where it was pinned
    } else if (config.mode == "attach") {
        if (config.pid <= 0 || !std::filesystem::exists(procRoot + "/" + std::to_string(config.pid)))
            return makeError("process " + std::to_string(config.pid) + ", which the session attached to, has ended: "
                             "choose a running process on the Measure page");
        r.mode = Mode::Attach;
        r.pid = config.pid;
    } else if (config.mode == "system") {
        r.mode = Mode::SystemWide;
        r.cpuList = config.cpuList;
    } else {
        return makeError("the session does not say what it measured (mode '" + config.mode +
                         "'): choose a target on the Measure page");
    }
    r.backend.name = config.backend;
    r.events = config.events;
    r.interval = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(config.intervalS));
    r.duration = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(config.durationS));
    r.marker = config.marker;
    r.captureOutput = true;
    r.stdinFromNull = true;
    return r;
}

} // namespace

Result<MeasurementRequest> whereRequest(const MeasurementResult& shown, const MeasurementRequest* measuredHere,
                                        const QString& group, const std::string& procRoot) {
    MeasurementRequest r;
    if (measuredHere) {
        r = *measuredHere;
    } else {
        auto target = targetOf(shown.config, procRoot);
        if (!target) return target.error();
        r = std::move(*target);
    }
    if (r.mode == MeasurementRequest::Mode::Attach && !std::filesystem::exists(procRoot + "/" + std::to_string(r.pid)))
        return makeError("process " + std::to_string(r.pid) + " has ended: choose a running process on the Measure page");
    r.backend.name = "perf"; // the direct backends count whole CPUs and cannot sample
    if (group == QLatin1String("custom")) {
        if (r.events.empty()) return makeError("the run's own events are not known: add them on the Measure page");
        r.groups.clear();
    } else {
        r.groups = {group.toStdString()};
        r.events.clear();
    }
    r.markerTransitions = r.marker; // the samples' regions too
    r.keepIntervals = true;
    return r;
}

} // namespace perfdash
