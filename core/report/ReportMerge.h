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
// (merging them would add unlike things). Timelines are not merged (each
// run's intervals start at its own time): the merged report says so and
// names the files that hold them.
#include <string>
#include <vector>

#include "core/result/MeasurementResult.h"
#include "core/util/Result.h"

namespace perfdash {

struct MergeInput {
    std::string source; // the file name, for messages and `hosts[].source`
    MeasurementResult report;
};

Result<MeasurementResult> mergeReports(const std::vector<MergeInput>& inputs);

// A merged report as one column per run: each run's events summed over its
// locations and its own whole-run metric values, so that the text report's
// statistics over locations become the statistics across hosts. Aggregates
// stay the job's.
MeasurementResult perHostView(const MeasurementResult& merged);

// The host a report was counted on: machine.hostname, else the file name
// without directories and suffix (reports written before it was recorded).
std::string reportHost(const MeasurementResult& report, const std::string& source);

} // namespace perfdash
