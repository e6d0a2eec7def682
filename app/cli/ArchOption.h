#pragma once
// --arch, declared and read alike by every command that uses this CPU's
// likwid architecture (stat, groups, check-group, describe, topology): the
// named architecture replaces the detected one (core/measurement/
// ArchOverride.h); without --arch, $PERFDASH_ARCH does.
#include <optional>
#include <string>

#include "app/cli/CommandLine.h"
#include "core/measurement/ArchOverride.h"
#include "core/measurement/MachineContext.h"

namespace perfdash::cli {

// `what`: what the architecture decides for this command ("the groups of this architecture, ...");
// `otherwise`: what the command uses without --arch and $PERFDASH_ARCH.
CommandLine& addArchOption(CommandLine& cl, const std::string& what,
                           const std::string& otherwise = "the architecture identified from CPUID");

// --arch (where the command declares it), else $PERFDASH_ARCH; an unknown name is an error.
Result<std::optional<ArchOverride>> archOverrideOf(const ParsedArgs& args);

// This machine with the architecture the user named, if any; the PMUs read from `sysfsRoot` where given.
Result<MachinePaths> machinePathsOf(const ParsedArgs& args, const std::optional<std::string>& sysfsRoot = {});

} // namespace perfdash::cli
