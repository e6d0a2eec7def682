// perfdash-cli bench | freq | ipc: the machine probes (core/probes).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sched.h>
#include <unistd.h>

#include "app/cli/CommandLine.h"
#include "app/cli/Commands.h"
#include "core/probes/BenchRunner.h"
#include "core/probes/ClockReport.h"
#include "core/probes/IpcProbe.h"
#include "core/probes/ProbeJson.h"
#include "core/probes/ProbeText.h"
#include "core/probes/ReferenceTable.h"
#include "core/measurement/MachineContext.h"
#include "core/util/TextTable.h"
#include "core/topology/CpuList.h"
#include "core/util/Strings.h"

namespace perfdash::cli {

namespace {

// ------------------------------------------------------------------ helpers

void printJson(const nlohmann::json& j) { std::printf("%s\n", j.dump(2).c_str()); }

Result<int> parseCpu(const std::string& text) {
    auto n = parseUnsigned(text);
    if (!n || *n >= CPU_SETSIZE) return makeError("--cpu takes one CPU number, e.g. --cpu 2 (got '" + text + "')");
    return static_cast<int>(*n);
}

Result<Arch> targetArch(const ParsedArgs& args) {
    if (auto a = args.value("--arch")) {
        auto arch = parseArch(*a);
        if (!arch) return makeError("unknown architecture '" + *a + "' (x86_64, aarch64, mips64)");
        return *arch;
    }
    if (auto host = hostArch()) return *host;
    return makeError("this machine's architecture has no instruction catalog; name one with --arch");
}

Toolchain toolchainFor(Arch arch, const ParsedArgs& args) {
    Toolchain t = Toolchain::fromEnvironment(arch);
    if (auto as = args.value("--as")) t.assembler = *as;
    if (auto ld = args.value("--ld")) t.linker = *ld;
    return t;
}

Result<InstructionCatalog> loadCatalog(Arch arch, const ParsedArgs& args) {
    auto catalog = InstructionCatalog::loadDefault(arch);
    if (!catalog) return catalog.error();
    for (const auto& path : args.values("--catalog")) {
        auto extra = InstructionCatalog::loadFile(arch, path, false);
        if (!extra) return extra.error();
        catalog->merge(std::move(extra).value());
    }
    return catalog;
}

// The programs that build the kernels (Toolchain::fromEnvironment).
CommandLine& toolchainOptions(CommandLine& cl) {
    return cl
        .option({.longName = "--as", .valueName = "PROGRAM", .help = "the assembler",
                 .defaultValue = "as; also PERFDASH_AS"})
        .option({.longName = "--ld", .valueName = "PROGRAM", .help = "the linker",
                 .defaultValue = "ld; also PERFDASH_LD"});
}

// Options every measuring subcommand shares.
CommandLine& measuringOptions(CommandLine& cl) {
    cl.option({.longName = "--cpu",
               .valueName = "N",
               .help = "pin to CPU N",
               .defaultValue = "the CPU perfdash-cli starts on"})
        .option({"", "--json", "", "print JSON"})
        .option({"", "--no-realtime", "", "do not ask for SCHED_FIFO"})
        .option({"", "--measured-clock", "", "convert time with the measured clock even where the cycles counter counts"})
        .option({.longName = "--repetitions",
                 .valueName = "N",
                 .help = "timed runs of each kernel: at least N, more (up to 1001 runs or 0.2 s) until its fastest "
                         "run repeats",
                 .defaultValue = std::to_string(TimingOptions{}.repetitions)});
    return toolchainOptions(cl);
}

Result<MeasurementOptions> measurementOptions(const ParsedArgs& args) {
    MeasurementOptions o;
    if (auto cpu = args.value("--cpu")) {
        auto n = parseCpu(*cpu);
        if (!n) return n.error();
        o.cpu = *n;
    }
    o.realtime = !args.has("--no-realtime");
    if (args.has("--measured-clock")) o.cycles = CyclesChoice::MeasuredClock;
    if (auto reps = args.value("--repetitions")) {
        auto n = parseUnsigned(*reps);
        if (!n || *n < 1 || *n > 10000) return makeError("--repetitions takes a number from 1 to 10000");
        o.timing.repetitions = static_cast<int>(*n);
    }
    auto arch = hostArch();
    if (!arch) return makeError("instruction benchmarks run on x86-64, AArch64 and MIPS64 only");
    o.toolchain = toolchainFor(*arch, args);
    return o;
}

// Progress on stderr, only for a person watching a terminal.
class ProgressLine {
public:
    explicit ProgressLine(bool enabled) : enabled_(enabled && isatty(STDERR_FILENO)) {}
    ~ProgressLine() { clear(); }
    void show(size_t done, size_t total, const std::string& what) {
        if (!enabled_) return;
        std::fprintf(stderr, "\r\033[K[%zu/%zu] %s", done, total, what.c_str());
        std::fflush(stderr);
        shown_ = true;
    }
    void clear() {
        if (shown_) std::fprintf(stderr, "\r\033[K");
        shown_ = false;
    }

private:
    bool enabled_;
    bool shown_ = false;
};

std::map<size_t, std::vector<ReferenceComparison>> compareAll(const BenchRun& run, const ReferenceTable& table,
                                                              const std::string& uarch) {
    std::map<size_t, std::vector<ReferenceComparison>> out;
    for (size_t i = 0; i < run.results.size(); ++i)
        if (auto comparisons = compareWithReferences(run.results[i], table, uarch); !comparisons.empty())
            out[i] = std::move(comparisons);
    return out;
}

// Runs entries and prints them; the exit status says whether anything failed
// or an entry the user named explicitly could not run.
int runAndReport(const std::vector<const CatalogEntry*>& entries, const ParsedArgs& args, bool namedExplicitly) {
    std::optional<ReferenceTable> table;
    if (auto path = args.value("--reference")) {
        auto t = ReferenceTable::load(*path);
        if (!t) return fail(t.error().message);
        // A table of several cores (uops.info's) compared whole would put every core's figure beside each result.
        const auto uarchs = t->microarchitectures();
        const auto uarch = args.value("--uarch");
        if (!uarch && uarchs.size() > 1)
            return fail("the reference table '" + *path + "' covers " + std::to_string(uarchs.size()) +
                            " microarchitectures; name this machine's with --uarch (one of: " + join(uarchs, ", ") + ")",
                        kExitUsage);
        if (uarch && std::none_of(uarchs.begin(), uarchs.end(), [&](const std::string& u) { return toLower(u) == toLower(*uarch); }))
            return fail("the reference table '" + *path + "' has no rows for --uarch '" + *uarch + "' (it has: " +
                            join(uarchs, ", ") + ")",
                        kExitUsage);
        table = std::move(t).value();
    }
    auto options = measurementOptions(args);
    if (!options) return fail(options.error().message, kExitUsage);
    ProgressLine progress(!args.has("--json"));
    progress.show(0, entries.size(), "measuring the core clock");
    auto context = MeasurementContext::create(*options);
    if (!context) return fail(context.error().message);
    BenchRunner runner(**context);
    BenchCallbacks callbacks;
    callbacks.progress = [&](const BenchProgress& p) { progress.show(p.done, p.total, p.current); };
    const BenchRun run = runner.runAll(entries, callbacks);
    progress.clear();

    std::map<size_t, std::vector<ReferenceComparison>> refs;
    if (table) refs = compareAll(run, *table, args.value("--uarch").value_or(""));
    if (args.has("--json"))
        printJson(benchRunToJson(run, args.has("--show-asm"), refs));
    else
        std::printf("%s", benchTableText(run, refs, args.has("--show-asm")).c_str());

    int status = kExitOk;
    for (const auto& r : run.results)
        if (r.status == BenchStatus::Failed || (namedExplicitly && r.status != BenchStatus::Measured)) status = kExitFailure;
    return status;
}

CommandLine benchRunCommandLine() {
    CommandLine cl("bench run", "[NAME|PATTERN...]", "latency and throughput of catalog entries",
                   "Measure latency and reciprocal throughput of catalog entries (names or shell patterns such "
                   "as 'add*').");
    cl.option({"", "--all", "", "every entry of the catalog"})
        .option({"", "--category", "NAME", "only entries of this category", true})
        .option({"", "--catalog", "FILE", "read more entries from FILE", true})
        .option({"", "--show-asm", "", "print the generated code"})
        .option({"", "--asm-only", "", "print the generated code without running it (any --arch)"})
        .option({"", "--arch", "ARCH", "the catalog's architecture, for --asm-only (x86_64, aarch64, mips64)"})
        .option({"", "--reference", "FILE", "compare with a reference table: our CSV (columns mnemonic, operands, "
                                            "latency, recip_throughput, microarchitecture, source), an InstLatx64 "
                                            "text file or uops.info's instructions.xml"})
        .option({"", "--uarch", "NAME", "use only reference rows of this microarchitecture"});
    return measuringOptions(cl);
}

CommandLine benchListCommandLine() {
    CommandLine cl("bench list", "", "the instruction catalog and what runs on this CPU",
                   "List the instruction catalog and whether each entry can run on this CPU.");
    cl.option({"", "--arch", "ARCH", "another architecture's catalog"})
        .option({"", "--catalog", "FILE", "read more entries from FILE", true})
        .option({"", "--json", "", "print JSON"});
    return cl;
}

int benchListCommand(const ParsedArgs& args) {
    auto arch = targetArch(args);
    if (!arch) return fail(arch.error().message, kExitUsage);
    auto catalog = loadCatalog(*arch, args);
    if (!catalog) return fail(catalog.error().message);
    const CpuFeatures features = hostArch() == *arch ? CpuFeatures::detect() : CpuFeatures{};
    auto runsHere = [&](const CatalogEntry& e) -> std::string {
        const std::string why = whyEntryCannotRun(e, hostArch(), features);
        return why.empty() ? "yes" : "no: " + why;
    };
    if (args.has("--json")) {
        nlohmann::json list = nlohmann::json::array();
        for (const auto& e : catalog->entries())
            list.push_back({{"name", e.name},
                            {"mnemonic", e.mnemonic()},
                            {"operands", e.operands},
                            {"type", toString(e.instruction.kind())},
                            {"category", e.category},
                            {"template", e.instruction.text()},
                            {"requires", e.requiredFeatures()},
                            {"origin", e.origin},
                            {"runs_here", runsHere(e) == "yes"},
                            {"description", e.description}});
        printJson({{"schema", "perfdash-bench-list/1"}, {"arch", toString(*arch)}, {"entries", list}});
        return kExitOk;
    }
    using Align = TextTable::Align;
    TextTable table({{"NAME", Align::Left},
                     {"CATEGORY", Align::Left},
                     {"TYPE", Align::Left},
                     {"TEMPLATE", Align::Left},
                     {"RUNS HERE", Align::Left}});
    for (const auto& e : catalog->entries())
        table.addRow({e.name, e.category, toString(e.instruction.kind()), e.instruction.text(), runsHere(e)});
    std::printf("%s", table.render().c_str());
    std::printf("\n%zu entries from %s", catalog->entries().size(), InstructionCatalog::shippedPath(*arch).c_str());
    std::printf(" (add your own in %s/*.txt)\n", InstructionCatalog::userDirectory(*arch).c_str());
    return kExitOk;
}

int printAssemblyOnly(const std::vector<const CatalogEntry*>& entries) {
    for (const auto* e : entries) {
        auto text = generateBenchAssembly(*e);
        if (!text) return fail(e->name + ": " + text.error().message);
        std::printf("== %s ==\n%s\n", e->name.c_str(), text->c_str());
    }
    return kExitOk;
}

int benchRunCommand(const ParsedArgs& args) {
    auto arch = targetArch(args);
    if (!arch) return fail(arch.error().message, kExitUsage);
    if (hostArch() != *arch && !args.has("--asm-only"))
        return fail(std::string("this machine cannot run ") + toString(*arch) + " code; add --asm-only to see it",
                    kExitUsage);
    auto catalog = loadCatalog(*arch, args);
    if (!catalog) return fail(catalog.error().message);

    const auto& names = args.positional();
    if (names.empty() && !args.has("--all") && args.values("--category").empty())
        return fail("name entries to run (see 'perfdash-cli bench list'), a --category, or --all", kExitUsage);
    std::vector<const CatalogEntry*> chosen;
    if (names.empty()) {
        for (const auto& e : catalog->entries()) chosen.push_back(&e);
    }
    for (const auto& n : names) {
        auto matches = catalog->match(n);
        if (matches.empty()) {
            std::string hint;
            if (auto close = closestMatches(n, catalog->names(), 3); !close.empty())
                hint = "; did you mean " + join(close, ", ") + "?";
            return fail("no catalog entry '" + n + "'" + hint + " (see 'perfdash-cli bench list')", kExitUsage);
        }
        chosen.insert(chosen.end(), matches.begin(), matches.end());
    }
    if (auto categories = args.values("--category"); !categories.empty()) {
        std::erase_if(chosen, [&](const CatalogEntry* e) {
            return std::find(categories.begin(), categories.end(), e->category) == categories.end();
        });
        if (chosen.empty()) return fail("no entries in category " + join(categories, ", "), kExitUsage);
    }
    if (args.has("--asm-only")) return printAssemblyOnly(chosen);
    return runAndReport(chosen, args, !names.empty());
}

CommandLine benchCustomCommandLine() {
    CommandLine cl("bench custom", "'TEMPLATE'", "one instruction of your own",
                   "Measure one instruction written as a template, e.g. 'imul <sd:gpr64>, <s:gpr64>'. It runs in a "
                   "separate process, so an instruction this CPU lacks cannot crash perfdash.");
    cl.option({"", "--init", "[CLASS=]VALUE", "start value of registers (3, 0x10, 1.0, 1.0f, mem)", true})
        .option({"", "--implicit", "REGS", "registers the instruction uses without naming them (e.g. rax,rdx)"})
        .option({"", "--requires", "FLAGS", "CPU features it needs (cpuinfo flags, comma-separated)"})
        .option({"", "--setup", "ASM", "run once before the loop", true})
        .option({"", "--breaker", "ASM", "put before each throughput copy", true})
        .option({"", "--link", "TEMPLATE", "instruction that carries the result back to a source (for latency)"})
        .option({"", "--show-asm", "", "print the generated code"})
        .option({"", "--asm-only", "", "print the generated code without running it"})
        .option({"", "--reference", "FILE", "compare with a reference table (CSV, InstLatx64 or uops.info XML)"})
        .option({"", "--uarch", "NAME", "use only reference rows of this microarchitecture"});
    return measuringOptions(cl);
}

int benchCustomCommand(const ParsedArgs& args) {
    if (args.positional().size() != 1)
        return fail("give exactly one template in quotes, e.g. 'add <sd:gpr64>, <s:gpr64>'", kExitUsage);
    auto arch = hostArch();
    if (!arch) return fail("instruction benchmarks run on x86-64, AArch64 and MIPS64 only");
    CustomEntrySpec spec;
    spec.templateText = args.positional()[0];
    if (auto v = args.value("--implicit")) spec.implicit = split(*v, ',');
    spec.init = args.values("--init");
    if (auto v = args.value("--requires")) spec.features = split(*v, ',');
    spec.setup = args.values("--setup");
    spec.breaker = args.values("--breaker");
    spec.link = args.value("--link").value_or("");
    auto entry = buildCustomEntry(*arch, spec);
    if (!entry) return fail(entry.error().message, kExitUsage);
    if (args.has("--asm-only")) return printAssemblyOnly({&entry.value()});
    return runAndReport({&entry.value()}, args, true);
}

// ------------------------------------------------------------------ freq

CommandLine freqCommandLine() {
    CommandLine cl("freq", "", "measure the real core clock",
                   "Measure the real core clock of each CPU with a chain of dependent adds, next to the TSC rate, "
                   "/proc/cpuinfo, cpufreq, APERF/MPERF and the cycles counter where those exist.");
    cl.option({.longName = "--cpu",
               .valueName = "LIST",
               .help = "CPUs to measure, e.g. 0,2-3 or S0:0-1",
               .defaultValue = "every CPU this process may use"})
        .option({"", "--json", "", "print JSON"})
        .option({.longName = "--tries",
                 .valueName = "N",
                 .help = "timed runs per CPU: at least N (over 0.25 s at least), more (up to 1001 runs) until the "
                         "fastest repeats",
                 .defaultValue = std::to_string(ClockReportOptions{}.probe.repetitions)})
        .option({"", "--no-realtime", "", "do not ask for SCHED_FIFO"});
    return toolchainOptions(cl);
}

int freqCommand(const ParsedArgs& args) {
    std::vector<int> cpus = allowedCpus();
    if (auto list = args.value("--cpu")) {
        // The likwid syntax of every other command (0,2-3, S0:0-3, N:0-7, ...).
        MachineContext machine;
        const auto& topology = machine.topology();
        if (!topology) return fail(topology.error().message);
        auto parsed = parseCpuList(*list, *topology);
        if (!parsed) return fail(parsed.error().message, kExitUsage);
        cpus = *parsed;
    }
    ClockReportOptions options;
    options.realtime = !args.has("--no-realtime");
    if (auto tries = args.value("--tries")) {
        auto n = parseUnsigned(*tries);
        if (!n || *n < 1 || *n > 100000) return fail("--tries takes a number from 1 to 100000", kExitUsage);
        options.probe.repetitions = static_cast<int>(*n);
    }
    auto arch = hostArch();
    if (!arch) return fail("the clock probe runs on x86-64, AArch64 and MIPS64 only");
    auto probe = ClockProbe::build(toolchainFor(*arch, args));
    if (!probe) return fail(probe.error().message);
    std::vector<CpuClockReport> reports;
    for (int cpu : cpus) reports.push_back(measureCpuClock(*probe, cpu, options));

    if (args.has("--json")) {
        printJson(clockReportsToJson(reports));
    } else {
        std::printf("%s", clockReportsText(reports).c_str());
    }
    for (const auto& r : reports)
        if (!r.measured) return kExitFailure;
    return kExitOk;
}

// ------------------------------------------------------------------- ipc

CommandLine ipcCommandLine() {
    CommandLine cl("ipc", "", "measure the maximum instructions per cycle",
                   "Measure instructions per cycle with 1 to 16 independent chains of integer adds, FP adds, "
                   "loads and nops; the plateau of each curve is the issue width for that kind.");
    cl.option({.longName = "--class",
               .valueName = "CLASS",
               .help = "int-add, fp-add, load or nop",
               .repeatable = true,
               .defaultValue = "all"})
        .option({.longName = "--max-chains",
                 .valueName = "K",
                 .help = "the largest number of chains",
                 .defaultValue = std::to_string(IpcOptions{}.maxChains)});
    return measuringOptions(cl);
}

int ipcCommand(const ParsedArgs& args) {
    IpcOptions ipc;
    if (auto classes = args.values("--class"); !classes.empty()) {
        ipc.classes.clear();
        for (const auto& c : classes) {
            auto cls = parseIpcClass(c);
            if (!cls) return fail("unknown --class '" + c + "' (int-add, fp-add, load, nop)", kExitUsage);
            ipc.classes.push_back(*cls);
        }
    }
    if (auto k = args.value("--max-chains")) {
        auto n = parseUnsigned(*k);
        if (!n || *n < 1 || *n > 64) return fail("--max-chains takes a number from 1 to 64", kExitUsage);
        ipc.maxChains = static_cast<int>(*n);
    }
    auto options = measurementOptions(args);
    if (!options) return fail(options.error().message, kExitUsage);
    ProgressLine progress(!args.has("--json"));
    progress.show(0, 1, "measuring the core clock");
    auto context = MeasurementContext::create(*options);
    if (!context) return fail(context.error().message);
    IpcProbe probe(**context, ipc);
    const auto curves = probe.run([&](const IpcProgress& p) { progress.show(p.done, p.total, p.current); });
    progress.clear();

    if (args.has("--json")) {
        printJson(ipcCurvesToJson((*context)->environment(), curves));
    } else {
        std::printf("%s", ipcCurvesText((*context)->environment(), curves).c_str());
    }
    for (const auto& c : curves)
        if (!c.error.empty()) return kExitFailure;
    return kExitOk;
}

} // namespace

const Subcommand kBenchListCommand{benchListCommandLine, benchListCommand};
const Subcommand kBenchRunCommand{benchRunCommandLine, benchRunCommand};
const Subcommand kBenchCustomCommand{benchCustomCommandLine, benchCustomCommand};
const Subcommand kFreqCommand{freqCommandLine, freqCommand};
const Subcommand kIpcCommand{ipcCommandLine, ipcCommand};

} // namespace perfdash::cli
