#include "core/probes/Statistics.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace perfdash {

namespace {

double quantile(const std::vector<double>& sorted, double q) {
    const double pos = q * static_cast<double>(sorted.size() - 1);
    const size_t lo = static_cast<size_t>(std::floor(pos));
    const size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - static_cast<double>(lo));
}

} // namespace

double Summary::relativeSpread() const {
    if (median == 0) return std::numeric_limits<double>::quiet_NaN();
    return (q3 - q1) / std::fabs(median);
}

Summary summarize(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    Summary s;
    s.count = values.size();
    s.min = values.front();
    s.max = values.back();
    s.q1 = quantile(values, 0.25);
    s.median = quantile(values, 0.5);
    s.q3 = quantile(values, 0.75);
    return s;
}

} // namespace perfdash
