// perfdash-cli merge: the reports of a parallel job's ranks or hosts made
// into one report with a host dimension (core/report/ReportMerge.h).
#include <iostream>

#include "app/cli/CommandLine.h"
#include "app/cli/Commands.h"
#include "core/report/ReportJsonReader.h"
#include "core/report/ReportMerge.h"
#include "core/report/ReportOutput.h"

namespace perfdash::cli {

namespace {

CommandLine mergeCommandLine() {
    CommandLine cl("merge", "RUN.json...",
                   "merge the reports of a parallel job's ranks or hosts into one report",
                   "Reads the JSON reports of one job's runs (one per rank or host, written with e.g. "
                   "-o 'run-%h-%r.json' under mpirun or srun) and writes one report with a host dimension: every "
                   "run's CPUs or threads, named by host and rank; event totals summed over all of them; metrics "
                   "computed again from those sums, with time the longest run's duration; and each run's own "
                   "metrics, so that the text report shows the statistics across hosts and names the slowest and "
                   "fastest run. The runs must have counted the same groups and events; their topologies may differ. "
                   "Timelines are not joined: each run keeps its own, in its entry of the report's hosts.");
    cl.option({"-o", "--output", "FILE",
               "write the merged report to FILE (.json, .csv, .txt or .html by its suffix) instead of the text report on "
               "stdout"});
    cl.example("run-*.json -o job.json", "Merge every rank's report into job.json");
    cl.example("node1.json node2.json", "Show two hosts' runs side by side, with statistics across them");
    return cl;
}

int mergeCommand(const ParsedArgs& args) {
    if (args.positional().empty())
        return fail("nothing to merge: give the reports of the job's runs (perfdash-cli merge run-*.json)", kExitUsage);
    std::vector<MergeInput> inputs;
    for (const std::string& path : args.positional()) {
        auto report = readReportFile(path);
        if (!report) return fail(report.error().message);
        inputs.push_back({path, std::move(*report)});
    }
    auto merged = mergeReports(inputs);
    if (!merged) return fail(merged.error().message, inputs.size() < 2 ? kExitUsage : kExitFailure);
    for (const std::string& w : merged->warnings) warn(w);
    if (auto output = args.value("--output")) {
        if (Status s = writeReportFile(*output, *merged); !s) return fail("-o " + *output + ": " + s.error().message);
        std::cerr << "perfdash-cli: merged " << inputs.size() << " runs into " << *output << std::endl;
        return kExitOk;
    }
    std::cout << renderReport(*merged, ReportFormat::Text);
    return kExitOk;
}

} // namespace

const Subcommand kMergeCommand{mergeCommandLine, mergeCommand};

} // namespace perfdash::cli
