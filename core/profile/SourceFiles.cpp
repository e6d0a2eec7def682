#include "core/profile/SourceFiles.h"

#include <cerrno>
#include <fstream>
#include <sys/stat.h>

#include "core/util/Strings.h"
#include "core/util/SystemError.h"

namespace perfdash {

namespace {

bool isFile(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

} // namespace

SourceLookup findSourceFile(const std::string& path, const std::vector<std::string>& folders) {
    SourceLookup lookup;
    if (path.empty()) return lookup;
    auto tryPlace = [&](const std::string& place) {
        lookup.looked.push_back(place);
        if (isFile(place)) lookup.found = place;
        return !lookup.found.empty();
    };
    if (tryPlace(path)) return lookup;
    const std::vector<std::string> parts = split(path, '/');
    for (std::string folder : folders) {
        while (folder.size() > 1 && folder.back() == '/') folder.pop_back();
        if (folder.empty()) continue;
        for (size_t first = 0; first < parts.size(); ++first) {
            std::string place = folder;
            for (size_t i = first; i < parts.size(); ++i) place += "/" + parts[i];
            if (tryPlace(place)) return lookup;
        }
    }
    return lookup;
}

Result<std::vector<std::string>> readSourceLines(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return makeError("cannot read the source file " + path + ": " + systemErrorText(errno));
    std::vector<std::string> lines;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(std::move(line));
    }
    if (in.bad()) return makeError("cannot read the source file " + path + ": " + systemErrorText(errno));
    return lines;
}

} // namespace perfdash
