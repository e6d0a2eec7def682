// perfdash-cli likwid-perfctr (also the program under the name
// likwid-perfctr-perfdash): likwid-perfctr's command line. Its flags become
// the same MeasurementRequest `stat` builds, the run is stat's
// (runMeasurement), and the result is printed in likwid's own table and CSV
// layouts (core/report/LikwidPerfctrOutput.h). docs/likwid-perfctr.md says
// what differs from likwid.
#include <sched.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "app/cli/ArchOption.h"
#include "app/cli/CommandLine.h"
#include "app/cli/Commands.h"
#include "app/cli/StatRun.h"
#include "core/events/EventCatalog.h"
#include "core/measurement/Capabilities.h"
#include "core/report/LikwidPerfctrOutput.h"
#include "core/report/OutputPath.h"
#include "core/report/ReportOutput.h"
#include "core/topology/CpuList.h"
#include "core/util/AtomicFile.h"
#include "core/util/Duration.h"
#include "core/util/Strings.h"

namespace perfdash::cli {

namespace {

CommandLine likwidPerfctrCommandLine() {
    CommandLine cl("likwid-perfctr", "[PROGRAM ARGS...]",
                   "likwid-perfctr's command line, tables and CSV, counting through perf_event",
                   "Takes likwid-perfctr's flags with their meanings and prints likwid's tables and CSV, so that "
                   "scripts written for likwid-perfctr keep working. Also installed as the program "
                   "likwid-perfctr-perfdash. The first argument that is not an option is the program to measure; "
                   "its own options follow it.\n"
                   "-C pins the program to the CPUs and counts those CPUs whole, -c counts them without pinning; "
                   "without either, every CPU this process may run on is counted. Counting whole CPUs needs root "
                   "or CAP_PERFMON; without them the program alone is counted (--execpid), as likwid does.\n"
                   "Several -g event sets take turns as in likwid: one counts at a time, switched every -T "
                   "period (in timeline mode every interval), and each set's counts are scaled up to the whole "
                   "run by the share of time it counted. --multiplex counts them all at once instead, the kernel "
                   "multiplexing them. See docs/likwid-perfctr.md for every difference.");
    cl.operandsEndOptions();
    cl.option({"-v", "--version", "", "print the version"});
    cl.option({"-V", "--verbose", "LEVEL", "0 only errors, 1 also the CPU information and the command run, 2 and 3 "
                                           "as 1", false, "0"});
    cl.option({"-c", "", "LIST", "count whole CPUs of LIST (likwid CPU-list syntax: 0-3, S0:0-1, N:0-7)"});
    cl.option({"-C", "", "LIST", "pin the program to LIST and count those CPUs"});
    cl.option({"-g", "--group", "GROUP", "performance group, group file or custom event set EVENT:COUNTER,...",
               true});
    cl.option({"-H", "", "", "print the help of the groups given with -g"});
    cl.option({"-a", "", "", "list the performance groups"});
    cl.option({"-e", "", "", "list the events and the counters they can go on"});
    cl.option({"-E", "", "STRING", "list the events whose name contains STRING (any letter case)"});
    cl.option({"-i", "--info", "", "print CPU information"});
    cl.option({"-m", "--marker", "", "marker mode: report the program's regions (likwid's marker API)"});
    cl.option({"-t", "", "TIME", "timeline mode: print every TIME (e.g. 200ms) a line per group to stderr"});
    cl.option({"-S", "", "TIME", "stethoscope mode: count for TIME (e.g. 2s), with or without a program"});
    cl.option({"-T", "", "TIME", "several event sets take turns, switched every TIME (while whole CPUs are "
                                 "counted)", false, "2s"});
    cl.option({"", "--multiplex", "", "perfdash: count several event sets at once, the kernel multiplexing them, "
                                      "instead of taking turns"});
    cl.option({"-o", "--output", "FILE", "write the results to FILE: .txt tables, .csv likwid's CSV, .json "
                                         "perfdash's report (%h %p %r %j expand)"});
    cl.option({"-O", "", "", "print likwid's CSV instead of tables"});
    cl.option({"", "--stats", "", "print the STAT tables also for one CPU"});
    cl.option({"-s", "--skip", "HEX", "likwid's thread skip mask for its pinning library (accepted, see docs)"});
    cl.option({"-M", "", "0|1", "likwid's MSR access mode (accepted; perfdash counts through perf_event)"});
    cl.option({"-f", "--force", "", "likwid: program counters already in use (accepted; perf_event shares them)"});
    cl.option({"", "--execpid", "", "count the program itself on each CPU instead of the whole CPUs"});
    cl.option({"", "--perfpid", "PID", "count the running process PID (all its threads)"});
    cl.example("-C S0:0 -g SOFTWARE ./a.out", "Pin a.out to the first CPU of socket 0 and count that CPU");
    cl.example("-c 0-1 -g SOFTWARE -S 1s", "Count CPUs 0 and 1 for one second");
    cl.example("-C 0 -g page-faults:PMC0,task-clock:PMC1 -O ./a.out", "A custom event set, as CSV");
    cl.example("-m -C 0 -g SOFTWARE ./marked", "Marker mode: the program's LIKWID_MARKER regions");
    return cl;
}

// How often likwid-perfctr switches between several event sets when -T does not say.
constexpr std::chrono::seconds kLikwidSwitchPeriod{2};

// likwid-perfctr takes times with a unit only ("200ms", "2s"); a bare number would be ambiguous.
Result<std::chrono::nanoseconds> likwidTime(const std::string& flag, const std::string& text) {
    if (text.empty() || !std::isalpha(static_cast<unsigned char>(text.back())))
        return makeError(flag + " " + text + ": give the time with a unit, e.g. " + flag + " 200ms or " + flag +
                         " 2s (as likwid-perfctr)");
    return parseDuration(text, flag);
}

LikwidMachineInfo machineInfo(MachineContext& machine) {
    LikwidMachineInfo info;
    if (const auto& topology = machine.topology()) info.cpuName = topology->cpu.modelName;
    if (info.cpuName.empty()) info.cpuName = "unknown";
    // likwid prints its architecture here; perfdash's says how sure it is (PERFDASH_ARCH names another).
    info.cpuType = machine.cpuArch().summary();
    info.clockHz = machine.nominalClock().hz;
    return info;
}

std::string orUnknown(const std::optional<int>& v) { return v ? std::to_string(*v) : "unknown"; }

// -i, and the information -V 1 adds to a run.
std::string cpuInfoText(MachineContext& machine) {
    std::string out;
    if (const auto& topology = machine.topology()) {
        const CpuIdentity& cpu = topology->cpu;
        out += "CPU vendor:\t" + (cpu.vendor.empty() ? std::string("unknown") : cpu.vendor) + "\n";
        out += "CPU family:\t" + orUnknown(cpu.family) + "\nCPU model:\t" + orUnknown(cpu.model) +
               "\nCPU stepping:\t" + orUnknown(cpu.stepping) + "\n";
        out += "CPU arch:\t" + (topology->architecture.empty() ? std::string("unknown") : topology->architecture) +
               "\n";
        out += "HWThreads:\t" + formatCpuList(topology->onlineCpus()) + "\n";
    }
    const CpuArchIdentification& arch = machine.cpuArch();
    out += "likwid arch:\t" + arch.summary() + "\nIdentified:\t" + arch.how + "\n";
    for (const auto& doubt : arch.doubts) out += "Uncertain:\t" + doubt + "\n";
    if (arch.uncertain()) out += "\t\tset PERFDASH_ARCH=ARCH to name the architecture\n";
    out += likwidRule() + "\nCounting (perf_event; 'perfdash-cli capabilities' says more):\n";
    for (const auto& c : checkCapabilities(machine))
        if (c.applicable) out += "  " + c.title + ":\t" + (c.available ? "yes" : "no") + " - " + c.detail + "\n";
    return out;
}

int printInfo(MachineContext& machine) {
    std::cout << formatLikwidHeader(machineInfo(machine)) << cpuInfoText(machine) << likwidRule() << '\n';
    return kExitOk;
}

int listGroups(MachineContext& machine) {
    const auto entries = machine.groups().list();
    if (entries.empty()) {
        std::cout << "No groups defined for " << machineInfo(machine).cpuType << '\n';
        return kExitOk;
    }
    size_t width = std::string_view("Group name").size();
    for (const auto& e : entries) width = std::max(width, e.name.size());
    auto row = [&](const std::string& name, const std::string& text) {
        std::cout << std::string(width - name.size(), ' ') << name << '\t' << text << '\n';
    };
    row("Group name", "Description");
    std::cout << likwidRule() << '\n';
    for (const auto& e : entries) row(e.name, e.problem.empty() ? e.shortDescription : "does not parse: " + e.problem);
    return kExitOk;
}

// The counters an event can go on. In perfdash a slot's name does not pick
// the hardware counter (the kernel does), so every event can go on PMCn.
constexpr const char* kCounterLine = "PMC, Core counters (any event: the kernel puts it on a hardware counter)";

std::string eventLine(const EventCatalog& catalog, size_t index) {
    const Availability a = catalog.availability(index);
    std::string line = catalog.entries()[index].name + ", PMC";
    if (!a.countable()) line += ", not countable here: " + (a.brief.empty() ? a.reason : a.brief);
    return line;
}

std::vector<size_t> presentEvents(const EventCatalog& catalog) {
    EventCatalogFilter filter;
    filter.includeAbsentModels = false;
    return catalog.search(filter);
}

int listEvents(MachineContext& machine) {
    const EventCatalog& catalog = machine.catalog();
    const auto events = presentEvents(catalog);
    std::cout << "This architecture has 1 counter class.\nCounter tags(name, type<, options>):\n"
              << kCounterLine << "\n\n\n\nThis architecture has " << events.size()
              << " events.\nEvent tags (tag, counters<, options>):\n";
    for (size_t i : events) std::cout << eventLine(catalog, i) << '\n';
    return kExitOk;
}

int searchEvents(MachineContext& machine, const std::string& key) {
    const EventCatalog& catalog = machine.catalog();
    const std::string needle = toLower(key);
    std::vector<size_t> found;
    for (size_t i : presentEvents(catalog)) {
        const auto& e = catalog.entries()[i];
        bool match = toLower(e.name).find(needle) != std::string::npos;
        for (const auto& alias : e.aliases) match = match || toLower(alias).find(needle) != std::string::npos;
        if (match) found.push_back(i);
    }
    std::cout << "Found " << found.size() << " event(s) with search key " << key << ":\n";
    for (size_t i : found) std::cout << eventLine(catalog, i) << '\n';
    std::cout << "\nUsable counter(s) for above event(s):\n";
    if (!found.empty()) std::cout << kCounterLine << '\n';
    return kExitOk;
}

int groupHelp(MachineContext& machine, const std::vector<std::string>& groups) {
    if (groups.empty()) return fail("-H: name the group with -g, e.g. -H -g SOFTWARE", kExitUsage);
    for (const auto& name : groups) {
        if (name.find(':') != std::string::npos)
            return fail("-H -g " + name + ": that is a custom event set, not a group; -H describes groups ("
                        "'-a' lists them)", kExitUsage);
        auto group = machine.groups().load(name);
        if (!group) return fail("-H -g " + name + ": " + group.error().message, kExitUsage);
        std::cout << "Group " << group->name << ":\n" << group->longDescription << '\n';
    }
    return kExitOk;
}

// What the run prints, and where.
struct LikwidOutput {
    bool csv = false;                   // -O, or -o FILE.csv
    std::optional<std::string> pattern; // -o FILE, before %h %p %r %j expand
    ReportFormat fileFormat = ReportFormat::Text;
    std::optional<std::chrono::nanoseconds> interval; // -t
};

Result<LikwidOutput> outputFrom(const ParsedArgs& args) {
    LikwidOutput out;
    out.csv = args.has("-O");
    out.pattern = args.value("--output");
    if (out.pattern) {
        if (args.has("-t"))
            return makeError("-t with -o: likwid-perfctr prints its timeline to stderr and does not redirect it; "
                             "redirect stderr instead (2> timeline.txt), or save a timeline with 'perfdash-cli stat "
                             "-t 200ms -o run.json'");
        const std::string& path = *out.pattern;
        const auto slash = path.find_last_of('/');
        const auto dot = path.find_last_of('.');
        const bool hasSuffix = dot != std::string::npos && (slash == std::string::npos || dot > slash);
        const std::string suffix = hasSuffix ? toLower(path.substr(dot + 1)) : "";
        // likwid writes CSV into any file that is not .txt (and then runs a filter script for the suffix).
        if (suffix == "txt") out.fileFormat = ReportFormat::Text;
        else if (suffix == "json") out.fileFormat = ReportFormat::Json;
        else if (suffix == "csv" || suffix.empty()) out.fileFormat = ReportFormat::Csv;
        else
            return makeError("-o " + path + ": likwid converts ." + suffix +
                             " files with its filter scripts, which perfdash does not have; write .txt (tables), "
                             ".csv (likwid's CSV) or .json (perfdash's report, docs/report-schema.md)");
        // -O makes even a .txt file CSV, as in likwid.
        out.csv = out.csv || out.fileFormat == ReportFormat::Csv;
    }
    if (auto t = args.value("-t")) {
        auto interval = likwidTime("-t", *t);
        if (!interval) return interval.error();
        out.interval = *interval;
    }
    return out;
}

// The CPUs this process may run on: likwid's CPU list when none is given.
std::string affinityCpuList() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return {};
    std::vector<int> cpus;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &set)) cpus.push_back(cpu);
    return formatCpuList(cpus);
}

