#include "core/symbols/Unwinder.h"

#include <cstring>
#include <elfutils/libdw.h>
#include <optional>
#include <sys/mman.h>
#include <unordered_map>

#include "core/symbols/DebugFiles.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

// The ELF files the sessions read, opened once for all processes (failures too).
class FileCache {
public:
    const Result<std::shared_ptr<const ElfFile>>& file(const std::string& path) {
        auto it = files_.find(path);
        if (it == files_.end()) it = files_.emplace(path, ElfFile::open(path)).first;
        return it->second;
    }

private:
    std::unordered_map<std::string, Result<std::shared_ptr<const ElfFile>>> files_;
};

// One process's libdwfl session and the sample being unwound in it.
struct ProcessSession {
    FileCache* files = nullptr;
    const DebugFileOptions* debug = nullptr;
    int pid = 0;
    Dwfl* dwfl = nullptr;
    uint64_t generation = 0;
    bool attached = false;
    std::unordered_map<std::string, std::unique_ptr<DebugSearch>> reported; // by path; libdwfl holds pointers to them

    // The sample.
    const AddressSpace* space = nullptr;
    const UserRegisters* registers = nullptr;
    std::span<const uint8_t> stack;
    uint64_t sp = 0;
    size_t maxFrames = 0;
    UnwindResult* result = nullptr;
    std::optional<uint64_t> failedRead;   // the first read that neither the stack copy nor a file could answer
    std::optional<UnwindStop> stoppedBy; // set where a frame callback ended the walk

    ProcessSession() = default;
    ProcessSession(const ProcessSession&) = delete;
    ProcessSession& operator=(const ProcessSession&) = delete;
    ~ProcessSession() {
        if (dwfl) dwfl_end(dwfl);
    }
};

bool isReadOnlyFile(const Mapping& m) { return m.isFile() && m.prot != 0 && !(m.prot & PROT_WRITE); }

pid_t nextThread(Dwfl*, void* arg, void** threadArg) {
    if (*threadArg) return 0; // one thread: the sampled one
    *threadArg = arg;
    return static_cast<ProcessSession*>(arg)->pid;
}

bool getThread(Dwfl*, pid_t, void* arg, void** threadArg) {
    *threadArg = arg;
    return true;
}

bool readMemory(Dwfl*, Dwarf_Addr address, Dwarf_Word* result, void* arg) {
    auto& s = *static_cast<ProcessSession*>(arg);
    if (address >= s.sp && address - s.sp <= s.stack.size() && s.stack.size() - (address - s.sp) >= sizeof *result) {
        std::memcpy(result, s.stack.data() + (address - s.sp), sizeof *result);
        return true;
    }
    if (const MappedRegion* region = s.space->find(address); region && isReadOnlyFile(region->mapping)) {
        const Mapping& m = region->mapping;
        const auto& file = s.files->file(m.path);
        if (file && (*file)->read(address - m.start + m.pgoff, result, sizeof *result)) return true;
    }
    if (!s.failedRead) s.failedRead = address;
    return false;
}

bool setInitialRegisters(Dwfl_Thread* thread, void* threadArg) {
    auto& s = *static_cast<ProcessSession*>(threadArg);
    const UserRegisters& registers = *s.registers;
    for (const RegisterNumbers& numbers : dwarfRegisters(registers.arch)) {
        const auto value = registers.get(numbers.perf);
        if (!value) continue; // not sampled: unknown to the CFI, as it should be
        const Dwarf_Word word = *value;
        if (!dwfl_thread_state_registers(thread, static_cast<int>(numbers.dwarf), 1, &word)) return false;
    }
    dwfl_thread_state_register_pc(thread, *registers.ip());
    return true;
}

const Dwfl_Thread_Callbacks threadCallbacks = {
    .next_thread = nextThread,
    .get_thread = getThread,
    .memory_read = readMemory,
    .set_initial_registers = setInitialRegisters,
    .detach = nullptr,
    .thread_detach = nullptr,
};

// Why a failed read stopped the walk: past the end of the copy, in the
// stack's own mapping (or where no mapping is known), the copy was too short.
UnwindStop readStop(const ProcessSession& s, uint64_t address, std::string* detail) {
    const uint64_t copyEnd = s.sp + s.stack.size();
    const MappedRegion* stackRegion = s.space->find(s.sp);
    const bool inStack = address >= copyEnd && (!stackRegion || stackRegion->mapping.contains(address));
    *detail = printfString("a read at 0x%llx, %s the %zu bytes of stack copied from sp 0x%llx",
                           static_cast<unsigned long long>(address), inStack ? "past" : "outside", s.stack.size(),
                           static_cast<unsigned long long>(s.sp));
    return inStack ? UnwindStop::StackEnded : UnwindStop::MemoryUnreadable;
}

