#include "core/measurement/ArchOverride.h"

#include <cstdlib>

#include "core/groups/GroupArch.h"
#include "core/util/Strings.h"

namespace perfdash {

Result<std::optional<ArchOverride>> archOverride(const std::optional<std::string>& flag) {
    const char* env = std::getenv(kArchEnvironmentVariable);
    if (!flag && (!env || !*env)) return std::optional<ArchOverride>{};
    ArchOverride chosen{flag ? *flag : std::string(env), flag ? "--arch" : kArchEnvironmentVariable};
    if (chosen.arch == kGenericGroupArch) return std::optional<ArchOverride>{chosen};
    const auto& table = groupArchTable();
    if (!table) return table.error();
    if (const GroupArch* arch = findGroupArch(chosen.arch); arch && !arch->gpu) {
        chosen.arch = arch->name;
        return std::optional<ArchOverride>{chosen};
    }
    std::vector<std::string> known;
    for (const auto& arch : *table)
        if (!arch.gpu) known.push_back(arch.name);
    return makeError("unknown architecture '" + chosen.arch + "' in " + chosen.by + ": give one of likwid's architectures (" +
                     join(known, ", ") + "), a libpfm4 core model of one (skx, amd64_fam19h_zen4), or generic" +
                     (flag ? std::string() : "; or unset " + std::string(kArchEnvironmentVariable)));
}

} // namespace perfdash