// What likwid sets for a program it pins, unless the user set it: one
// thread per CPU for OpenMP, Cilk and TBB, and OpenMP's places.
void addPinningEnvironment(MeasurementRequest& r, const std::vector<int>& cpus) {
    auto set = [&](const char* name, const std::string& value) {
        if (!std::getenv(name)) r.environment.push_back(std::string(name) + "=" + value);
    };
    const std::string n = std::to_string(cpus.size());
    set("OMP_NUM_THREADS", n);
    set("CILK_NWORKERS", n);
    set("TBB_MAX_NUM_THREADS", n);
    std::vector<std::string> places;
    for (int cpu : cpus) places.push_back("{" + std::to_string(cpu) + "}");
    set("OMP_PLACES", join(places, ","));
}

Status checkAcceptedFlags(const ParsedArgs& args) {
    if (auto v = args.value("--verbose")) {
        auto level = parseUnsigned(*v);
        if (!level || *level > 3) return makeError("-V " + *v + ": the level is 0, 1, 2 or 3");
    }
    if (auto m = args.value("-M")) {
        if (*m != "0" && *m != "1")
            return makeError("-M " + *m + ": likwid's access mode is 0 (direct) or 1 (access daemon)");
        warn("-M " + *m + ": perfdash counts through the kernel's perf_event, not likwid's MSR access; the flag "
             "changes nothing (perfdash-cli stat --backend msr programs the MSRs directly)");
    }
    if (args.has("--force")) warn("-f: perf_event shares counters between users, so there is nothing to force");
    if (auto s = args.value("--skip")) {
        std::string hex = toLower(*s);
        if (hex.starts_with("0x")) hex = hex.substr(2);
        if (hex.empty() || hex.find_first_not_of("0123456789abcdef") != std::string::npos)
            return makeError("-s " + *s + ": the skip mask is a hexadecimal number, e.g. -s 0x1");
    }
    return {};
}

