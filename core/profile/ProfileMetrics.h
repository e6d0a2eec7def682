#pragma once
// A sampled group's METRICS formulas (the same formulas and evaluator `stat`
// uses, core/groups/MetricEvaluator.h) over any selection of a profile's
// rows: a function, a source line, a call path, a time range. Each value is
// the formula on the selection's summed deltas, with `time` the CPU time its
// samples stand for (the group's running time between samples).
//
// Its error is a standard error by the delta method: the samples are taken
// as independent draws of their delta vectors v_i (each event's count since
// the previous sample, and the time), so the sums S = Σ v_i have the
// covariance C = Σ v_i v_iᵀ − S Sᵀ / n, which the rows' second moments give
// for any selection; the formula's gradient g at S (central differences)
// gives Var f(S) ≈ gᵀ C g. A value from fewer than kMinSamples samples, or
// whose error is not finite, is marked `few`: too few samples to tell.
#include <cstddef>
#include <span>
#include <vector>

#include "core/groups/MetricEvaluator.h"
#include "core/profile/Profile.h"
#include "core/util/Outcome.h"

namespace perfdash {

struct MetricValue {
    double value = MetricEnvironment::kUnknown;
    double error = MetricEnvironment::kUnknown; // standard error; NaN where not known
    bool few = true;                            // too few samples to tell
};

class ProfileMetrics {
public:
    static constexpr double kMinSamples = 30;

    // The profile's formulas compiled against its counters; no metrics: none.
    static Result<ProfileMetrics> compile(const Profile& profile);

    size_t count() const { return names_.size(); }
    const std::vector<std::string>& names() const { return names_; }
    // Index of a metric by name (case-insensitive), or -1.
    int find(const std::string& name) const;

    // One value per metric from a selection's summed row columns.
    std::vector<MetricValue> evaluate(std::span<const double> sums);

private:
    ProfileMetrics() = default;
    void evaluateAt(std::span<const double> sums, std::vector<double>& out);

    ProfileColumns columns_;
    std::vector<bool> inSamples_;
    MetricEnvironment constants_;
    std::vector<std::string> names_;
    std::vector<std::unique_ptr<MetricEvaluator>> evaluator_; // one, or none without metrics
};

// The share of one part in a whole and its standard error, in the samples'
// terms: p = weight / totalWeight (the leader's count, as perf weighs), and
// sqrt(p(1 − p) / N) for N samples of the whole (binomial; Poisson's
// 1/sqrt(n) relative error where p is small).
struct Share {
    double value = 0;
    double error = 0;
};
Share shareOf(double weight, double totalWeight, double totalSamples);

} // namespace perfdash
