#pragma once
// The dependency structure of a benchmark kernel, decided before any assembly
// is written: which register every operand of every copy uses.
//   Latency: each copy reads the register the previous copy wrote (a chain of
//   read-after-write, nothing overlaps).
//   Throughput: copies are spread over independent streams; a stream's written
//   registers belong to it alone and sources are read-only, so nothing waits.
#include <string>
#include <vector>

#include "core/probes/CatalogEntry.h"

namespace perfdash {

enum class BenchMode { Latency, Throughput };
const char* toString(BenchMode mode); // "latency", "throughput"

struct PlannedInstruction {
    enum class Role { Copy, Link, Breaker };
    Role role = Role::Copy;
    std::string text;
    std::vector<PhysicalRegister> reads;
    std::vector<PhysicalRegister> writes;
    int stream = 0; // throughput: the stream a copy belongs to
};

struct RegisterInit {
    PhysicalRegister reg;
    const RegisterClass* cls; // the class the template uses it as (decides how it is loaded)
    InitValue value;
};

struct KernelPlan {
    Arch arch = Arch::X86_64;
    BenchMode mode = BenchMode::Latency;
    std::vector<RegisterInit> inits;
    std::vector<std::string> setup;
    std::vector<PlannedInstruction> body; // one loop iteration
    int copies = 0;                       // copies of the instruction in the body
    int streams = 0;                      // independent streams (1 for latency)
    std::vector<std::string> notes;       // what a reader of the result must know

    std::string bodyText() const; // one instruction per line
};

// Plans `copies` copies (even, at least 2) of the entry's instruction.
// `maxStreams` > 0 caps the independent streams of throughput mode (the
// max-IPC probe's K). An entry whose latency cannot be chained returns an
// error that says why (it is reported as "n/a", not as a failure).
Result<KernelPlan> planKernel(const CatalogEntry& entry, BenchMode mode, int copies, int maxStreams = 0);

} // namespace perfdash
