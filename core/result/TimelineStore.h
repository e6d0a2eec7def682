#pragma once
// Every interval of a session in columnar form: one time column shared by
// all series (end time and length of each interval) and one SeriesColumn per
// series. Appending is cheap and never moves stored points; nothing is ever
// dropped, so any zoom level can be drawn from it later.
#include <cstddef>
#include <vector>

#include "core/result/MeasurementResult.h"
#include "core/result/SeriesColumn.h"

namespace perfdash {

class TimelineStore {
public:
    // Drops every point and starts over with `seriesCount` empty series.
    void reset(size_t seriesCount);
    // One interval: its end time t (seconds, increasing), its length, and one
    // sample per series (samples.size() == seriesCount()).
    void append(double t, double dt, const std::vector<CountValue>& samples);

    size_t size() const { return times_.size(); }
    size_t seriesCount() const { return series_.size(); }
    double time(size_t index) const { return times_[index]; }
    double duration(size_t index) const { return durations_[index]; }
    const SeriesColumn& series(size_t series) const { return series_[series]; }

    // First point with time >= t (or > t), searching [from, size()).
    size_t lowerBound(double t, size_t from = 0) const;
    size_t upperBound(double t, size_t from = 0) const;

    size_t bytesAllocated() const;

private:
    template <class Before> size_t partitionPoint(size_t from, Before before) const;

    ChunkedColumn<double, 10> times_;
    ChunkedColumn<double, 10> durations_;
    std::vector<SeriesColumn> series_;
};

} // namespace perfdash
