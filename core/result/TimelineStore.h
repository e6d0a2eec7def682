#pragma once
// Every interval of a run in columnar form: one time column shared by
// all series (end time and length of each interval) and one SeriesColumn per
// series. Appending is cheap and never moves stored points.
//
// Unlimited (the default), every value is kept. With limits (the dashboard's
// live store), the series keep only the newest `fullResolution` intervals
// point by point, and fold older ones, one at a time, into at most
// `maxBuckets` buckets of equal count per series (the newest one filling), each with its values' duration-weighted sum, lowest
// and highest value and lowest coverage; when the buckets are full,
// neighbours merge and each holds twice as many intervals. So a series costs
// the same after 1 min or 10 h, sums over whole buckets stay exact, and a
// chart of the whole run drawn at pixel resolution loses nothing visible as
// long as a bucket is no wider than a pixel. The times stay per interval
// (16 bytes each, shared by all series): every interval keeps its index, and
// the readers' index arithmetic stays as it is. What the buckets lose (each
// value of an old interval) is in the session file: the recorder writes
// every interval as it comes (SessionJournal).
#include <cstddef>
#include <limits>
#include <memory>
#include <vector>

#include "core/result/MeasurementResult.h"
#include "core/result/SeriesColumn.h"

namespace perfdash {

struct TimelineLimits {
    size_t fullResolution = std::numeric_limits<size_t>::max(); // the newest intervals kept point by point
    size_t maxBuckets = 1024;                                   // per series, even
    bool unlimited() const { return fullResolution == std::numeric_limits<size_t>::max(); }
};

class TimelineStore {
public:
    // Drops every point and starts over with `seriesCount` empty series.
    void reset(size_t seriesCount, TimelineLimits limits = {});
    // One interval: its end time t (seconds, increasing), its length, and one
    // sample per series (samples.size() == seriesCount()).
    void append(double t, double dt, const std::vector<CountValue>& samples);

    size_t size() const { return times_.size(); }
    size_t seriesCount() const { return series_.size(); }
    double time(size_t index) const { return times_[index]; }
    double duration(size_t index) const { return durations_[index]; }
    const SeriesColumn& series(size_t series) const { return series_[series]; }
    // Intervals [0, coarseEnd()) are kept as buckets of bucketSize() intervals (1 and 0 while none are).
    size_t bucketSize() const { return bucketSize_; }
    size_t coarseEnd() const { return coarseEnd_; }
    // Intervals [begin, end) of a series, weighted by their lengths (SeriesColumn::weightedSum).
    WeightedSum weightedSum(size_t series, size_t begin, size_t end) const;

    // First point with time >= t (or > t), searching [from, size()).
    size_t lowerBound(double t, size_t from = 0) const;
    size_t upperBound(double t, size_t from = 0) const;

    size_t bytesAllocated() const;

private:
    template <class Before> size_t partitionPoint(size_t from, Before before) const;

    TimeColumn times_;
    TimeColumn durations_;
    // Each bucket's length, summed and merged as the series sum and merge
    // their weights: the weight of every series whose values were all there
    // (SeriesColumn::shareBucketLengths). On the heap, so that the series'
    // pointer to it survives a move of the store (which cannot be copied).
    std::unique_ptr<std::vector<double>> bucketLengths_ = std::make_unique<std::vector<double>>();
    std::vector<SeriesColumn> series_;
    TimelineLimits limits_;
    size_t bucketSize_ = 1;
    size_t coarseEnd_ = 0;
};

} // namespace perfdash
