#include "widgets/events/CustomGroupFile.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "core/groups/GroupFileParser.h"
#include "core/groups/GroupLibrary.h"
#include "core/groups/MetricEvaluator.h"
#include "core/util/AtomicFile.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace fs = std::filesystem;

bool isValidGroupName(const std::string& name) {
    return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
    });
}

std::string groupFileText(const CustomGroupDraft& draft) {
    size_t width = 0;
    for (const auto& [slot, event] : draft.counters) width = std::max(width, slot.size());
    std::string text = "SHORT " + trim(draft.shortDescription) + "\n\nEVENTSET\n";
    for (const auto& [slot, event] : draft.counters)
        text += slot + std::string(width - slot.size() + 2, ' ') + event + "\n";
    if (const std::string metrics = trim(draft.metrics); !metrics.empty()) text += "\nMETRICS\n" + metrics + "\n";
    if (const std::string longText = trim(draft.longDescription); !longText.empty())
        text += "\nLONG\n" + longText + "\n";
    return text;
}

Result<PerformanceGroup> checkGroupText(const std::string& text, const std::string& path) {
    auto group = parseGroupText(text, path, groupNameFromPath(path));
    if (!group) return group;
    if (auto formulas = MetricEvaluator::compile(*group); !formulas) return formulas.error();
    return group;
}

std::string userGroupDir(const std::string& arch) {
    // The first root is the user's own, searched before ~/.likwid and the built-in groups.
    return GroupLibrary::defaultRoots().front().dir + "/" + arch;
}

Result<PerformanceGroup> saveGroupFile(const std::string& path, const std::string& text, ExistingFile existing) {
    if (const std::string name = groupNameFromPath(path); !isValidGroupName(name))
        return makeError("'" + name + "' cannot be a group name; use letters, digits, '_' and '-' only (e.g. MY_SET)");
    if (auto checked = checkGroupText(text, path); !checked) return checked.error();
    std::error_code ec;
    if (existing == ExistingFile::Keep && fs::exists(path, ec))
        return makeError("'" + path + "' already exists and was left as it is; choose another name or confirm replacing it");
    if (fs::create_directories(fs::path(path).parent_path(), ec); ec)
        return makeError("cannot create the directory of '" + path + "': " + ec.message());
    if (Status written = writeFileAtomically(path, text); !written) return written.error();
    return loadGroupFile(path);
}

} // namespace perfdash
