// perfdash-cli report: a saved session (a report, or the autosave of a run
// that never finished) shown again as text, or written as another format;
// what a cluster node without a display uses for the GUI's HTML export.
#include <iostream>

#include "app/cli/CommandLine.h"
#include "app/cli/Commands.h"
#include "app/cli/ProfileCommands.h"
#include "core/profile/ProfileJson.h"
#include "core/profile/ProfileOutput.h"
#include "core/presentation/RooflinePoints.h"
#include "core/report/HtmlReport.h"
#include "core/report/ReportOutput.h"
#include "core/report/RooflineReport.h"
#include "core/util/AtomicFile.h"
#include "core/util/Strings.h"
#include "core/session/SessionFiles.h"

namespace perfdash::cli {

namespace {

CommandLine reportCommandLine() {
    CommandLine cl("report", "SESSION.json|perf.data",
                   "show a saved session, or write it as text, CSV, JSON or HTML; show its samples",
                   "Reads a session saved with stat -o FILE.json or by the GUI (also FILE.partial.json, the autosave "
                   "of a run that was killed: its whole-run figures are rebuilt from the intervals it holds) and "
                   "prints the text report, or writes it to FILE in the format of FILE's suffix. The HTML report is "
                   "the GUI's export: the overview with each key figure's band, tables, charts and, for a session "
                   "counted per CPU, a heat map; for a session of record, its hot functions and flame graph. Every "
                   "output says the data is recorded, not measured now.\n"
                   "A session of record also holds samples: --functions, --lines, --callers, --disasm, --folded and "
                   "--flame show where the events and the group's metrics go, over all samples or those of --time, "
                   "--region, --pid or --tid; -o then writes that view to FILE. --pprof and --speedscope write the same "
                   "samples for other tools: a pprof profile (go tool pprof) and a speedscope file, with a value per "
                   "event read with the samples.\n"
                   "A perf.data file written by perf record (file or pipe mode, -z too; '-' reads one from standard "
                   "input) is shown with the same views: its sampled event and the group read with it, symbolized "
                   "from the binaries on this machine (or under --symfs DIR) checked by build-id.\n"
                   "--roofline -o FILE.svg draws the run's roofline: its FLOP rate (FLOPS_DP or FLOPS_SP) against its "
                   "memory traffic (MEM, L3, L2), for the whole run, each marker region and each interval, under the "
                   "ceilings measured by perfdash-cli ceilings (--ceilings FILE, else the one the dashboard saved); "
                   "the HTML report of such a run has the same chart.");
    cl.option({"-o", "--output", "FILE", "write the report to FILE (.json, .csv, .txt or .html by its suffix); with a view "
               "of the samples, that view"});
    cl.option({"", "--roofline", "", "with -o FILE.svg: write the run's roofline (its points under the measured ceilings)"});
    cl.option({"", "--ceilings", "FILE", "the ceilings of --roofline and of the HTML report's roofline (perfdash-cli "
               "ceilings --json -o FILE)", false,
               // Not ceilingsFilePath(): the man page is made from this text and must not hold the builder's home.
               "$XDG_DATA_HOME/perfdash/ceilings.json (~/.local/share/...), where the dashboard saves them"});
    addProfileReportOptions(cl);
    cl.example("run.json -o run.html", "The HTML report of a saved run, to open in a browser");
    cl.example("run.partial.json", "What a killed run had counted until its last autosave");
    cl.example("run.json --roofline -o roof.svg", "The roofline of a run of FLOPS_DP and MEM");
    cl.example("run.json --functions", "The sampled functions of a record session, with the group's metrics");
    cl.example("run.json --callers hot_loop --time 2s-5s --region solve", "Who called hot_loop, in part of the run");
    cl.example("run.json --flame CPI -o run.svg", "A flame graph coloured by CPI");
    cl.example("run.json --disasm hot_loop", "hot_loop's instructions with their samples");
    cl.example("run.json --pprof -o run.pb.gz", "The samples for go tool pprof, one value per event");
    cl.example("perf.data --speedscope -o run.speedscope.json", "A perf.data file's samples for speedscope");
    cl.example("perf.data --functions", "The functions of a file of perf record, as perfdash shows its own");
    cl.example("perf.data --symfs /mnt/box", "A perf.data file of another machine, whose files are copied under /mnt/box");
    return cl;
}

// --roofline: the run's points under the ceilings, as an SVG file.
int rooflineReport(const ParsedArgs& args, const std::string& path, const MeasurementResult& session) {
    const auto output = args.value("--output");
    if (!output || !toLower(*output).ends_with(".svg"))
        return fail("--roofline writes an SVG file: give -o FILE.svg", kExitUsage);
    auto ceilings = reportCeilings(args.value("--ceilings").value_or(""));
    if (!ceilings) return fail(ceilings.error().message);
    if (!hasRooflineGroups(session.groups))
        warn(path + " counted no FLOPS or memory group: the roofline shows the ceilings only (measure with -g FLOPS_DP -g MEM)");
    const SvgDrawing drawing = renderRooflineSvg(session, *ceilings, path, {720, 0, true});
    if (Status s = writeFileAtomically(*output, drawing.svg); !s) return fail("-o " + *output + ": " + s.error().message);
    std::cerr << "perfdash-cli: roofline of " << path
              << (session.synthetic.empty() ? "" : " (synthetic data, not measured)") << " written to " << *output << std::endl;
    return kExitOk;
}

int reportCommand(const ParsedArgs& args) {
    // A perf.data file holds samples only: its view of them is the report.
    if (wantsProfileView(args) || (args.positional().size() == 1 && isPerfData(args.positional().front())))
        return profileReport(args);
    if (args.positional().size() != 1)
        return fail("give one saved session: perfdash-cli report SESSION.json [-o FILE]", kExitUsage);
    const std::string& path = args.positional().front();
    auto session = openSessionFile(path);
    if (!session) return fail(session.error().message);
    for (const std::string& w : session->warnings) warn(w);
    if (args.has("--roofline")) return rooflineReport(args, path, *session);
    if (auto output = args.value("--output")) {
        // A session of record also holds samples: the HTML report adds its hot functions and flame graph.
        std::vector<HtmlSection> sections;
        if (auto format = reportFormatForPath(*output); format && *format == ReportFormat::Html) {
            auto profile = readSessionProfile(path);
            if (!profile) return fail(profile.error().message);
            if (*profile) sections.push_back(profileHtmlSection(**profile, {path, session->startedAt, true}, 25));
        }
        Status s;
        if (args.has("--ceilings")) {
            if (auto format = reportFormatForPath(*output); !format || *format != ReportFormat::Html)
                return fail("--ceilings is for --roofline or an HTML report (-o FILE.html)", kExitUsage);
            HtmlReportOptions options = htmlReportOptionsFromData();
            options.ceilings = reportCeilings(*args.value("--ceilings"));
            if (!*options.ceilings) return fail(options.ceilings->error().message);
            options.sections = std::move(sections);
            s = writeFileAtomically(*output, formatHtmlReport(*session, options));
        } else {
            s = writeReportFile(*output, *session, std::move(sections));
        }
        if (!s)
            return fail("-o " + *output + ": " + s.error().message);
        std::cerr << "perfdash-cli: report of " << path
                  << (session->synthetic.empty() ? " (recorded " + session->startedAt + ")" : " (synthetic data, not measured)")
                  << " written to " << *output << std::endl;
        return kExitOk;
    }
    std::cout << renderReport(*session, ReportFormat::Text); // its header says it is a replay
    return kExitOk;
}

} // namespace

const Subcommand kReportCommand{reportCommandLine, reportCommand};

} // namespace perfdash::cli