Result<MeasurementRequest> requestFrom(const ParsedArgs& args, MachineContext& machine) {
    MeasurementRequest r;
    r.groups = args.values("--group");
    if (r.groups.empty())
        return makeError("-g: name a performance group ('-a' lists them) or a custom event set such as -g "
                         "page-faults:PMC0,task-clock:PMC1");
    r.command = args.afterDashDash();
    r.marker = args.has("--marker");
    const bool timeline = args.has("-t"), stethoscope = args.has("-S");
    if (r.marker + timeline + stethoscope > 1)
        return makeError("-m (marker), -t (timeline) and -S (stethoscope) are modes of their own: give one of them");
    std::optional<std::chrono::nanoseconds> switchPeriod;
    if (auto t = args.value("-T")) {
        auto period = likwidTime("-T", *t);
        if (!period) return period.error();
        switchPeriod = *period;
        if (args.has("--multiplex"))
            return makeError("-T (the sets take turns) and --multiplex (all at once, the kernel multiplexes) exclude "
                             "each other: give one");
        if (timeline)
            return makeError("-T with -t: in timeline mode likwid switches the event sets at every interval; drop -T");
        if (r.groups.size() == 1)
            warn("-T " + *t + ": with one event set likwid uses it as its read period; perf_event counts in 64 bits "
                 "and needs none, so it changes nothing");
    }
    if (auto s = args.value("-S")) {
        auto duration = likwidTime("-S", *s);
        if (!duration) return duration.error();
        r.duration = *duration;
    }
    if (auto t = args.value("-t")) {
        auto interval = likwidTime("-t", *t);
        if (!interval) return interval.error();
        r.interval = *interval;
    }
    if (auto pid = args.value("--perfpid")) {
        if (args.has("-c") || args.has("-C") || !r.command.empty() || r.marker)
            return makeError("--perfpid " + *pid + " counts a running process wherever it runs: drop -c/-C, -m and "
                             "the program");
        auto n = parseSigned(*pid);
        if (!n || *n <= 0) return makeError("--perfpid: '" + *pid + "' is not a process ID");
        r.mode = MeasurementRequest::Mode::Attach;
        r.pid = static_cast<int>(*n);
        return r;
    }
    if (args.has("-c") && args.has("-C"))
        return makeError("-c (count CPUs) and -C (pin the program and count its CPUs) exclude each other: give one");
    const bool pin = args.has("-C");
    r.cpuList = pin ? *args.value("-C") : args.has("-c") ? *args.value("-c") : affinityCpuList();
    if (trim(r.cpuList).empty())
        return makeError(std::string(pin ? "-C" : "-c") + ": the CPU list is empty; give CPUs such as 0-3 or S0:0-1 "
                                                          "('perfdash-cli topology' lists them)");
    if (r.command.empty() && !stethoscope && !timeline)
        return makeError("no program to measure: give it after the options (likwid-perfctr -C 0 -g SOFTWARE "
                         "./a.out), or count the CPUs for a while with -S 2s");
    if (r.command.empty() && r.marker)
        return makeError("-m needs a program to run, one that uses the marker API: give it after the options");
    if (auto s = args.value("--skip")) {
        r.environment.push_back("LIKWID_SKIP=" + *s);
        warn("-s " + *s + ": perfdash pins the program to the whole CPU list, not thread by thread, so no thread "
             "is skipped; the mask is passed to the program as LIKWID_SKIP");
    }

    // The program counted by itself: marker regions are always; --execpid asks
    // for it; without permission to count whole CPUs likwid falls back to it too.
    bool execpid = args.has("--execpid");
    if (!execpid && !r.command.empty() && !r.marker && !machine.permissions().mayCountCpuWide()) {
        execpid = true;
        warn("counting whole CPUs is not permitted here (perf_event_paranoid=" +
             std::to_string(machine.permissions().paranoid) + "), so the program alone is counted, as likwid's "
             "--execpid does; " + machine.permissions().fixHint());
    }
    if (r.marker || execpid) {
        if (r.command.empty()) return makeError("--execpid needs a program to run: give it after the options");
        r.mode = MeasurementRequest::Mode::Launch;
        if (!pin && r.marker) {
            // Launch with a CPU list pins; likwid's -m -c does not, so neither do we.
            warn("-m -c: the program is not pinned, so its regions are counted per thread wherever the threads "
                 "run; pin it with -C as likwid recommends");
            r.cpuList.clear();
        } else if (!pin && args.has("-c")) {
            warn("--execpid -c " + r.cpuList + ": perfdash counts a program per CPU only where it pins it, so the "
                 "program is pinned to those CPUs");
        }
    } else {
        r.mode = MeasurementRequest::Mode::SystemWide;
        r.pinCommand = pin && !r.command.empty(); // -C without a program: nothing to pin, as in likwid
    }
    if (pin) {
        const auto& topology = machine.topology();
        if (!topology) return topology.error();
        auto cpus = parseCpuList(r.cpuList, *topology);
        if (!cpus) return makeError("-C " + r.cpuList + ": " + cpus.error().message);
        addPinningEnvironment(r, *cpus);
    }
    if (r.groups.size() > 1) {
        const std::string sets = std::to_string(r.groups.size()) + " event sets";
        if (r.mode == MeasurementRequest::Mode::SystemWide && !args.has("--multiplex")) {
            // As likwid: the sets take turns, every interval of a timeline, else every -T (2 s by default).
            r.switchPeriod = timeline ? r.interval : switchPeriod.value_or(kLikwidSwitchPeriod);
        } else if (switchPeriod && r.marker) {
            return makeError("-T with -m: in marker mode the program switches event sets itself with "
                             "LIKWID_MARKER_SWITCH, as in likwid (docs/marker.md): drop -T");
        } else if (switchPeriod) {
            return makeError("-T: the event sets take turns only while whole CPUs are counted; a program counted by "
                             "itself (--execpid) has its " + sets + " multiplexed by the kernel: drop -T");
        } else if (!args.has("--multiplex") && !r.marker) {
            warn("the " + sets + " are counted at once, the kernel multiplexing them when counters run out and "
                 "scaling the counts: likwid's turns need whole CPUs to be counted");
        }
    }
    return r;
}

