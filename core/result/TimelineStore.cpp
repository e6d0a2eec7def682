#include "core/result/TimelineStore.h"

#include <algorithm>
#include <functional>

namespace perfdash {

void TimelineStore::reset(size_t seriesCount, TimelineLimits limits) {
    times_.clear();
    durations_.clear();
    series_.clear();
    series_.resize(seriesCount);
    bucketLengths_ = std::make_unique<std::vector<double>>(); // also after the store was moved from
    for (auto& s : series_) s.shareBucketLengths(bucketLengths_.get());
    limits_ = limits;
    limits_.maxBuckets = std::max<size_t>(2, limits_.maxBuckets / 2 * 2);
    bucketSize_ = 1;
    coarseEnd_ = 0;
    if (limits_.unlimited()) return;
    // Pyramid blocks no larger than the points kept: larger ones would summarise points that are gone.
    size_t levels = 0;
    for (size_t block = 8; block <= limits_.fullResolution; block *= 8) ++levels;
    for (auto& s : series_) s.limitPyramid(levels);
}

void TimelineStore::append(double t, double dt, const std::vector<CountValue>& samples) {
    times_.push_back(t);
    durations_.push_back(dt);
    for (size_t s = 0; s < series_.size(); ++s) {
        const CountValue sample = s < samples.size() ? samples[s] : CountValue{};
        series_[s].append(sample.value, sample.coverage);
    }
    if (limits_.unlimited() || size() - coarseEnd_ <= limits_.fullResolution) return;
    if (coarseEnd_ == limits_.maxBuckets * bucketSize_) {
        for (auto& s : series_) s.mergeBucketPairs();
        mergePairs(*bucketLengths_, std::plus<double>()); // as the series merge their sums and weights
        bucketSize_ *= 2;
    }
    // One interval at a time: the cost of an append stays the same, with no pause when a bucket fills.
    // The series fold first: one whose first missing value is this one copies the lengths before it.
    for (auto& s : series_) s.foldOne(durations_);
    if (coarseEnd_ % bucketSize_ == 0) bucketLengths_->push_back(0);
    bucketLengths_->back() += durations_[coarseEnd_];
    ++coarseEnd_;
}

WeightedSum TimelineStore::weightedSum(size_t series, size_t begin, size_t end) const {
    return series_[series].weightedSum(begin, end, durations_);
}

template <class Before> size_t TimelineStore::partitionPoint(size_t from, Before before) const {
    size_t lo = from, hi = times_.size();
    while (lo < hi) {
        const size_t mid = lo + (hi - lo) / 2;
        if (before(times_[mid]))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

size_t TimelineStore::lowerBound(double t, size_t from) const {
    return partitionPoint(from, [t](double time) { return time < t; });
}

size_t TimelineStore::upperBound(double t, size_t from) const {
    return partitionPoint(from, [t](double time) { return time <= t; });
}

size_t TimelineStore::bytesAllocated() const {
    size_t bytes = times_.bytesAllocated() + durations_.bytesAllocated() + bucketLengths_->capacity() * sizeof(double) +
                   series_.capacity() * sizeof(SeriesColumn);
    for (const auto& s : series_) bytes += s.bytesAllocated();
    return bytes;
}

} // namespace perfdash
