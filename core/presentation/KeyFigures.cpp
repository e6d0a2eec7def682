#include "core/presentation/KeyFigures.h"

#include <algorithm>
#include <cmath>

#include "core/util/Strings.h"

namespace perfdash {

namespace {
constexpr double kDiffers = 0.05;
}

MetricNameParts splitMetricName(std::string_view metricName) {
    const std::string full = trim(metricName);
    if (!full.empty() && full.back() == ']')
        if (const size_t open = full.rfind('['); open != std::string::npos && open > 0)
            return {trim(std::string_view(full).substr(0, open)), trim(std::string_view(full).substr(open + 1, full.size() - open - 2))};
    return {full, {}};
}

bool isKeyFigure(const MetricResult& metric) { return trim(metric.formula) != "time"; }

bool differsAcrossCells(const ValueRange& values) {
    return !values.empty() && values.max - values.min > kDiffers * std::max(std::abs(values.max), std::abs(values.min));
}

} // namespace perfdash
