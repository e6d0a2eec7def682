#include "core/probes/KernelTiming.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <limits>
#include <new>

#include "core/probes/Plausibility.h"
#include "core/util/Clock.h"
#include "core/util/Median.h"

namespace perfdash {

PointerChaseRing::PointerChaseRing() {
    void* p = nullptr;
    if (posix_memalign(&p, 4096, kLines * kLineBytes) != 0) throw std::bad_alloc();
    lines_.reset(p);
    auto* base = static_cast<unsigned char*>(p);
    for (size_t line = 0; line < kLines; ++line) {
        void* next = base + ((line + 1) % kLines) * kLineBytes;
        for (size_t word = 0; word < kLineBytes / sizeof(void*); ++word)
            reinterpret_cast<void**>(base + line * kLineBytes)[word] = next;
    }
}

void PointerChaseRing::Deleter::operator()(void* p) const { std::free(p); }

namespace {

constexpr uint64_t kMaxIterations = uint64_t(1) << 26;
// The most a loop iteration's own instructions (index, compare, branch) cost beyond the copies.
constexpr double kMaxLoopCycles = 8;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

using Reading = std::function<double()>;

// Enough iterations that the longer kernel runs for about the target time.
uint64_t calibrate(const KernelPair& pair, void* ring, double targetSeconds) {
    uint64_t n = 1;
    for (;;) {
        const double start = monotonicRawSeconds();
        pair.longer(n, ring);
        const double elapsed = monotonicRawSeconds() - start;
        if (elapsed >= targetSeconds / 8 || n >= kMaxIterations) {
            const double scaled = static_cast<double>(n) * targetSeconds / std::max(elapsed, 1e-9);
            return static_cast<uint64_t>(std::clamp(scaled, 1.0, static_cast<double>(kMaxIterations)));
        }
        n *= 4;
    }
}

bool minimumConfirmed(const std::vector<double>& runs, const TimingOptions& options) {
    const double floor = *std::min_element(runs.begin(), runs.end());
    const auto near = std::count_if(runs.begin(), runs.end(),
                                    [&](double t) { return t <= floor * (1 + options.confirmTolerance); });
    return near >= std::max(1, options.confirmations);
}

// The timed runs of one kernel pair, each kernel run `n` times per call.
struct PairRuns {
    explicit PairRuns(const KernelPair& p) : pair(p) {}
    KernelPair pair;
    uint64_t n = 1;
    std::vector<double> shortRuns, longRuns;

