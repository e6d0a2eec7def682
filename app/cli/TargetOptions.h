#pragma once
// What to measure, as `stat`, `record` and `top` take it: a program launched
// after '--' (pinned with -C, or not), a running process (--pid) or whole
// CPUs (-c), with groups (-g), events (-e), the marker API (-m) and a
// duration (-S). One declaration and one reading, so the three commands
// cannot drift apart.
#include "app/cli/CommandLine.h"
#include "core/measurement/MeasurementRequest.h"
#include "core/util/Outcome.h"

namespace perfdash::cli {

// `what`: the command's verb for its help texts ("count", "sample").
void addTargetOptions(CommandLine& cl, const std::string& what);

// The request those options make for `command` ("stat"); errors name the
// option and the fix. The program's stdout goes to stderr where --json keeps
// stdout for JSON.
Result<MeasurementRequest> targetRequestFrom(const ParsedArgs& args, const std::string& command);

} // namespace perfdash::cli
