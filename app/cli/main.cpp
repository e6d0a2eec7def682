#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>

#include "app/cli/Commands.h"

namespace perfdash::cli {

int fail(const std::string& message, int status) {
    std::fprintf(stderr, "perfdash-cli: error: %s\n", message.c_str());
    return status;
}

void warn(const std::string& message) { std::fprintf(stderr, "perfdash-cli: warning: %s\n", message.c_str()); }

int runSubcommand(const Subcommand& subcommand, const Args& args) {
    const CommandLine cl = subcommand.commandLine();
    auto parsed = cl.parse(args);
    if (!parsed) return fail(parsed.error().message, kExitUsage);
    if (parsed->has("--help")) {
        std::fputs(cl.help().c_str(), stdout);
        return kExitOk;
    }
    return subcommand.run(*parsed);
}

namespace {

// A command of a list: a subcommand, or a family of them ('bench').
struct Command {
    std::string name;
    std::string summary;
    std::function<int(const Args&)> run;
};

Command commandOf(const Subcommand& subcommand) {
    const CommandLine cl = subcommand.commandLine();
    const std::string& path = cl.command(); // "stat", "bench run"
    return {path.substr(path.rfind(' ') + 1), cl.summary(),
            [&subcommand](const Args& args) { return runSubcommand(subcommand, args); }};
}

// prefix: "" at the top, "bench " for the members of a family.
std::string commandListHelp(const std::string& prefix, const std::vector<Command>& commands) {
    std::vector<std::pair<std::string, std::string>> rows;
    for (const auto& c : commands) rows.emplace_back(c.name, c.summary);
    return "Usage: perfdash-cli " + prefix + "COMMAND [OPTIONS]\n\nCommands:\n" + helpColumns(rows) +
           "\nRun 'perfdash-cli " + prefix + "COMMAND --help' for a command's options.\n";
}

int dispatch(const std::string& prefix, const std::vector<Command>& commands, const Args& args) {
    if (args.empty()) {
        std::fputs(commandListHelp(prefix, commands).c_str(), stderr);
        return kExitUsage;
    }
    const std::string& name = args[0];
    if (name == "-h" || name == "--help" || name == "help") {
        std::fputs(commandListHelp(prefix, commands).c_str(), stdout);
        return kExitOk;
    }
    for (const auto& c : commands)
        if (name == c.name) return c.run(Args(args.begin() + 1, args.end()));
    return fail("unknown command '" + prefix + name + "'; run 'perfdash-cli " + prefix +
                    "--help' for the list of commands",
                kExitUsage);
}

std::vector<Command> benchCommands() {
    return {commandOf(kBenchListCommand), commandOf(kBenchRunCommand), commandOf(kBenchCustomCommand)};
}

std::vector<Command> topCommands() {
    return {commandOf(kStatCommand),
            commandOf(kListCommand),
            commandOf(kDescribeCommand),
            commandOf(kGroupsCommand),
            commandOf(kCheckGroupCommand),
            commandOf(kTopologyCommand),
            commandOf(kCapabilitiesCommand),
            {"bench", "measure instruction latency and throughput",
             [](const Args& args) { return dispatch("bench ", benchCommands(), args); }},
            commandOf(kFreqCommand),
            commandOf(kIpcCommand),
            commandOf(kServeCommand),
            commandOf(kPrometheusRulesCommand),
            commandOf(kMergeCommand),
            commandOf(kReportCommand),
            {"likwid-perfctr", kLikwidPerfctrCommand.commandLine().summary(), runLikwidPerfctr}};
}

} // namespace
} // namespace perfdash::cli

int main(int argc, char** argv) {
    using namespace perfdash::cli;
    const Args args(argv + 1, argv + argc);
    // Installed (or linked) under likwid-perfctr's name, the program is that front end and nothing else.
    if (argc > 0 && std::filesystem::path(argv[0]).filename() == kLikwidPerfctrProgram) return runLikwidPerfctr(args);
    if (!args.empty() && args[0] == "--version") {
        std::printf("perfdash-cli %s\n", PERFDASH_VERSION);
        return kExitOk;
    }
    return dispatch("", topCommands(), args);
}
