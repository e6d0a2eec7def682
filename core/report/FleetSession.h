#pragma once
// A fleet session: what the dashboard's Hosts page watched of several agents
// (perfdash-cli serve), saved as one report with a host dimension in the
// format perfdash-cli merge writes (ReportMerge.h): each host a run whose
// whole-run figures are summed from the intervals it streamed while watched
// (WholeRunMetrics.h), whose timeline stays in its `hosts` entry, named by
// the address the user added. Opened again, it replays and exports like any
// merged report, and each host replays as a session of its own (hostRun).
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result/MeasurementResult.h"
#include "core/util/Result.h"

namespace perfdash {

// One agent as watched: its intervals with `t` counted from when watching began.
struct WatchedHost {
    std::string startedAt;  // ISO 8601: when its first watched interval began
    nlohmann::json machine; // its agent's /api/v1/info "machine"; null until (unless) that answered
    std::vector<LocationInfo> locations;
    std::vector<IntervalResult> intervals;
    double agentT0 = 0;     // the agent's own time (seconds since it started) where watching began
    size_t restarts = 0;    // how often the agent restarted (or changed its CPUs) and the watch began again
};

// The intervals of each host as they arrive. An agent that restarted (its
// time went back) or now counts other locations starts its host's record
// over: intervals of two different runs would not add up.
class FleetRecording {
public:
    // `now`: ISO 8601 time of arrival (the interval ended then).
    void add(const std::string& address, const std::vector<LocationInfo>& locations, const IntervalResult& interval,
             const std::string& now);
    void setMachine(const std::string& address, nlohmann::json machine);
    void remove(const std::string& address);
    const std::map<std::string, WatchedHost>& hosts() const { return hosts_; }

private:
    std::map<std::string, WatchedHost> hosts_;
};

// The fleet session of every host with at least one interval; an error that
// says so when there is none, or when the hosts counted different groups.
Result<MeasurementResult> fleetSession(const std::map<std::string, WatchedHost>& hosts);

} // namespace perfdash
