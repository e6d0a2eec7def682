#pragma once
// The middle of a sample, the robust average the phases, the probes, the clock
// calibration and the benchmarks all use: one disturbed value moves it little.
#include <vector>

namespace perfdash {

// An even count gives the mean of the two middle values; an empty sample NaN.
double median(std::vector<double> values);

} // namespace perfdash
