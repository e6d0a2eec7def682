#pragma once
// `report`'s views of a session's samples (--functions, --lines, --callers,
// --folded, --flame), declared beside the report's own options so that
// `report --help` lists them; defined with `record` and `top` in
// ProfileCommands.cpp.
#include "app/cli/CommandLine.h"

namespace perfdash::cli {

void addProfileReportOptions(CommandLine& cl);
// Whether the arguments ask for a view of the samples.
bool wantsProfileView(const ParsedArgs& args);
int profileReport(const ParsedArgs& args);

} // namespace perfdash::cli
