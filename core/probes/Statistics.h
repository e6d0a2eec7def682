#pragma once
// Order statistics of repeated measurements: the minimum is the run least
// disturbed by the rest of the machine, the median the typical one, the
// interquartile range how much the runs disagreed.
#include <cstddef>
#include <vector>

namespace perfdash {

struct Summary {
    double min = 0;
    double q1 = 0;
    double median = 0;
    double q3 = 0;
    double max = 0;
    size_t count = 0;
    // Interquartile range relative to the median (0.01 = the middle half of the runs within 1 %).
    double relativeSpread() const;
};

// Quartiles by linear interpolation between order statistics. `values` must not be empty.
Summary summarize(std::vector<double> values);

} // namespace perfdash
