#include "core/report/FleetSession.h"

#include "core/report/ReportMerge.h"
#include "core/report/WholeRunMetrics.h"

namespace perfdash {

namespace {

bool sameLocations(const std::vector<LocationInfo>& a, const std::vector<LocationInfo>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i].kind != b[i].kind || a[i].id != b[i].id || a[i].cgroup != b[i].cgroup) return false;
    return true;
}

// A host's watched intervals as a run of its own: system-wide, its groups
// those its intervals carry, its whole run summed from them.
MeasurementResult runOf(const WatchedHost& watched) {
    MeasurementResult run;
    run.config.mode = "system";
    run.config.intervalS = watched.intervals.front().dt;
    for (const GroupResult& g : watched.intervals.front().groups) run.config.groups.push_back(g.name);
    for (const LocationInfo& l : watched.locations)
        if (l.kind == "cpu") run.config.cpus.push_back(l.id);
    run.startedAt = watched.startedAt;
    run.machine = watched.machine.is_object() ? watched.machine : nlohmann::json::object();
    run.locations = watched.locations;
    run.intervals = watched.intervals;
    run.warnings = wholeRunFromIntervals(run);
    double covered = 0;
    for (const IntervalResult& i : run.intervals) covered += i.dt;
    if (covered < 0.99 * run.durationS)
        run.warnings.push_back("its stream was interrupted: " + std::to_string(static_cast<long>(run.durationS - covered)) +
                               " s of its " + std::to_string(static_cast<long>(run.durationS)) +
                               " s have no interval, and its totals hold only the intervals received");
    if (watched.restarts > 0)
        run.warnings.push_back("its agent restarted (or changed what it counts) " + std::to_string(watched.restarts) +
                               " time(s) while watched: only the intervals since the last restart are kept");
    run.replay = true;
    return run;
}

} // namespace

void FleetRecording::add(const std::string& address, const std::vector<LocationInfo>& locations,
                         const IntervalResult& interval, const std::string& now) {
    WatchedHost& host = hosts_[address];
    const bool restarted = !host.intervals.empty() &&
                           (!sameLocations(host.locations, locations) ||
                            interval.t - host.agentT0 <= host.intervals.back().t);
    if (restarted) ++host.restarts;
    if (host.intervals.empty() || restarted) {
        host.intervals.clear();
        host.locations = locations;
        host.agentT0 = interval.t - interval.dt;
        host.startedAt = now; // the interval's end; its start is dt earlier, within the clock's second
    }
    IntervalResult watched = interval;
    watched.t -= host.agentT0;
    host.intervals.push_back(std::move(watched));
}

void FleetRecording::setMachine(const std::string& address, nlohmann::json machine) {
    hosts_[address].machine = std::move(machine);
}

void FleetRecording::remove(const std::string& address) { hosts_.erase(address); }

Result<MeasurementResult> fleetSession(const std::map<std::string, WatchedHost>& hosts) {
    std::vector<MergeInput> inputs;
    for (const auto& [address, watched] : hosts)
        if (!watched.intervals.empty()) inputs.push_back({address, runOf(watched), address});
    if (inputs.empty())
        return makeError("no host has sent an interval yet: add an agent on the Hosts page and wait for its first "
                         "interval, then save");
    auto session = mergeReports(inputs, 1);
    if (!session)
        return makeError("the watched hosts cannot be saved as one session: " + session.error().message +
                         " (remove the hosts that count other groups, or run their agents with the same -g options)");
    return session;
}

} // namespace perfdash
