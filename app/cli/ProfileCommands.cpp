// perfdash-cli record, top, and report's views of the samples: where the
// events happen, per function, source line and call path, with the group's
// metrics per function (docs/sampling.md).
#include <bit>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <unistd.h>

#include "app/cli/ArchOption.h"
#include "app/cli/CommandLine.h"
#include "app/cli/Commands.h"
#include "app/cli/ProfileCommands.h"
#include "app/cli/StatRun.h"
#include "app/cli/TargetOptions.h"
#include "core/interchange/Pprof.h"
#include "core/interchange/Speedscope.h"
#include "core/measurement/MachineFormulaConstants.h"
#include "core/measurement/MarkerMeasurement.h"
#include "core/perfdata/PerfDataProfile.h"
#include "core/profile/FlameGraph.h"
#include "core/profile/ProfileJson.h"
#include "core/profile/ProfileOutput.h"
#include "core/profile/ProfileRecorder.h"
#include "core/profile/SessionFallback.h"
#include "core/util/AtomicFile.h"
#include "core/util/Duration.h"
#include "core/util/Strings.h"

namespace perfdash::cli {

namespace {

using ojson = nlohmann::ordered_json;

// The options record and top share: how to sample, where debug files are.
void addSamplingOptions(CommandLine& cl) {
    cl.option({.shortName = "-F",
               .longName = "--freq",
               .valueName = "HZ",
               .help = "samples per second and thread (the kernel adjusts the period; its "
                       "kernel.perf_event_max_sample_rate caps it, and the output says so)",
               .defaultValue = "4000"});
    cl.option({"", "--period", "N", "a sample every N events of the leader instead of -F"});
    cl.option({"", "--leader", "EVENT",
               "the group's event (or counter) to sample; the others are read with every sample (default: its first)"});
    cl.option({.longName = "--call-graph",
               .valueName = "MODE",
               .help = "call stacks: fp (the kernel walks frame pointers), dwarf[,SIZE] (SIZE bytes of each sample's "
                       "user stack, unwound with the binaries' DWARF), none",
               .defaultValue = "fp"});
    cl.option({"", "--cgroup", "PATH", "sample (and count) the tasks of this cgroup on the CPUs of -c (all without)"});
    cl.option({.longName = "--mmap-pages",
               .valueName = "PAGES",
               .help = "each CPU's ring buffer: a power of two of pages, or a size (2M, 512K); more where records are "
                       "lost (--call-graph dwarf's large samples), within kernel.perf_event_mlock_kb unless root",
               .defaultValue = "128"});
    cl.option({.longName = "--debug-root",
               .valueName = "DIR",
               .help = "where separate debug files are looked for (DIR/.build-id/xx/yyyy.debug and debug links)",
               .repeatable = true,
               .defaultValue = "/usr/lib/debug"});
    cl.option({"", "--debuginfod", "", "ask the debuginfod servers of $DEBUGINFOD_URLS for debug files not found here"});
    addArchOption(cl, "read groups and their events as on this architecture");
}

// --mmap-pages as perf takes it: pages, or a size with B, K, M or G.
Result<size_t> ringPagesOf(const std::string& text) {
    const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    const std::string fix = "--mmap-pages: '" + text + "' is not ";
    std::string digits = text;
    uint64_t unit = 0; // bytes per unit; 0: pages
    if (!digits.empty() && std::string("BbKkMmGg").find(digits.back()) != std::string::npos) {
        const char u = static_cast<char>(std::toupper(static_cast<unsigned char>(digits.back())));
        unit = u == 'B' ? 1 : u == 'K' ? 1024 : u == 'M' ? 1024 * 1024 : uint64_t{1024} * 1024 * 1024;
        digits.pop_back();
    }
    auto n = parseUnsigned(digits);
    if (!n || *n == 0 || *n > (uint64_t{1} << 40) || (unit && (*n * unit) % page != 0))
        return makeError(fix + "a number of pages or a size of whole pages (e.g. 256, 1M)");
    const uint64_t pages = unit ? *n * unit / page : *n;
    if (!std::has_single_bit(pages) || pages > (uint64_t{1} << 20))
        return makeError(fix + "a power of two of pages (" + std::to_string(pages) + " pages): the kernel maps only those, "
                         "e.g. 128, 512 or 2M");
    return static_cast<size_t>(pages);
}

Result<ProfileOptions> profileOptionsFrom(const ParsedArgs& args) {
    ProfileOptions o;
    if (args.has("--freq") && args.has("--period")) return makeError("-F and --period exclude each other: sample by one");
    if (auto f = args.value("--freq")) {
        auto hz = parseUnsigned(*f);
        if (!hz || *hz == 0) return makeError("-F: '" + *f + "' is not a frequency; give samples per second, e.g. 4000");
        o.rate = {SamplingRate::Kind::Frequency, *hz};
    }
    if (auto p = args.value("--period")) {
        auto n = parseUnsigned(*p);
        if (!n || *n == 0) return makeError("--period: '" + *p + "' is not a number of events, e.g. 100000");
        o.rate = {SamplingRate::Kind::Period, *n};
    }
    if (auto l = args.value("--leader")) o.leader = *l;
    if (auto g = args.value("--call-graph")) {
        const auto parts = split(*g, ',');
        const std::string mode = parts.empty() ? "" : parts[0];
        if (mode == "fp") o.callGraph = CallGraph::FramePointer;
        else if (mode == "none") o.callGraph = CallGraph::None;
        else if (mode == "dwarf") o.callGraph = CallGraph::Dwarf;
        else return makeError("--call-graph: '" + *g + "' is none of fp, dwarf[,SIZE], none");
        if (parts.size() > 2 || (parts.size() == 2 && mode != "dwarf"))
            return makeError("--call-graph: '" + *g + "': only dwarf takes a size (dwarf,16384)");
        if (parts.size() == 2) {
            auto size = parseUnsigned(parts[1]);
            if (!size || *size == 0 || *size % 8 != 0 || *size >= 65535)
                return makeError("--call-graph: the stack size '" + parts[1] + "' must be a multiple of 8 below 65535");
            o.dwarfStackBytes = static_cast<uint32_t>(*size);
        }
    }
    if (auto c = args.value("--cgroup")) o.cgroup = *c;
    if (auto m = args.value("--mmap-pages")) {
        auto pages = ringPagesOf(*m);
        if (!pages) return pages.error();
        o.ringDataPages = *pages;
    }
    if (args.has("--debug-root")) o.symbols.debug.roots = args.values("--debug-root");
    o.symbols.debug.debuginfod = args.has("--debuginfod");
    return o;
}

// The counting request of record and top: the target options, counted as
// stat counts them; a group none of whose events counts here is no error
// (the samples stand on their own, the counts say n/a and why).
Result<MeasurementRequest> samplingRunRequest(const ParsedArgs& args, const std::string& command,
                                              const ProfileOptions& options) {
    auto r = targetRequestFrom(args, command);
    if (!r) return r.error();
    if (r->groups.empty() && r->events.empty()) r->events = {"cycles"}; // perf's default; no PMU: a software clock
    if (!options.cgroup.empty()) {
        if (r->mode == MeasurementRequest::Mode::Attach)
            return makeError("--cgroup and --pid exclude each other: a cgroup's tasks are sampled on whole CPUs");
        r->mode = MeasurementRequest::Mode::SystemWide;
        r->cgroups = {options.cgroup};
    }
    r->markerTransitions = r->marker;
    return r;
}

// Where none of the events can be counted here (a VM without a PMU and a
// hardware group), a software clock is counted beside them, so that the
// session still holds the run's counts; the group's events stay n/a with
// their reasons. The samples fall back to a clock of their own and say so.
void countAClockIfNothingElse(MeasurementRequest& request, MachineContext& machine) {
    request.allowNothingCounted = true;
    auto plan = MeasurementPlan::prepare(request, machine);
    request.allowNothingCounted = false;
    if (!plan || !plan->eventSet.empty()) return; // an error is runMeasurement's to report
    const std::string clock = request.mode == MeasurementRequest::Mode::SystemWide ? "cpu-clock" : "task-clock";
    warn("none of the requested events can be counted here; " + clock + " is counted beside them, so that the "
         "session holds the run's counts");
    request.events.push_back(clock);
}

// Sampling opened on the held target, for runMeasurement's hooks.
struct SamplingRun {
    MachineContext* machine = nullptr;
    ProfileOptions options;
    std::unique_ptr<ProfileRecorder> recorder;

