// perfdash-cli stat: count events of a launched program, a running process
// or whole CPUs, and print likwid-like tables, a timeline, CSV or JSON.
#include <cstdio>
#include <iostream>

#include "app/cli/ArchOption.h"
#include "app/cli/CommandLine.h"
#include "app/cli/Commands.h"
#include "app/cli/StatJournal.h"
#include "app/cli/StatRun.h"
#include "app/cli/TargetOptions.h"
#include "core/report/OutputPath.h"
#include "core/report/ReportCsv.h"
#include "core/report/ReportJson.h"
#include "core/report/ReportOutput.h"
#include "core/report/TextReport.h"
#include "core/report/TimelineText.h"
#include "core/measurement/Measurement.h"
#include "core/util/Duration.h"
#include "core/util/Strings.h"

namespace perfdash::cli {

namespace {

CommandLine statCommandLine() {
    CommandLine cl("stat", "[-- PROGRAM ARGS...]",
                   "count events of a program, a process or CPUs; print tables, metrics, timelines",
                   "Counts events and computes the metrics of performance groups. Flags follow likwid-perfctr. "
                   "It counts one target: a program it launches after '--' (pinned with -C, or not), a running "
                   "process (--pid) or whole CPUs (-c). Groups (-g) and events (-e) can be mixed; -O and --json "
                   "exclude each other.\n"
                   "Interval and duration take units (100ms, 2s); a bare -t number is milliseconds (as perf's -I), "
                   "a bare -S number is seconds. The launched program's exit status becomes perfdash-cli's (128+N, "
                   "as a shell gives it, when signal N killed it; a warning names the signal).\n"
                   "With --json and -t, stdout is a stream of JSON lines (one per interval, then the report) and "
                   "the program's stdout goes to stderr. See docs/report-schema.md.");
    addTargetOptions(cl, "count");
    cl.option({"-t", "--interval", "INTERVAL", "timeline: print the counts of every interval (e.g. 100ms)"});
    cl.option({"-O", "--csv", "", "print CSV (a header row and a schema version) instead of tables"});
    cl.option({"", "--json", "", "print the JSON report (with -t: a JSON line per interval, then the report)"});
    cl.option({"-o", "--output", "FILE",
               "write the report to FILE instead (.json, .csv, .txt, .html; %h %p %r %j expand); with -t the run is saved "
               "every second to FILE.partial.json until the report is written"});
    cl.option({.longName = "--backend",
               .valueName = "NAME",
               .help = "perf (the kernel's perf_event), msr (/dev/cpu/N/msr, whole CPUs, like likwid's direct "
                       "mode) or loongson (Loongson 2E/2F through perfdash's pcounter module)",
               .defaultValue = "perf"});
    cl.option({.longName = "--msr-root",
               .valueName = "DIR",
               .help = "where the msr backend finds N/msr",
               .defaultValue = "$PERFDASH_MSR_ROOT or /dev/cpu"});
    addArchOption(cl, "read groups and their events as on this architecture");
    cl.option({.longName = "--pcounter",
               .valueName = "PATH",
               .help = "the loongson backend's device",
               .defaultValue = "$PERFDASH_PCOUNTER or /dev/pcounter"});
    cl.example("-C 0-3 -g CPI -- ./app args", "Launch: pinned to CPUs 0-3, counted per CPU");
    cl.example("-g SOFTWARE -- ./app", "Unpinned: counted as one process");
    cl.example("--pid 1234 -g SOFTWARE -S 5s", "Attach: every thread of process 1234");
    cl.example("-c 0,1 -g SOFTWARE -S 2s", "Whole CPUs: system-wide, like likwid's stethoscope");
    cl.example("-m -C 0-3 -g CPI -- ./app", "Regions: per marker region and thread, likwid -m; see docs/marker.md");
    cl.example("--backend msr -C 0-3 -g ENERGY -- ./app", "Direct: /dev/cpu/N/msr, counts whole CPUs");
    return cl;
}

Result<MeasurementRequest> requestFrom(const ParsedArgs& args) {
    auto r = targetRequestFrom(args, "stat");
    if (!r) return r.error();
    if (auto t = args.value("--interval")) {
        auto interval = parseDuration(*t, "-t", std::chrono::milliseconds(1));
        if (!interval) return interval.error();
        r->interval = *interval;
    }
    if (auto backend = args.value("--backend")) {
        if (!isBackendName(*backend))
            return makeError("--backend: unknown backend '" + *backend + "'; choose one of " +
                             join(backendNames(), ", "));
        r->backend.name = *backend;
    }
    if (auto root = args.value("--msr-root")) r->backend.msrRoot = *root;
    if (auto path = args.value("--pcounter")) r->backend.pcounterPath = *path;
    return r;
}

void printTimeline(const std::vector<IntervalResult>& intervals, const Measurement& m, bool json, bool& headerDone) {
    for (const auto& interval : intervals) {
        if (json) {
            std::cout << formatIntervalJsonLine(interval, m.locations()) << '\n' << std::flush;
            continue;
        }
        if (!headerDone) {
            std::cerr << timelineTextHeader();
            headerDone = true;
        }
        std::cerr << formatTimelineText(interval) << std::flush;
    }
}

int statCommand(const ParsedArgs& args) {
    if (args.has("--csv") && args.has("--json")) return fail("-O (CSV) and --json exclude each other", kExitUsage);
    auto request = requestFrom(args);
    if (!request) return fail(request.error().message, kExitUsage);
    std::optional<std::string> outputPattern = args.value("--output");
    if (outputPattern) {
        if (auto format = reportFormatForPath(*outputPattern); !format) return fail(format.error().message, kExitUsage);
    }

    auto paths = machinePathsOf(args);
    if (!paths) return fail(paths.error().message, kExitUsage);
    MachineContext machine(std::move(*paths));
    const bool json = args.has("--json");
    const bool stream = json && request->interval.count() > 0;
    bool headerDone = false;
    std::optional<std::string> outputPath;
    std::optional<StatJournal> journal;
    RunHooks hooks;
    // As perf stat: what can be counted is, the rest is n/a, and the exit status is the
    // program's. One documented line at the end tells a script it was partly counted.
    std::string partly;
    hooks.planned = [&](const MeasurementPlan& plan) -> Status {
        partly = partlyCountedLine(plan);
        return {};
    };
    hooks.started = [&](const Measurement& m, const MeasurementPlan& plan) -> Status {
        if (!outputPattern) return {};
        auto path = expandOutputPath(*outputPattern, outputPathValuesFromEnvironment(m.targetPid()));
        if (!path) return path.error();
        outputPath = *path;
        if (request->interval.count() > 0) {
            auto created = StatJournal::create(*outputPath, m, plan, machine);
            if (!created) return makeError("-o " + *outputPath + ": " + created.error().message);
            journal = std::move(*created);
        }
        return {};
    };
    hooks.intervals = [&](const std::vector<IntervalResult>& intervals, const Measurement& m) {
        printTimeline(intervals, m, stream, headerDone);
        if (journal) journal->add(intervals);
    };
    auto run = runMeasurement(*request, machine, hooks);
    if (!run) return fail(run.error().message);
    const MeasurementResult& result = *run;

    if (outputPath) {
        const Status saved = journal ? journal->flush() : Status{};
        if (Status s = writeReportFile(*outputPath, result); !s) {
            if (journal && saved)
                return fail(s.error().message + "; the intervals measured are saved in " + journal->path() +
                            " (an incomplete session: perfdash opens it)");
            return fail(s.error().message);
        }
        if (journal) journal->remove();
        std::cerr << "perfdash-cli: report written to " << *outputPath << '\n';
    } else if (stream) {
        std::cout << formatReportJsonLine(result) << '\n';
    } else if (json) {
        std::cout << formatReportJson(result);
    } else if (args.has("--csv")) {
        std::cout << formatReportCsv(result);
    } else {
        std::cout << formatTextReport(result);
    }
    std::cout << std::flush;
    if (!partly.empty()) warn(partly);
    return runExitStatus(*request, result);
}

} // namespace

const Subcommand kStatCommand{statCommandLine, statCommand};

} // namespace perfdash::cli
