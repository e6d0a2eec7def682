#pragma once
// What an address is: its module and function (from the symbol table), and
// its source line and inlined calls (from DWARF, read apart: they cost
// more). The strings are views into the symbolizer's own storage, valid
// while it lives.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace perfdash {

struct ModuleInfo {
    std::string path;      // the file; "[kernel.kallsyms]", "[ext4]", "[kernel]"; a JIT's map file; "[unknown]"
    std::string buildId;   // hex, of the file read; "" where none was
    std::string debugFile; // where its symbols and lines came from, where not the file itself
    // Why less than a name and line is known for its addresses: a missing
    // file, a file other than the one mapped, no symbols, hidden kernel
    // addresses (with the fix). "" where nothing is wrong.
    std::string problem;
};

// A function inlined at the address, and where its caller called it.
struct InlineFrame {
    std::string_view function;
    std::string_view callFile;
    int callLine = 0;
};

struct Symbol {
    const ModuleInfo* module = nullptr; // never null in a symbolizer's answer
    std::string_view function;          // demangled; "" where not known
    uint64_t offset = 0;                // of the address from the function's start
    // The function's bytes from its start: its ELF symbol's st_size (one
    // without a size runs up to the next symbol, as perf reads it), so that
    // [relative - offset, + size) bounds its code for a disassembly. 0 where
    // the bounds are not known: kernel and JIT code, addresses without a function.
    uint64_t size = 0;
    // The address in its module's terms: an ELF file's virtual address (a
    // file offset where the file is missing); for the kernel and JIT code the
    // address itself; 0 where nothing holds it.
    uint64_t relative = 0;

    bool known() const { return !function.empty(); }
};

struct SourceLocation {
    std::string_view file; // the line's, in the innermost inlined function; "" where the module has no lines for it
    int line = 0;
    std::vector<InlineFrame> inlined; // innermost first; the last one's caller is the Symbol's function
};

} // namespace perfdash
