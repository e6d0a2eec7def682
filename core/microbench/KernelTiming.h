#pragma once
// Times a pair of kernels that differ only in how many copies of an
// instruction their loop body holds. Running both for the same iterations and
// taking the difference cancels the loop's own instructions and the call; the
// result is cycles per extra copy.
#include <cstdint>
#include <memory>
#include <stop_token>

#include "core/microbench/CycleSource.h"
#include "core/microbench/KernelLibrary.h"
#include "core/microbench/Statistics.h"

namespace perfdash {

struct TimingOptions {
    int repetitions = 15;         // timed runs of each kernel, alternating
    int warmups = 2;              // untimed runs first (caches, predictors, clock ramp)
    double targetSeconds = 5e-4;  // how long one run of the longer kernel should take
};

// L1-resident memory for "init = mem" registers: 64 cache lines, each of
// whose words holds the address of the next line, the last pointing back to
// the first. A load chain through it never leaves L1 and never stops.
class PointerChaseRing {
public:
    PointerChaseRing();
    void* data() const { return lines_.get(); }
    static constexpr size_t kLines = 64;
    static constexpr size_t kLineBytes = 64;

private:
    struct Deleter {
        void operator()(void* p) const;
    };
    std::unique_ptr<void, Deleter> lines_;
};

struct KernelPair {
    KernelEntryPoint shorter = nullptr;
    KernelEntryPoint longer = nullptr;
    int extraCopies = 0; // copies in the longer body minus copies in the shorter
};

// Cycles per extra copy. min and median: that statistic of the longer
// kernel's runs minus the same statistic of the shorter's (as nanoBench
// aggregates); q1, q3 and max: quartiles and maximum of the per-repetition
// differences, so relativeSpread() says how much the repetitions disagreed.
// Returns an error when `stop` is requested (the caller reports "cancelled").
Result<Summary> timeKernelPair(const KernelPair& pair, const PointerChaseRing& ring, CycleSource& cycles,
                               const TimingOptions& options, std::stop_token stop = {});

} // namespace perfdash
