#include "core/symbols/ProcMaps.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <sys/mman.h>

namespace perfdash {

namespace {

// A hex field up to the delimiter; advances text past the delimiter.
bool takeHex(std::string_view& text, char delimiter, uint64_t& value) {
    value = 0;
    size_t i = 0;
    for (; i < text.size() && text[i] != delimiter; ++i) {
        const char c = text[i];
        const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (digit < 0 || value >> 60) return false;
        value = value << 4 | static_cast<uint64_t>(digit);
    }
    if (i == 0 || i == text.size()) return false;
    text.remove_prefix(i + 1);
    return true;
}

std::string_view takeField(std::string_view& text) {
    const size_t space = text.find(' ');
    std::string_view field = text.substr(0, space);
    text.remove_prefix(space == std::string_view::npos ? text.size() : space + 1);
    return field;
}

} // namespace

std::vector<Mapping> parseProcMaps(std::string_view text) {
    std::vector<Mapping> mappings;
    while (!text.empty()) {
        const size_t newline = text.find('\n');
        std::string_view line = text.substr(0, newline);
        text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);

        Mapping m;
        uint64_t end = 0;
        if (!takeHex(line, '-', m.start) || !takeHex(line, ' ', end) || end <= m.start) continue;
        const std::string_view perms = takeField(line);
        if (perms.size() != 4 || !takeHex(line, ' ', m.pgoff)) continue;
        if (takeField(line).empty() || takeField(line).empty()) continue; // dev, inode
        m.length = end - m.start;
        m.prot = (perms[0] == 'r' ? PROT_READ : 0) | (perms[1] == 'w' ? PROT_WRITE : 0) |
                 (perms[2] == 'x' ? PROT_EXEC : 0);
        // The path starts after the padding, and may hold spaces (" (deleted)").
        const size_t path = line.find_first_not_of(' ');
        if (path != std::string_view::npos) m.path = std::string(line.substr(path));
        mappings.push_back(std::move(m));
    }
    return mappings;
}

Result<std::vector<Mapping>> readProcMaps(int pid, const std::string& procRoot) {
    const std::string path = procRoot + "/" + std::to_string(pid) + "/maps";
    std::ifstream in(path);
    if (!in) return makeError(path + ": " + std::strerror(errno));
    std::ostringstream text;
    text << in.rdbuf();
    return parseProcMaps(text.str());
}

} // namespace perfdash
