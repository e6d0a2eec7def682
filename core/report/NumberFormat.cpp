#include "core/report/NumberFormat.h"

#include <cmath>
#include <cstdio>

namespace perfdash {

std::string formatNumber(double value) {
    if (!isAvailable(value)) return kNotAvailableText;
    char buf[64];
    const double magnitude = std::fabs(value);
    // Beyond 1e18 "%.0f" would print digits the double does not have.
    if (magnitude < 1e18 && (value == std::trunc(value) || magnitude >= 1e6))
        std::snprintf(buf, sizeof buf, "%.0f", value);
    else
        std::snprintf(buf, sizeof buf, "%.6g", value);
    return buf;
}

bool isMultiplexed(const CountValue& count) { return isAvailable(count.coverage) && count.coverage < 1.0; }

std::string formatCoverage(double coverage) {
    if (!isAvailable(coverage)) return kNotAvailableText;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", std::floor(coverage * 1000.0) / 10.0);
    return buf;
}

std::string formatCount(const CountValue& count) {
    std::string text = formatNumber(count.value);
    if (isMultiplexed(count)) text += " (" + formatCoverage(count.coverage) + ")";
    return text;
}

std::string unitSuffix(const std::string& unit) { return unit.empty() ? std::string() : " [" + unit + "]"; }

} // namespace perfdash
