#pragma once
// perfdash-cli merge: the reports of one parallel job's ranks or hosts
// (written with `-o 'run-%h-%r.json'` under mpirun or srun) made into one
// report with a host dimension. Every run's locations are kept, named by
// host (and rank); event totals are summed over all of them; whole-run
// metrics are computed again from those sums with `time` the longest run's
// duration (the job's span when the ranks ran in parallel) and the job's
// formula constants (CPUs, sockets and NUMA domains summed; the clock where
// every host has the same one, else n/a); each run's own metric values are
// kept in `hosts`, for the statistics across hosts. Topologies may differ:
// each run keeps its own machine section.
//
// Refused, with the file named: fewer than two runs, a run given twice (the
// same host, rank and start), runs that counted different groups or events
// (merging them would add unlike things). Timelines are not joined (each
// run's intervals start at its own time): each run keeps its own in its
// `hosts` entry, which hostRun() gives back as a report of its own.
#include <string>
#include <vector>

#include "core/result/MeasurementResult.h"
#include "core/util/Outcome.h"

namespace perfdash {

struct MergeInput {
    std::string source; // the file name, for messages and `hosts[].source`
    MeasurementResult report;
    std::string host{}; // the run's host; empty: reportHost(report, source)
};

// `minimumRuns`: a job is at least two runs; a fleet session (FleetSession.h) may be one host.
Result<MeasurementResult> mergeReports(const std::vector<MergeInput>& inputs, size_t minimumRuns = 2);

// The run of `merged.hosts[index]` as a report of its own: its locations,
// its counts (totals over its locations, by CountSum), its own whole-run
// metric values, its machine and its timeline. What a replay of one host shows.
MeasurementResult hostRun(const MeasurementResult& merged, size_t index);

// A merged report as one column per run: each run's events summed over its
// locations and its own whole-run metric values, so that the text report's
// statistics over locations become the statistics across hosts. Aggregates
// stay the job's.
MeasurementResult perHostView(const MeasurementResult& merged);

// The host a report was counted on: machine.hostname, else the file name
// without directories and suffix (reports written before it was recorded).
std::string reportHost(const MeasurementResult& report, const std::string& source);

} // namespace perfdash
