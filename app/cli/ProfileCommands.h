#pragma once
// `report`'s views of a session's samples (--functions, --lines, --callers,
// --folded, --flame), declared beside the report's own options so that
// `report --help` lists them; defined with `record` and `top` in
// ProfileCommands.cpp.
#include <string>

#include "app/cli/CommandLine.h"

namespace perfdash::cli {

void addProfileReportOptions(CommandLine& cl);
// Whether `path` is a perf.data file (perf's magic), or "-": one read from standard input.
bool isPerfData(const std::string& path);
// Whether the arguments ask for a view of the samples.
bool wantsProfileView(const ParsedArgs& args);
int profileReport(const ParsedArgs& args);

} // namespace perfdash::cli
