// perfdash-cli ceilings: the machine's measured bandwidth and FLOP/s ceilings
// (core/probes/CeilingsRunner.h), as a table or the JSON the roofline reads.
#include <cstdio>
#include <unistd.h>

#include "app/cli/CommandLine.h"
#include "app/cli/Commands.h"
#include "core/measurement/MachineContext.h"
#include "core/probes/CeilingsRunner.h"
#include "core/topology/Cpuid.h"
#include "core/util/Strings.h"
#include "core/util/TextTable.h"
#include <nlohmann/json.hpp>

namespace perfdash::cli {

namespace {

CommandLine ceilingsCommandLine() {
    CommandLine cl("ceilings", "", "measure bandwidth and FLOP/s ceilings",
                   "Measure this machine's ceilings for the roofline: load, store, copy, triad and update "
                   "bandwidth at working sets in L1, L2, L3 and DRAM (non-temporal store and copy at DRAM, as "
                   "they bypass the caches), peak FLOP/s of FMA, add, mul and their mix, and a working-set sweep, "
                   "run first, whose plateaus are checked against the reported cache sizes; where they contradict "
                   "the last-level cache (a VM may report hundreds of MiB), L3 and DRAM are sized from the sweep. "
                   "Figures are per second and per cycle of the measured clock (not the TSC).");
    cl.option({.longName = "--threads",
               .valueName = "N",
               .help = "measure with N pinned threads (one per core first, then SMT siblings)",
               .defaultValue = "1, one per core, and every hardware thread"})
        .option({.longName = "--isa",
                 .valueName = "LIST",
                 .help = "vector widths, comma-separated: scalar, sse, avx2, avx512 (x86-64); scalar, neon, sve (AArch64)",
                 .defaultValue = "the widest this CPU runs"})
        .option({.longName = "--precision", .valueName = "LIST", .help = "dp, sp or dp,sp", .defaultValue = "dp"})
        .option({.longName = "--kernel",
                 .valueName = "LIST",
                 .help = "kernels, comma-separated: load, store, store_nt, copy, copy_nt, triad, update (memory); "
                         "fma, add, mul, fma_add (compute)",
                 .defaultValue = "all"})
        .option({.longName = "--level", .valueName = "LIST", .help = "memory levels: L1, L2, L3, DRAM", .defaultValue = "all"})
        .option({.longName = "--max-memory",
                 .valueName = "SIZE",
                 .help = "the most all arrays may take, e.g. 512M or 4G (DRAM working sets are 4x the last-level "
                         "cache per array, which a VM may report as hundreds of MiB)",
                 .defaultValue = "half of MemAvailable"})
        .option({"", "--no-sweep", "", "skip the working-set sweep (sizes from the reported caches only)"})
        .option({"", "--realtime", "", "ask for SCHED_FIFO (a shared machine stalls meanwhile)"})
        .option({"", "--json", "", "print JSON (docs/ceilings.schema.json)"})
        .option({"-o", "--output", "FILE", "also write the JSON to FILE (e.g. the data dir's ceilings.json)"})
        .option({.longName = "--as", .valueName = "PROGRAM", .help = "the assembler", .defaultValue = "as; also PERFDASH_AS"})
        .option({.longName = "--ld", .valueName = "PROGRAM", .help = "the linker", .defaultValue = "ld; also PERFDASH_LD"});
    return cl;
}

template <typename T>
Result<std::vector<T>> parseList(const std::string& option, const std::string& text,
                                 std::optional<T> (*parse)(std::string_view), const char* allowed) {
    std::vector<T> out;
    for (const auto& word : split(text, ',')) {
        auto v = parse(trim(word));
        if (!v) return makeError(option + ": unknown '" + word + "' (one of " + allowed + ")");
        out.push_back(*v);
    }
    if (out.empty()) return makeError(option + " needs a value (one of " + std::string(allowed) + ")");
    return out;
}

// "512M", "4G", "65536": K, M, G are powers of 1024.
std::optional<uint64_t> parseSize(const std::string& text) {
    if (text.empty()) return std::nullopt;
    uint64_t unit = 1;
    std::string digits = text;
    switch (toupper(static_cast<unsigned char>(text.back()))) {
    case 'K': unit = 1ull << 10; break;
    case 'M': unit = 1ull << 20; break;
    case 'G': unit = 1ull << 30; break;
    default: break;
    }
    if (unit != 1) digits.pop_back();
    auto n = parseUnsigned(digits);
    if (!n || *n == 0 || *n > (uint64_t(1) << 50) / unit) return std::nullopt;
    return *n * unit;
}

std::string gb(double bytesPerSecond) { return printfString("%.2f", bytesPerSecond / 1e9); }

std::string ceilingsText(const Ceilings& c) {
    using Align = TextTable::Align;
    std::string out = printfString("%s, clock %.3f GHz (measured)\n\n", c.cpu.c_str(), c.clockHz / 1e9);
    TextTable memory({{"LEVEL", Align::Left},
                      {"KERNEL", Align::Left},
                      {"ISA", Align::Left},
                      {"PREC", Align::Left},
                      {"THREADS", Align::Right},
                      {"WORKING SET", Align::Right},
                      {"APP GB/s", Align::Right},
                      {"HW GB/s", Align::Right},
                      {"B/CYCLE", Align::Right},
                      {"", Align::Left}});
    for (const auto& m : c.memory)
        memory.addRow({m.level, m.kernel, m.isa, m.precision, std::to_string(m.threads), formatBytes(m.workingSetBytes),
                       gb(m.appBytesPerSecond), gb(m.hwBytesPerSecond), printfString("%.2f", m.appBytesPerCycle),
                       std::string(m.repeated ? "" : "?") + (m.physicalBoundExceeded ? "!" : "")});
    out += memory.render() + "\n";
    TextTable compute({{"KERNEL", Align::Left},
                       {"ISA", Align::Left},
                       {"PREC", Align::Left},
                       {"THREADS", Align::Right},
                       {"GFLOP/s", Align::Right},
                       {"FLOP/CYCLE", Align::Right},
                       {"", Align::Left}});
    for (const auto& f : c.compute)
        compute.addRow({f.kernel, f.isa, f.precision, std::to_string(f.threads), printfString("%.2f", f.flopsPerSecond / 1e9),
                        printfString("%.2f", f.flopsPerCycle),
                        std::string(f.repeated ? "" : "?") + (f.physicalBoundExceeded ? "!" : "")});
    out += compute.render();
    for (const auto& s : c.sweep) {
        out += "\nsweep (" + s.kernel + " " + s.isa + ", " + std::to_string(s.threads) + " thread): plateaus\n";
        for (const auto& p : s.plateaus)
            out += "  " + (p.level.empty() ? std::string("?") : p.level) + ": " + formatBytes(p.fromBytes) + " to " +
                   formatBytes(p.toBytes) + ", " + gb(p.appBytesPerSecond) + " GB/s\n";
    }
    out += "\n? the fastest window was not repeated within 3 %; ! more loads, stores or FP instructions per cycle "
           "than any core issues\n";
    for (const auto& w : c.warnings) out += "warning: " + w + "\n";
    return out;
}

int ceilingsCommand(const ParsedArgs& args) {
    auto arch = hostArch();
    if (!arch || *arch == Arch::Mips64) return fail("the ceilings are measured on x86-64 and AArch64 only");
    MachineContext machine;
    const auto& topology = machine.topology();
    if (!topology) return fail(topology.error().message);

    uint64_t maxMemory = 0;
    if (auto v = args.value("--max-memory")) {
        auto bytes = parseSize(*v);
        if (!bytes) return fail("--max-memory takes a size such as 512M or 4G, got '" + *v + "'", kExitUsage);
        maxMemory = *bytes;
    }
    Toolchain toolchain = Toolchain::fromEnvironment(*arch);
    if (auto as = args.value("--as")) toolchain.assembler = *as;
    if (auto ld = args.value("--ld")) toolchain.linker = *ld;
    CeilingsOptions o =
        ceilingsOptionsFor(*topology, hostCpuid(), readFile("/proc/meminfo").value_or(""), maxMemory, toolchain);
    o.likwidArch = machine.cpuArch().arch;
    if (auto t = args.value("--threads")) {
        auto n = parseUnsigned(*t);
        if (!n || *n < 1 || *n > o.cpus.size())
            return fail("--threads takes a number from 1 to " + std::to_string(o.cpus.size()) +
                            " (the CPUs this process may run on), got '" + *t + "'",
                        kExitUsage);
        o.threadCounts = {static_cast<int>(*n)};
    }
    if (auto v = args.value("--isa")) {
        auto isas = parseList<VectorIsa>("--isa", *v, parseVectorIsa, "scalar, sse, avx2, avx512, neon, sve");
        if (!isas) return fail(isas.error().message, kExitUsage);
        o.isas = *isas;
    }
    if (auto v = args.value("--precision")) {
        auto p = parseList<Precision>("--precision", *v, parsePrecision, "dp, sp");
        if (!p) return fail(p.error().message, kExitUsage);
        o.precisions = *p;
    }
    if (auto v = args.value("--kernel")) {
        o.memoryOps.clear(), o.computeOps.clear();
        for (const auto& word : split(*v, ',')) {
            if (auto m = parseMemoryOp(trim(word))) o.memoryOps.push_back(*m);
            else if (auto c = parseComputeOp(trim(word))) o.computeOps.push_back(*c);
            else
                return fail("--kernel: unknown '" + word + "' (one of load, store, store_nt, copy, copy_nt, triad, "
                            "update, fma, add, mul, fma_add)",
                            kExitUsage);
        }
    }
    if (auto v = args.value("--level")) {
        for (const auto& word : split(*v, ',')) {
            const std::string level = trim(word);
            if (level != "L1" && level != "L2" && level != "L3" && level != "DRAM")
                return fail("--level: unknown '" + word + "' (one of L1, L2, L3, DRAM)", kExitUsage);
            o.levels.push_back(level);
        }
    }
    o.sweep = !args.has("--no-sweep");
    o.realtime = args.has("--realtime");
    if (!o.caches.known())
        warn("neither sysfs nor CPUID gives the cache sizes: L1, L2 and L3 are not measured, only DRAM and the sweep");

    const bool tty = !args.has("--json") && isatty(STDERR_FILENO);
    auto result = measureCeilings(o, [&](const CeilingsProgress& p) {
        if (tty) std::fprintf(stderr, "\r\033[K[%zu/%zu] %s", p.done, p.total, p.current.c_str());
    });
    if (tty) std::fprintf(stderr, "\r\033[K");
    if (!result) return fail(result.error().message);
    if (auto path = args.value("--output"))
        if (auto s = writeCeilingsFile(*result, *path); !s) return fail(s.error().message);
    if (args.has("--json"))
        std::printf("%s\n", ceilingsToJson(*result).dump(2).c_str());
    else
        std::printf("%s", ceilingsText(*result).c_str());
    return kExitOk;
}

} // namespace

const Subcommand kCeilingsCommand{ceilingsCommandLine, ceilingsCommand};

} // namespace perfdash::cli