// likwid-perfctr sets up every counter of a group or stops with an error; so
// does its front end here, where `stat` counts what it can (docs/cli.md,
// "A partly counted group"). The message names each event, its counter and why.
Status refusePartialGroups(const MeasurementPlan& plan) {
    const auto uncounted = plan.uncounted();
    if (uncounted.empty()) return {};
    std::vector<std::string> groups;
    std::string lines;
    for (const auto& u : uncounted) {
        if (std::find(groups.begin(), groups.end(), u.group->group.name) == groups.end())
            groups.push_back(u.group->group.name);
        lines += "\n  " + u.event->name + " (" + u.event->counter + ", group " + u.group->group.name +
                 "): " + u.event->availability.reason;
    }
    return makeError(std::string(groups.size() == 1 ? "group " : "groups ") + join(groups, ", ") +
                     " cannot be counted whole here, and likwid-perfctr counts a group whole or not at all; " +
                     std::to_string(uncounted.size()) + " of " + std::to_string(plan.requestedEvents()) +
                     " events cannot be counted:" + lines +
                     "\n  To count the others and see these as n/a, run 'perfdash-cli stat' with the same group.");
}

std::string renderFile(const MeasurementResult& result, const LikwidOutput& output, LikwidOutputOptions options) {
    if (output.csv) return formatLikwidCsv(result, options);
    options.machineLinesPerGroup = true;
    return formatLikwidTables(result, options);
}

