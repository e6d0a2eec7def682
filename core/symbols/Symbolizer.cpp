#include "core/symbols/Symbolizer.h"

#include <sys/mman.h>
#include <sys/stat.h>
#include <list>
#include <unordered_map>

#include "core/symbols/JitMap.h"
#include "core/symbols/KernelSymbols.h"
#include "core/symbols/ModuleSymbols.h"
#include "core/symbols/StringPool.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

// Memory without a file, where perf looks for JIT code: an MMAP2 record's
// "//anon", /proc/PID/maps' empty name or "[anon:NAME]", and shared memory
// a JIT may map twice.
bool isAnonymous(const std::string& path) {
    return path.empty() || path == "//anon" || path.starts_with("[anon:") || path.starts_with("/dev/zero") ||
           path.starts_with("/anon_hugepage") || path.starts_with("/memfd:");
}

// An address in a function known by its name and start only (JIT code, the kernel).
Symbol namedAt(const ModuleInfo* module, std::string_view function, uint64_t start, uint64_t address) {
    Symbol symbol;
    symbol.module = module;
    symbol.function = function;
    symbol.offset = address - start;
    symbol.relative = address;
    return symbol;
}

// What is known of an address where nothing names it: its module, whose problem says why.
struct Unnamed {
    ModuleInfo info;
    Symbol symbol;
    explicit Unnamed(ModuleInfo module) : info(std::move(module)) { symbol.module = &info; }
};

struct JitProcess {
    ModuleInfo info;
    JitMap map;
    bool read = false;
    off_t size = -1;      // of the map file when last read; -1: not there
    timespec modified{};
    std::unordered_map<uint64_t, Symbol> symbols;
    // Answers given before the map changed: kept, as callers may still hold them.
    std::vector<std::unordered_map<uint64_t, Symbol>> earlier;
    Symbol unknown;
};

} // namespace

struct Symbolizer::Impl {
    SymbolizerOptions options;
    StringPool strings;
    // An ELF file as mappings name it. Its info is what answers point to, so it stays while the
    // symbolizer lives; its symbols are closed and reopened as maxOpenModules needs.
    struct Module {
        std::string path;
        // The mapped build-id, else the one the file had when first opened: a file replaced on
        // disk before a reopening is then refused as another file, never read in its place.
        std::vector<uint8_t> buildId;
        bool deleted = false;
        ModuleInfo info;
        std::unique_ptr<ModuleSymbols> symbols; // null while closed
        std::list<Module*>::iterator recent;    // its place in Impl::recent while open
    };
    std::unordered_map<std::string, std::unique_ptr<Module>> modules; // by path and mapped build-id
    std::unordered_map<const ModuleInfo*, Module*> byInfo;          // the same, by what answers point to
    std::list<Module*> recent;                                      // the open ones, most recently used first
    size_t opened = 0;
    const SourceLocation noSource;

    struct Binding {
        Module* module = nullptr;
        std::optional<uint64_t> bias; // runtime minus file address; none where the file is not used
    };
    std::unordered_map<uint64_t, Binding> bindings; // by MappedRegion::id

    std::unordered_map<int, JitProcess> jit;
    std::unordered_map<std::string, std::unique_ptr<Unnamed>> special; // "[vdso]", "[heap]", ...
    Unnamed unmapped{ModuleInfo{"[unknown]", "", "", "no mapping of the process holds the address"}};

    bool kernelRead = false;
    std::optional<KernelSymbols> kernel;
    std::unique_ptr<Unnamed> kernelUnknown; // "[kernel]" with why, or an address outside kallsyms' symbols
    ModuleInfo kernelImage{"[kernel.kallsyms]", "", "", ""};
    std::unordered_map<std::string, ModuleInfo> kernelModules;
    std::unordered_map<uint64_t, Symbol> kernelSymbols;

    const Binding& bind(const MappedRegion& region);
    ModuleSymbols& open(Module& module);
    const Symbol& specialSymbol(const std::string& name);
    const Symbol& jitSymbol(int pid, uint64_t address);
    void readKernel();
};

Symbolizer::Symbolizer(SymbolizerOptions options) : impl_(std::make_unique<Impl>()) {
    impl_->options = std::move(options);
}

Symbolizer::~Symbolizer() = default;

const Symbolizer::Impl::Binding& Symbolizer::Impl::bind(const MappedRegion& region) {
    if (auto it = bindings.find(region.id); it != bindings.end()) return it->second;
    const Mapping& mapping = region.mapping;
    std::string path = mapping.path;
    const std::string_view deletedMark = " (deleted)";
    const bool deleted = path.ends_with(deletedMark);
    if (deleted) path.resize(path.size() - deletedMark.size());
    auto& module = modules[path + '\n' + buildIdHex(mapping.buildId)];
    if (!module) {
        module = std::make_unique<Module>();
        module->path = path;
        module->buildId = mapping.buildId;
        module->deleted = deleted;
        byInfo.emplace(&module->info, module.get());
    }
    Binding binding{module.get(), std::nullopt};
    if (const ElfFile* file = open(*module).file())
        binding.bias = file->loadBias(mapping.start, mapping.pgoff, (mapping.prot & PROT_EXEC) != 0);
    return bindings.emplace(region.id, binding).first->second;
}

ModuleSymbols& Symbolizer::Impl::open(Module& module) {
    if (module.symbols) {
        // The order matters only to a cap (which file to close next): without one, no work per sample.
        if (options.maxOpenModules > 0) recent.splice(recent.begin(), recent, module.recent);
        return *module.symbols;
    }
    if (options.maxOpenModules > 0 && recent.size() >= options.maxOpenModules) {
        recent.back()->symbols.reset();
        recent.pop_back();
    }
    module.symbols = std::make_unique<ModuleSymbols>(module.path, module.buildId, module.deleted, options.debug,
                                                     strings, module.info);
    if (module.buildId.empty() && module.symbols->file()) module.buildId = module.symbols->file()->buildId();
    recent.push_front(&module);
    module.recent = recent.begin();
    ++opened;
    return *module.symbols;
}

