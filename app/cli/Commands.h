#pragma once
// The subcommands of perfdash-cli. Each returns the process exit status:
// 0 success, 1 a runtime failure, 2 a usage error; `stat` returns the
// launched program's status.
#include <string>
#include <vector>

namespace perfdash::cli {

using Args = std::vector<std::string>;

int topologyCommand(const Args& args);
int capabilitiesCommand(const Args& args);
int listCommand(const Args& args);
int describeCommand(const Args& args);
int groupsCommand(const Args& args);
int checkGroupCommand(const Args& args);
int statCommand(const Args& args);
int benchCommand(const Args& args);
int freqCommand(const Args& args);
int ipcCommand(const Args& args);

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

// "perfdash-cli: error: <message>" on stderr; returns `status` for `return fail(...)`.
int fail(const std::string& message, int status = kExitFailure);
void warn(const std::string& message);

} // namespace perfdash::cli
