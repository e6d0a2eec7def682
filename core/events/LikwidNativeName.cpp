#include "core/events/LikwidNativeName.h"

#include <map>
#include <mutex>

#include "core/events/LibpfmTable.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

// A model's events with their unit masks, read from libpfm4 once per model.
const std::vector<NativeEventNames>& modelNames(const LibpfmTable& pfm, const LibpfmPmu& pmu) {
    static std::mutex mutex;
    static std::map<std::string, std::vector<NativeEventNames>> cache;
    std::lock_guard lock(mutex);
    auto [it, inserted] = cache.try_emplace(pmu.name);
    if (!inserted) return it->second;
    const size_t position = static_cast<size_t>(&pmu - pfm.pmus().data());
    for (const auto& event : pfm.events()) {
        if (event.pmu != position) continue;
        NativeEventNames names{event.name, {}};
        for (const auto& attribute : pfm.attributes(event.index))
            if (attribute.kind == LibpfmAttribute::Kind::UnitMask) names.unitMasks.push_back(attribute.name);
        it->second.push_back(std::move(names));
    }
    return it->second;
}

} // namespace

std::vector<std::string> likwidNameMatches(const std::vector<NativeEventNames>& table, std::string_view likwidName) {
    const std::string wanted = toLower(likwidName);
    std::vector<std::string> matches;
    for (const auto& event : table) {
        const std::string name = toLower(event.event);
        if (name == wanted) matches.push_back(event.event);
        if (!wanted.starts_with(name + "_")) continue;
        const std::string unitMask = wanted.substr(name.size() + 1);
        for (const auto& u : event.unitMasks)
            if (toLower(u) == unitMask) matches.push_back(event.event + ":" + u);
    }
    return matches;
}

std::optional<Result<std::string>> likwidNativeName(const std::string& model, std::string_view likwidName) {
    const LibpfmTable& pfm = LibpfmTable::instance();
    const LibpfmPmu* pmu = pfm.findPmu(model);
    if (!pmu || likwidName.empty()) return std::nullopt;
    const auto matches = likwidNameMatches(modelNames(pfm, *pmu), likwidName);
    if (matches.empty()) return std::nullopt;
    if (matches.size() > 1)
        return Result<std::string>(makeError("'" + std::string(likwidName) + "' is ambiguous on libpfm4 model " +
                                             model + ": it could be " + join(matches, " or ") +
                                             "; write the one you mean in libpfm4's spelling (EVENT:UMASK)"));
    return Result<std::string>(matches.front());
}

} // namespace perfdash
