#include "core/symbols/KernelSymbols.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include "core/sys/ProcessCapabilities.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

inline constexpr int kCapSyslog = 34; // linux/capability.h

bool isTextType(char type) { return type == 't' || type == 'T' || type == 'w' || type == 'W'; }

std::optional<int64_t> readSysctl(const std::string& procRoot, const char* name) {
    auto text = readFirstLine(procRoot + "/sys/kernel/" + name);
    return text ? parseSigned(*text) : std::nullopt;
}

} // namespace

size_t KernelSymbols::parseLines(std::string_view all) {
    size_t lineStart = 0;
    while (lineStart < all.size()) {
        const size_t newline = all.find('\n', lineStart);
        if (newline == std::string_view::npos) break;
        const std::string_view line = all.substr(lineStart, newline - lineStart);
        lineStart = newline + 1;

        // ADDRESS: hex digits only, as the kernel writes it (%px, no 0x).
        const size_t space = line.find(' ');
        if (space == 0 || space == std::string_view::npos || space > 16) continue;
        uint64_t address = 0;
        bool hex = true;
        for (char c : line.substr(0, space)) {
            const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
            if (digit < 0) hex = false;
            address = address << 4 | static_cast<uint64_t>(digit & 0xf);
        }
        if (!hex || line.size() < space + 4 || line[space + 2] != ' ') continue;
        sawAddress_ = sawAddress_ || address != 0;
        const bool text = isTextType(line[space + 1]);
        std::string_view name = line.substr(space + 3), module;
        if (const size_t tab = name.find('\t'); tab != std::string_view::npos) {
            module = name.substr(tab + 1);
            name = name.substr(0, tab);
            if (module.size() < 3 || module.front() != '[' || module.back() != ']') continue;
            module = module.substr(1, module.size() - 2);
        }
        // Offsets and sizes must fit an Entry: kallsyms is far smaller, and its names shorter.
        if (name.empty() || name.size() > UINT16_MAX || module.size() > UINT16_MAX ||
            names_.size() + name.size() + module.size() > UINT32_MAX)
            continue;
        uint32_t moduleIndex = 0;
        if (!module.empty()) {
            // A module's symbols come together: the last module named is the likely one.
            for (size_t m = modules_.size(); m-- > 0 && moduleIndex == 0;)
                if (at(modules_[m]) == module) moduleIndex = static_cast<uint32_t>(m + 1);
            if (moduleIndex == 0) {
                if (modules_.size() >= INT16_MAX) continue;
                modules_.push_back(Span{static_cast<uint32_t>(names_.size()), static_cast<uint16_t>(module.size())});
                names_.append(module);
                moduleIndex = static_cast<uint32_t>(modules_.size());
            }
        }
        symbols_.push_back(Entry{address, static_cast<uint32_t>(names_.size()), static_cast<uint16_t>(name.size()),
                                 static_cast<uint16_t>(moduleIndex << 1 | (text ? 1u : 0u))});
        names_.append(name);
    }
    return lineStart;
}

void KernelSymbols::sort() {
    // Modules' symbols follow the kernel's in the file, not in address order.
    const auto byAddress = [](const Entry& a, const Entry& b) { return a.address < b.address; };
    if (!std::is_sorted(symbols_.begin(), symbols_.end(), byAddress))
        std::stable_sort(symbols_.begin(), symbols_.end(), byAddress);
}

KernelSymbols KernelSymbols::parse(std::string_view kallsyms) {
    KernelSymbols table;
    const size_t parsed = table.parseLines(kallsyms);
    if (parsed < kallsyms.size()) table.parseLines(std::string(kallsyms.substr(parsed)) + '\n'); // a last line without its newline
    table.sort();
    return table;
}

Result<KernelSymbols> KernelSymbols::read(const std::string& procRoot) {
    const std::string path = procRoot + "/kallsyms";
    // Read and parsed a piece at a time: the whole text (several MiB, its
    // size unknown before the end, as /proc says 0) is never held.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return makeError(path + " cannot be read, so kernel addresses stay [kernel]");
    KernelSymbols table;
    // Room for a distribution kernel's symbols from the start, so that they
    // are not copied as they grow: pages never written take no memory.
    table.symbols_.reserve(size_t(256) << 10);
    table.names_.reserve(size_t(8) << 20);
    std::vector<char> buffer(size_t(256) << 10);
    size_t held = 0; // the start of a line the last read cut off
    bool failed = false;
    for (;;) {
        if (held == buffer.size()) buffer.resize(buffer.size() * 2); // a line longer than the buffer
        const ssize_t n = ::read(fd, buffer.data() + held, buffer.size() - held);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            failed = n < 0;
            break;
        }
        const size_t filled = held + static_cast<size_t>(n);
        const size_t parsed = table.parseLines(std::string_view(buffer.data(), filled));
        std::memmove(buffer.data(), buffer.data() + parsed, filled - parsed);
        held = filled - parsed;
    }
    ::close(fd);
    if (failed) return makeError(path + " cannot be read, so kernel addresses stay [kernel]");
    if (held > 0) table.parseLines(std::string(buffer.data(), held) + '\n');
    table.sort();
    if (table.addressesHidden()) return makeError(kernelAddressesHiddenReason(procRoot));
    return table;
}

std::optional<KernelSymbol> KernelSymbols::find(uint64_t address) const {
    auto it = std::upper_bound(symbols_.begin(), symbols_.end(), address,
                               [](uint64_t a, const Entry& s) { return a < s.address; });
    if (it == symbols_.begin() || it == symbols_.end()) return std::nullopt;
    const Entry& below = *std::prev(it);
    if (!(below.moduleText & 1)) return std::nullopt;
    const uint32_t module = below.moduleText >> 1;
    return KernelSymbol{below.address, at(Span{below.name, below.nameSize}),
                        module == 0 ? std::string_view() : at(modules_[module - 1]), true};
}

std::string kernelAddressesHiddenReason(const std::string& procRoot) {
    const auto restrict = readSysctl(procRoot, "kptr_restrict");
    const auto paranoid = readSysctl(procRoot, "perf_event_paranoid");
    const auto caps = effectiveCapabilities(procRoot);
    const bool syslog = caps && hasCapability(*caps, kCapSyslog);
    const std::string seen = printfString(
        "kernel addresses are hidden (%s/kallsyms shows them as 0): kptr_restrict is %s, perf_event_paranoid is %s, "
        "this process %s CAP_SYSLOG",
        procRoot.c_str(), restrict ? std::to_string(*restrict).c_str() : "unknown",
        paranoid ? std::to_string(*paranoid).c_str() : "unknown", syslog ? "has" : "lacks");
    if (!restrict || !paranoid) return seen;
    if (*restrict >= 2)
        return seen + "; kptr_restrict 2 hides them from everyone: sysctl kernel.kptr_restrict=0 "
                      "(or 1, for a process with CAP_SYSLOG)";
    if (*restrict == 1 && !syslog)
        return seen + "; kptr_restrict 1 shows them only to CAP_SYSLOG: run as root, or sysctl kernel.kptr_restrict=0 "
                      "with kernel.perf_event_paranoid=1";
    if (*restrict == 0 && *paranoid > 1 && !syslog)
        return seen + "; with kptr_restrict 0 they are shown when perf_event_paranoid <= 1: "
                      "sysctl kernel.perf_event_paranoid=1, or run as root";
    return seen + "; by these settings they should be shown, so something else hides them "
                  "(a security module, or a container's /proc)";
}

} // namespace perfdash
