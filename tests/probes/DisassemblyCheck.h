#pragma once
// Test helper: builds generated kernels with a (possibly cross) toolchain,
// disassembles them with objdump and checks the dependency structure in the
// machine code itself: each latency step reads the previous destination,
// throughput streams share no written register.
#include <string>
#include <vector>

#include "core/probes/BenchRunner.h"
#include "core/probes/KernelLibrary.h"
#include "core/probes/KernelPlan.h"

namespace perfdash::test {

std::string objdumpFor(Arch arch);
bool toolAvailable(const std::string& program);

// The loop body of `symbol` (its last `bodySize` instructions before the
// loop's own increment, compare and branch), one disassembled instruction
// per line, without addresses.
Result<std::vector<std::string>> disassembleLoopBody(Arch arch, const std::string& soPath, const std::string& symbol,
                                                     size_t bodySize);

// The first register of an instruction is its destination here (every
// template these checks are run on is written that way); `destinationIsRead`
// for source-destination forms (x86 "add rax, rcx", fmla), whose first
// register is also an input.
Status checkLatencyChain(Arch arch, const std::vector<std::string>& body, bool destinationIsRead);
// No instruction reads a register another instruction writes, and the
// written registers of different streams are distinct. Returns the number of
// distinct registers the body uses in `file` through `used`.
Status checkIndependentStreams(Arch arch, const std::vector<std::string>& body, RegisterFile file, size_t& used);

// Builds the entry's kernels into `dir`/kernel.so and returns the plans of
// the longer latency and throughput kernels (nullopt where a mode is n/a).
struct BuiltKernels {
    std::string soPath;
    std::optional<KernelPlan> latency;
    std::optional<KernelPlan> throughput;
};
Result<BuiltKernels> buildEntry(const CatalogEntry& entry, const Toolchain& toolchain, const std::string& dir,
                                int copies);

} // namespace perfdash::test
