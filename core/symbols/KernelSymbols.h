#pragma once
// The kernel's function symbols from /proc/kallsyms ("ADDRESS TYPE NAME",
// then "\t[MODULE]" for a module's), and why they are not there when the
// kernel hides its addresses: kallsyms then shows every address as 0, which
// it does unless kptr_restrict is 0 with perf_event_paranoid <= 1, or the
// reader has CAP_SYSLOG and kptr_restrict <= 1 (the kernel's
// kallsyms_show_value).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/util/Outcome.h"

namespace perfdash {

struct KernelSymbol {
    uint64_t address = 0;
    std::string_view name;   // valid as long as the table
    std::string_view module; // "" for the kernel image itself, else the module's name ("ext4")
    bool text = false;       // code (types t, T, w, W), not data
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
    // next symbol. None where that symbol is data, below the first symbol, and
    // at or past the last, whose end is not known.
    std::optional<KernelSymbol> find(uint64_t address) const;
    size_t size() const { return symbols_.size(); }
    // Every address read as 0: the kernel hid them from this reader.
    bool addressesHidden() const { return !sawAddress_; }

private:
    // The whole lines of `text` into the table; returns the bytes they take.
    size_t parseLines(std::string_view text);
    void sort();

    // A symbol in 16 bytes, its name a place in names_: the names alone are
    // copied (a distribution kernel lists 200 000 symbols, and a report
    // looks up a handful), and sorting 16-byte entries costs a fraction of
    // sorting strings.
    struct Entry {
        uint64_t address;
        uint32_t name;       // offset in names_
        uint16_t nameSize;
        uint16_t moduleText; // module << 1 | text; module 0: the kernel image, else modules_[module - 1]
    };
    struct Span {
        uint32_t offset;
        uint16_t size;
    };
    std::string_view at(Span span) const { return std::string_view(names_).substr(span.offset, span.size); }

    std::string names_; // the symbols' and modules' names, one after another
    std::vector<Entry> symbols_; // by address
    std::vector<Span> modules_;
    bool sawAddress_ = false;
};

// Why kallsyms under procRoot shows this process no addresses, with what
// would show them, from sys/kernel/kptr_restrict, sys/kernel/perf_event_paranoid
// and this process's CAP_SYSLOG (self/status).
std::string kernelAddressesHiddenReason(const std::string& procRoot = "/proc");

} // namespace perfdash
