#pragma once
// The core clock, measured: a chain of dependent adds (one cycle each on
// every core this runs on) is timed for N and 2N iterations; the difference
// cancels the call, so adds / time-difference is the clock. Many tries; a try
// whose N and 2N runs disagree about the clock (something interrupted one of
// them) is rejected; the result is the median of the rest.
#include <stop_token>

#include "core/microbench/CatalogEntry.h"
#include "core/microbench/KernelLibrary.h"
#include "core/microbench/Statistics.h"

namespace perfdash {

struct ClockProbeOptions {
    int tries = 31;
    double maxDisagreement = 0.01; // between the N and the 2N estimate of one try
    // Duration of one 2N run. Short tries are more often undisturbed: on a
    // shared machine (a VM, a busy SMT sibling) a 10 ms window nearly always
    // contains someone else's work, a 0.5 ms window often does not.
    double targetSeconds = 5e-4;
};

struct ClockMeasurement {
    double hz = 0;      // median of the accepted tries
    int accepted = 0;
    int rejected = 0;
    Summary acceptedHz; // spread of the accepted tries
};

// The one-cycle dependent add the probe counts with (also the max-IPC probe's integer class).
CatalogEntry clockChainEntry(Arch arch);

class ClockProbe {
public:
    static constexpr int kChainLength = 256; // adds per loop iteration

    // Generates and loads the chain kernel for the host.
    static Result<ClockProbe> build(const Toolchain& toolchain);
    // Measures on the calling thread (pin it first).
    Result<ClockMeasurement> measure(const ClockProbeOptions& options, std::stop_token stop = {}) const;

private:
    ClockProbe(KernelLibrary library, KernelEntryPoint kernel) : library_(std::move(library)), kernel_(kernel) {}
    KernelLibrary library_;
    KernelEntryPoint kernel_;
};

} // namespace perfdash
