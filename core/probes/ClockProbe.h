#pragma once
// The core clock, measured: chains of dependent adds (one cycle each on
// every core this runs on) of two lengths are timed for the same iterations;
// the difference cancels the call and the loop, so extra adds / time
// difference is the clock. The same chain is what benchmarks time alongside
// themselves when there is no cycles counter (KernelTiming.h).
#include <stop_token>

#include "core/probes/CatalogEntry.h"
#include "core/probes/KernelTiming.h"

namespace perfdash {

// The one-cycle dependent add the probe counts with (also the max-IPC probe's integer class).
CatalogEntry clockChainEntry(Arch arch);

class ClockProbe {
public:
    static constexpr int kChainLength = 256; // adds per iteration of the shorter kernel; the longer has twice as many

    // Generates and loads the chain kernels for the host.
    static Result<ClockProbe> build(const Toolchain& toolchain);
    KernelPair chain() const { return chain_; }
    // Measures on the calling thread (pin it first).
    Result<ClockMeasurement> measure(const TimingOptions& options, std::stop_token stop = {}) const;

private:
    ClockProbe(KernelLibrary library, KernelPair chain) : library_(std::move(library)), chain_(chain) {}
    KernelLibrary library_;
    KernelPair chain_;
};

} // namespace perfdash
