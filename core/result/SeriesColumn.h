#pragma once
// The stored points of one timeline series: every value (double, so a count
// reads back exactly), its multiplex coverage, and a min/max pyramid over
// blocks of 8, 64, 512, ... points. The pyramid answers "lowest and highest
// value of points [a, b)" in O(log n) reads, which is what keeps a replot's
// cost bounded by the widget's width instead of the run's length.
// NaN ("not available") is never a minimum or maximum; it is kept as NaN.
// A column may keep only its newest points: older ones are folded, in order,
// into buckets of bucketSize() points (foldOne, mergeBucketPairs; driven by
// TimelineStore, which says why). Points keep their index; a folded point
// reads as its bucket's duration-weighted mean, with the bucket's lowest and
// highest value and its lowest coverage.
//
// A bucket takes 20 bytes: its sum, and its range and coverage as floats, in
// columns of their own (a struct would pad them). Its weight, the length of
// its intervals that had a value, is the store's length of the bucket (the
// same for all series, shareBucketLengths) as long as no value was missing;
// only a series with a missing value keeps weights of its own. Either way the
// weight is the same sum of the same lengths in the same order, so it is
// exactly what one kept per bucket would be.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "core/result/ChunkedColumn.h"

namespace perfdash {

// The finite values seen: empty (min > max) when there were none.
struct ValueRange {
    double min = std::numeric_limits<double>::infinity();
    double max = -std::numeric_limits<double>::infinity();

    bool empty() const { return min > max; }
    void include(double value) {
        if (!std::isfinite(value)) return;
        min = std::min(min, value);
        max = std::max(max, value);
    }
    void include(const ValueRange& other) {
        min = std::min(min, other.min);
        max = std::max(max, other.max);
    }
};

// A sum of values each weighted by its interval's length, over the points
// with a value: sum / weight is their mean, for a rate the rate over them.
struct WeightedSum {
    double sum = 0;
    double weight = 0;
    void add(double value, double dt) {
        if (std::isfinite(value)) sum += value * dt, weight += dt;
    }
    void add(const WeightedSum& other) {
        sum += other.sum;
        weight += other.weight;
    }
    double mean() const { return weight > 0 ? sum / weight : std::numeric_limits<double>::quiet_NaN(); }
};

using TimeColumn = ChunkedColumn<double, 10>;

// Joins elements pairwise with `join` (element b becomes join(2b, 2b + 1)), halving their number:
// the buckets' columns of a series and the store's bucket lengths merge alike.
template <class T, class Join> void mergePairs(std::vector<T>& column, Join join) {
    for (size_t b = 0; 2 * b + 1 < column.size(); ++b) column[b] = join(column[2 * b], column[2 * b + 1]);
    column.resize(column.size() / 2);
}

class SeriesColumn {
public:
    // coverage: CountValue::coverage (NaN when unknown).
    void append(double value, double coverage);
    size_t size() const { return values_.size(); }
    double value(size_t index) const { return index >= coarseEnd_ ? values_[index] : bucket(index / bucketSize_).mean(); }
    double coverage(size_t index) const;
    // Finite values among points [begin, end); a folded point counts with its bucket's range.
    ValueRange range(size_t begin, size_t end) const;
    // Points [begin, end) weighted by `durations` (the store's): whole
    // buckets add their exact sums; a bucket cut by begin or end adds its
    // mean over the part inside.
    WeightedSum weightedSum(size_t begin, size_t end, const TimeColumn& durations) const;
    size_t bytesAllocated() const;

    // Points [0, coarseEnd()) are folded into buckets of bucketSize() points.
    size_t coarseEnd() const { return coarseEnd_; }
    size_t bucketSize() const { return bucketSize_; }
    // At most `levels` levels of the min/max pyramid: a column that keeps few
    // points at full resolution needs no block larger than them.
    void limitPyramid(size_t levels) { maxLevels_ = levels; }
    // The store's bucket lengths (the durations of each bucket's intervals,
    // summed as a bucket's weight is), which it updates after foldOne() and
    // mergeBucketPairs() of every series; they must outlive the column.
    void shareBucketLengths(const std::vector<double>* lengths) { bucketLengths_ = lengths; }
    // Folds the oldest point kept into the newest bucket (a new one when that is full).
    void foldOne(const TimeColumn& durations);
    // Joins the buckets pairwise (all full, their number even): each holds twice as many points.
    void mergeBucketPairs();
    size_t bucketCount() const { return bucketSums_.size(); }

private:
    static constexpr size_t kFanOut = 8;
    struct BucketRange {
        float min = std::numeric_limits<float>::infinity(); // rounded outwards: never narrower than the values
        float max = -std::numeric_limits<float>::infinity();
        float coverage = std::numeric_limits<float>::quiet_NaN(); // the lowest known
    };
    WeightedSum bucket(size_t b) const {
        return {bucketSums_[b], ownWeights_.empty() ? (*bucketLengths_)[b] : ownWeights_[b]};
    }
    // Includes elements [begin, end) of a level (-1: the points themselves) in `range`.
    void includeElements(int level, size_t begin, size_t end, ValueRange& range) const;
    float storedCoverage(size_t index) const;

    // Chunks of 128: a column that keeps its newest 1024 points holds at most one chunk more
    // (chunks of 1024 would hold up to twice them).
    ChunkedColumn<double, 7> values_;
    // Chunks of 32: a column that keeps its newest 1024 points keeps 128, 16 and 2 blocks of its levels.
    std::vector<ChunkedColumn<ValueRange, 5>> levels_; // levels_[k]: blocks of 8^(k+1) points
    size_t maxLevels_ = std::numeric_limits<size_t>::max();
    std::vector<double> bucketSums_;       // the duration-weighted sums of the buckets' values
    std::vector<BucketRange> bucketRanges_; // parallel to bucketSums_
    std::vector<double> ownWeights_;       // empty while every folded value was there: the store's lengths are the weights
    const std::vector<double>* bucketLengths_ = nullptr;
    size_t bucketSize_ = 1;
    size_t coarseEnd_ = 0;
    // Coverage is the same for every point of most series (1 without
    // multiplexing): it gets a column only once it first differs.
    ChunkedColumn<float, 7> coverage_;
    float uniformCoverage_ = 0;
};

} // namespace perfdash
