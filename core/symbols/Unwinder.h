#pragma once
// --call-graph dwarf: a sample's user call stack from its registers
// (PERF_SAMPLE_REGS_USER) and the copy of its user stack
// (PERF_SAMPLE_STACK_USER), unwound by libdwfl with the CFI of the
// process's ELF files (.eh_frame, or .debug_frame of a debug file). Memory
// is read from the stack copy, else from the files of read-only mappings;
// nothing is read from the live process, so a sample unwinds after it ended.
// A stack that ends before the outermost frame says why (UnwindStop).
//
// One libdwfl session per process, kept while the process's mappings are
// only added to (AddressSpace::generation); modules are reported as frames
// reach them. Not thread-safe: one unwinder per thread.
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/symbols/AddressSpace.h"
#include "core/symbols/DebugFileOptions.h"
#include "core/symbols/PerfRegisters.h"

namespace perfdash {

enum class UnwindStop {
    Complete,         // the outermost frame: its CFI ends the stack (_start, clone)
    StackEnded,       // a caller's frame lies past the copied stack bytes
    NoModule,         // a frame is in no usable ELF file (JIT code, a missing or other file)
    NoCfi,            // a frame's module has no CFI for its address, and the frame-pointer fallback failed
    MemoryUnreadable, // a read outside the stack copy that no read-only file mapping holds
    TooDeep,          // the frame limit was reached
    BadRegisters,     // no ip or sp sampled, or registers of another architecture than the files
    Failed,           // libdwfl stopped for another reason (in the detail)
};
inline constexpr size_t kUnwindStops = 8;

// A short phrase for a stop: "the stack copy ran out".
const char* describe(UnwindStop stop);

struct UnwindResult {
    std::vector<uint64_t> ips; // the sample's ip, then each caller's return address, outermost last
    UnwindStop stop = UnwindStop::Failed;
    std::string detail;        // which address, file or libdwfl message
    bool complete() const { return stop == UnwindStop::Complete; }
};

class Unwinder {
public:
    explicit Unwinder(DebugFileOptions debug = {});
    ~Unwinder();
    Unwinder(const Unwinder&) = delete;
    Unwinder& operator=(const Unwinder&) = delete;

    // `stack`: the bytes copied from the sampled sp upwards (the record's
    // dyn_size of them).
    UnwindResult unwind(int pid, const AddressSpace& space, const UserRegisters& registers,
                        std::span<const uint8_t> stack, size_t maxFrames = 256);
    // The process exited: its session is closed.
    void forget(int pid);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// How the stacks of a recording ended, for its summary.
class UnwindTally {
public:
    void add(const UnwindResult& result) { ++counts_[static_cast<size_t>(result.stop)]; }
    uint64_t count(UnwindStop stop) const { return counts_[static_cast<size_t>(stop)]; }
    uint64_t total() const;
    uint64_t incomplete() const { return total() - count(UnwindStop::Complete); }
    // "1000 stacks: 990 complete; 8 incomplete: the stack copy ran out; 2 incomplete: ..."
    std::string summary() const;

private:
    std::array<uint64_t, kUnwindStops> counts_{};
};

} // namespace perfdash
