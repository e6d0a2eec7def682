#include "core/session/FleetSession.h"

#include <filesystem>

#include "core/report/ReportMerge.h"
#include "core/session/SessionFiles.h"
#include "core/session/SessionJournal.h"
#include "core/report/WholeRunMetrics.h"

namespace perfdash {

namespace {

bool sameLocations(const std::vector<LocationInfo>& a, const std::vector<LocationInfo>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i].kind != b[i].kind || a[i].id != b[i].id || a[i].cgroup != b[i].cgroup) return false;
    return true;
}

// A host's run without its intervals: system-wide, its groups those of its
// first watched interval. The head of its journal, and of its saved run.
MeasurementResult headOf(const WatchedHost& watched, const IntervalResult& first) {
    MeasurementResult run;
    run.config.mode = "system";
    run.config.intervalS = first.dt;
    for (const GroupResult& g : first.groups) run.config.groups.push_back(g.name);
    for (const LocationInfo& l : watched.locations)
        if (l.kind == LocationKind::Cpu) run.config.cpus.push_back(l.id);
    run.startedAt = watched.startedAt;
    run.machine = watched.machine.is_object() ? watched.machine : nlohmann::json::object();
    run.locations = watched.locations;
    return run;
}

// A host's watched intervals (its journal's, then those held) as a run of
// its own, its whole run summed from them.
Result<MeasurementResult> runOf(const WatchedHost& watched) {
    std::vector<IntervalResult> intervals;
    if (!watched.journalPath.empty()) {
        auto saved = SessionJournal::readSaved(watched.journalPath, watched.journalBytes);
        if (!saved) return saved.error();
        if (saved->size() != watched.journalled)
            return makeError("the fleet journal '" + watched.journalPath + "' holds " + std::to_string(saved->size()) +
                             " intervals where " + std::to_string(watched.journalled) +
                             " were written: something else changed it");
        intervals = std::move(*saved);
    }
    intervals.insert(intervals.end(), watched.held.begin(), watched.held.end());
    MeasurementResult run = headOf(watched, intervals.front());
    run.intervals = std::move(intervals);
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

FleetRecording::FleetRecording(std::string directory) : directory_(std::move(directory)) {}

FleetRecording::~FleetRecording() {
    for (auto& [address, host] : hosts_) discardJournal(host);
}

void FleetRecording::add(const std::string& address, const std::vector<LocationInfo>& locations,
                         const IntervalResult& interval, const std::string& now) {
    Host& host = hosts_[address];
    WatchedHost& w = host.watched;
    const bool restarted = w.intervalCount > 0 &&
                           (!sameLocations(w.locations, locations) || interval.t - w.agentT0 <= w.lastT);
    if (restarted) ++w.restarts;
    if (w.intervalCount == 0 || restarted) {
        discardJournal(host);
        w.held.clear();
        w.intervalCount = 0;
        w.locations = locations;
        w.agentT0 = interval.t - interval.dt;
        w.startedAt = now; // the interval's end; its start is dt earlier, within the clock's second
    }
    IntervalResult watched = interval;
    watched.t -= w.agentT0;
    w.lastT = watched.t;
    ++w.intervalCount;
    w.held.push_back(std::move(watched));
}

void FleetRecording::flush() {
    for (auto& [address, host] : hosts_)
        if (!host.watched.held.empty()) write(host, address);
    updateProblem();
}

void FleetRecording::startJournal(Host& host, const std::string& address) {
    std::error_code ignored; // a directory that cannot be made fails the create below, which names it
    std::filesystem::create_directories(directory_, ignored);
    const std::string path = uniqueSessionPath(directory_, sessionFileName(host.watched.startedAt, "fleet_" + address));
    auto journal = SessionJournal::create(path, headOf(host.watched, host.watched.held.front()));
    if (!journal) {
        problems_[address] = journal.error().message;
        return;
    }
    host.journal = std::move(*journal);
    host.watched.journalPath = path;
}

void FleetRecording::write(Host& host, const std::string& address) {
    if (!host.journal) startJournal(host, address);
    if (!host.journal) return; // held until a journal can be created
    // The journal saves all of them or none and keeps no copy: what it cannot write stays held (the one
    // copy) and is handed again, first, next time.
    if (Status written = host.journal->append(host.watched.held); !written) {
        problems_[address] = written.error().message;
        return;
    }
    std::vector<IntervalResult>().swap(host.watched.held);
    host.watched.journalled = host.journal->intervalCount();
    host.watched.journalBytes = host.journal->savedBytes();
    problems_.erase(address);
}

void FleetRecording::discardJournal(Host& host) {
    if (!host.journal) return;
    const std::string path = host.journal->path();
    host.journal.reset();
    std::error_code ignored; // a journal already gone needs no removing
    std::filesystem::remove(path, ignored);
    host.watched.journalPath.clear();
    host.watched.journalBytes = 0;
    host.watched.journalled = 0;
}

void FleetRecording::updateProblem() {
    problem_.clear();
    if (problems_.empty()) return;
    problem_ = problems_.begin()->second + " — meanwhile " + std::to_string(heldIntervals()) +
               " intervals of the watched hosts are kept in memory, and written when the journal can be";
}

void FleetRecording::setMachine(const std::string& address, nlohmann::json machine) {
    hosts_[address].watched.machine = std::move(machine);
}

void FleetRecording::remove(const std::string& address) {
    if (auto it = hosts_.find(address); it != hosts_.end()) {
        discardJournal(it->second);
        hosts_.erase(it);
    }
    problems_.erase(address);
    updateProblem();
}

std::map<std::string, WatchedHost> FleetRecording::hosts() const {
    std::map<std::string, WatchedHost> out;
    for (const auto& [address, host] : hosts_) out.emplace(address, host.watched);
    return out;
}

size_t FleetRecording::heldIntervals() const {
    size_t held = 0;
    for (const auto& [address, host] : hosts_) held += host.watched.held.size();
    return held;
}

Result<MeasurementResult> fleetSession(const std::map<std::string, WatchedHost>& hosts) {
    std::vector<MergeInput> inputs;
    for (const auto& [address, watched] : hosts) {
        if (watched.intervalCount == 0) continue;
        auto run = runOf(watched);
        if (!run) return makeError("the intervals of " + address + " cannot be read back: " + run.error().message);
        inputs.push_back({address, std::move(*run), address});
    }
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
