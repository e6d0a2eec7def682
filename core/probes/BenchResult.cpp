#include "core/probes/BenchResult.h"

#include <cmath>
#include <limits>

namespace perfdash {

const char* toString(BenchStatus status) {
    switch (status) {
    case BenchStatus::Measured: return "measured";
    case BenchStatus::Unsupported: return "unsupported";
    case BenchStatus::Failed: return "failed";
    case BenchStatus::Cancelled: return "cancelled";
    }
    return "?";
}

bool BenchResult::aboveBound() const {
    const double v = ipc();
    return bound && std::isfinite(v) && v > bound->ipc * (1 + PhysicalBound::kTolerance);
}

double BenchResult::ipc() const {
    if (!throughput.cycles || throughput.cycles->min <= 0) return std::numeric_limits<double>::quiet_NaN();
    return 1.0 / throughput.cycles->min;
}

std::string BenchResult::whyUnavailable(const ModeMeasurement& mode) const {
    if (status != BenchStatus::Measured) return std::string(toString(status)) + ": " + reason;
    return mode.cycles ? std::string() : mode.unavailable;
}

} // namespace perfdash