// Reports the file holding address to the session's libdwfl; false with why not.
bool reportModule(ProcessSession& s, uint64_t address, UnwindStop* stop, std::string* why) {
    *stop = UnwindStop::NoModule;
    const MappedRegion* region = s.space->find(address);
    if (!region) {
        *why = printfString("0x%llx is in no mapping of the process", static_cast<unsigned long long>(address));
        return false;
    }
    const Mapping& m = region->mapping;
    if (!m.isFile()) {
        *why = printfString("0x%llx is in %s, not in an ELF file", static_cast<unsigned long long>(address),
                            m.path.empty() ? "anonymous memory" : m.path.c_str());
        return false;
    }
    if (s.reported.contains(m.path)) return true;
    const auto& opened = s.files->file(m.path);
    if (!opened) {
        *why = opened.error().message;
        return false;
    }
    const ElfFile& elf = **opened;
    if (!m.buildId.empty() && elf.buildId() != m.buildId) {
        *why = m.path + " on disk is not the file the process mapped (its build-id differs)";
        return false;
    }
    if (elf.machine() != elfMachine(s.registers->arch)) {
        *stop = UnwindStop::BadRegisters;
        *why = m.path + " is not " + archName(s.registers->arch) + " code, as the sample's registers are";
        return false;
    }
    const auto bias = elf.loadBias(m.start, m.pgoff, (m.prot & PROT_EXEC) != 0);
    if (!bias) {
        *why = m.path + ": the mapping holds none of its load segments";
        return false;
    }
    auto search = std::make_unique<DebugSearch>(DebugSearch{s.debug, *opened});
    dwfl_report_begin_add(s.dwfl);
    Dwfl_Module* module = reportElf(s.dwfl, *search, *bias, why);
    dwfl_report_end(s.dwfl, nullptr, nullptr);
    if (!module) return false;
    s.reported.emplace(m.path, std::move(search));
    return true;
}

int onFrame(Dwfl_Frame* frame, void* arg) {
    auto& s = *static_cast<ProcessSession*>(arg);
    // Not asking dwfl_frame_pc whether this is an activation: to tell, libdwfl
    // unwinds this frame already, before its module is reported below. Every
    // frame but the first is a return address, as in perf's callchains.
    Dwarf_Addr pc = 0;
    if (!dwfl_frame_pc(frame, &pc, nullptr)) return DWARF_CB_ABORT;
    // libdwfl tries frame pointers where CFI failed; after a read the stack
    // copy could not answer, such a frame is a guess, not a caller.
    if (s.failedRead) {
        s.stoppedBy = readStop(s, *s.failedRead, &s.result->detail);
        return DWARF_CB_ABORT;
    }
    const bool first = s.result->ips.empty();
    s.result->ips.push_back(pc);
    if (s.result->ips.size() >= s.maxFrames) {
        s.stoppedBy = UnwindStop::TooDeep;
        s.result->detail = std::to_string(s.maxFrames) + " frames";
        return DWARF_CB_ABORT;
    }
    // The next step needs this frame's module; a return address is inside the call before it.
    UnwindStop stop = UnwindStop::NoModule;
    if (!reportModule(s, first ? pc : pc - 1, &stop, &s.result->detail)) {
        s.stoppedBy = stop;
        return DWARF_CB_ABORT;
    }
    return DWARF_CB_OK;
}

bool hasCfiFor(Dwfl_Module* module, uint64_t address) {
    Dwarf_Addr ehBias = 0, dwarfBias = 0;
    Dwarf_CFI* eh = dwfl_module_eh_cfi(module, &ehBias);
    Dwarf_CFI* dwarf = dwfl_module_dwarf_cfi(module, &dwarfBias);
    for (auto [cfi, bias] : {std::pair{eh, ehBias}, std::pair{dwarf, dwarfBias}}) {
        Dwarf_Frame* frame = nullptr;
        if (cfi && dwarf_cfi_addrframe(cfi, address - bias, &frame) == 0) {
            std::free(frame);
            return true;
        }
    }
    return false;
}

} // namespace

struct Unwinder::Impl {
    DebugFileOptions debug;
    FileCache files;
    std::unordered_map<int, std::unique_ptr<ProcessSession>> sessions;

    // The process's session, a new one where its mappings changed.
    ProcessSession& session(int pid, const AddressSpace& space) {
        auto& s = sessions[pid];
        if (!s || s->generation != space.generation()) {
            s = std::make_unique<ProcessSession>();
            s->files = &files;
            s->debug = &debug;
            s->pid = pid;
            s->generation = space.generation();
            s->dwfl = dwfl_begin(dwflCallbacks());
        }
        return *s;
    }
};

