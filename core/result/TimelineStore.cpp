#include "core/result/TimelineStore.h"

namespace perfdash {

void TimelineStore::reset(size_t seriesCount) {
    times_.clear();
    durations_.clear();
    series_.clear();
    series_.resize(seriesCount);
}

void TimelineStore::append(double t, double dt, const std::vector<CountValue>& samples) {
    times_.push_back(t);
    durations_.push_back(dt);
    for (size_t s = 0; s < series_.size(); ++s) {
        const CountValue sample = s < samples.size() ? samples[s] : CountValue{};
        series_[s].append(sample.value, sample.coverage);
    }
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
    size_t bytes = times_.bytesAllocated() + durations_.bytesAllocated() + series_.capacity() * sizeof(SeriesColumn);
    for (const auto& s : series_) bytes += s.bytesAllocated();
    return bytes;
}

} // namespace perfdash
