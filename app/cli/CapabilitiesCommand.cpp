// perfdash-cli capabilities: what this machine can count, why not, and the
// command that would enable more.
#include <iostream>

#include "app/cli/ArchOption.h"
#include "app/cli/CommandLine.h"
#include "app/cli/Commands.h"
#include "core/measurement/Capabilities.h"
#include "core/measurement/MachineContext.h"

namespace perfdash::cli {

namespace {

CommandLine capabilitiesCommandLine() {
    CommandLine cl("capabilities", "", "say what this machine can count, why not, and how to enable more",
                   "Says what this machine can count (hardware PMU, kernel space, whole CPUs, tracepoints, RAPL "
                   "energy through powercap, the MSR device, Loongson counters), why something is missing, and how to enable it.");
    cl.option({"", "--json", "", "print JSON"});
    return cl;
}

int capabilitiesCommand(const ParsedArgs& args) {
    if (!args.positional().empty()) return fail("unexpected argument '" + args.positional().front() + "'", kExitUsage);
    auto paths = machinePathsOf(args);
    if (!paths) return fail(paths.error().message, kExitUsage);
    MachineContext machine(std::move(*paths));
    const auto capabilities = checkCapabilities(machine);
    if (args.has("--json")) {
        std::cout << toJson(capabilities).dump(2) << '\n';
        return kExitOk;
    }
    for (const auto& c : capabilities) {
        const char* mark = !c.applicable ? "  -  " : c.available ? " yes " : " no  ";
        std::cout << '[' << mark << "] " << c.title << "\n        " << c.detail << '\n';
        if (!c.fix.empty()) std::cout << "        to enable: " << c.fix << '\n';
    }
    return kExitOk;
}

} // namespace

const Subcommand kCapabilitiesCommand{capabilitiesCommandLine, capabilitiesCommand};

} // namespace perfdash::cli
