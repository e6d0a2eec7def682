#pragma once
// Addresses of sampled processes and of the kernel to functions, and on
// request to source lines and inlined calls. User addresses are looked up in the process's
// address space: a file mapping through its ELF file (libdwfl; separate
// debug files under the debug roots, debuginfod only where turned on), an
// anonymous one through the process's JIT map (/tmp/perf-PID.map); kernel
// addresses through /proc/kallsyms where the kernel shows them.
//
// Every answer is cached, per module and address for ELF files (so the same
// file mapped by many processes is read once) and per address for the
// kernel and JIT code: a repeated address costs a few hash lookups. Not
// thread-safe: one symbolizer per thread.
//
// What a symbolizer holds grows with the ELF files it was asked about (each
// one's libdwfl session, function table and, once lines are asked for, its
// DWARF: a large binary's decompressed debug sections and line tables are
// tens of MB). Where that must be bounded (the agent), `lines` off reads no
// DWARF at all, and `maxOpenModules` keeps that many files open, closing the
// least recently used one: a closed file is opened again when an address
// in it comes up, and answers the same.
#include <cstdint>
#include <memory>
#include <string>

#include "core/symbols/AddressSpace.h"
#include "core/symbols/DebugFileOptions.h"
#include "core/symbols/Symbol.h"

namespace perfdash {

struct SymbolizerOptions {
    DebugFileOptions debug;
    std::string jitMapDir = "/tmp"; // where perf-PID.map files are
    std::string procRoot = "/proc"; // kallsyms, and the settings that hide its addresses
    // Source lines and inlined calls from DWARF (source()); false: functions
    // only, from the symbol tables, and no DWARF is ever read.
    bool lines = true;
    // ELF files open at once (0: no limit); the least recently used is closed.
    size_t maxOpenModules = 0;
};

class Symbolizer {
public:
    explicit Symbolizer(SymbolizerOptions options = {});
    ~Symbolizer();
    Symbolizer(const Symbolizer&) = delete;
    Symbolizer& operator=(const Symbolizer&) = delete;

    // A user-space address of process pid, whose address space is `space`
    // (null where no mapping of it is known). A return address (every frame
    // of a call stack but the first) is looked up one byte before it, inside
    // the call, so that it names the calling line. The answer stays valid as
    // long as the symbolizer, or with maxOpenModules until its file is closed
    // (its module, ModuleInfo, stays valid as long as the symbolizer): use
    // it before asking about maxOpenModules other files, or copy it.
    const Symbol& symbolize(int pid, const AddressSpace* space, uint64_t ip, bool returnAddress = false);
    // A kernel address: "[kernel.kallsyms]" or a module ("[ext4]") with the
    // function, or "[kernel]" with the reason the addresses are hidden.
    const Symbol& symbolizeKernel(uint64_t ip, bool returnAddress = false);
    // Reads kallsyms now rather than at the first kernel address: a recorder
    // calls it before the program starts, so that the read (about 0.1 s of a
    // CPU for a distribution kernel's 200 000 symbols) does not run beside it.
    void readKernelSymbols();
    // The source line and inlined calls at an answer's address, from its ELF
    // module's DWARF, read on the first request (a large library's DWARF
    // costs a decompression, and each unit asked about a walk) and cached;
    // empty for the kernel, JIT code and addresses without a function, and
    // without `lines`. Valid as the answer `symbol` is.
    const SourceLocation& source(const Symbol& symbol);

    struct Stats {
        size_t modules = 0;         // ELF files asked about
        size_t openModules = 0;     // of them open now (at most maxOpenModules)
        size_t opened = 0;          // openings, reopenings of closed files included
        size_t cachedAddresses = 0; // answers kept, open modules, JIT and kernel
    };
    Stats stats() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace perfdash
