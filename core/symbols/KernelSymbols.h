#pragma once
// The kernel's function symbols from /proc/kallsyms ("ADDRESS TYPE NAME",
// then "\t[MODULE]" for a module's), and why they are not there when the
// kernel hides its addresses: kallsyms then shows every address as 0, which
// it does unless kptr_restrict is 0 with perf_event_paranoid <= 1, or the
// reader has CAP_SYSLOG and kptr_restrict <= 1 (the kernel's
// kallsyms_show_value).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/Outcome.h"

namespace perfdash {

struct KernelSymbol {
    uint64_t address = 0;
    std::string name;
    std::string module; // "" for the kernel image itself, else the module's name ("ext4")
    bool text = false;  // code (types t, T, w, W), not data
};

class KernelSymbols {
public:
    // Lines of another form are skipped.
    static KernelSymbols parse(std::string_view kallsyms);
    // kallsyms under procRoot, or why the addresses are hidden with the fix
    // (kernelAddressesHiddenReason) or the file cannot be read.
    static Result<KernelSymbols> read(const std::string& procRoot = "/proc");

    // The function holding address: the last symbol at or below it (of
    // several at one address, the last listed), as a function runs up to the
    // next symbol. Null where that symbol is data, below the first symbol, and
    // at or past the last, whose end is not known.
    const KernelSymbol* find(uint64_t address) const;
    size_t size() const { return symbols_.size(); }
    // Every address read as 0: the kernel hid them from this reader.
    bool addressesHidden() const { return !sawAddress_; }

private:
    std::vector<KernelSymbol> symbols_; // by address
    bool sawAddress_ = false;
};

// Why kallsyms under procRoot shows this process no addresses, with what
// would show them, from sys/kernel/kptr_restrict, sys/kernel/perf_event_paranoid
// and this process's CAP_SYSLOG (self/status).
std::string kernelAddressesHiddenReason(const std::string& procRoot = "/proc");

} // namespace perfdash
