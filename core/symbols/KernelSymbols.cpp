#include "core/symbols/KernelSymbols.h"

#include <algorithm>

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

KernelSymbols KernelSymbols::parse(std::string_view kallsyms) {
    KernelSymbols table;
    while (!kallsyms.empty()) {
        const size_t newline = kallsyms.find('\n');
        std::string_view line = kallsyms.substr(0, newline);
        kallsyms.remove_prefix(newline == std::string_view::npos ? kallsyms.size() : newline + 1);

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
        table.sawAddress_ = table.sawAddress_ || address != 0;
        const bool text = isTextType(line[space + 1]);
        std::string_view name = line.substr(space + 3), module;
        if (const size_t tab = name.find('\t'); tab != std::string_view::npos) {
            module = name.substr(tab + 1);
            name = name.substr(0, tab);
            if (module.size() < 3 || module.front() != '[' || module.back() != ']') continue;
            module = module.substr(1, module.size() - 2);
        }
        if (name.empty()) continue;
        table.symbols_.push_back(KernelSymbol{address, std::string(name), std::string(module), text});
    }
    // Modules' symbols follow the kernel's in the file, not in address order.
    std::stable_sort(table.symbols_.begin(), table.symbols_.end(),
                     [](const KernelSymbol& a, const KernelSymbol& b) { return a.address < b.address; });
    return table;
}

Result<KernelSymbols> KernelSymbols::read(const std::string& procRoot) {
    const std::string path = procRoot + "/kallsyms";
    auto text = readFile(path);
    if (!text) return makeError(path + " cannot be read, so kernel addresses stay [kernel]");
    KernelSymbols table = parse(*text);
    if (table.addressesHidden()) return makeError(kernelAddressesHiddenReason(procRoot));
    return table;
}

const KernelSymbol* KernelSymbols::find(uint64_t address) const {
    auto it = std::upper_bound(symbols_.begin(), symbols_.end(), address,
                               [](uint64_t a, const KernelSymbol& s) { return a < s.address; });
    if (it == symbols_.begin() || it == symbols_.end()) return nullptr;
    const KernelSymbol& below = *std::prev(it);
    return below.text ? &below : nullptr;
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
