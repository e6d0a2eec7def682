#include "core/groups/GroupLibrary.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include "core/groups/CustomEventSet.h"
#include "core/groups/GroupFileParser.h"
#include "core/groups/MetricEvaluator.h"
#include "core/util/DataPaths.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace fs = std::filesystem;

const char* toString(GroupOrigin origin) {
    switch (origin) {
    case GroupOrigin::User: return "user";
    case GroupOrigin::Likwid: return "likwid";
    case GroupOrigin::BuiltIn: return "built-in";
    case GroupOrigin::File: return "file";
    }
    return "?";
}

Result<PerformanceGroup> loadGroupFile(const std::string& path) {
    auto group = parseGroupFile(path);
    if (!group) return group;
    if (auto formulas = MetricEvaluator::compile(*group); !formulas) return formulas.error();
    return group;
}

GroupLibrary::GroupLibrary(std::vector<GroupRoot> roots, std::vector<std::string> archs)
    : roots_(std::move(roots)), archs_(std::move(archs)) {}

std::vector<GroupRoot> GroupLibrary::defaultRoots() {
    return {
        {userConfigDir() + "/groups", GroupOrigin::User},
        {homeDir() + "/.likwid/groups", GroupOrigin::Likwid},
        {dataDir() + "/groups", GroupOrigin::BuiltIn},
    };
}

std::vector<std::string> GroupLibrary::searchDirs() const {
    std::vector<std::string> out;
    for (const auto& root : roots_)
        for (const auto& arch : archs_) out.push_back(root.dir + "/" + arch);
    return out;
}

namespace {

// The *.txt files of a directory, sorted; none if it does not exist.
std::vector<fs::path> groupFilesIn(const fs::path& dir) {
    std::vector<fs::path> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
        if (it->path().extension() == ".txt" && it->is_regular_file(ec)) out.push_back(it->path());
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

std::vector<GroupEntry> GroupLibrary::list() const {
    std::map<std::string, GroupEntry> byName;
    for (const auto& root : roots_) {
        for (const auto& arch : archs_) {
            for (const auto& file : groupFilesIn(fs::path(root.dir) / arch)) {
                const std::string name = file.stem().string();
                if (auto it = byName.find(name); it != byName.end()) {
                    it->second.overrides.push_back(file.string());
                    continue;
                }
                GroupEntry entry;
                entry.name = name;
                entry.file = file.string();
                entry.arch = arch;
                entry.origin = root.origin;
                if (auto group = loadGroupFile(entry.file)) {
                    entry.shortDescription = group->shortDescription;
                    entry.eventSet = std::move(group->events);
                } else {
                    entry.problem = group.error().message;
                }
                byName.emplace(name, std::move(entry));
            }
        }
    }
    std::vector<GroupEntry> out;
    for (auto& [name, entry] : byName) out.push_back(std::move(entry));
    return out;
}

namespace {

// The entry list() would give NAME, unparsed, from the files named NAME.txt
// alone: finding one group need not parse and compile every other (stat -g
// and groups NAME do this on every start).
std::optional<GroupEntry> locateGroup(const std::vector<GroupRoot>& roots, const std::vector<std::string>& archs,
                                      std::string_view name) {
    if (name.empty() || name.find('/') != std::string_view::npos) return std::nullopt;
    std::optional<GroupEntry> found;
    for (const auto& root : roots) {
        for (const auto& arch : archs) {
            const fs::path file = fs::path(root.dir) / arch / (std::string(name) + ".txt");
            std::error_code ec;
            if (!fs::is_regular_file(file, ec)) continue;
            if (found) {
                found->overrides.push_back(file.string());
                continue;
            }
            found.emplace();
            found->name = std::string(name);
            found->file = file.string();
            found->arch = arch;
            found->origin = root.origin;
        }
    }
    return found;
}

// The architecture directories of any root that have a group of this name
// (sorted, once each): a name that is some other CPU's group, e.g. TMA on
// Zen 3, for which AMD defines no top-down method.
std::vector<std::string> archsWithGroup(const std::vector<GroupRoot>& roots, std::string_view name) {
    std::vector<std::string> archs;
    std::error_code ec;
    for (const auto& root : roots)
        for (const auto& dir : std::filesystem::directory_iterator(root.dir, ec))
            if (std::filesystem::is_regular_file(dir.path() / (std::string(name) + ".txt"), ec))
                archs.push_back(dir.path().filename().string());
    std::sort(archs.begin(), archs.end());
    archs.erase(std::unique(archs.begin(), archs.end()), archs.end());
    return archs;
}

} // namespace

std::optional<GroupEntry> GroupLibrary::find(std::string_view name) const {
    auto entry = locateGroup(roots_, archs_, name);
    if (!entry) return std::nullopt;
    if (auto group = loadGroupFile(entry->file)) entry->shortDescription = group->shortDescription;
    else entry->problem = group.error().message;
    return entry;
}

bool GroupLibrary::looksLikePath(std::string_view nameOrPath) {
    return nameOrPath.find('/') != std::string_view::npos || nameOrPath.ends_with(".txt");
}

Result<PerformanceGroup> GroupLibrary::load(std::string_view nameOrPath) const {
    // A file of that name wins; then likwid's EVENT:COUNTER,... (a group name never contains ':').
    std::error_code ec;
    if (nameOrPath.find(':') != std::string_view::npos && !std::filesystem::exists(std::string(nameOrPath), ec))
        return parseCustomEventSet(nameOrPath);
    if (looksLikePath(nameOrPath)) return loadGroupFile(std::string(nameOrPath));
    if (auto entry = locateGroup(roots_, archs_, nameOrPath)) return loadGroupFile(entry->file);

    const auto entries = list();
    std::vector<std::string> names;
    for (const auto& entry : entries) names.push_back(entry.name);
    std::string message = "unknown performance group '" + std::string(nameOrPath) + "'";
    if (const auto elsewhere = archsWithGroup(roots_, nameOrPath); !elsewhere.empty())
        return makeError(message + " for " + join(archs_, ", ") + ": it is a group of " + join(elsewhere, ", ") +
                         " (docs/groups.md says which architecture has which group, and why one lacks it; "
                         "--arch ARCH picks another architecture's groups)");
    if (auto close = closestMatches(nameOrPath, names); !close.empty())
        message += "; did you mean " + join(close, ", ") + "?";
    else if (!names.empty())
        message += "; available: " + join(names, ", ");
    message += " (searched " + join(searchDirs(), ", ") +
               "; 'perfdash-cli groups' lists the groups; a path to a .txt file and likwid's custom event sets, "
               "EVENT:COUNTER,..., also work)";
    return makeError(message);
}

} // namespace perfdash
