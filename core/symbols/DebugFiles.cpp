#include "core/symbols/DebugFiles.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <unistd.h>

#include "core/symbols/Mapping.h"

namespace perfdash {

namespace {

std::string buildIdPath(const std::string& root, const std::vector<uint8_t>& id) {
    const std::string hex = buildIdHex(id);
    return root + "/.build-id/" + hex.substr(0, 2) + "/" + hex.substr(2) + ".debug";
}

// A candidate that is an ELF file other than `file` with the wanted build-id
// (any, where none is wanted).
bool fits(const std::string& candidate, const ElfFile* file, const std::vector<uint8_t>& wanted) {
    auto debug = ElfFile::open(candidate);
    if (!debug) return false;
    if (file && (*debug)->device() == file->device() && (*debug)->inode() == file->inode()) return false;
    return wanted.empty() || (*debug)->buildId() == wanted;
}

std::optional<std::string> locateByBuildId(const DebugFileOptions& options, const std::vector<uint8_t>& id,
                                           const ElfFile* file) {
    if (id.size() < 2) return std::nullopt;
    for (const std::string& root : options.roots) {
        const std::string candidate = buildIdPath(root, id);
        if (fits(candidate, file, id)) return candidate;
    }
    return std::nullopt;
}

int openFound(const std::string& path, char** debugFileName) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd >= 0) *debugFileName = ::strdup(path.c_str());
    return fd;
}

int findNoElf(Dwfl_Module*, void**, const char*, Dwarf_Addr, char**, Elf**) {
    errno = 0;
    return -1;
}

int findDebuginfo(Dwfl_Module* mod, void** userdata, const char* modname, GElf_Addr base, const char* fileName,
                  const char* debuglink, GElf_Word crc, char** debugFileName) {
    const auto* search = static_cast<const DebugSearch*>(*userdata);
    if (!search || !search->options || !search->file) {
        errno = 0;
        return -1;
    }
    std::optional<std::string> found;
    if (debuglink && crc == 0 && fileName) {
        // libdwfl asks this way for a dwz alternate file (.gnu_debugaltlink of
        // the file named), which a debug root holds under its build-id.
        if (auto withAlt = ElfFile::open(fileName))
            found = locateByBuildId(*search->options, (*withAlt)->altBuildId(), nullptr);
    } else {
        found = locateDebugFile(*search->options, *search->file);
    }
    if (found) {
        if (const int fd = openFound(*found, debugFileName); fd >= 0) return fd;
    }
    if (search->options->debuginfod)
        return dwfl_standard_find_debuginfo(mod, userdata, modname, base, fileName, debuglink, crc, debugFileName);
    errno = 0; // "not found", not a failure
    return -1;
}

const Dwfl_Callbacks callbacks = {
    .find_elf = findNoElf,
    .find_debuginfo = findDebuginfo,
    .section_address = dwfl_offline_section_address,
    .debuginfo_path = nullptr,
};

} // namespace

std::optional<std::string> locateDebugFile(const DebugFileOptions& options, const ElfFile& file) {
    if (auto byId = locateByBuildId(options, file.buildId(), &file)) return byId;
    const std::string& link = file.debugLink();
    if (link.empty() || link.find('/') != std::string::npos) return std::nullopt;
    const std::string dir = std::filesystem::path(file.path()).parent_path().string();
    std::vector<std::string> candidates{dir + "/" + link, dir + "/.debug/" + link};
    for (const std::string& root : options.roots) candidates.push_back(root + dir + "/" + link);
    for (const std::string& candidate : candidates)
        if (fits(candidate, &file, file.buildId())) return candidate;
    return std::nullopt;
}

const Dwfl_Callbacks* dwflCallbacks() { return &callbacks; }

Dwfl_Module* reportElf(Dwfl* dwfl, const DebugSearch& search, uint64_t bias, std::string* error) {
    const int fd = search.file->duplicateFd();
    const std::string& path = search.file->path();
    Dwfl_Module* module = dwfl_report_elf(dwfl, path.c_str(), path.c_str(), fd, bias, true);
    if (!module) {
        if (fd >= 0) ::close(fd);
        if (error) *error = path + ": " + dwfl_errmsg(-1);
        return nullptr;
    }
    void** userdata = nullptr;
    dwfl_module_info(module, &userdata, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr);
    *userdata = const_cast<DebugSearch*>(&search);
    return module;
}

} // namespace perfdash
