#pragma once
// Which values of a sample stand out from the rest, the fleet table's flag:
// farther from the median than 3 scaled median absolute deviations (robust:
// the outliers themselves move the yardstick little) and than 25 % of the
// median (hosts that agree within a quarter are not told apart: busy hosts
// differ that much by their work alone, and deviations can be all but zero). Needs 3 values at least; NaN is no
// value and is never flagged.
#include <vector>

namespace perfdash {

std::vector<bool> outliers(const std::vector<double>& values);

} // namespace perfdash
