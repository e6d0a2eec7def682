#pragma once
// A fleet session: what the dashboard's Hosts page watched of several agents
// (perfdash-cli serve), saved as one report with a host dimension in the
// format perfdash-cli merge writes (ReportMerge.h): each host a run whose
// whole-run figures are summed from the intervals it streamed while watched
// (WholeRunMetrics.h), whose timeline stays in its `hosts` entry, named by
// the address the user added. Opened again, it replays and exports like any
// merged report, and each host replays as a session of its own (hostRun).
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result/MeasurementResult.h"
#include "core/util/Outcome.h"

namespace perfdash {

class SessionJournal;

// One agent as watched, as much as a save needs and no interval more than
// must be: its intervals (with `t` counted from when watching began) are in
// its journal file, except those that could not be written there yet.
// Copied on the GUI thread, read on another (fleetSession).
struct WatchedHost {
    std::string startedAt;  // ISO 8601: when its first watched interval began
    nlohmann::json machine; // its agent's /api/v1/info "machine"; null until (unless) that answered
    std::vector<LocationInfo> locations;
    double agentT0 = 0;     // the agent's own time (seconds since it started) where watching began
    double lastT = 0;       // its last interval's t, as watched
    size_t intervalCount = 0; // since watching (re)began: in the journal plus held
    size_t restarts = 0;    // how often the agent restarted (or changed its CPUs) and the watch began again
    std::string journalPath;  // empty while no journal could be created
    uint64_t journalBytes = 0; // the journal's first bytes that hold its saved intervals (SessionJournal::savedBytes)
    size_t journalled = 0;     // how many intervals those bytes hold
    std::vector<IntervalResult> held; // the intervals after those: not written yet, kept in memory
};

// The intervals of each host as they arrive, each host's journalled to its
// own file in `directory` as an autosave is (SessionJournal: each flush()
// appends what came since the last, a crash leaves an incomplete session
// that opens), so memory holds only the intervals since the last flush()
// while the files can be written. Those that cannot be written (full disk,
// read-only directory) stay held in memory and are written by the next
// flush() that can: nothing is dropped, and problem() says so meanwhile. An agent that restarted (its time went back)
// or now counts other locations starts its host's record (and journal)
// over: intervals of two different runs would not add up. The journals are
// removed with their host and with the recording: a saved fleet session
// (fleetSession) is what keeps them.
class FleetRecording {
public:
    explicit FleetRecording(std::string directory);
    ~FleetRecording();
    FleetRecording(const FleetRecording&) = delete;
    FleetRecording& operator=(const FleetRecording&) = delete;

    // `now`: ISO 8601 time of arrival (the interval ended then).
    void add(const std::string& address, const std::vector<LocationInfo>& locations, const IntervalResult& interval,
             const std::string& now);
    // Writes the intervals held to their hosts' journals (a journal is created with its host's first flush).
    void flush();
    void setMachine(const std::string& address, nlohmann::json machine);
    void remove(const std::string& address);
    // Every host's state now, to save from another thread while recording goes on.
    std::map<std::string, WatchedHost> hosts() const;
    // Intervals held in memory: those since the last flush(), and those their journal could not take.
    size_t heldIntervals() const;
    // Why intervals are held in memory (the latest failure, naming the file and the fix); empty when none are.
    const std::string& problem() const { return problem_; }

private:
    struct Host {
        WatchedHost watched;
        std::unique_ptr<SessionJournal> journal;
    };
    void startJournal(Host& host, const std::string& address);
    void write(Host& host, const std::string& address);
    void discardJournal(Host& host);
    void updateProblem();

    std::string directory_;
    std::map<std::string, Host> hosts_;
    std::map<std::string, std::string> problems_; // per host: why its intervals are held
    std::string problem_;
};

// The fleet session of every host with at least one interval, read from
// their journals (and what is held); an error that says so when there is
// none, when a journal cannot be read, or when the hosts counted different groups.
Result<MeasurementResult> fleetSession(const std::map<std::string, WatchedHost>& hosts);

} // namespace perfdash
