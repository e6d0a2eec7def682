#pragma once
// What the direct backends (msr, loongson) share: they read counter hardware
// themselves, so they extend narrow counters to 64-bit totals, keep their own
// enabled time (they never multiplex: running == enabled), and bound how long
// the sampler may wait between two reads.
#include <chrono>
#include <cstdint>

namespace perfdash {

// A counter `width` bits wide, extended to a 64-bit total: each reading adds
// what the counter advanced since the previous one, modulo 2^width. Exact as
// long as two readings are less than one wrap apart.
class WrappingCounter {
public:
    explicit WrappingCounter(unsigned width = 64);
    // A counter whose readings run from 0 to range - 1 and then start at 0
    // again, whatever range is (powercap's energy_uj: range is
    // max_energy_range_uj + 1, no power of two). range 0 is 2^64.
    static WrappingCounter modulo(uint64_t range);
    // The next advance() counts from `raw` (at enable: what happened while
    // disabled, or before, is not counted).
    void rebase(uint64_t raw);
    void advance(uint64_t raw);
    uint64_t total() const { return total_; }
    uint64_t mask() const { return mask_; }

private:
    uint64_t mask_;
    uint64_t range_ = 0; // non-zero: readings wrap at range_, not at mask_ + 1
    uint64_t last_ = 0;
    uint64_t total_ = 0;
};

// The longest time between two reads of a counter `width` bits wide that
// advances at most `maxPerSecond`: half of its wrap period. Half, because the
// sampler skips a deadline it missed rather than catching up, so one read may
// come a whole interval late; two reads are then still less than one wrap
// apart. In whole milliseconds, rounded down. Zero (no bound) for 64-bit
// counters, which no rate wraps in years.
std::chrono::nanoseconds maxReadIntervalFor(unsigned width, double maxPerSecond);

// Time counted while enabled, in nanoseconds of CLOCK_MONOTONIC.
class EnabledClock {
public:
    void start(int64_t nowNs);
    void stop(int64_t nowNs);
    bool running() const { return running_; }
    uint64_t elapsedNs(int64_t nowNs) const;

private:
    bool running_ = false;
    int64_t since_ = 0;
    uint64_t accumulated_ = 0;
};

} // namespace perfdash
