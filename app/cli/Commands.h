#pragma once
// The subcommands of perfdash-cli. Each is a command line (its options and
// help) and a function that runs on the parsed arguments; main() parses them
// and answers --help and usage errors for every subcommand alike. A run
// returns the process exit status: 0 success, 1 a runtime failure, 2 a usage
// error; `stat` returns the launched program's status.
#include <string>
#include <vector>

#include "app/cli/CommandLine.h"

namespace perfdash::cli {

using Args = std::vector<std::string>;

struct Subcommand {
    CommandLine (*commandLine)();
    int (*run)(const ParsedArgs& args);
};

// One per subcommand, defined in the file of its family.
extern const Subcommand kStatCommand;
extern const Subcommand kListCommand;
extern const Subcommand kDescribeCommand;
extern const Subcommand kGroupsCommand;
extern const Subcommand kCheckGroupCommand;
extern const Subcommand kTopologyCommand;
extern const Subcommand kCapabilitiesCommand;
extern const Subcommand kBenchListCommand;
extern const Subcommand kBenchRunCommand;
extern const Subcommand kBenchCustomCommand;
extern const Subcommand kFreqCommand;
extern const Subcommand kIpcCommand;
extern const Subcommand kCeilingsCommand;
extern const Subcommand kServeCommand;
extern const Subcommand kPrometheusRulesCommand;
extern const Subcommand kMergeCommand;
extern const Subcommand kReportCommand;
extern const Subcommand kRecordCommand;
extern const Subcommand kTopCommand;
extern const Subcommand kLikwidPerfctrCommand;

// Parses a subcommand's arguments and answers --help and usage errors, so every subcommand behaves alike.
int runSubcommand(const Subcommand& subcommand, const Args& args);

// `perfdash-cli likwid-perfctr ARGS` and the program likwid-perfctr-perfdash.
int runLikwidPerfctr(const Args& args);
// The name under which the program is likwid-perfctr's front end (argv[0], a symlink).
inline constexpr const char* kLikwidPerfctrProgram = "likwid-perfctr-perfdash";

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

// "perfdash-cli: error: <message>" on stderr; returns `status` for `return fail(...)`.
int fail(const std::string& message, int status = kExitFailure);
void warn(const std::string& message);

} // namespace perfdash::cli
