// perfdash-cli capabilities: what this machine can count, why not, and the
// command that would enable more.
#include <iostream>

#include "app/cli/CommandLine.h"
#include "app/cli/Commands.h"
#include "core/measurement/Capabilities.h"
#include "core/measurement/MachineContext.h"

namespace perfdash::cli {

int capabilitiesCommand(const Args& argv) {
    CommandLine cl("capabilities", "capabilities [--json]",
                   "Says what this machine can count (hardware PMU, kernel space, whole CPUs, tracepoints,\n"
                   "the MSR device, Loongson counters), why something is missing, and how to enable it.");
    cl.option({"", "--json", "", "print JSON"});
    auto args = cl.parse(argv);
    if (!args) return fail(args.error().message, kExitUsage);
    if (args->has("--help")) {
        std::cout << cl.help();
        return kExitOk;
    }
    if (!args->positional().empty()) return fail("unexpected argument '" + args->positional().front() + "'", kExitUsage);
    MachineContext machine;
    const auto capabilities = probeCapabilities(machine);
    if (args->has("--json")) {
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

} // namespace perfdash::cli
