#include "core/symbols/RecordedBinary.h"

#include <filesystem>

#include "core/symbols/ElfFile.h"
#include "core/symbols/Mapping.h"
#include "core/util/Strings.h"

namespace perfdash {

Result<std::string> findRecordedBinary(const std::string& path, const std::string& buildId,
                                       const std::vector<std::string>& roots) {
    std::vector<std::string> candidates;
    // A root given relative to the working directory is made absolute: the
    // file found becomes a mapping's path, which must be absolute to name a file.
    if (path.starts_with('/'))
        for (const std::string& root : roots) candidates.push_back(std::filesystem::absolute(root).string() + path);
    candidates.push_back(path);
    std::vector<std::string> found;
    bool rebuilt = false;
    for (const std::string& candidate : candidates) {
        auto file = ElfFile::open(candidate);
        if (!file) {
            found.push_back(file.error().message);
            continue;
        }
        const std::string onDisk = buildIdHex((*file)->buildId());
        if (buildId.empty() || onDisk == buildId) return candidate;
        rebuilt = true;
        found.push_back(candidate + " has build-id " + (onDisk.empty() ? "none" : onDisk) + ", not the recorded " +
                        buildId);
    }
    return makeError((rebuilt ? "the binary was rebuilt or replaced since the recording" : "the binary is missing") +
                     std::string(" (") + join(found, "; ") + "): give a copy of the recorded file with --symfs DIR (as " +
                     "DIR" + (path.starts_with('/') ? path : "/" + path) + "), or record the run again");
}

} // namespace perfdash
