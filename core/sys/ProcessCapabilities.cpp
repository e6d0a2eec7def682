#include "core/sys/ProcessCapabilities.h"

#include "core/util/Strings.h"

namespace perfdash {

std::optional<uint64_t> effectiveCapabilities(const std::string& procRoot) {
    auto status = readFile(procRoot + "/self/status");
    if (!status) return std::nullopt;
    for (const auto& line : split(*status, '\n')) {
        if (!line.starts_with("CapEff:")) continue;
        return parseUnsigned("0x" + trim(line.substr(7)));
    }
    return std::nullopt;
}

} // namespace perfdash
