#include "core/result/ChangePoints.h"

#include <algorithm>
#include <cmath>

#include "core/util/Median.h"

namespace perfdash {

namespace {

// BIC-like: each boundary costs about two parameters' worth of log-likelihood.
constexpr double kPenaltyFactor = 4.0;
// Bounds the work on long series: step 2 keeps few of them anyway.
constexpr size_t kMaxRawSplits = 64;

// Prefix sums of x and x² over the points with a value: any segment's cost in O(1).
struct Prefix {
    std::vector<double> sum{0.0}, sumSq{0.0};
    explicit Prefix(const std::vector<double>& x) {
        for (double v : x) {
            sum.push_back(sum.back() + v);
            sumSq.push_back(sumSq.back() + v * v);
        }
    }
    // Sum of squared deviations from the mean of [from, to).
    double cost(size_t from, size_t to) const {
        const double s = sum[to] - sum[from];
        return std::max(0.0, (sumSq[to] - sumSq[from]) - s * s / double(to - from));
    }
};

double noiseVariance(const std::vector<double>& x) {
    if (x.size() < 3) return 0;
    std::vector<double> diffs;
    for (size_t i = 1; i < x.size(); ++i) diffs.push_back(std::abs(x[i] - x[i - 1]));
    std::nth_element(diffs.begin(), diffs.begin() + diffs.size() / 2, diffs.end());
    // For Gaussian noise the median |difference| is 0.6745·√2·σ.
    const double sigma = diffs[diffs.size() / 2] / (0.6745 * std::sqrt(2.0));
    return sigma * sigma;
}

double median(const std::vector<double>& x, size_t from, size_t to) {
    return perfdash::median(std::vector<double>(x.begin() + std::ptrdiff_t(from), x.begin() + std::ptrdiff_t(to)));
}

struct Split {
    size_t at = 0;
    double gain = 0;
};

Split bestSplit(const Prefix& p, size_t from, size_t to, size_t minSegment) {
    Split best;
    if (to - from < 2 * minSegment) return best;
    const double whole = p.cost(from, to);
    for (size_t at = from + minSegment; at + minSegment <= to; ++at) {
        const double gain = whole - p.cost(from, at) - p.cost(at, to);
        if (gain > best.gain) best = {at, gain};
    }
    return best;
}

} // namespace

std::vector<size_t> detectChangePoints(std::span<const double> values, const ChangePointOptions& options) {
    std::vector<double> x;
    std::vector<size_t> original; // index in values of each point of x
    for (size_t i = 0; i < values.size(); ++i)
        if (std::isfinite(values[i])) {
            x.push_back(values[i]);
            original.push_back(i);
        }
    const size_t minSegment = std::max<size_t>(options.minSegment, 1);
    if (x.size() < 2 * minSegment) return {};

    const Prefix p(x);
    // A series of exact steps has no noise: the floor keeps rounding errors from splitting its flat parts.
    const double penalty = std::max(kPenaltyFactor * noiseVariance(x) * std::log(double(x.size())),
                                    1e-9 * p.cost(0, x.size()));

    // 1. Split wherever the fit improves by more than the noise explains.
    std::vector<size_t> bounds{0, x.size()};
    std::vector<std::pair<size_t, size_t>> open{{0, x.size()}};
    while (!open.empty() && bounds.size() - 2 < kMaxRawSplits) {
        const auto [from, to] = open.back();
        open.pop_back();
        const Split split = bestSplit(p, from, to, minSegment);
        if (split.gain <= penalty || split.at == 0) continue;
        bounds.push_back(split.at);
        open.push_back({from, split.at});
        open.push_back({split.at, to});
    }
    std::sort(bounds.begin(), bounds.end());

    // 2. Keep a boundary only where the levels on its two sides differ markedly;
    // the weakest goes first, and its neighbours are judged again on the merged segment.
    // Medians, not means: a short spike moves a mean but is not a phase.
    // The spread of the series' levels: a step far smaller than the largest one is a ripple within a phase.
    // Each segment's median, computed once and again only for a segment that two merge into.
    std::vector<double> levels;
    for (size_t b = 0; b + 1 < bounds.size(); ++b) levels.push_back(median(x, bounds[b], bounds[b + 1]));
    const auto [lowest, highest] = std::minmax_element(levels.begin(), levels.end());
    const double spread = *highest - *lowest;
    // How marked a boundary is, in units of what it must reach (>= 1 passes both tests).
    auto shift = [&](size_t b) {
        const double left = levels[b - 1], right = levels[b];
        const double scale = std::max(std::abs(left), std::abs(right));
        if (scale == 0 || spread == 0) return 0.0;
        const double step = std::abs(left - right);
        return std::min(step / scale / options.minRelativeShift, step / spread / options.minSpreadShare);
    };
    while (bounds.size() > 2) {
        size_t weakest = 1;
        double weakestShift = shift(1);
        for (size_t b = 2; b + 1 < bounds.size(); ++b)
            if (const double s = shift(b); s < weakestShift) {
                weakest = b;
                weakestShift = s;
            }
        if (weakestShift >= 1 && bounds.size() - 2 <= options.maxChangePoints) break;
        bounds.erase(bounds.begin() + std::ptrdiff_t(weakest));
        levels.erase(levels.begin() + std::ptrdiff_t(weakest));
        levels[weakest - 1] = median(x, bounds[weakest - 1], bounds[weakest]);
    }

    std::vector<size_t> found;
    for (size_t b = 1; b + 1 < bounds.size(); ++b) found.push_back(original[bounds[b]]);
    return found;
}

std::vector<size_t> mergeChangePoints(const std::vector<std::vector<size_t>>& perSeries, size_t minSegment) {
    std::vector<size_t> all;
    for (const auto& series : perSeries) all.insert(all.end(), series.begin(), series.end());
    std::sort(all.begin(), all.end());
    std::vector<size_t> merged;
    for (size_t at : all)
        if (merged.empty() || at - merged.back() >= minSegment) merged.push_back(at);
    return merged;
}

std::vector<Phase> detectPhases(const TimelineStore& store, const std::vector<size_t>& series,
                                const ChangePointOptions& options) {
    const size_t n = store.size();
    if (n == 0) return {};
    // Every series is read at the store's coarsest resolution, one point per
    // bucket of `step` intervals (the duration-weighted mean of its intervals):
    // the work is bounded by the store's buckets, not the run's length.
    const size_t step = store.bucketSize();
    ChangePointOptions coarse = options;
    coarse.minSegment = (std::max<size_t>(options.minSegment, 1) + step - 1) / step;
    std::vector<std::vector<size_t>> perSeries;
    std::vector<double> values((n + step - 1) / step);
    for (size_t s : series) {
        for (size_t j = 0; j < values.size(); ++j)
            values[j] = step == 1 ? store.series(s).value(j) : weightedMean(store, s, j * step, (j + 1) * step);
        perSeries.push_back(detectChangePoints(values, coarse));
    }
    std::vector<size_t> bounds{0};
    for (size_t at : mergeChangePoints(perSeries, coarse.minSegment)) bounds.push_back(at * step);
    bounds.push_back(n);
    std::vector<Phase> phases;
    for (size_t b = 0; b + 1 < bounds.size(); ++b) {
        const size_t from = bounds[b], to = bounds[b + 1];
        phases.push_back({from, to, store.time(from) - store.duration(from), store.time(to - 1)});
    }
    return phases;
}

double weightedMean(const TimelineStore& store, size_t series, size_t from, size_t to) {
    return store.weightedSum(series, from, to).mean();
}

} // namespace perfdash
