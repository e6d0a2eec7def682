#include "core/report/ReportMerge.h"

#include <algorithm>
#include <filesystem>

#include "core/groups/FormulaConstants.h"
#include "core/report/WholeRunMetrics.h"
#include "core/result/CountSum.h"

namespace perfdash {

namespace {

std::string hostOf(const MergeInput& in) { return in.host.empty() ? reportHost(in.report, in.source) : in.host; }

std::string runName(const MergeInput& in) {
    const std::optional<int>& rank = in.report.config.mpiRank;
    return in.source + " (host " + hostOf(in) +
           (rank ? ", rank " + std::to_string(*rank) : std::string()) + ")";
}

// Runs merge only when they counted the same things: the same groups with the
// same events on the same counters and the same metric formulas.
Status sameMeasurement(const MergeInput& first, const MergeInput& other) {
    const auto& a = first.report.groups;
    const auto& b = other.report.groups;
    const std::string differs = other.source + " counted other things than " + first.source + ": ";
    const std::string fix = "; merge only the reports of one job, measured with the same options";
    if (a.size() != b.size())
        return makeError(differs + std::to_string(b.size()) + " groups, not " + std::to_string(a.size()) + fix);
    for (size_t g = 0; g < a.size(); ++g) {
        const std::string group = "group " + std::to_string(g + 1) + " (" + b[g].name + ")";
        if (a[g].name != b[g].name) return makeError(differs + group + " is not " + a[g].name + fix);
        if (a[g].events.size() != b[g].events.size() || a[g].metrics.size() != b[g].metrics.size())
            return makeError(differs + group + " has other events or metrics" + fix);
        for (size_t e = 0; e < a[g].events.size(); ++e)
            if (a[g].events[e].counter != b[g].events[e].counter || a[g].events[e].event != b[g].events[e].event)
                return makeError(differs + group + " counts " + b[g].events[e].event + " on " +
                                 b[g].events[e].counter + " where the other counts " + a[g].events[e].event + " on " +
                                 a[g].events[e].counter + fix);
        for (size_t m = 0; m < a[g].metrics.size(); ++m)
            if (a[g].metrics[m].name != b[g].metrics[m].name || a[g].metrics[m].formula != b[g].metrics[m].formula)
                return makeError(differs + group + " computes metric '" + b[g].metrics[m].name + "' as " +
                                 b[g].metrics[m].formula + fix);
    }
    return {};
}

// The job's constants: CPUs, sockets and NUMA domains add up over the hosts;
// the clock is the hosts' common one, else unknown (n/a, never an average).
nlohmann::json jobFormulaConstants(const std::vector<MergeInput>& inputs) {
    MetricEnvironment job;
    job.numCpus = job.numSockets = job.numNumaDomains = 0;
    bool first = true;
    for (const MergeInput& in : inputs) {
        const auto env = formulaConstantsFromMachine(in.report.machine).value_or(MetricEnvironment{});
        job.numCpus += env.numCpus;
        job.numSockets += env.numSockets;
        job.numNumaDomains += env.numNumaDomains;
        if (first) job.inverseClock = env.inverseClock;
        else if (!(env.inverseClock == job.inverseClock)) job.inverseClock = kNotAvailable;
        first = false;
    }
    return formulaConstantsToJson(job);
}

// A run's locations held elsewhere after the merged ones so far: each CPU
// named is its own run's, as the location beside it.
void appendHeld(HeldElsewhere& to, size_t before, const HeldElsewhere& from, size_t added) {
    if (!to.any() && !from.any()) return;
    to.cpu.resize(before, -1);
    for (size_t l = 0; l < added; ++l) to.cpu.push_back(from.at(l).value_or(-1));
}

void appendGroup(GroupResult& merged, const GroupResult& run, const std::string& host) {
    for (size_t e = 0; e < merged.events.size(); ++e) {
        EventResult& to = merged.events[e];
        const EventResult& from = run.events[e];
        appendHeld(to.heldElsewhere, to.perLocation.size(), from.heldElsewhere, from.perLocation.size());
        to.perLocation.insert(to.perLocation.end(), from.perLocation.begin(), from.perLocation.end());
        if (from.counted) to.counted = true;
        else if (!from.reason.empty())
            to.reason += (to.reason.empty() ? "" : "; ") + std::string("not counted on ") + host + ": " + from.reason;
    }
    for (size_t m = 0; m < merged.metrics.size(); ++m) {
        MetricResult& to = merged.metrics[m];
        const MetricResult& from = run.metrics[m];
        appendHeld(to.heldElsewhere, to.perLocation.size(), from.heldElsewhere, from.perLocation.size());
        to.perLocation.insert(to.perLocation.end(), from.perLocation.begin(), from.perLocation.end());
    }
}

// Totals over every location of every run, by the one rule (CountSum).
void sumTotals(GroupResult& g) {
    for (EventResult& e : g.events) {
        const CountSum sum = sumOverLocations(e);
        e.total = sum.total();
        e.partialTotal = sum.partial();
    }
}

} // namespace

MeasurementResult perHostView(const MeasurementResult& merged) {
    MeasurementResult view = merged;
    view.locations.clear();
    view.intervals.clear();
    for (size_t h = 0; h < merged.hosts.size(); ++h)
        view.locations.push_back({LocationKind::Host, static_cast<int>(h), merged.hosts[h].host, merged.hosts[h].rank});
    for (size_t g = 0; g < view.groups.size(); ++g) {
        for (EventResult& e : view.groups[g].events) {
            std::vector<CountValue> perHost;
            size_t at = 0;
            for (const HostRun& host : merged.hosts) {
                perHost.push_back(sumOverLocations(e, at, at + host.locations).total());
                at += host.locations;
            }
            e.perLocation = std::move(perHost);
            e.heldElsewhere = {}; // each host's sum holds its own
        }
        for (size_t m = 0; m < view.groups[g].metrics.size(); ++m) {
            std::vector<double> perHost;
            for (const HostRun& host : merged.hosts)
                perHost.push_back(g < host.metrics.size() && m < host.metrics[g].size() ? host.metrics[g][m]
                                                                                         : kNotAvailable);
            view.groups[g].metrics[m].perLocation = std::move(perHost);
            view.groups[g].metrics[m].heldElsewhere = {};
        }
    }
    return view;
}

MeasurementResult hostRun(const MeasurementResult& merged, size_t index) {
    const HostRun& host = merged.hosts.at(index);
    size_t first = 0;
    for (size_t h = 0; h < index; ++h) first += merged.hosts[h].locations;
    const auto slice = [&](const auto& all) {
        using Values = std::decay_t<decltype(all)>;
        const size_t begin = std::min(first, all.size()), end = std::min(first + host.locations, all.size());
        return Values(all.begin() + static_cast<std::ptrdiff_t>(begin), all.begin() + static_cast<std::ptrdiff_t>(end));
    };
    MeasurementResult run;
    run.version = merged.version;
    run.config = merged.config;
    run.config.mpiRank = host.rank;
    run.replay = merged.replay;
    run.machine = host.machine;
    run.startedAt = host.startedAt;
    run.durationS = host.durationS;
    run.exitStatus = host.exitStatus;
    run.locations = slice(merged.locations);
    run.intervals = host.intervals;
    run.groups = merged.groups;
    for (size_t g = 0; g < run.groups.size(); ++g) {
        for (EventResult& e : run.groups[g].events) {
            e.perLocation = slice(e.perLocation);
            e.coreTypes.clear(); // the job's split by core type is not this host's
            CountSum sum;
            for (const CountValue& c : e.perLocation) sum.add(c);
            e.total = sum.total();
            e.partialTotal = sum.partial();
        }
        for (size_t m = 0; m < run.groups[g].metrics.size(); ++m) {
            MetricResult& metric = run.groups[g].metrics[m];
            metric.perLocation = slice(metric.perLocation);
            metric.perCoreType.clear();
            metric.aggregate = g < host.metrics.size() && m < host.metrics[g].size() ? host.metrics[g][m] : kNotAvailable;
        }
    }
    for (const RegionResult& region : merged.regions)
        if (!region.threads.empty() && region.threads.front().host == host.host &&
            region.threads.front().rank == host.rank)
            run.regions.push_back(region);
    const std::string prefix = host.host + ": ";
    for (const std::string& w : merged.warnings)
        if (w.starts_with(prefix)) run.warnings.push_back(w.substr(prefix.size()));
    return run;
}

std::string reportHost(const MeasurementResult& report, const std::string& source) {
    if (report.machine.is_object()) {
        const auto it = report.machine.find("hostname");
        if (it != report.machine.end() && it->is_string() && !it->get<std::string>().empty())
            return it->get<std::string>();
    }
    return std::filesystem::path(source).stem().string();
}

Result<MeasurementResult> mergeReports(const std::vector<MergeInput>& inputs, size_t minimumRuns) {
    if (inputs.size() < minimumRuns || inputs.empty())
        return makeError("merge needs the reports of at least " +
                         (minimumRuns == 2 ? std::string("two runs (one per rank or host)")
                                           : std::to_string(std::max<size_t>(minimumRuns, 1)) + " runs") +
                         ", got " + std::to_string(inputs.size()));
    for (size_t i = 0; i < inputs.size(); ++i) {
        if (!inputs[i].report.hosts.empty())
            return makeError(inputs[i].source + " is already a merged report: merge the runs' own reports instead");
        if (Status s = sameMeasurement(inputs.front(), inputs[i]); !s) return s.error();
        for (size_t j = 0; j < i; ++j)
            if (hostOf(inputs[i]) == hostOf(inputs[j]) &&
                inputs[i].report.config.mpiRank == inputs[j].report.config.mpiRank &&
                inputs[i].report.startedAt == inputs[j].report.startedAt)
                return makeError(runName(inputs[i]) + " and " + inputs[j].source +
                                 " are the same run (same host, rank and start time): give each run once");
    }

    const MeasurementResult& first = inputs.front().report;
    MeasurementResult merged;
    merged.version = first.version;
    merged.config = first.config;
    merged.config.pid = -1;
    merged.config.mpiRank.reset();
    merged.config.cpus.clear();
    merged.config.cpuList.clear();
    merged.replay = true; // put together from files, not measured now
    merged.machine = nlohmann::json::object();
    merged.machine[kFormulaConstantsKey] = jobFormulaConstants(inputs);
    merged.startedAt = first.startedAt;
    merged.durationS = 0;
    for (const GroupResult& g : first.groups) {
        GroupResult empty = g;
        for (EventResult& e : empty.events) {
            e.perLocation.clear();
            e.heldElsewhere = {};
            e.counted = false;
            e.reason.clear();
        }
        for (MetricResult& m : empty.metrics) {
            m.perLocation.clear();
            m.heldElsewhere = {};
        }
        merged.groups.push_back(std::move(empty));
    }

    for (const MergeInput& in : inputs) {
        const MeasurementResult& run = in.report;
        HostRun host;
        host.host = hostOf(in);
        host.rank = run.config.mpiRank;
        host.source = in.source;
        host.startedAt = run.startedAt;
        host.durationS = run.durationS;
        host.exitStatus = run.exitStatus;
        host.locations = run.locations.size();
        host.machine = run.machine;
        host.intervals = run.intervals;
        for (const GroupResult& g : run.groups) {
            std::vector<double> values;
            for (const MetricResult& m : g.metrics) values.push_back(m.aggregate);
            host.metrics.push_back(std::move(values));
        }
        for (LocationInfo l : run.locations) {
            l.host = host.host;
            l.rank = host.rank;
            merged.locations.push_back(std::move(l));
        }
        for (size_t g = 0; g < merged.groups.size(); ++g) appendGroup(merged.groups[g], run.groups[g], host.host);
        for (RegionResult region : run.regions) {
            for (LocationInfo& t : region.threads) {
                t.host = host.host;
                t.rank = host.rank;
            }
            merged.regions.push_back(std::move(region));
        }
        if (!run.startedAt.empty() && (merged.startedAt.empty() || run.startedAt < merged.startedAt))
            merged.startedAt = run.startedAt;
        if (isAvailable(run.durationS)) merged.durationS = std::max(merged.durationS, run.durationS);
        else merged.warnings.push_back(runName(in) + " has no duration: the job's span is that of the others");
        if (run.exitStatus && *run.exitStatus != 0) {
            merged.warnings.push_back(runName(in) + " exited with status " + std::to_string(*run.exitStatus));
            if (!merged.exitStatus || *merged.exitStatus == 0) merged.exitStatus = run.exitStatus;
        } else if (!merged.exitStatus) {
            merged.exitStatus = run.exitStatus;
        }
        merged.interrupted = merged.interrupted || run.interrupted;
        if (run.incomplete) {
            merged.incomplete = true;
            merged.warnings.push_back(runName(in) + " is an autosave of a run that did not finish");
        }
        for (const std::string& w : run.warnings) merged.warnings.push_back(host.host + ": " + w);
        merged.hosts.push_back(std::move(host));
    }

    // Each location keeps the metric values its own run computed (with its own
    // host's constants); the aggregates come from the job's sums.
    std::vector<std::vector<std::vector<double>>> perLocation;
    for (const GroupResult& g : merged.groups) {
        perLocation.emplace_back();
        for (const MetricResult& m : g.metrics) perLocation.back().push_back(m.perLocation);
    }
    for (GroupResult& g : merged.groups) sumTotals(g);
    for (std::string& note : recomputeWholeRunMetrics(merged)) merged.warnings.push_back(std::move(note));
    for (size_t g = 0; g < merged.groups.size(); ++g)
        for (size_t m = 0; m < merged.groups[g].metrics.size(); ++m)
            merged.groups[g].metrics[m].perLocation = perLocation[g][m];
    return merged;
}

} // namespace perfdash
