#include "core/util/Outliers.h"

#include <algorithm>
#include <cmath>

#include "core/util/Median.h"

namespace perfdash {

std::vector<bool> outliers(const std::vector<double>& values) {
    std::vector<bool> out(values.size(), false);
    std::vector<double> known;
    for (double v : values)
        if (!std::isnan(v)) known.push_back(v);
    if (known.size() < 3) return out;
    const double middle = median(known);
    std::vector<double> deviations;
    for (double v : known) deviations.push_back(std::fabs(v - middle));
    // 1.4826 x MAD estimates a normal sample's standard deviation.
    const double limit = std::max(3 * 1.4826 * median(deviations), 0.25 * std::fabs(middle));
    for (size_t i = 0; i < values.size(); ++i)
        out[i] = !std::isnan(values[i]) && std::fabs(values[i] - middle) > limit;
    return out;
}

} // namespace perfdash