    double perCopy(double shortRun, double longRun) const {
        return (longRun - shortRun) / (static_cast<double>(n) * pair.extraCopies);
    }
    double fastestPerCopy() const {
        return perCopy(*std::min_element(shortRuns.begin(), shortRuns.end()),
                       *std::min_element(longRuns.begin(), longRuns.end()));
    }
    double medianPerCopy() const { return perCopy(median(shortRuns), median(longRuns)); }
    std::vector<double> perRepetition() const {
        std::vector<double> out;
        for (size_t i = 0; i < shortRuns.size(); ++i) out.push_back(perCopy(shortRuns[i], longRuns[i]));
        return out;
    }
    bool confirmed(const TimingOptions& options) const {
        return minimumConfirmed(shortRuns, options) && minimumConfirmed(longRuns, options);
    }
};

// Times every pair once per repetition, in turn, so that all of them see the
// same clock and the same load. Stops once the least repetitions and time are
// spent and every kernel's minimum is confirmed, or at the most repetitions
// or time. Returns whether the minima were confirmed.
Result<bool> runInterleaved(std::vector<PairRuns>& pairs, void* ring, const Reading& now,
                            const TimingOptions& options, std::stop_token stop) {
    for (auto& p : pairs) p.n = calibrate(p.pair, ring, options.targetSeconds);
    for (int i = 0; i < options.warmups; ++i)
        for (auto& p : pairs) {
            p.pair.shorter(p.n, ring);
            p.pair.longer(p.n, ring);
        }
    auto timed = [&](KernelEntryPoint f, uint64_t n) {
        const double start = now();
        f(n, ring);
        return now() - start;
    };
    const int least = std::max(1, options.repetitions);
    const int most = std::max(least, options.maxRepetitions);
    const double start = monotonicRawSeconds();
    for (int r = 0; r < most; ++r) {
        if (stop.stop_requested()) return makeError("cancelled");
        for (auto& p : pairs) {
            p.shortRuns.push_back(timed(p.pair.shorter, p.n));
            p.longRuns.push_back(timed(p.pair.longer, p.n));
            if (!std::isfinite(p.shortRuns.back()) || !std::isfinite(p.longRuns.back()))
                return makeError("the cycle source stopped counting during the measurement");
        }
        if (r + 1 < least) continue;
        const double elapsed = monotonicRawSeconds() - start;
        if (elapsed >= options.minSeconds &&
            std::all_of(pairs.begin(), pairs.end(), [&](const PairRuns& p) { return p.confirmed(options); }))
            return true;
        // The least time is spent in any case, even where it exceeds the most (the clock probe's 0.25 s).
        if (elapsed >= std::max(options.minSeconds, options.maxSeconds)) break;
    }
    return std::all_of(pairs.begin(), pairs.end(), [&](const PairRuns& p) { return p.confirmed(options); });
}

Status checkPair(const KernelPair& pair) {
    if (!pair.shorter || !pair.longer || pair.extraCopies <= 0)
        return makeError("internal: a kernel pair needs two kernels and a positive difference in copies");
    return {};
}

// A chain whose longer kernel did not take longer, or that gives a clock no
// core has, was disturbed beyond use: no clock can be read from it.
Status checkChainTimed(const PairRuns& chain) {
    if (auto why = whyClockNotMeasurable(chain.fastestPerCopy(), chain.medianPerCopy()); !why.empty())
        return makeError(why);
    return {};
}

// Spins the chain so that a governor (or the host's boost) has ramped the
// clock up before anything is timed.
void warmUp(const KernelPair& chain, double seconds) {
    const double end = monotonicRawSeconds() + seconds;
    while (monotonicRawSeconds() < end) chain.longer(1000, nullptr);
}

} // namespace

Result<PairTiming> timeKernelPair(const KernelPair& pair, const PointerChaseRing& ring, const CycleClock& clock,
                                  const TimingOptions& options, std::stop_token stop) {
    return timeKernelPair(pair, ring.data(), clock, options, stop);
}

Result<PairTiming> timeKernelPair(const KernelPair& pair, void* memory, const CycleClock& clock,
                                  const TimingOptions& options, std::stop_token stop) {
    if (auto s = checkPair(pair); !s) return s.error();
    std::vector<PairRuns> runs{PairRuns(pair)};
    Reading now = monotonicRawSeconds;
    if (clock.counter) {
        now = [&] { return clock.counter->now(); };
    } else {
        if (auto s = checkPair(clock.clockChain); !s) return s.error();
        runs.emplace_back(clock.clockChain);
    }
    auto confirmed = runInterleaved(runs, memory, now, options, stop);
    if (!confirmed) return confirmed.error();

    PairTiming t;
    t.minimumConfirmed = *confirmed;
    t.clockHz = kNaN;
    // Units per cycle: 1 with the counter, else seconds per cycle from the chain.
    double fastestUnit = 1, medianUnit = 1;
    if (!clock.counter) {
        if (auto s = checkChainTimed(runs[1]); !s) {
            t.unavailable = s.error().message;
            return t;
        }
        fastestUnit = runs[1].fastestPerCopy();
        medianUnit = runs[1].medianPerCopy();
        t.clockHz = 1 / fastestUnit;
    }
    // Each order statistic is the longer kernel's minus the shorter's, as
    // for the fastest runs: a disturbed run moves to the top of its own
    // kernel's runs instead of making one repetition's difference negative.
    const PairRuns& p = runs[0];
    const Summary shorter = summarize(p.shortRuns), longer = summarize(p.longRuns);
    const std::vector<double> perRepetition = p.perRepetition();
    Summary cycles;
    cycles.min = p.perCopy(shorter.min, longer.min) / fastestUnit;
    cycles.q1 = p.perCopy(shorter.q1, longer.q1) / medianUnit;
    cycles.median = p.perCopy(shorter.median, longer.median) / medianUnit;
    cycles.q3 = p.perCopy(shorter.q3, longer.q3) / medianUnit;
    cycles.max = *std::max_element(perRepetition.begin(), perRepetition.end()) / medianUnit;
    cycles.count = perRepetition.size();
    // The shorter kernel's fastest run less the copies the difference gives
    // is the loop's own cost per iteration: a cycle or two. Far from that
    // (below zero, or more than kMaxLoopCycles), the two minima come from
    // different steady states of the core (a divider settling into a faster
    // rhythm in one kernel than in the other), and their difference is no
    // figure either kernel ran at: the longer kernel alone is the estimate
    // then (the loop's share of it at most kMaxLoopCycles / its copies).
    const double perIteration = static_cast<double>(p.n) * fastestUnit;
    const double loopCycles = (2 * shorter.min - longer.min) / perIteration;
    if (loopCycles < -1 || loopCycles > kMaxLoopCycles) {
        cycles.min = longer.min / (perIteration * 2 * pair.extraCopies);
        t.loopCostImplausible = true;
    }
    t.unavailable = whyCyclesNotMeasurable(cycles);
    if (t.unavailable.empty()) t.cycles = cycles;
    return t;
}

void exerciseKernelPair(const KernelPair& pair, void* memory) {
    constexpr uint64_t kIterations = 100;
    pair.shorter(kIterations, memory);
    pair.longer(kIterations, memory);
}

Result<ClockMeasurement> timeClockChain(const KernelPair& chain, const TimingOptions& options, std::stop_token stop) {
    if (auto s = checkPair(chain); !s) return s.error();
    warmUp(chain, options.warmUpSeconds);
    std::vector<PairRuns> runs{PairRuns(chain)};
    auto confirmed = runInterleaved(runs, nullptr, monotonicRawSeconds, options, stop);
    if (!confirmed) return confirmed.error();
    if (auto s = checkChainTimed(runs[0]); !s) return s.error();
    ClockMeasurement c;
    c.hz = 1 / runs[0].fastestPerCopy();
    c.medianHz = 1 / runs[0].medianPerCopy();
    c.repetitions = static_cast<int>(runs[0].shortRuns.size());
    c.minimumConfirmed = *confirmed;
    return c;
}

} // namespace perfdash
