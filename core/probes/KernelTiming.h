#pragma once
// Times a pair of kernels that differ only in how many copies of an
// instruction their loop body holds. Running both for the same iterations and
// taking the difference cancels the loop's own instructions and the call; the
// result is cycles per extra copy.
//
// Interference (an interrupt, another vCPU on the host core, a preempted
// vCPU) only ever adds time to a run, so the least disturbed run of each
// kernel is the closest to the truth: repetitions go on until every kernel's
// minimum has been reached again by a few runs (the machine was quiet for it
// more than once), and the minimum-time figures are the estimate. Medians are
// kept beside them: what a typical repetition saw. A disturbance can last
// longer than a few runs (a compiler on the host core's other hardware
// thread slows every run alike, so its minimum "repeats" too): the
// repetitions are spread over a minimum wall time, so a quiet moment has a
// chance to come.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <stop_token>

#include "core/probes/CycleSource.h"
#include "core/probes/KernelLibrary.h"
#include "core/probes/Statistics.h"

namespace perfdash {

struct TimingOptions {
    int repetitions = 11;      // at least this many timed runs of each kernel, alternating
    double minSeconds = 0.03;  // and for at least this long
    int maxRepetitions = 1001; // at most this many, and for at most
    double maxSeconds = 0.2;   // this long (after `repetitions` and `minSeconds`), while a minimum is not yet confirmed
    int confirmations = 3;     // runs within `confirmTolerance` of a kernel's minimum that confirm it
    double confirmTolerance = 0.003;
    int warmups = 2;           // untimed runs of each kernel first (caches, predictors)
    double targetSeconds = 5e-4; // one run of a longer kernel: short runs are more often undisturbed
    double warmUpSeconds = 0.02; // the clock chain spins this long before the clock is measured (governor ramp)
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
    int extraCopies = 0; // copies in the longer body minus copies in the shorter (the longer has twice the shorter's)
};

// How timed runs become cycles. With the cycles counter they are read in
// cycles. Without one (a VM) runs are timed, and the clock chain (a pair of
// dependent-add kernels, one cycle per extra add) is timed in the same
// repetitions: the clock is measured at the moment and under the load of the
// measurement it converts, not once at the start.
struct CycleClock {
    CycleSource* counter = nullptr; // the cycles counter, or null
    KernelPair clockChain;          // used when `counter` is null
};

struct PairTiming {
    // Cycles per extra copy. min: the least disturbed runs (the longer
    // kernel's fastest minus the shorter's fastest, converted with the clock
    // from the chain's fastest runs); q1, median, q3: the same of each
    // kernel's quartiles, converted with the chain's median runs, so
    // relativeSpread() says how much the repetitions disagreed; max: the
    // most disturbed repetition's difference. Empty when the runs gave no
    // measurement (Plausibility.h): `unavailable` says why.
    std::optional<Summary> cycles;
    std::string unavailable;
    bool minimumConfirmed = false; // every kernel's minimum was reached `confirmations` times
    // The fastest runs' difference implied a loop cost below zero or above a
    // few cycles: the kernels' minima came from different steady states of
    // the core, and min is the longer kernel's own time per copy instead.
    bool loopCostImplausible = false;
    double clockHz = 0;            // the clock measured alongside (from the fastest runs); NaN with the counter
};

// Returns an error when `stop` is requested (the caller reports "cancelled").
// A figure that is no measurement (a disturbed clock chain, a difference
// below what any core can do) is a PairTiming without cycles, not an error.
Result<PairTiming> timeKernelPair(const KernelPair& pair, const PointerChaseRing& ring, const CycleClock& clock,
                                  const TimingOptions& options, std::stop_token stop = {});
// The same with any memory as the kernels' second argument (the ceilings' StreamArgs).
Result<PairTiming> timeKernelPair(const KernelPair& pair, void* memory, const CycleClock& clock,
                                  const TimingOptions& options, std::stop_token stop = {});

// Runs each kernel of the pair a few iterations without timing anything:
// under emulation this is all that can be checked (the code runs and
// returns). `memory`: the ring for kernels that load, else null.
void exerciseKernelPair(const KernelPair& pair, void* memory);

struct ClockMeasurement {
    double hz = 0;       // from the fastest runs: the clock while undisturbed
    double medianHz = 0; // from the median runs: what a typical run saw
    int repetitions = 0;
    bool minimumConfirmed = false;
};

// The core clock from the clock chain alone (after `options.warmUpSeconds` of
// spinning it); an error says why the chain gave no clock (Plausibility.h).
Result<ClockMeasurement> timeClockChain(const KernelPair& chain, const TimingOptions& options, std::stop_token stop = {});

} // namespace perfdash