int measure(const ParsedArgs& args, MachineContext& machine) {
    auto request = requestFrom(args, machine);
    if (!request) return fail(request.error().message, kExitUsage);
    auto output = outputFrom(args);
    if (!output) return fail(output.error().message, kExitUsage);
    const int verbose = static_cast<int>(parseUnsigned(args.value("--verbose").value_or("0")).value_or(0));

    LikwidOutputOptions options;
    options.machine = machineInfo(machine);
    options.statistics = args.has("--stats");
    options.regionsOnly = request->marker;
    if (!output->pattern) {
        std::cout << formatLikwidHeader(options.machine);
        if (verbose > 0) std::cout << cpuInfoText(machine);
    }
    if (verbose > 0 && !request->command.empty()) std::cout << "Executing: " << join(request->command, " ") << '\n';

    std::optional<std::string> outputPath;
    bool timelineHeaderDone = false;
    RunHooks hooks;
    hooks.started = [&](const Measurement& m, const MeasurementPlan&) -> Status {
        if (!output->pattern) {
            std::cout << likwidRule() << '\n' << std::flush;
            return {};
        }
        auto path = expandOutputPath(*output->pattern, outputPathValuesFromEnvironment(m.targetPid()));
        if (!path) return makeError("-o " + *output->pattern + ": " + path.error().message);
        outputPath = *path;
        return {};
    };
    hooks.intervals = [&](const std::vector<IntervalResult>& intervals, const Measurement& m) {
        if (!timelineHeaderDone) {
            std::cout << formatLikwidTimelineHeader(intervals.front().groups, m.locations()) << std::flush;
            timelineHeaderDone = true;
        }
        for (const auto& interval : intervals)
            std::cerr << formatLikwidTimelineLines(interval, m.locations().size(), output->csv);
        std::cerr << std::flush;
    };
    hooks.planned = [](const MeasurementPlan& plan) { return refusePartialGroups(plan); };
    auto run = runMeasurement(*request, machine, hooks);
    if (!run) return fail(run.error().message);
    const MeasurementResult& result = *run;

    if (outputPath) {
        const Status written = output->fileFormat == ReportFormat::Json
                                   ? writeReportFile(*outputPath, result)
                                   : writeFileAtomically(*outputPath, renderFile(result, *output, options));
        if (!written) return fail("-o " + *outputPath + ": " + written.error().message);
    } else if (!output->interval) {
        // likwid prints no tables after a timeline: its lines were the result.
        std::cout << likwidRule() << '\n'
                  << (output->csv ? formatLikwidCsv(result, options) : formatLikwidTables(result, options));
    }
    std::cout << std::flush;
    for (const auto& note : likwidTableNotes(result)) warn(note);
    return runExitStatus(*request, result);
}

