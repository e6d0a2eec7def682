#pragma once
// Consecutive intervals of one measurement joined into longer ones: the
// agent counts at its own interval, and a client of its stream may ask for
// a multiple of it (`/api/v1/stream?interval=10s` from an agent counting
// every second). Counts are added with CountSum (a part without a value is
// never 0) and the metrics are computed again from the joined counts by the
// measurement's ResultBuilder, so a joined interval is exactly what the
// measurement would have reported at the longer interval. A gauge is not
// added: the joined interval has its last reading (core/result/GaugeStats.h).
#include <optional>
#include <vector>

#include "core/measurement/MeasurementPlan.h"
#include "core/measurement/ResultBuilder.h"
#include "core/result/CountSum.h"

namespace perfdash {

class IntervalCombiner {
public:
    // every: how many intervals make one (1: each passes through unchanged).
    IntervalCombiner(const MeasurementPlan& plan, ResultBuilder& builder, size_t every);

    // The joined interval once `every` intervals have been added, else nullopt.
    std::optional<IntervalResult> add(const IntervalResult& interval);

private:
    const MeasurementPlan* plan_;
    ResultBuilder* builder_;
    size_t every_;
    size_t added_ = 0;
    double dt_ = 0;
    std::vector<CountSum> sums_; // [location * eventSet.size() + slot]
    std::vector<CountValue> latest_; // the same, for gauges: the last interval's readings
};

} // namespace perfdash
