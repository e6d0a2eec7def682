#include "app/cli/ArchOption.h"

namespace perfdash::cli {

CommandLine& addArchOption(CommandLine& cl, const std::string& what, const std::string& otherwise) {
    return cl.option({.longName = "--arch",
                      .valueName = "ARCH",
                      .help = what + ": a likwid architecture (skylakeX, zen4, ICX, SPR, ...), a libpfm4 core model "
                                     "of one (skx, amd64_fam19h_zen4) or generic; 'perfdash-cli topology' shows the "
                                     "architecture identified here and how sure that is",
                      .defaultValue = "$PERFDASH_ARCH, else " + otherwise});
}

Result<std::optional<ArchOverride>> archOverrideOf(const ParsedArgs& args) { return archOverride(args.value("--arch")); }

Result<MachinePaths> machinePathsOf(const ParsedArgs& args, const std::optional<std::string>& sysfsRoot) {
    MachinePaths paths;
    if (sysfsRoot) paths.events.sysfsRoot = *sysfsRoot;
    auto arch = archOverrideOf(args);
    if (!arch) return arch.error();
    paths.arch = *arch;
    return paths;
}

} // namespace perfdash::cli
