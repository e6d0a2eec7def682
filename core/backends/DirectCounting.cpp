#include "core/backends/DirectCounting.h"

#include <cmath>

namespace perfdash {

WrappingCounter::WrappingCounter(unsigned width) : mask_(width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1) {}

WrappingCounter WrappingCounter::modulo(uint64_t range) {
    WrappingCounter c(64);
    c.range_ = range;
    return c;
}

void WrappingCounter::rebase(uint64_t raw) { last_ = range_ ? raw % range_ : raw & mask_; }

void WrappingCounter::advance(uint64_t raw) {
    if (range_) {
        raw %= range_;
        total_ += raw >= last_ ? raw - last_ : range_ - last_ + raw;
    } else {
        raw &= mask_;
        total_ += (raw - last_) & mask_;
    }
    last_ = raw;
}

std::chrono::nanoseconds maxReadIntervalFor(unsigned width, double maxPerSecond) {
    if (width >= 64 || maxPerSecond <= 0) return std::chrono::nanoseconds{0};
    const double wrapSeconds = std::ldexp(1.0, static_cast<int>(width)) / maxPerSecond;
    // Whole milliseconds, rounded down: still within the bound, and readable in messages.
    return std::chrono::milliseconds(static_cast<int64_t>(wrapSeconds / 2 * 1e3));
}

void EnabledClock::start(int64_t nowNs) {
    if (running_) return;
    running_ = true;
    since_ = nowNs;
}

void EnabledClock::stop(int64_t nowNs) {
    if (!running_) return;
    accumulated_ = elapsedNs(nowNs);
    running_ = false;
}

uint64_t EnabledClock::elapsedNs(int64_t nowNs) const {
    if (!running_ || nowNs < since_) return accumulated_;
    return accumulated_ + static_cast<uint64_t>(nowNs - since_);
}

} // namespace perfdash
