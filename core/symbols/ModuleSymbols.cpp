#include "core/symbols/ModuleSymbols.h"

#include <algorithm>
#include <dwarf.h>
#include <filesystem>

#include "core/symbols/Demangle.h"
#include "core/symbols/Mapping.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

// A DIE's function name: its (demangled) linkage name where it has one, as
// that is qualified and carries the parameter types, else its plain name;
// an inlined call's DIE takes both from its abstract origin.
std::string functionName(Dwarf_Die* die) {
    Dwarf_Attribute attribute;
    const char* linkage = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_linkage_name, &attribute));
    if (!linkage) linkage = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_MIPS_linkage_name, &attribute));
    if (linkage) return demangle(linkage);
    const char* name = dwarf_diename(die);
    return name ? name : "";
}

std::optional<Dwarf_Word> unsignedAttribute(Dwarf_Die* die, unsigned name) {
    Dwarf_Attribute attribute;
    Dwarf_Word value = 0;
    if (dwarf_formudata(dwarf_attr(die, name, &attribute), &value) != 0) return std::nullopt;
    return value;
}

// Of several symbols at one address, the one perf shows, so that both tools
// name it alike: one with a size, then not weak, then global, then with
// fewer leading underscores, then the longer name; the first in order last.
struct Alias {
    bool sized;
    int binding;
    size_t underscores;
    std::string_view name;

    Alias(const GElf_Sym& symbol, std::string_view n) : sized(symbol.st_size > 0), name(n) {
        const int b = GELF_ST_BIND(symbol.st_info);
        binding = b == STB_WEAK ? 2 : b == STB_GLOBAL ? 0 : 1;
        underscores = std::min(name.find_first_not_of('_'), name.size());
    }
    bool operator<(const Alias& other) const {
        if (sized != other.sized) return sized;
        if (binding != other.binding) return binding < other.binding;
        if (underscores != other.underscores) return underscores < other.underscores;
        if (name.size() != other.name.size()) return name.size() > other.name.size();
        return name < other.name;
    }
};

} // namespace

ModuleSymbols::ModuleSymbols(std::string path, const std::vector<uint8_t>& mappedBuildId, bool deleted,
                             const DebugFileOptions& options, StringPool& strings, ModuleInfo& info)
    : info_(info), options_(options), strings_(strings) {
    info_ = ModuleInfo{};
    info_.path = std::move(path);
    search_.options = &options;
    auto file = ElfFile::open(info_.path);
    if (!file) {
        info_.problem = file.error().message + (deleted ? " (the process's file was deleted or replaced)" : "");
        return;
    }
    const std::vector<uint8_t>& onDisk = (*file)->buildId();
    info_.buildId = buildIdHex(onDisk);
    if (!mappedBuildId.empty() && onDisk != mappedBuildId) {
        info_.problem = printfString("%s on disk has build-id %s, the process mapped %s: another file, whose symbols "
                                     "would be wrong",
                                     info_.path.c_str(), info_.buildId.empty() ? "none" : info_.buildId.c_str(),
                                     buildIdHex(mappedBuildId).c_str());
        return;
    }
    if (deleted && mappedBuildId.empty()) {
        info_.problem = info_.path + " was deleted or replaced after the process mapped it, and without the mapped "
                                     "file's build-id the file there now cannot be shown to be the same";
        return;
    }
    search_.file = *file;
    dwfl_ = dwfl_begin(dwflCallbacks());
    if (!dwfl_) {
        info_.problem = std::string("libdwfl: ") + dwfl_errmsg(-1);
        search_.file.reset();
        return;
    }
    dwfl_report_begin(dwfl_);
    std::string error;
    // At bias 0: the module's addresses are the file's own virtual addresses.
    module_ = reportElf(dwfl_, search_, 0, &error);
    dwfl_report_end(dwfl_, nullptr, nullptr);
    if (!module_) {
        info_.problem = error;
        search_.file.reset();
        return;
    }
    readFunctions();
}

ModuleSymbols::~ModuleSymbols() {
    if (dwfl_) dwfl_end(dwfl_);
}

void ModuleSymbols::readFunctions() {
    // libdwfl takes the symbol table of the debug file where the file has
    // none (it was stripped), finding the debug file as it does so.
    struct Candidate {
        Function function;
        Alias preference;
    };
    std::vector<Candidate> candidates;
    const int count = dwfl_module_getsymtab(module_);
    for (int i = 1; i < count; ++i) {
        GElf_Sym symbol;
        GElf_Addr address = 0;
        GElf_Word section = 0;
        const char* name = dwfl_module_getsym_info(module_, i, &symbol, &address, &section, nullptr, nullptr);
        const int type = GELF_ST_TYPE(symbol.st_info);
        if (!name || !*name || (type != STT_FUNC && type != STT_GNU_IFUNC) || section == SHN_UNDEF || address == 0)
            continue;
        candidates.push_back(Candidate{Function{address, address + symbol.st_size, name, {}}, Alias(symbol, name)});
    }
    std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
        return a.function.start != b.function.start ? a.function.start < b.function.start : a.preference < b.preference;
    });
    for (const Candidate& candidate : candidates) {
        if (functions_.empty() || functions_.back().start != candidate.function.start)
            functions_.push_back(candidate.function);
        else // an alias: the preferred name stays, with the longest size any of them has
            functions_.back().end = std::max(functions_.back().end, candidate.function.end);
    }
    // A symbol without a size runs up to the next one, as perf reads it.
    for (size_t i = 0; i + 1 < functions_.size(); ++i)
        if (functions_[i].end == functions_[i].start) functions_[i].end = functions_[i + 1].start;

    const char* debugFile = nullptr;
    dwfl_module_info(module_, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, &debugFile);
    if (debugFile && info_.path != debugFile) info_.debugFile = debugFile;
    if (info_.debugFile.empty() && !search_.file->hasSymbolTable())
        info_.problem = info_.path + " has no symbol table (it was stripped) and no debug file was found (" +
                        lookedFor() + "): only its exported functions have names; a debug package (Debian's -dbg "
                                      "or -dbgsym) installs its debug file";
}