    RunHooks hooks() {
        RunHooks h;
        h.beforeRelease = [this](int targetPid, const MeasurementPlan& plan) -> Status {
            auto sampling = planSampling(plan, *machine, options);
            if (!sampling) return sampling.error();
            for (const std::string& w : sampling->warnings) warn(w);
            auto opened = ProfileRecorder::open(*sampling, plan, targetPid, options, formulaConstants(plan, *machine));
            if (!opened) return opened.error();
            recorder = std::move(*opened);
            for (const std::string& n : recorder->notices()) warn(n);
            return {};
        };
        h.started = [this](const Measurement& m, const MeasurementPlan&) -> Status {
            // The marker's transitions file exists once the measurement does; sampling itself is on already.
            return recorder->start(m.marker() ? m.marker()->transitionsPath() : "");
        };
        return h;
    }
};

std::string sizeText(size_t bytes) {
    return bytes < 1000000 ? printfString("%.0f kB", static_cast<double>(bytes) / 1e3)
                           : printfString("%.1f MB", static_cast<double>(bytes) / 1e6);
}

// ---- record ----

CommandLine recordCommandLine() {
    CommandLine cl("record", "[-- PROGRAM ARGS...]",
                   "sample a program, a process or CPUs: where the events and the metrics go",
                   "Samples where a program spends its events: the first group's leader (-g) or first event (-e; "
                   "default cycles) is sampled by frequency (-F) or period (--period), and the group's other events "
                   "are read with every sample, so each sample carries every member's count since the last one. The "
                   "groups are also counted as stat counts them: one session holds counts and samples. Where the "
                   "machine has no PMU the leader is sampled as a software clock (cpu-clock or task-clock), and the "
                   "output says so; events that cannot be counted are n/a with the reason.\n"
                   "Samples are symbolized as they come (functions, source lines, inlined calls, the modules' "
                   "build-ids) and summed per call path, thread, marker region and interval, so the session opens "
                   "on another machine and stays small however long the run. It is written atomically to FILE; "
                   "when that fails (a full disk), it is written to $TMPDIR (or /tmp) instead and the error says "
                   "where. With -m, samples are also attributed to the marker region running on their thread.\n"
                   "Show it with 'perfdash-cli report FILE --functions' (--lines, --callers, --disasm, --folded, --flame). "
                   "The launched program's exit status becomes perfdash-cli's. See docs/sampling.md.");
    addTargetOptions(cl, "sample");
    addSamplingOptions(cl);
    cl.option({.longName = "--interval",
               .valueName = "DURATION",
               .help = "the session's time resolution: samples are summed per call path and INTERVAL (report --time "
                       "selects whole intervals)",
               .defaultValue = "1s"});
    cl.option({.shortName = "-o", .longName = "--output", .valueName = "FILE", .help = "the session file", .defaultValue = "perfdash.json"});
    cl.option({"", "--json", "", "print the top functions as JSON (report --functions --json) when done"});
    cl.option({.longName = "--limit", .valueName = "N", .help = "functions printed with --json (0: all)", .defaultValue = "10"});
    cl.example("-g CPI -F 4000 -o run.json -- ./app", "Counts and samples of CPI in one session");
    cl.example("-e cpu-clock --call-graph dwarf -- ./app", "Full stacks of a program built without frame pointers");
    cl.example("-m -g CPI -o run.json -- ./app", "Samples per marker region too (report --region NAME)");
    cl.example("--pid 1234 -g SOFTWARE -S 10s", "Attach for 10 s");
    return cl;
}

Result<size_t> limitOf(const ParsedArgs& args, size_t otherwise) {
    auto text = args.value("--limit");
    if (!text) return otherwise;
    auto n = parseUnsigned(*text);
    if (!n) return makeError("--limit: '" + *text + "' is not a number of rows (0: all)");
    return static_cast<size_t>(*n);
}

int recordCommand(const ParsedArgs& args) {
    auto options = profileOptionsFrom(args);
    if (!options) return fail(options.error().message, kExitUsage);
    if (auto interval = args.value("--interval")) {
        auto d = parseDuration(*interval, "--interval");
        if (!d) return fail(d.error().message, kExitUsage);
        options->intervalS = std::chrono::duration<double>(*d).count();
    }
    auto request = samplingRunRequest(args, "record", *options);
    if (!request) return fail(request.error().message, kExitUsage);
    auto limit = limitOf(args, 10);
    if (!limit) return fail(limit.error().message, kExitUsage);
    const std::string output = args.value("--output").value_or("perfdash.json");
    auto paths = machinePathsOf(args);
    if (!paths) return fail(paths.error().message, kExitUsage);
    MachineContext machine(std::move(*paths));
    countAClockIfNothingElse(*request, machine);

    SamplingRun sampling{&machine, *options, nullptr};
    auto run = runMeasurement(*request, machine, sampling.hooks());
    if (!run) return fail(run.error().message);
    MeasurementResult& result = *run;
    const Profile profile = sampling.recorder->finish();
    for (const std::string& w : profile.sampling.warnings) {
        warn(w);
        result.warnings.push_back(w);
    }

    const std::string contents = formatSessionJson(result, profile);
    const SessionWrite written = writeSessionSafely(output, contents, "record");
    const double samples = profile.samples();
    if (!written.error.empty()) {
        if (written.writtenTo.empty())
            return fail(written.error + "; the session could not be written elsewhere either (" +
                        join(written.fallbackErrors, "; ") + "): its " + printfString("%.0f", samples) +
                        " samples are lost");
        return fail(written.error + "; the session (" + printfString("%.0f", samples) + " samples, counts included) "
                    "waits in " + written.writtenTo + ": move it where you want it");
    }
    std::cerr << "perfdash-cli: session written to " << output << " (" << printfString("%.0f", samples) << " samples, "
              << sizeText(contents.size()) << "); 'perfdash-cli report " << output << " --functions' shows where they are"
              << std::endl;
    if (args.has("--json") && samples > 0) {
        auto selection = selectRows(profile, {});
        auto metrics = ProfileMetrics::compile(profile);
        if (selection && metrics) {
            const auto rows = functionTable(profile, *selection, *metrics);
            std::cout << functionTableJson(profile, *selection, rows, *metrics, {output, result.startedAt, false}, *limit)
                             .dump(2)
                      << '\n';
        }
    }
    std::cout << std::flush;
    return runExitStatus(*request, result);
}

// ---- top ----

CommandLine topCommandLine() {
    CommandLine cl("top", "[-- PROGRAM ARGS...]",
                   "live: the functions that take the events now, with the group's metrics",
                   "Samples like record and shows the functions of the last refresh period, with their share, "
                   "samples, the group's events and metrics, as perf top does. On a terminal the table is redrawn in "
                   "place; otherwise (a pipe, a file) each refresh prints its table after a line with its time. With "
                   "--json each refresh is one JSON line (report --functions --json's object with its time). Ends "
                   "with Ctrl-C, after -S, or when the launched program exits. The program's own output goes to "
                   "stderr.");
    addTargetOptions(cl, "sample");
    addSamplingOptions(cl);
    cl.option({.longName = "--refresh", .valueName = "DURATION", .help = "how often the table is drawn", .defaultValue = "1s"});
    cl.option({.longName = "--limit", .valueName = "N", .help = "functions shown (0: all)", .defaultValue = "20"});
    cl.option({"", "--json", "", "one JSON line per refresh"});
    cl.example("-g CPI --pid 1234", "The process's hottest functions with CPI, each second");
    cl.example("-e cpu-clock -c 0-1 -S 10s", "Whole CPUs for 10 s");
    return cl;
}

int topCommand(const ParsedArgs& args) {
    auto options = profileOptionsFrom(args);
    if (!options) return fail(options.error().message, kExitUsage);
    std::chrono::nanoseconds refresh = std::chrono::seconds(1);
    if (auto r = args.value("--refresh")) {
        auto d = parseDuration(*r, "--refresh");
        if (!d) return fail(d.error().message, kExitUsage);
        refresh = *d;
    }
    // Quarters of the refresh period: each refresh shows the last four that
    // ended a quarter ago or more, so that the samples still on their way
    // from the ring buffers (tens of ms) are in.
    const double refreshS = std::chrono::duration<double>(refresh).count();
    options->intervalS = refreshS / 4;
    options->liveIntervals = 8; // the four a refresh shows, the quarter still coming in, and room to spare
    auto request = samplingRunRequest(args, "top", *options);
    if (!request) return fail(request.error().message, kExitUsage);
    request->interval = refresh;
    request->keepIntervals = false;
    request->outputToStderr = true; // the table owns stdout
    auto limit = limitOf(args, 20);
    if (!limit) return fail(limit.error().message, kExitUsage);
    auto paths = machinePathsOf(args);
    if (!paths) return fail(paths.error().message, kExitUsage);
    MachineContext machine(std::move(*paths));
    countAClockIfNothingElse(*request, machine);
    const bool json = args.has("--json");
    const bool terminal = ::isatty(STDOUT_FILENO) && !json;

    SamplingRun sampling{&machine, *options, nullptr};
    RunHooks hooks = sampling.hooks();
    uint32_t shown = 0; // the next interval to show
    hooks.intervals = [&](const std::vector<IntervalResult>& intervals, const Measurement&) {
        if (intervals.empty() || !sampling.recorder) return;
        const double now = intervals.back().t;
        sampling.recorder->read([&](const Profile& live) {
            const double ended = now - refreshS / 4; // all samples before it are in
            const uint32_t complete = ended <= 0 ? 0 : static_cast<uint32_t>(std::floor(ended / live.intervalS + 1e-9));
            if (complete == 0 || complete <= shown) return;
            shown = complete;
            const Profile& p = live;
            ProfileFilter filter;
            filter.toS = complete * live.intervalS;
            filter.fromS = std::max(0.0, *filter.toS - refreshS);
            auto selection = selectRows(p, filter);
            const ProfileSource source{"live", "", false};
            std::string text;
            if (!selection) {
                if (json) std::cout << ojson{{"type", "profile_functions"}, {"t", *filter.toS}, {"functions", ojson::array()}}.dump() << '\n';
                else text = printfString("%.2f s: no samples in the last %.3g s\n", *filter.toS, refreshS);
            } else {
                auto metrics = ProfileMetrics::compile(p);
                if (!metrics) return;
                const auto rows = functionTable(p, *selection, *metrics);
                if (json) {
                    ojson line = functionTableJson(p, *selection, rows, *metrics, source, *limit);
                    line["t"] = *filter.toS;
                    std::cout << line.dump() << '\n';
                } else {
                    text = printfString("perfdash-cli top: %.2f s, the %.3g s before: ", *filter.toS, *filter.toS - *filter.fromS) +
                           printfString("%.0f samples of %s", selection->sums[ProfileColumns::kSamples],
                                        p.sampling.leader.c_str()) +
                           "\n" + functionTableText(p, rows, *metrics, *limit);
                }
            }
            if (!text.empty()) std::cout << (terminal ? "\x1b[H\x1b[2J" : "\n") << text;
            std::cout << std::flush;
        });
    };
    auto run = runMeasurement(*request, machine, hooks);
    if (!run) return fail(run.error().message);
    if (sampling.recorder) {
        const Profile profile = sampling.recorder->finish();
        for (const std::string& w : profile.sampling.warnings) warn(w);
    }
    return runExitStatus(*request, *run);
}

// ---- report's views ----

const char* const kViews[] = {"--functions", "--lines", "--callers", "--disasm", "--folded", "--flame", "--pprof", "--speedscope"};

// What `report` shows: the samples of a session of record, or a perf.data
// file read into the same profile (core/perfdata).
struct LoadedProfile {
    Profile profile;
    ProfileSource source;
    std::string synthetic; // a session made up, not measured (MeasurementResult::synthetic)
    bool perfData = false;
};

Result<LoadedProfile> loadProfile(const std::string& path, const ParsedArgs& args) {
    if (isPerfData(path)) {
        PerfDataProfileOptions options;
        options.symbolRoots = args.values("--symfs");
        auto profile = readPerfDataProfile(path, options);
        if (!profile) return profile.error();
        return LoadedProfile{std::move(*profile), {path == "-" ? "standard input" : path, "", true}, "", true};
    }
    auto session = readSessionFile(path);
    if (!session) return session.error();
    if (!session->profile)
        return makeError(path + " holds no samples: it is a session of counts only (stat, or the dashboard); record one "
                         "with 'perfdash-cli record -o FILE -- PROGRAM', or give a perf.data file");
    return LoadedProfile{std::move(*session->profile), {path, session->result.startedAt, true}, session->result.synthetic};
}

Status writeOutput(const ParsedArgs& args, const std::string& text) {
    if (auto path = args.value("--output")) {
        if (Status s = writeFileAtomically(*path, text); !s) return s;
        std::cerr << "perfdash-cli: written to " << *path << '\n';
        return {};
    }
    std::cout << text << std::flush;
    return {};
}

// Where an exported file says its samples come from.
ExportSource exportSource(const LoadedProfile& loaded) {
    return {(loaded.perfData ? "perf.data file " : "session ") + loaded.source.session, loaded.source.startedAt, true,
            loaded.synthetic};
}

// --pprof and --speedscope: the selection in another tool's format, to -o
// FILE or to standard output, never gzip's bytes to a terminal.
int exportProfile(const ParsedArgs& args, const std::string& view, const LoadedProfile& loaded,
                  const ProfileSelection& selection) {
    const auto output = args.value("--output");
    if (view == "--speedscope") {
        const std::string text = speedscopeJson(loaded.profile, selection, {exportSource(loaded)}).dump() + "\n";
        if (Status s = writeOutput(args, text); !s) return fail("-o " + *output + ": " + s.error().message);
        return kExitOk;
    }
    if (!output && ::isatty(STDOUT_FILENO))
        return fail("--pprof writes a gzipped protocol buffer, not text for a terminal: give -o FILE.pb.gz, or redirect "
                    "standard output to a file (> FILE.pb.gz)",
                    kExitUsage);
    const PprofOptions options{exportSource(loaded)};
    if (output) {
        if (Status s = writePprofFile(*output, loaded.profile, selection, options); !s)
            return fail("-o " + *output + ": " + s.error().message);
        std::cerr << "perfdash-cli: written to " << *output << " ('go tool pprof -top " << *output << "' reads it)\n";
        return kExitOk;
    }
    auto bytes = pprofGzip(loaded.profile, selection, options);
    if (!bytes) return fail(bytes.error().message);
    std::cout << *bytes << std::flush;
    return kExitOk;
}

} // namespace

void addProfileReportOptions(CommandLine& cl) {
    cl.option({"", "--functions", "", "the sampled functions: self and total share, samples, events, metrics"});
    cl.option({"", "--lines", "FUNCTION", "the samples of FUNCTION's own body per source line"});
    cl.option({.longName = "--source-dir",
               .valueName = "DIR",
               .help = "--lines: look for source files under DIR too, where they are not at the path the program was "
                       "built with",
               .repeatable = true});
    cl.option({"", "--callers", "FUNCTION", "who called FUNCTION, as a tree of call paths"});
    cl.option({"", "--disasm", "FUNCTION",
               "FUNCTION's instructions (objdump of its binary, checked by build-id) with the samples of each, its "
               "share, events and source line; the hottest marked"});
    cl.option({.longName = "--symfs",
               .valueName = "DIR",
               .help = "look for the recorded binaries under DIR first (DIR/usr/lib/libx.so), as perf's --symfs: a "
                       "copy of the files of the machine that recorded (--disasm, and a perf.data file's symbols)",
               .repeatable = true});
    cl.option({"", "--folded", "", "folded stacks (one 'a;b;c COUNT' line per call path), for flamegraph.pl"});
    cl.option({"", "--flame", "METRIC",
               "an SVG flame graph coloured by the group's METRIC (each box's tooltip has its value), by self share "
               "with 'samples', or with 'change' and --baseline by the change since another run"});
    cl.option({"", "--pprof", "",
               "the samples as a pprof profile (gzipped profile.proto: go tool pprof and other viewers), one value "
               "per event read with the samples; to -o FILE.pb.gz or a pipe"});
    cl.option({"", "--speedscope", "",
               "the samples as a speedscope file (JSON, https://www.speedscope.app), a profile per event read with "
               "the samples"});
    cl.option({"", "--baseline", "SESSION",
               "--functions: each function's change of self share since SESSION (an earlier record), with both "
               "runs' metrics; --flame change: a flame graph coloured by each box's change of share; --time, "
               "--region, --pid and --tid select in both"});
    cl.option({"", "--time", "RANGE", "only the samples of RANGE from the start (2s-5s, 2s-, -5s), in whole intervals"});
    cl.option({"", "--region", "NAME", "only the samples taken while the marker region NAME ran on their thread"});
    cl.option({"", "--pid", "PID", "only the samples of this process"});
    cl.option({"", "--tid", "TID", "only the samples of this thread"});
    cl.option({.longName = "--limit", .valueName = "N", .help = "functions shown by --functions (0: all)", .defaultValue = "30"});
    cl.option({"", "--json", "", "the view as JSON (docs/report-schema.md); --flame --json: its tree"});
}

bool isPerfData(const std::string& path) { return path == "-" || isPerfDataFile(path); }

bool wantsProfileView(const ParsedArgs& args) {
    for (const char* view : kViews)
        if (args.has(view)) return true;
    return args.has("--time") || args.has("--region") || args.has("--json") || args.has("--pid") || args.has("--tid") ||
           args.has("--baseline");
}

int profileReport(const ParsedArgs& args) {
    if (args.positional().size() != 1)
        return fail("give one session or perf.data file: perfdash-cli report SESSION.json --functions", kExitUsage);
    std::vector<std::string> views;
    for (const char* view : kViews)
        if (args.has(view)) views.push_back(view);
    if (views.size() > 1) return fail(join(views, ", ") + " exclude each other: ask for one view at a time", kExitUsage);
    const std::string view = views.empty() ? "--functions" : views.front();
    ProfileFilter filter;
    if (auto t = args.value("--time")) {
        auto range = parseTimeRange(*t);
        if (!range) return fail(range.error().message, kExitUsage);
        filter.fromS = range->first;
        filter.toS = range->second;
    }
    filter.region = args.value("--region").value_or("");
    for (const auto& [name, into] : {std::pair{"--pid", &filter.pid}, std::pair{"--tid", &filter.tid}})
        if (auto v = args.value(name)) {
            auto n = parseSigned(*v);
            if (!n || *n <= 0) return fail(std::string(name) + ": '" + *v + "' is not a process or thread ID", kExitUsage);
            *into = static_cast<int>(*n);
        }
    auto limit = limitOf(args, 30);
    if (!limit) return fail(limit.error().message, kExitUsage);

    const std::string& path = args.positional().front();
    auto loaded = loadProfile(path, args);
    if (!loaded) return fail(loaded.error().message);
    const Profile& profile = loaded->profile;
    auto selection = selectRows(profile, filter);
    if (!selection) return fail(path + ": " + selection.error().message);
    auto metrics = ProfileMetrics::compile(profile);
    if (!metrics) return fail(path + ": " + metrics.error().message);
    const ProfileSource& source = loaded->source;
    const bool json = args.has("--json");
    if ((view == "--pprof" || view == "--speedscope") && !args.has("--baseline")) {
        if (json) return fail(view + " is a format of its own: drop --json", kExitUsage);
        return exportProfile(args, view, *loaded, *selection);
    }

    std::string out;
    if (auto baselinePath = args.value("--baseline")) {
        if (view != "--functions" && view != "--flame")
            return fail("--baseline compares --functions and --flame change only; drop " + view, kExitUsage);
        auto baseline = loadProfile(*baselinePath, args);
        if (!baseline) return fail("--baseline " + baseline.error().message);
        auto baselineSelection = selectRows(baseline->profile, filter);
        if (!baselineSelection) return fail("--baseline " + *baselinePath + ": " + baselineSelection.error().message);
        if (view == "--flame") {
            if (toLower(*args.value("--flame")) != "change")
                return fail("--flame " + *args.value("--flame") + " with --baseline: a flame graph against a baseline is "
                            "coloured by each box's change of share; write --flame change",
                            kExitUsage);
            const FlameTree before =
                colouredTree(baseline->profile, *baselineSelection, CallTreeView::TopDown, {}, "all", nullptr).tree;
            if (json) {
                out = flameGraphJson(profile, *selection, *metrics, -1, &before).dump(2) + "\n";
            } else {
                FlameGraphOptions options;
                options.baseline = &before;
                options.title = path + " against " + *baselinePath + ": " + selection->description;
                out = flameGraphSvg(profile, *selection, *metrics, options);
            }
            if (Status s = writeOutput(args, out); !s) return fail("-o " + *args.value("--output") + ": " + s.error().message);
            return kExitOk;
        }
        auto compared = compareRuns(baseline->profile, *baselineSelection, profile, *selection);
        if (!compared) return fail(path + " against --baseline " + *baselinePath + ": " + compared.error().message);
        const ProfileSource& before = baseline->source;
        if (json) {
            out = functionChangesJson(profile, *selection, source, *baselineSelection, before, compared->changes,
                                      compared->metrics, *limit)
                      .dump(2) +
                  "\n";
        } else {
            out = "Baseline:  " + *baselinePath + " (recorded " + before.startedAt + "), " +
                  baselineSelection->description + ": " +
                  printfString("%.0f", baselineSelection->sums[ProfileColumns::kSamples]) + " samples\n" +
                  profileHeaderText(profile, *selection, source);
            if (compared->differentGroups)
                out += "The two runs sampled different groups: their metrics are not compared.\n";
            out += functionChangesText(compared->changes, compared->metrics, *limit);
        }
    } else if (view == "--functions") {
        const auto rows = functionTable(profile, *selection, *metrics);
        out = json ? functionTableJson(profile, *selection, rows, *metrics, source, *limit).dump(2) + "\n"
                   : profileHeaderText(profile, *selection, source) + functionTableText(profile, rows, *metrics, *limit);
    } else if (view == "--lines" || view == "--callers") {
        auto function = findFunction(profile, *selection, *args.value(view));
        if (!function) return fail(path + ": " + function.error().message);
        if (view == "--lines") {
            const auto rows = lineTable(profile, *selection, *metrics, *function);
            out = json ? lineTableJson(profile, *selection, *function, rows, *metrics, source).dump(2) + "\n"
                       : profileHeaderText(profile, *selection, source) +
                             lineTableText(profile, *function, rows, *metrics, args.values("--source-dir"));
        } else {
            const CallerNode tree = callerTree(profile, *selection, *metrics, *function);
            out = json ? callerTreeJson(profile, *selection, tree, *metrics, source).dump(2) + "\n"
                       : profileHeaderText(profile, *selection, source) + callerTreeText(profile, tree, *metrics);
        }
    } else if (view == "--disasm") {
        DisassemblyOptions options;
        options.symbolRoots = args.values("--symfs");
        auto disassembly = disassemble(profile, *selection, *args.value(view), options);
        if (!disassembly) return fail(path + ": " + disassembly.error().message);
        out = json ? disassemblyJson(profile, *selection, *disassembly, source).dump(2) + "\n"
                   : profileHeaderText(profile, *selection, source) + disassemblyText(profile, *disassembly);
    } else if (view == "--folded") {
        out = json ? foldedJson(profile, *selection, source).dump(2) + "\n" : foldedStacks(profile, *selection);
    } else {
        const std::string name = *args.value("--flame");
        if (toLower(name) == "change")
            return fail("--flame change: the change since another run needs it: add --baseline SESSION", kExitUsage);
        int metric = -1;
        if (toLower(name) != "samples") {
            metric = metrics->find(name);
            if (metric < 0)
                return fail("--flame " + name + ": " +
                                (metrics->count() == 0 ? "the session's sampled events have no metrics"
                                                       : "no such metric; the session's metrics: " + join(metrics->names(), ", ")) +
                                "; 'samples' colours by self share",
                            kExitUsage);
        }
        if (json) {
            ojson tree = flameGraphJson(profile, *selection, *metrics, metric);
            out = tree.dump(2) + "\n";
        } else {
            FlameGraphOptions options;
            options.metric = metric;
            options.title = path + ": " + selection->description + " (recorded " + source.startedAt + ")";
            out = flameGraphSvg(profile, *selection, *metrics, options);
        }
    }
    if (Status s = writeOutput(args, out); !s) return fail("-o " + *args.value("--output") + ": " + s.error().message);
    return kExitOk;
}

const Subcommand kRecordCommand{recordCommandLine, recordCommand};
const Subcommand kTopCommand{topCommandLine, topCommand};

} // namespace perfdash::cli
