#include "core/util/Median.h"

#include <algorithm>
#include <limits>

namespace perfdash {

double median(std::vector<double> values) {
    if (values.empty()) return std::numeric_limits<double>::quiet_NaN();
    const auto mid = values.begin() + std::ptrdiff_t(values.size() / 2);
    std::nth_element(values.begin(), mid, values.end());
    if (values.size() % 2) return *mid;
    // The lower middle is the largest value before `mid` after nth_element.
    return (*std::max_element(values.begin(), mid) + *mid) / 2;
}

} // namespace perfdash