std::string ModuleSymbols::lookedFor() const {
    return (info_.buildId.empty() ? "it has no build-id; looked for its .gnu_debuglink"
                                  : "looked for build-id " + info_.buildId) +
           " under " + join(options_.roots, ", ");
}

const Symbol& ModuleSymbols::at(uint64_t address) {
    if (auto it = symbols_.find(address); it != symbols_.end()) return it->second;
    Symbol symbol;
    symbol.module = &info_;
    symbol.relative = address;
    auto it = std::upper_bound(functions_.begin(), functions_.end(), address,
                               [](uint64_t a, const Function& f) { return a < f.start; });
    if (it != functions_.begin() && address < std::prev(it)->end) {
        Function& function = *std::prev(it);
        if (function.readable.data() == nullptr) {
            const std::string_view raw(function.name);
            function.readable = strings_.intern(demangle(raw.substr(0, raw.find('@'))));
        }
        symbol.function = function.readable;
        symbol.offset = address - function.start;
        symbol.size = function.end - function.start;
    }
    return symbols_.emplace(address, std::move(symbol)).first->second;
}

const Symbol& ModuleSymbols::atFileOffset(uint64_t offset) {
    auto it = offsets_.find(offset);
    if (it == offsets_.end()) {
        Symbol symbol;
        symbol.module = &info_;
        symbol.relative = offset;
        it = offsets_.emplace(offset, std::move(symbol)).first;
    }
    return it->second;
}

const SourceLocation& ModuleSymbols::sourceAt(uint64_t address) {
    auto it = sources_.find(address);
    if (it == sources_.end()) it = sources_.emplace(address, lookUpSource(address)).first;
    return it->second;
}

const DwarfScopes& ModuleSymbols::scopesOf(Dwarf_Die unit) {
    auto& scopes = units_[dwarf_dieoffset(&unit)];
    if (!scopes) scopes = std::make_unique<DwarfScopes>(unit);
    return *scopes;
}

namespace {

// A DWARF file name as a path of its own: relative names (a build that passed
// relative source paths writes "../../src/a.c") are joined to the unit's
// compilation directory, so that the name still says where the file was
// when the session is read elsewhere, and a reader can open the source.
std::string absoluteSource(const char* file, Dwarf_Die* unit) {
    if (file[0] == '/' || !unit) return file;
    Dwarf_Attribute attribute;
    const char* directory = dwarf_formstring(dwarf_attr(unit, DW_AT_comp_dir, &attribute));
    if (!directory || directory[0] != '/') return file;
    return (std::filesystem::path(directory) / file).lexically_normal().string();
}

} // namespace

SourceLocation ModuleSymbols::lookUpSource(uint64_t address) {
    SourceLocation source;
    if (!module_) return source;
    if (!dwarfRead_) {
        dwarfRead_ = true;
        Dwarf_Addr bias = 0;
        hasDwarf_ = dwfl_module_getdwarf(module_, &bias) != nullptr;
        const char* debugFile = nullptr;
        dwfl_module_info(module_, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, &debugFile);
        if (debugFile && info_.path != debugFile) info_.debugFile = debugFile;
        if (!hasDwarf_ && info_.problem.empty())
            info_.problem = info_.path + " has no debug information, so no source lines (" + lookedFor() + ")";
    }
    if (!hasDwarf_) return source;
    if (Dwfl_Line* line = dwfl_module_getsrc(module_, address)) {
        int number = 0;
        if (const char* file = dwfl_lineinfo(line, nullptr, &number, nullptr, nullptr, nullptr)) {
            Dwarf_Addr unitBias = 0;
            source.file = strings_.intern(absoluteSource(file, dwfl_module_addrdie(module_, address, &unitBias)));
            source.line = number;
        }
    }
    Dwarf_Addr bias = 0;
    Dwarf_Die* unit = dwfl_module_addrdie(module_, address, &bias);
    if (!unit) return source;
    Dwarf_Files* files = nullptr;
    size_t fileCount = 0;
    if (dwarf_getsrcfiles(unit, &files, &fileCount) != 0) files = nullptr;
    for (Dwarf_Die call : scopesOf(*unit).inlinedAt(address - bias)) {
        InlineFrame frame;
        frame.function = strings_.intern(functionName(&call));
        const auto callFile = unsignedAttribute(&call, DW_AT_call_file);
        if (callFile && files && *callFile < fileCount)
            if (const char* name = dwarf_filesrc(files, *callFile, nullptr, nullptr))
                frame.callFile = strings_.intern(absoluteSource(name, unit));
        frame.callLine = static_cast<int>(unsignedAttribute(&call, DW_AT_call_line).value_or(0));
        source.inlined.push_back(frame);
    }
    return source;
}

} // namespace perfdash
