#include "core/groups/GroupArch.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/util/DataPaths.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

std::vector<std::string> strings(const nlohmann::json& entry, const char* key) {
    return entry.contains(key) ? entry.at(key).get<std::vector<std::string>>() : std::vector<std::string>{};
}

std::string text(const nlohmann::json& entry, const char* key) {
    return entry.contains(key) ? entry.at(key).get<std::string>() : std::string();
}

Result<std::vector<GroupArch>> readArchTable(const std::string& path) {
    auto content = readFile(path);
    if (!content)
        return makeError("cannot read " + path + ": perfdash's architecture table is missing; reinstall perfdash "
                         "or set PERFDASH_DATA_DIR to its resources directory");
    std::vector<GroupArch> archs;
    try {
        const auto doc = nlohmann::json::parse(*content);
        for (const auto& entry : doc.at("archs")) {
            GroupArch arch;
            arch.name = entry.at("name").get<std::string>();
            arch.vendor = entry.at("vendor").get<std::string>();
            arch.gpu = text(entry, "kind") == "gpu";
            arch.pfmModels = strings(entry, "pfm");
            arch.noPfm = text(entry, "noPfm");
            arch.note = text(entry, "note");
            arch.dirs = strings(entry, "dirs");
            arch.tables = strings(entry, "tables");
            if (entry.contains("hybrid"))
                for (const auto& type : entry.at("hybrid"))
                    arch.coreTypes.push_back({type.at("pmu").get<std::string>(), type.at("label").get<std::string>(),
                                              strings(type, "pfm"), strings(type, "tables")});
            archs.push_back(std::move(arch));
        }
    } catch (const nlohmann::json::exception& e) {
        return makeError(path + " is not a valid architecture table: " + e.what());
    }
    return archs;
}

} // namespace

const Result<std::vector<GroupArch>>& groupArchTable() {
    static const Result<std::vector<GroupArch>> table = readArchTable(dataDir() + "/likwid/archs.json");
    return table;
}

const GroupArch* findGroupArch(std::string_view pmuModelOrArch) {
    const auto& table = groupArchTable();
    if (!table || pmuModelOrArch.empty()) return nullptr;
    // Models first: "icx" is libpfm4's Ice Lake X, the directory of that name is "ICX".
    for (const auto& arch : *table)
        if (std::find(arch.pfmModels.begin(), arch.pfmModels.end(), pmuModelOrArch) != arch.pfmModels.end())
            return &arch;
    for (const auto& arch : *table)
        if (arch.name == pmuModelOrArch) return &arch;
    for (const auto& arch : *table)
        if (toLower(arch.name) == toLower(pmuModelOrArch)) return &arch;
    return nullptr;
}

std::vector<std::string> groupArchsFor(std::string_view pmuModelOrArch) {
    if (pmuModelOrArch.empty() || pmuModelOrArch == kGenericGroupArch) return {kGenericGroupArch};
    const GroupArch* arch = findGroupArch(pmuModelOrArch);
    if (!arch) return {std::string(pmuModelOrArch), kGenericGroupArch};
    std::vector<std::string> out{arch->name};
    out.insert(out.end(), arch->dirs.begin(), arch->dirs.end());
    out.emplace_back(kGenericGroupArch);
    return out;
}

} // namespace perfdash
