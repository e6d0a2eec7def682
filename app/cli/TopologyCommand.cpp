// perfdash-cli topology: the machine as likwid-topology shows it, plus the
// affinity domains that CPU lists can name, the nominal clock and the likwid
// architecture identified here.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>

#include "app/cli/ArchOption.h"
#include "app/cli/CommandLine.h"
#include "app/cli/Commands.h"
#include "core/topology/AffinityDomains.h"
#include "core/topology/CpuList.h"
#include "core/topology/NominalClock.h"
#include "core/topology/TopologyJson.h"
#include "core/topology/TopologyReader.h"
#include "core/util/Strings.h"

namespace perfdash::cli {
namespace {

const std::string kRule(80, '-');
const std::string kStars(80, '*');

void heading(const std::string& title) { std::cout << kStars << "\n" << title << "\n" << kStars << "\n"; }

void field(const std::string& name, const std::string& value) {
    std::printf("%-24s%s\n", (name + ":").c_str(), value.c_str());
}

std::string orNa(const std::string& s) { return s.empty() ? "n/a" : s; }

template <class T>
std::string orNa(const std::optional<T>& v) {
    return v ? std::to_string(*v) : "n/a";
}

std::string withHex(const std::optional<int>& v) {
    return v ? std::to_string(*v) + " (" + hex(static_cast<uint64_t>(*v)) + ")" : "n/a";
}

std::string orDash(int v) { return v < 0 ? "-" : std::to_string(v); }

std::string group(const std::vector<int>& cpus) {
    std::string out = "(";
    for (int cpu : cpus) out += " " + std::to_string(cpu);
    return out + " )";
}

// Binary units as likwid prints them: 32 kB, 22 MB.
std::string cacheSize(uint64_t bytes) {
    if (bytes % (1024 * 1024) == 0) return std::to_string(bytes / (1024 * 1024)) + " MB";
    if (bytes % 1024 == 0) return std::to_string(bytes / 1024) + " kB";
    return std::to_string(bytes) + " B";
}

std::string clockText(const ClockInfo& clock) {
    if (!std::isfinite(clock.hz)) return "n/a (" + clock.source + ")";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f MHz", clock.hz / 1e6);
    return std::string(buf) + " (" + clock.source + ")";
}

std::string hypervisorText(const CpuIdentity& cpu) {
    if (!cpu.hypervisor) return "none reported";
    return "yes" + (cpu.hypervisorVendor.empty() ? std::string() : " (" + cpu.hypervisorVendor + ")");
}

void printMachine(const Topology& topo, const CpuArchIdentification& arch, const ClockInfo& clock) {
    std::cout << kRule << "\n";
    field("CPU name", orNa(topo.cpu.modelName));
    field("CPU vendor", orNa(topo.cpu.vendor));
    field("CPU family", withHex(topo.cpu.family));
    field("CPU model", withHex(topo.cpu.model));
    field("CPU stepping", orNa(topo.cpu.stepping));
    field("Identified by", orNa(topo.cpu.source));
    field("Hypervisor", hypervisorText(topo.cpu));
    field("likwid arch", arch.summary());
    field("How", arch.how);
    for (const auto& doubt : arch.doubts) field(arch.uncertain() ? "Uncertain" : "Detection doubt", doubt);
    for (const auto& note : arch.notes) field("Also seen", note);
    if (arch.uncertain() || arch.arch.empty())
        field("To choose", "name the architecture with --arch ARCH or PERFDASH_ARCH=ARCH (see 'perfdash-cli groups "
                           "--help'); the list of names is in resources/likwid/archs.json");
    field("Kernel", orNa(topo.kernelRelease) + (topo.architecture.empty() ? "" : " " + topo.architecture));
    field("Nominal clock", clockText(clock));
}

void printThreads(const Topology& topo, const std::vector<AffinityDomain>& domains) {
    heading("Hardware Thread Topology");
    field("Sockets", std::to_string(topo.numSockets()));
    field("Dies", std::to_string(topo.dies.size()));
    field("Cores per socket", std::to_string(topo.coresPerSocket()));
    field("Threads per core", std::to_string(topo.threadsPerCore()));
    field("HW threads", std::to_string(topo.numHwThreads()) + " online of " + std::to_string(topo.hwThreads.size()));
    std::cout << kRule << "\n";
    std::printf("%-10s%-8s%-8s%-6s%-8s%-6s%s\n", "HWThread", "Thread", "Core", "Die", "Socket", "Node", "Online");
    for (const auto& t : topo.hwThreads) {
        std::printf("%-10d%-8s%-8s%-6s%-8s%-6s%s\n", t.cpu, orDash(t.smtIndex).c_str(), orDash(t.coreId).c_str(),
                    orDash(t.dieId).c_str(), orDash(t.packageId).c_str(), orDash(t.numaNode).c_str(),
                    t.online ? "yes" : "no");
    }
    std::cout << kRule << "\n";
    for (const auto& d : domains)
        if (d.tag[0] == 'S') field("Socket " + d.tag.substr(1), group(d.cpus));
}

void printCaches(const Topology& topo) {
    heading("Cache Topology");
    if (topo.caches.empty()) std::cout << "n/a: the kernel exports no cache information (no cpu*/cache in sysfs)\n";
    for (const auto& c : topo.caches) {
        size_t sharedBy = 0;
        for (const auto& inst : c.instances) sharedBy = std::max(sharedBy, inst.size());
        std::string groups;
        for (const auto& inst : c.instances) groups += (groups.empty() ? "" : " ") + group(inst);
        field("Level", std::to_string(c.level));
        field("Type", std::string(toString(c.type)) + " cache");
        field("Size", cacheSize(c.sizeBytes));
        field("Line size", c.lineSize ? std::to_string(*c.lineSize) + " B" : "n/a");
        field("Associativity", orNa(c.associativity));
        field("Sets", orNa(c.sets));
        field("Shared by", std::to_string(sharedBy) + " HW thread" + (sharedBy == 1 ? "" : "s"));
        field("Cache groups", groups);
        std::cout << kRule << "\n";
    }
}

void printNuma(const Topology& topo) {
    heading("NUMA Topology");
    field("NUMA domains", std::to_string(topo.numNumaDomains()));
    std::cout << kRule << "\n";
    for (const auto& n : topo.numaNodes) {
        std::string memory = "n/a";
        if (n.memoryBytes) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%.1f MB", static_cast<double>(*n.memoryBytes) / (1024.0 * 1024.0));
            memory = buf;
        }
        std::vector<std::string> distances;
        for (int d : n.distances) distances.push_back(std::to_string(d));
        field("Domain", std::to_string(n.id));
        field("Processors", group(n.cpus));
        field("Memory", memory);
        field("Distances", distances.empty() ? "n/a" : join(distances, " "));
        std::cout << kRule << "\n";
    }
}

void printDomains(const std::vector<AffinityDomain>& domains) {
    heading("Affinity Domains (CPU lists: S0:0-3 picks logical indices, physical cores first; E:N:4:1:2 walks this order)");
    for (const auto& d : domains) std::printf("%-6s%-26s%s\n", d.tag.c_str(), d.description.c_str(), group(d.cpus).c_str());
}

CommandLine topologyCommandLine() {
    CommandLine cl("topology", "", "show CPUs, cores, sockets, caches and NUMA nodes",
                   "Show CPUs, cores, sockets, caches and NUMA nodes (like likwid-topology), the affinity domains "
                   "that CPU lists can name, and the nominal clock metric formulas use. It also shows the likwid "
                   "architecture identified from CPUID and the kernel's PMUs (whose groups and events perfdash "
                   "uses), how it was identified, and why it is uncertain where it is (e.g. under a hypervisor).");
    cl.option({"", "--json", "", "print JSON (the report's machine.topology and machine.nominalClock)"});
    cl.option({"-c", "--cpus", "LIST", "print the CPUs a CPU list selects (0,2-4; S0:0-3; L:N:0-7; E:S0:4:1:2; S0@S1)"});
    cl.option({"", "--sys-root", "DIR", "read a copied sysfs tree instead of /sys (then no CPUID, uname or TSC)"});
    cl.option({"", "--proc-root", "DIR", "read a copied procfs tree instead of /proc"});
    addArchOption(cl, "show this architecture as the one in use (what detection found is shown beside it)");
    return cl;
}

int topologyCommand(const ParsedArgs& args) {
    if (!args.positional().empty() || args.sawDashDash()) {
        const std::string extra = args.positional().empty() ? "--" : args.positional().front();
        return fail("'perfdash-cli topology' takes no arguments, got '" + extra + "'; see 'perfdash-cli topology --help'",
                    kExitUsage);
    }
    const bool fromTree = args.has("--sys-root") || args.has("--proc-root");
    const MachineSources sources = fromTree ? MachineSources::tree(args.value("--sys-root").value_or("/sys"),
                                                                   args.value("--proc-root").value_or("/proc"))
                                            : MachineSources::host();
    auto paths = machinePathsOf(args, fromTree ? args.value("--sys-root") : std::nullopt);
    if (!paths) return fail(paths.error().message, kExitUsage);
    paths->topology = sources;
    MachineContext machine(std::move(*paths));
    const auto& topology = machine.topology();
    if (!topology) return fail(topology.error().message);
    const bool json = args.has("--json");

    if (auto list = args.value("--cpus")) {
        auto cpus = parseCpuList(*list, *topology);
        if (!cpus) return fail(cpus.error().message, kExitUsage);
        if (json) std::cout << nlohmann::json{{"cpuList", *list}, {"cpus", *cpus}}.dump(2) << "\n";
        else std::cout << formatCpuList(*cpus) << "\n";
        return kExitOk;
    }

    const NominalClock clock(sources);
    if (json) {
        std::cout << nlohmann::json{{"topology", toJson(*topology)},
                                    {"cpuArch", toJson(machine.cpuArch())},
                                    {"nominalClock", toJson(clock.info())}}
                         .dump(2)
                  << "\n";
        return kExitOk;
    }
    const auto domains = affinityDomains(*topology);
    printMachine(*topology, machine.cpuArch(), clock.info());
    printThreads(*topology, domains);
    printCaches(*topology);
    printNuma(*topology);
    printDomains(domains);
    return kExitOk;
}

} // namespace

const Subcommand kTopologyCommand{topologyCommandLine, topologyCommand};

} // namespace perfdash::cli
