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
    std::vector<const Subcommand*> members; // the subcommand, or the family's: their sections of the man page
};

Command commandOf(const Subcommand& subcommand) {
    const CommandLine cl = subcommand.commandLine();
    const std::string& path = cl.command(); // "stat", "bench run"
    return {path.substr(path.rfind(' ') + 1), cl.summary(),
            [&subcommand](const Args& args) { return runSubcommand(subcommand, args); }, {&subcommand}};
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

const std::vector<const Subcommand*> kBenchFamily = {&kBenchListCommand, &kBenchRunCommand, &kBenchCustomCommand};

std::vector<Command> benchCommands() {
    std::vector<Command> commands;
    for (const Subcommand* member : kBenchFamily) commands.push_back(commandOf(*member));
    return commands;
}

std::vector<Command> topCommands() {
    return {commandOf(kStatCommand),
            commandOf(kRecordCommand),
            commandOf(kTopCommand),
            commandOf(kListCommand),
            commandOf(kDescribeCommand),
            commandOf(kGroupsCommand),
            commandOf(kCheckGroupCommand),
            commandOf(kTopologyCommand),
            commandOf(kCapabilitiesCommand),
            {"bench", "measure instruction latency and throughput",
             [](const Args& args) { return dispatch("bench ", benchCommands(), args); }, kBenchFamily},
            commandOf(kFreqCommand),
            commandOf(kIpcCommand),
            commandOf(kCeilingsCommand),
            commandOf(kServeCommand),
            commandOf(kPrometheusRulesCommand),
            commandOf(kMergeCommand),
            commandOf(kReportCommand),
            {"likwid-perfctr", kLikwidPerfctrCommand.commandLine().summary(), runLikwidPerfctr,
             {&kLikwidPerfctrCommand}}};
}

// perfdash-cli(1): the command list and every subcommand's section, from the
// declarations that --help and the parser use (the build generates the page
// with 'perfdash-cli --man').
std::string manPage(const std::vector<Command>& commands) {
    std::string out = ".TH PERFDASH\\-CLI 1 \"\" \"perfdash " PERFDASH_VERSION "\" \"User Commands\"\n"
                      ".SH NAME\nperfdash\\-cli \\- count CPU performance events from the command line\n"
                      ".SH SYNOPSIS\n\\fBperfdash\\-cli\\fR \\fICOMMAND\\fR [\\fIOPTIONS\\fR]\n.br\n"
                      "\\fBperfdash\\-cli\\fR \\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR | \\fB\\-\\-man\\fR\n.br\n"
                      "\\fBlikwid\\-perfctr\\-perfdash\\fR [\\fIlikwid\\-perfctr options\\fR]\n"
                      ".SH DESCRIPTION\nThe command line side of perfdash(1): it counts the events of a program, a "
                      "process or whole CPUs through perf_event (or the msr and Loongson backends), computes the "
                      "metrics of likwid\\-format performance groups (perfdash\\-groups(5)), and shows, "
                      "merges and serves the results. Installed as \\fBlikwid\\-perfctr\\-perfdash\\fR it is "
                      "the likwid\\-perfctr front end and nothing else.\n"
                      ".PP\n\\fB\\-\\-man\\fR prints this page.\n"
                      ".SH COMMANDS\n";
    for (const auto& c : commands) out += ".TP\n\\fB" + roffText(c.name) + "\\fR\n" + roffText(c.summary) + "\n";
    for (const auto& c : commands)
        for (const Subcommand* member : c.members) out += member->commandLine().manSection();
    out += ".SH EXIT STATUS\n0 on success, 1 on a failure at run time, 2 on a usage error; \\fBstat\\fR "
           "exits with the status of the program it launched.\n"
           ".SH ENVIRONMENT\n.TP\n\\fBPERFDASH_ARCH\\fR\nthe likwid architecture to use instead of the "
           "one identified from CPUID (as \\fB\\-\\-arch\\fR).\n"
           ".SH FILES\n.TP\n\\fI/usr/share/perfdash/groups\\fR\nthe built\\-in performance groups, one "
           "directory per architecture.\n"
           ".TP\n\\fI/usr/share/perfdash/instructions\\fR\nthe instruction catalogs of \\fBbench\\fR.\n"
           ".TP\n\\fI/usr/share/perfdash/events\\fR, \\fI/usr/share/perfdash/likwid\\fR\nevent data and "
           "likwid's architecture, counter and event names.\n"
           ".TP\n\\fI/lib/systemd/system/perfdash\\-agent.service\\fR\n\\fBserve\\fR as a system service "
           "(installed, not enabled).\n"
           ".SH SEE ALSO\nperfdash(1), perfdash\\-groups(5), perf\\-stat(1), likwid\\-perfctr(1)\n";
    return out;
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
    if (!args.empty() && args[0] == "--man") {
        std::fputs(manPage(topCommands()).c_str(), stdout);
        return kExitOk;
    }
    return dispatch("", topCommands(), args);
}
