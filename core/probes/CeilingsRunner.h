#pragma once
// Measures the ceilings (Ceilings.h): every memory kernel at every level's
// working set (the non-temporal ones at DRAM only: they bypass the caches),
// the peak FLOP/s kernels, and a working-set sweep of the load kernel, for
// each thread count asked. The sweep runs first: where it contradicts the
// reported last-level cache (cachesFromSweep), the working sets follow it.
//
// Each figure is a kernel pair timed with the clock chain beside it
// (KernelTiming.h: warm-up, runs of at least `timing.targetSeconds`, the
// fastest runs once they repeat), so bytes and FLOP per cycle are of the real
// clock, not the TSC. Threads are pinned one per CPU of `cpus` (one per core
// first: threadPlacement) and allocate and first touch their own arrays;
// they start together and their bandwidths add up. Each figure is measured
// in a second window after the whole first pass, and in a third when the
// two disagree by more than 3 %: the fastest window is kept, `repeated` says
// whether another window came within 3 % of it.
#include <functional>
#include <stop_token>
#include <string>
#include <vector>

#include "core/probes/CeilingKernels.h"
#include "core/probes/CeilingSizes.h"
#include "core/probes/Ceilings.h"
#include "core/probes/KernelTiming.h"
#include "core/probes/Toolchain.h"

namespace perfdash {

// No core issues more than these per cycle (Zen 4 and Golden Cove: 3 loads
// and 2 stores; Apple's M-series 4 memory operations, at most 2 of them
// stores); a figure above them was disturbed, and is flagged, never dropped.
inline constexpr double kMaxLoadsPerCycle = 4;
inline constexpr double kMaxStoresPerCycle = 2;
inline constexpr double kMaxFpInstructionsPerCycle = 4;

// The timing of the ceilings: the probes' defaults, with runs of at least
// 10 ms (the shorter kernel of a pair; the longer runs twice as long).
TimingOptions ceilingTiming();

struct CeilingsOptions {
    std::vector<int> threadCounts{1};  // each measured in turn
    std::vector<int> cpus;             // where thread i runs (threadPlacement); at least the largest count
    std::vector<VectorIsa> isas;       // empty: the widest this CPU runs
    std::vector<Precision> precisions{Precision::Dp};
    std::vector<MemoryOp> memoryOps{std::begin(kAllMemoryOps), std::end(kAllMemoryOps)};
    std::vector<ComputeOp> computeOps{std::begin(kAllComputeOps), std::end(kAllComputeOps)};
    std::vector<std::string> levels;   // "L1", "L2", "L3", "DRAM"; empty: every level the caches give
    bool sweep = true;                 // the load kernel, widest ISA, one thread
    CacheSizes caches;
    uint64_t memoryLimit = 0;          // bytes all arrays may take (CeilingSizes.h memoryLimit); 0: no limit
    TimingOptions timing = ceilingTiming();
    bool realtime = false;
    Toolchain toolchain;
    std::string cpuModel, likwidArch;  // copied into the result
};

struct CeilingsProgress {
    size_t done = 0, total = 0;
    std::string current;
};

// One thread per core first (each core's first allowed CPU, in core order),
// then the cores' further hardware threads; CPUs outside `allowed` are left out.
std::vector<int> threadPlacement(const Topology& topology, const std::vector<int>& allowed);

// The thread counts measured by default: 1, one per core, all hardware threads (each once).
std::vector<int> defaultThreadCounts(const Topology& topology, const std::vector<int>& allowed);

// The options for this machine, as the CLI and the Probes page start from:
// threads placed and counted from the topology and the CPUs this process may
// use, cache sizes from the topology or `cpuid`, the memory limit from
// `meminfo` (/proc/meminfo text) and `maxMemory` (0: half of MemAvailable),
// the model name. The caller adds the likwid architecture and what the user chose.
CeilingsOptions ceilingsOptionsFor(const Topology& topology, const CpuidSource* cpuid, const std::string& meminfo,
                                   uint64_t maxMemory, const Toolchain& toolchain);

// An error for what prevents any measurement (no kernel builds, no clock
// chain); a figure that could not be measured is left out with a warning.
Result<Ceilings> measureCeilings(const CeilingsOptions& options,
                                 const std::function<void(const CeilingsProgress&)>& progress = {},
                                 std::stop_token stop = {});

} // namespace perfdash