const Symbol& Symbolizer::Impl::specialSymbol(const std::string& name) {
    auto& entry = special[name];
    if (!entry)
        entry = std::make_unique<Unnamed>(ModuleInfo{
            name, "", "", name == "[vdso]" ? "the vDSO's symbols are not read (its image is not copied)"
                                           : "memory without a file or a JIT map: no symbols"});
    return entry->symbol;
}

const Symbol& Symbolizer::Impl::jitSymbol(int pid, uint64_t address) {
    JitProcess& process = jit[pid];
    if (process.info.path.empty()) {
        process.info.path = options.jitMapDir + "/perf-" + std::to_string(pid) + ".map";
        process.unknown.module = &process.info;
    }
    if (auto it = process.symbols.find(address); it != process.symbols.end()) return it->second;
    // A JIT appends to its map as it compiles: read it again when it changed.
    struct stat st{};
    const bool there = ::stat(process.info.path.c_str(), &st) == 0;
    const off_t size = there ? st.st_size : -1;
    if (!process.read || size != process.size || st.st_mtim.tv_sec != process.modified.tv_sec ||
        st.st_mtim.tv_nsec != process.modified.tv_nsec) {
        auto text = there ? readFile(process.info.path) : std::nullopt;
        process.map = JitMap::parse(text ? *text : "");
        process.read = true;
        process.size = size;
        process.modified = st.st_mtim;
        if (!process.symbols.empty()) process.earlier.push_back(std::exchange(process.symbols, {}));
        process.info.problem =
            !text ? "anonymous memory, and no JIT map " + process.info.path + " names its code"
            : process.map.skippedLines() > 0
                ? std::to_string(process.map.skippedLines()) + " lines of the JIT map are not START SIZE NAME"
                : "";
    }
    const JitSymbol* found = process.map.find(address);
    if (!found) return process.unknown;
    return process.symbols.emplace(address, namedAt(&process.info, strings.intern(found->name), found->start, address))
        .first->second;
}

void Symbolizer::Impl::readKernel() {
    kernelRead = true;
    auto table = KernelSymbols::read(options.procRoot);
    if (table) {
        kernel = std::move(*table);
        kernelUnknown = std::make_unique<Unnamed>(
            ModuleInfo{"[kernel.kallsyms]", "", "", "the address is outside the symbols of kallsyms"});
    } else {
        kernelUnknown = std::make_unique<Unnamed>(ModuleInfo{"[kernel]", "", "", table.error().message});
    }
}

const Symbol& Symbolizer::symbolize(int pid, const AddressSpace* space, uint64_t ip, bool returnAddress) {
    const uint64_t address = returnAddress && ip > 0 ? ip - 1 : ip;
    const MappedRegion* region = space ? space->find(address) : nullptr;
    if (!region) return impl_->unmapped.symbol;
    const Mapping& mapping = region->mapping;
    // A region bound to its file before is one: its name need not be looked at again.
    auto bound = impl_->bindings.find(region->id);
    if (bound == impl_->bindings.end()) {
        if (isAnonymous(mapping.path)) return impl_->jitSymbol(pid, address);
        if (!mapping.isFile()) return impl_->specialSymbol(mapping.path);
    }
    const Impl::Binding& binding = bound != impl_->bindings.end() ? bound->second : impl_->bind(*region);
    ModuleSymbols& module = impl_->open(*binding.module);
    if (binding.bias) return module.at(address - *binding.bias);
    return module.atFileOffset(address - mapping.start + mapping.pgoff);
}

void Symbolizer::readKernelSymbols() {
    if (!impl_->kernelRead) impl_->readKernel();
}

const Symbol& Symbolizer::symbolizeKernel(uint64_t ip, bool returnAddress) {
    Impl& d = *impl_;
    if (!d.kernelRead) d.readKernel();
    if (!d.kernel) return d.kernelUnknown->symbol;
    const uint64_t address = returnAddress && ip > 0 ? ip - 1 : ip;
    if (auto it = d.kernelSymbols.find(address); it != d.kernelSymbols.end()) return it->second;
    const std::optional<KernelSymbol> found = d.kernel->find(address);
    if (!found) return d.kernelUnknown->symbol;
    const ModuleInfo* module = &d.kernelImage;
    if (!found->module.empty()) {
        ModuleInfo& info = d.kernelModules[std::string(found->module)];
        if (info.path.empty()) info.path = "[" + std::string(found->module) + "]";
        module = &info;
    }
    return d.kernelSymbols.emplace(address, namedAt(module, d.strings.intern(found->name), found->address, address))
        .first->second;
}

const SourceLocation& Symbolizer::source(const Symbol& symbol) {
    if (!impl_->options.lines) return impl_->noSource;
    auto it = impl_->byInfo.find(symbol.module);
    if (it == impl_->byInfo.end() || !symbol.known()) return impl_->noSource;
    return impl_->open(*it->second).sourceAt(symbol.relative);
}

Symbolizer::Stats Symbolizer::stats() const {
    Stats stats;
    stats.modules = impl_->modules.size();
    stats.openModules = impl_->recent.size();
    stats.opened = impl_->opened;
    for (const Impl::Module* module : impl_->recent) stats.cachedAddresses += module->symbols->cachedAddresses();
    for (const auto& [pid, process] : impl_->jit) stats.cachedAddresses += process.symbols.size();
    stats.cachedAddresses += impl_->kernelSymbols.size();
    return stats;
}

} // namespace perfdash
