#pragma once
// Instruction catalogs: plain-text files, one per architecture, that users
// extend without recompiling (resources/instructions/<arch>.txt, plus
// ~/.config/perfdash/instructions/<arch>/*.txt). The format:
//
//   # comment (a line starting with '#')
//   arch = x86_64
//   [imul_r64]
//   template = imul <sd:gpr64>, <s:gpr64>
//   category = integer-multiply
//   init = 1                       # every register; init.CLASS = V for one class
//
// Keys: template (required), category, description, requires (CPU features,
// repeatable), implicit, init, init.CLASS, setup, breaker (repeatable), link,
// chain-source, operands, bound. Errors name the file and line.
#include <string>
#include <string_view>
#include <vector>

#include "core/probes/CatalogEntry.h"

namespace perfdash {

class InstructionCatalog {
public:
    explicit InstructionCatalog(Arch arch) : arch_(arch) {}

    static Result<InstructionCatalog> parse(Arch arch, std::string_view text, const std::string& sourceName,
                                            bool shipped);
    static Result<InstructionCatalog> loadFile(Arch arch, const std::string& path, bool shipped);
    // perfdash's catalog for `arch` followed by the user's files (which may
    // replace shipped entries of the same name).
    static Result<InstructionCatalog> loadDefault(Arch arch);
    static std::string shippedPath(Arch arch);
    static std::string userDirectory(Arch arch);

    // Adds an entry; one with the same name is replaced (a user's file overrides perfdash's).
    void add(CatalogEntry entry);
    void merge(InstructionCatalog other);

    Arch arch() const { return arch_; }
    const std::vector<CatalogEntry>& entries() const { return entries_; }
    const CatalogEntry* find(std::string_view name) const;
    std::vector<std::string> names() const;
    // Entries whose name matches a shell pattern ("add*", "vfmadd*_ymm").
    std::vector<const CatalogEntry*> match(std::string_view pattern) const;

private:
    Arch arch_;
    std::vector<CatalogEntry> entries_;
};

} // namespace perfdash