// likwid-perfctr's GPU flags (Nvidia -G/-W, AMD -I/-R), looked for among
// the options (the values of ours skipped), before the program's own.
std::optional<std::string> gpuFlag(const Args& args) {
    const CommandLine cl = likwidPerfctrCommandLine();
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--" || !a.starts_with("-")) break;
        for (const char* flag : {"-G", "-W", "-I", "-R", "--gpus", "--cudagroup", "--rocmgroup"})
            if (a == flag || (a.size() > 2 && !a.starts_with("--") && a.starts_with(flag))) return std::string(flag);
        for (const auto& o : cl.options())
            if ((a == o.shortName || a == o.longName) && !o.valueName.empty()) ++i;
    }
    return std::nullopt;
}

int likwidPerfctrCommand(const ParsedArgs& args) {
    if (args.has("--version")) {
        std::cout << "likwid-perfctr -- perfdash " << PERFDASH_VERSION
                  << " (likwid-perfctr's command line, counting through perf_event)\n";
        return kExitOk;
    }
    if (Status s = checkAcceptedFlags(args); !s) return fail(s.error().message, kExitUsage);
    auto paths = machinePathsOf(args);
    if (!paths) return fail(paths.error().message, kExitUsage);
    MachineContext machine(std::move(*paths));
    if (args.has("--info")) return printInfo(machine);
    if (args.has("-e")) return listEvents(machine);
    if (auto key = args.value("-E")) return searchEvents(machine, *key);
    if (args.has("-a")) return listGroups(machine);
    if (args.has("-H")) return groupHelp(machine, args.values("--group"));
    return measure(args, machine);
}

} // namespace

// Through main's dispatch for both names, so that --help and usage errors behave as everywhere.
int runLikwidPerfctr(const Args& args) {
    // As likwid-perfctr: no arguments at all print the help.
    if (args.empty()) return runSubcommand(kLikwidPerfctrCommand, {"--help"});
    if (auto flag = gpuFlag(args))
        return fail(*flag + ": likwid-perfctr's GPU measurement (Nvidia, ROCm) is out of perfdash's scope; it "
                            "counts CPUs: drop " + *flag,
                    kExitUsage);
    return runSubcommand(kLikwidPerfctrCommand, args);
}

const Subcommand kLikwidPerfctrCommand{likwidPerfctrCommandLine, likwidPerfctrCommand};

} // namespace perfdash::cli
