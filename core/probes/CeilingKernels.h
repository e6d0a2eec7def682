#pragma once
// The kernels of the measured ceilings (Ceilings.h): streaming memory kernels
// (load, store, non-temporal store, copy, triad, update) and register-only
// floating-point kernels (FMA, add, mul and the FMA+add mix), written as
// assembly for x86-64 (scalar, SSE, AVX2, AVX-512) and AArch64 (scalar, NEON,
// SVE at any vector length).
//
// Every kernel is a pair, like the instruction probes' (KernelTiming.h): the
// shorter does one sweep (memory) or R rounds (compute) per iteration, the
// longer two or 2R, so the pair's difference cancels the call and the outer
// loop and gives cycles per "copy": one vector access of the kernel's arrays
// (memory) or one arithmetic instruction (compute). What one copy moves and
// computes is declared here (MemoryAccounting, ComputeAccounting) and checked
// against the emitted instructions by tests/probes/test_probes_ceilings.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/probes/Architecture.h"
#include "core/probes/CpuFeatures.h"
#include "core/util/Outcome.h"

namespace perfdash {

enum class MemoryOp { Load, Store, StoreNt, Copy, CopyNt, Triad, Update };
enum class ComputeOp { Fma, Add, Mul, FmaAdd };
enum class VectorIsa { Scalar, Sse, Avx2, Avx512, Neon, Sve };
enum class Precision { Dp, Sp };

// The JSON's spellings: "load", "store_nt", "fma_add", "avx512", "dp", ...
const char* toString(MemoryOp op);
const char* toString(ComputeOp op);
const char* toString(VectorIsa isa);
const char* toString(Precision precision);
std::optional<MemoryOp> parseMemoryOp(std::string_view text);
std::optional<ComputeOp> parseComputeOp(std::string_view text);
std::optional<VectorIsa> parseVectorIsa(std::string_view text);
std::optional<Precision> parsePrecision(std::string_view text);

inline constexpr MemoryOp kAllMemoryOps[] = {MemoryOp::Load,   MemoryOp::Store, MemoryOp::StoreNt, MemoryOp::Copy,
                                             MemoryOp::CopyNt, MemoryOp::Triad, MemoryOp::Update};
inline constexpr ComputeOp kAllComputeOps[] = {ComputeOp::Fma, ComputeOp::Add, ComputeOp::Mul, ComputeOp::FmaAdd};

// The arguments every memory kernel reads through its second parameter. The
// layout is part of the generated code (offsets 0, 8, 16, 24, 32).
struct StreamArgs {
    void* a = nullptr;      // the array written (store, copy, triad), or read (load), or updated (update)
    void* b = nullptr;      // the array read by copy and triad, x of update
    void* c = nullptr;      // triad's second array read
    uint64_t bytes = 0;     // bytes of each array, a multiple of blockBytes()
    double scalar = 0;      // s of triad and update; a float at offset 32 for single precision
};
static_assert(sizeof(StreamArgs) == 40);

// Vector accesses per stream in one iteration of the inner loop.
inline constexpr int kMemoryUnroll = 8;

// One copy: one vector access of each array the kernel touches.
struct MemoryAccounting {
    int vectorBytes = 0; // bytes of one access
    int arrays = 0;      // arrays the kernel touches
    int loads = 0;       // vector loads per copy
    int stores = 0;      // vector stores per copy
    bool nonTemporal = false;
    int flops = 0;       // floating-point operations per copy
    // As STREAM and likwid-bench count: every byte loaded or stored once.
    double appBytes() const { return double(loads + stores) * vectorBytes; }
    // What crosses the memory interface: a plain store first reads its line (write-allocate).
    double hardwareBytes() const { return appBytes() + (nonTemporal ? 0.0 : double(stores) * vectorBytes); }
    uint64_t blockBytes() const { return uint64_t(vectorBytes) * kMemoryUnroll; } // one inner iteration per array
};

struct ComputeAccounting {
    int fmas = 0, adds = 0, muls = 0; // instructions per round (all chains once)
    int lanes = 0;                    // elements per register
    int instructions() const { return fmas + adds + muls; }
    double flopsPerInstruction() const { return double(lanes) * (2 * fmas + adds + muls) / instructions(); }
};

MemoryAccounting memoryAccounting(MemoryOp op, VectorIsa isa, Precision precision);
ComputeAccounting computeAccounting(ComputeOp op, VectorIsa isa, Precision precision);
int vectorBytes(VectorIsa isa, Precision precision); // of one register access (scalar: one element)
// SVE's vector length in bytes on this CPU (the kernels are length agnostic:
// only the accounting needs it); 16, the architecture's least, where no SVE runs.
int sveVectorBytes();

// The ISAs of `arch`, narrowest first.
std::vector<VectorIsa> isasOf(Arch arch);
// Why this CPU cannot run the kernel, or "" when it can (features as the kernel names them).
std::string whyIsaUnavailable(Arch arch, VectorIsa isa, const CpuFeatures& features, bool needsFma);
bool memoryOpNeedsFma(MemoryOp op, VectorIsa isa);
bool computeOpNeedsFma(ComputeOp op);

// Compute kernels: rounds per iteration of the shorter kernel (the longer has twice as many).
inline constexpr int kComputeRounds = 4;

// The assembly of one kernel pair: symbols "<base>_1" (one sweep or kComputeRounds
// rounds per iteration) and "<base>_2" (twice that). An ISA the architecture
// has not is an error naming it.
Result<std::string> memoryKernelAssembly(Arch arch, MemoryOp op, VectorIsa isa, Precision precision,
                                         const std::string& base);
Result<std::string> computeKernelAssembly(Arch arch, ComputeOp op, VectorIsa isa, Precision precision,
                                          const std::string& base);
// The inner loop's body (memory: one unrolled iteration) or one round (compute), for the accounting tests.
Result<std::string> memoryKernelBody(Arch arch, MemoryOp op, VectorIsa isa, Precision precision);
Result<std::string> computeKernelBody(Arch arch, ComputeOp op, VectorIsa isa, Precision precision);

} // namespace perfdash
