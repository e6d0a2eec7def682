#pragma once
// One ELF file's symbols through libdwfl: the function at an address from
// its symbol table (the debug file's where the file was stripped), sorted
// once so that a lookup is a binary search; and, read only when asked (the
// DWARF of a large library costs a decompression and a walk per unit), the
// source line and the inlined calls. Both are cached per address, so that a
// hot address costs one hash lookup. Internal to core/symbols.
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/symbols/DebugFiles.h"
#include "core/symbols/DwarfScopes.h"
#include "core/symbols/StringPool.h"
#include "core/symbols/Symbol.h"

namespace perfdash {

class ModuleSymbols {
public:
    // The file at `path`, which a mapping named with `mappedBuildId` (empty
    // where the record had none) or as deleted (" (deleted)" cut off `path`).
    // A missing file, another build-id, a deleted file without a build-id to
    // prove the one on disk is it: the module knows no symbols and says why.
    // `info` is filled in, and is what answers point to: the owner keeps it
    // beyond the module, so that answers' modules outlive a closed module
    // (Symbolizer's maxOpenModules) and a reopened one points to the same.
    ModuleSymbols(std::string path, const std::vector<uint8_t>& mappedBuildId, bool deleted,
                  const DebugFileOptions& options, StringPool& strings, ModuleInfo& info);
    ~ModuleSymbols();
    ModuleSymbols(const ModuleSymbols&) = delete;
    ModuleSymbols& operator=(const ModuleSymbols&) = delete;

    const ModuleInfo& info() const { return info_; }
    // The file read, or null where it is not used.
    const ElfFile* file() const { return search_.file.get(); }
    // The function at a virtual address of the file.
    const Symbol& at(uint64_t address);
    // What is known at a file offset where no virtual address is (the file
    // is not used, or the mapping holds no load segment of it): the module.
    const Symbol& atFileOffset(uint64_t offset);
    // The source line and inlined calls at a virtual address of the file.
    const SourceLocation& sourceAt(uint64_t address);
    size_t cachedAddresses() const { return symbols_.size() + offsets_.size(); }

private:
    struct Function {
        uint64_t start, end;
        const char* name;          // libdwfl's, as the symbol table has it
        std::string_view readable; // demangled and without a version ("@@GLIBC_2.34"), on first use
    };
    void readFunctions();
    std::string lookedFor() const; // where the debug file was looked for, for the problem text
    SourceLocation lookUpSource(uint64_t address);
    const DwarfScopes& scopesOf(Dwarf_Die unit);

    ModuleInfo& info_;
    const DebugFileOptions& options_;
    StringPool& strings_;
    DebugSearch search_;
    Dwfl* dwfl_ = nullptr;
    Dwfl_Module* module_ = nullptr;
    std::vector<Function> functions_; // by start
    bool dwarfRead_ = false;
    bool hasDwarf_ = false;
    std::unordered_map<Dwarf_Off, std::unique_ptr<DwarfScopes>> units_;
    std::unordered_map<uint64_t, Symbol> symbols_;
    std::unordered_map<uint64_t, Symbol> offsets_;
    std::unordered_map<uint64_t, SourceLocation> sources_;
};

} // namespace perfdash
