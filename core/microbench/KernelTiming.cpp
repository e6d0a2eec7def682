#include "core/microbench/KernelTiming.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <new>

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

double timeOnce(KernelEntryPoint f, uint64_t iterations, const PointerChaseRing& ring, CycleSource& cycles) {
    const double start = cycles.now();
    f(iterations, ring.data());
    return cycles.now() - start;
}

// Enough iterations that the longer kernel runs for about the target time.
uint64_t calibrate(const KernelPair& pair, const PointerChaseRing& ring, double targetSeconds) {
    uint64_t n = 1;
    for (;;) {
        const double start = monotonicSeconds();
        pair.longer(n, ring.data());
        const double elapsed = monotonicSeconds() - start;
        if (elapsed >= targetSeconds / 8 || n >= kMaxIterations) {
            const double scaled = static_cast<double>(n) * targetSeconds / std::max(elapsed, 1e-9);
            return static_cast<uint64_t>(std::clamp(scaled, 1.0, static_cast<double>(kMaxIterations)));
        }
        n *= 4;
    }
}

} // namespace

Result<Summary> timeKernelPair(const KernelPair& pair, const PointerChaseRing& ring, CycleSource& cycles,
                               const TimingOptions& options, std::stop_token stop) {
    if (!pair.shorter || !pair.longer || pair.extraCopies <= 0)
        return makeError("internal: a kernel pair needs two kernels and a positive difference in copies");
    const uint64_t n = calibrate(pair, ring, options.targetSeconds);
    for (int i = 0; i < options.warmups; ++i) {
        pair.shorter(n, ring.data());
        pair.longer(n, ring.data());
    }
    std::vector<double> shortRuns, longRuns;
    const double copies = static_cast<double>(n) * pair.extraCopies;
    for (int r = 0; r < std::max(1, options.repetitions); ++r) {
        if (stop.stop_requested()) return makeError("cancelled");
        shortRuns.push_back(timeOnce(pair.shorter, n, ring, cycles));
        longRuns.push_back(timeOnce(pair.longer, n, ring, cycles));
        if (!std::isfinite(shortRuns.back()) || !std::isfinite(longRuns.back()))
            return makeError("the cycle source stopped counting during the measurement");
    }
    // min and median as nanoBench takes them: the statistic of the longer
    // kernel's runs minus the same statistic of the shorter's, so the minimum
    // pairs the two least disturbed runs. The quartiles and maximum describe
    // how much the repetitions (each a short run and the long run after it)
    // disagree, which is what the spread is for.
    std::vector<double> perRepetition;
    for (size_t i = 0; i < shortRuns.size(); ++i) perRepetition.push_back((longRuns[i] - shortRuns[i]) / copies);
    const double aggregateMin = (*std::min_element(longRuns.begin(), longRuns.end()) -
                                 *std::min_element(shortRuns.begin(), shortRuns.end())) / copies;
    const double aggregateMedian = (median(longRuns) - median(shortRuns)) / copies;
    Summary d = summarize(std::move(perRepetition));
    d.min = aggregateMin;
    d.median = aggregateMedian;
    return d;
}

} // namespace perfdash
