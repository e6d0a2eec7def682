#pragma once
// How the probes page writes numbers: a value that does not exist is "n/a",
// never 0, and the reason goes into a tooltip.
#include <QString>
#include <optional>

namespace perfdash {

// "1.02", or "n/a" for NaN/infinity.
QString formatCycles(double cycles);
// "+12 %" / "−3 %" (relative deviation 0.12 → +12 %), "n/a" without one.
QString formatDeviation(const std::optional<double>& deviation);
// "2.995 GHz" from Hz, "n/a" without a value.
QString formatGigahertz(const std::optional<double>& hz);

} // namespace perfdash
