#include <cstdio>
#include <cstring>
#include <iostream>

#include "app/cli/Commands.h"

namespace perfdash::cli {

int fail(const std::string& message, int status) {
    std::fprintf(stderr, "perfdash-cli: error: %s\n", message.c_str());
    return status;
}

void warn(const std::string& message) { std::fprintf(stderr, "perfdash-cli: warning: %s\n", message.c_str()); }

namespace {

struct Command {
    const char* name;
    const char* summary;
    int (*run)(const Args&);
};

const Command kCommands[] = {
    {"stat", "count events of a program, a process or CPUs; print tables, metrics, timelines", statCommand},
    {"list", "list the events perfdash knows and whether each is countable here", listCommand},
    {"describe", "show how an event string resolves (perf_event_attr) and whether it is countable", describeCommand},
    {"groups", "list the performance groups, or show one", groupsCommand},
    {"check-group", "parse and validate group files without measuring", checkGroupCommand},
    {"topology", "show CPUs, cores, sockets, caches and NUMA nodes", topologyCommand},
    {"capabilities", "say what this machine can count, why not, and how to enable more", capabilitiesCommand},
    {"bench", "measure instruction latency and throughput", benchCommand},
    {"freq", "measure the real core clock", freqCommand},
    {"ipc", "measure the maximum instructions per cycle", ipcCommand},
};

void usage(std::FILE* to) {
    std::fprintf(to, "Usage: perfdash-cli COMMAND [OPTIONS]\n\nCommands:\n");
    for (const auto& c : kCommands) std::fprintf(to, "  %-12s %s\n", c.name, c.summary);
    std::fprintf(to, "\nRun 'perfdash-cli COMMAND --help' for a command's options.\n");
}

} // namespace
} // namespace perfdash::cli

int main(int argc, char** argv) {
    using namespace perfdash::cli;
    if (argc < 2) {
        usage(stderr);
        return kExitUsage;
    }
    const std::string name = argv[1];
    if (name == "-h" || name == "--help" || name == "help") {
        usage(stdout);
        return kExitOk;
    }
    if (name == "--version") {
        std::printf("perfdash-cli %s\n", PERFDASH_VERSION);
        return kExitOk;
    }
    for (const auto& c : kCommands) {
        if (name == c.name) return c.run(Args(argv + 2, argv + argc));
    }
    return fail("unknown command '" + name + "'; run 'perfdash-cli --help' for the list of commands", kExitUsage);
}
