#include "core/events/LikwidNativeName.h"

#include <vector>

#include "core/events/LibpfmTable.h"
#include "core/util/Strings.h"

namespace perfdash {

std::optional<Result<std::string>> likwidNativeName(const std::string& model, std::string_view likwidName) {
    const LibpfmTable& pfm = LibpfmTable::instance();
    const LibpfmPmu* pmu = pfm.findPmu(model);
    if (!pmu || likwidName.empty()) return std::nullopt;
    const size_t position = static_cast<size_t>(pmu - pfm.pmus().data());
    const std::string wanted = toLower(likwidName);

    std::vector<std::string> matches;
    for (const auto& event : pfm.events()) {
        if (event.pmu != position) continue;
        const std::string name = toLower(event.name);
        if (name == wanted) {
            matches.push_back(event.name);
            continue;
        }
        if (!wanted.starts_with(name + "_")) continue;
        const std::string unitMask = wanted.substr(name.size() + 1);
        for (const auto& attribute : pfm.attributes(event.index))
            if (attribute.kind == LibpfmAttribute::Kind::UnitMask && toLower(attribute.name) == unitMask)
                matches.push_back(event.name + ":" + attribute.name);
    }
    if (matches.empty()) return std::nullopt;
    if (matches.size() > 1)
        return Result<std::string>(makeError("'" + std::string(likwidName) + "' is ambiguous on libpfm4 model " +
                                             model + ": it could be " + join(matches, " or ") +
                                             "; write the one you mean in libpfm4's spelling (EVENT:UMASK)"));
    return Result<std::string>(matches.front());
}

} // namespace perfdash