Unwinder::Unwinder(DebugFileOptions debug) : impl_(std::make_unique<Impl>()) { impl_->debug = std::move(debug); }

Unwinder::~Unwinder() = default;

void Unwinder::forget(int pid) { impl_->sessions.erase(pid); }

UnwindResult Unwinder::unwind(int pid, const AddressSpace& space, const UserRegisters& registers,
                              std::span<const uint8_t> stack, size_t maxFrames) {
    UnwindResult result;
    const auto ip = registers.ip(), sp = registers.sp();
    if (!ip || !sp) {
        result.stop = UnwindStop::BadRegisters;
        result.detail = "the sample has no ip or sp: sample_regs_user must include them";
        return result;
    }
    ProcessSession& s = impl_->session(pid, space);
    s.space = &space;
    s.registers = &registers;
    s.stack = stack;
    s.sp = *sp;
    s.maxFrames = std::max<size_t>(maxFrames, 1);
    s.result = &result;
    s.failedRead.reset();
    s.stoppedBy.reset();

    if (!s.dwfl) {
        result.ips = {*ip};
        result.detail = std::string("libdwfl: ") + dwfl_errmsg(-1);
        return result;
    }
    UnwindStop stop = UnwindStop::NoModule;
    if (!reportModule(s, *ip, &stop, &result.detail)) {
        result.ips = {*ip};
        result.stop = stop;
        return result;
    }
    if (!s.attached) {
        // The architecture comes from the first module reported.
        if (!dwfl_attach_state(s.dwfl, nullptr, pid, &threadCallbacks, &s)) {
            result.ips = {*ip};
            result.detail = std::string("libdwfl cannot unwind these files: ") + dwfl_errmsg(-1);
            return result;
        }
        s.attached = true;
    }
    dwfl_errno(); // clears an earlier error, so that the message below is this walk's
    const int rc = dwfl_getthread_frames(s.dwfl, pid, onFrame, &s);
    if (s.stoppedBy) {
        result.stop = *s.stoppedBy;
    } else if (s.failedRead) { // also where frame pointers "ended" the stack after CFI could not read on
        result.stop = readStop(s, *s.failedRead, &result.detail);
    } else if (rc == 0) {
        result.stop = UnwindStop::Complete;
    } else {
        const uint64_t last = result.ips.empty() ? *ip : result.ips.back();
        const uint64_t lookup = result.ips.size() > 1 ? last - 1 : last;
        Dwfl_Module* module = dwfl_addrmodule(s.dwfl, lookup);
        const char* message = dwfl_errmsg(-1);
        if (module && !hasCfiFor(module, lookup)) {
            result.stop = UnwindStop::NoCfi;
            const char* name = dwfl_module_info(module, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr);
            result.detail = printfString("%s has no CFI for 0x%llx", name ? name : "?",
                                         static_cast<unsigned long long>(last));
        } else {
            result.stop = UnwindStop::Failed;
            result.detail = std::string("libdwfl: ") + (message ? message : "unknown error");
        }
    }
    if (result.ips.empty()) result.ips = {*ip};
    s.result = nullptr;
    return result;
}

const char* describe(UnwindStop stop) {
    switch (stop) {
    case UnwindStop::Complete: return "complete";
    case UnwindStop::StackEnded: return "the stack copy ran out (a larger --call-graph dwarf,SIZE copies more)";
    case UnwindStop::NoModule: return "a frame in no usable ELF file (JIT code, a missing or changed file)";
    case UnwindStop::NoCfi: return "a frame without CFI";
    case UnwindStop::MemoryUnreadable: return "memory outside the stack copy";
    case UnwindStop::TooDeep: return "too many frames";
    case UnwindStop::BadRegisters: return "registers missing or of another architecture";
    case UnwindStop::Failed: return "libdwfl failed";
    }
    return "?";
}

uint64_t UnwindTally::total() const {
    uint64_t sum = 0;
    for (uint64_t count : counts_) sum += count;
    return sum;
}

std::string UnwindTally::summary() const {
    std::string text = std::to_string(total()) + " stacks: " + std::to_string(count(UnwindStop::Complete)) +
                       " complete";
    for (size_t i = 1; i < kUnwindStops; ++i)
        if (counts_[i] > 0)
            text += "; " + std::to_string(counts_[i]) + " incomplete: " + describe(static_cast<UnwindStop>(i));
    return text;
}

} // namespace perfdash
