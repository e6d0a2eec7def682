#include "core/sampling/RecordOrdering.h"

#include <algorithm>
#include <cstddef>

namespace perfdash {

namespace {

// Sorts what comes as a few runs each in order (a ring buffer's records, one
// run per buffer drained) by merging the runs: linear in the few there are,
// where a general sort would split and compare them again.
void sortRuns(std::vector<std::pair<uint64_t, uint32_t>>& v) {
    std::vector<size_t> bounds{0};
    for (size_t i = 1; i < v.size(); ++i)
        if (v[i] < v[i - 1]) bounds.push_back(i);
    bounds.push_back(v.size());
    while (bounds.size() > 2) {
        std::vector<size_t> merged{0};
        size_t r = 0;
        for (; r + 2 < bounds.size(); r += 2) {
            std::inplace_merge(v.begin() + static_cast<std::ptrdiff_t>(bounds[r]),
                               v.begin() + static_cast<std::ptrdiff_t>(bounds[r + 1]),
                               v.begin() + static_cast<std::ptrdiff_t>(bounds[r + 2]));
            merged.push_back(bounds[r + 2]);
        }
        if (merged.back() != bounds.back()) merged.push_back(bounds.back()); // an odd run left over
        bounds = std::move(merged);
    }
}

// A record's place in the held records (its time and size beside it) and what its vectors and strings hold.
size_t footprint(const PerfRecord& record) {
    size_t bytes = sizeof(PerfRecord) + 2 * sizeof(uint64_t);
    if (const auto* s = std::get_if<SampleRecord>(&record))
        bytes += s->callchain.capacity() * sizeof(uint64_t) + s->raw.capacity() + s->regsUser.capacity() * sizeof(uint64_t) +
                 s->stackUser.capacity() + s->read.values.capacity() * sizeof(ReadValue);
    else if (const auto* m = std::get_if<MmapRecord>(&record))
        bytes += m->filename.capacity() + m->buildId.capacity();
    else if (const auto* c = std::get_if<CommRecord>(&record))
        bytes += c->comm.capacity();
    return bytes;
}

} // namespace

void RecordOrdering::add(PerfRecord record) {
    const uint64_t time = recordTime(record);
    const size_t bytes = footprint(record);
    heldBytes_ += bytes;
    held_.push_back({time, bytes, std::move(record)});
}

uint64_t RecordOrdering::releaseSorted(uint64_t before, size_t count, const std::function<void(PerfRecord&&)>& sink) {
    // A record is large (a sample's variant with its vectors): sorting the
    // records would move each several times. The times and places of those
    // due are sorted instead (the place keeps records of equal time in the
    // order they came); the rest stay in the order they came, unsorted until
    // they are due, and each record moves at most once a round.
    order_.clear();
    for (size_t i = 0; i < held_.size(); ++i)
        if (held_[i].time < before) order_.emplace_back(held_[i].time, static_cast<uint32_t>(i));
    if (order_.size() > count) {
        std::nth_element(order_.begin(), order_.begin() + static_cast<std::ptrdiff_t>(count), order_.end());
        order_.resize(count);
    }
    sortRuns(order_);
    if (order_.empty()) return 0;
    std::vector<bool> released(held_.size());
    for (const auto& [time, place] : order_) {
        heldBytes_ -= held_[place].bytes;
        sink(std::move(held_[place].record));
        released[place] = true;
    }
    later_.clear();
    for (size_t i = 0; i < held_.size(); ++i)
        if (!released[i]) later_.push_back(std::move(held_[i]));
    held_.swap(later_); // both keep their capacity: a round's records are added without a reallocation
    later_.clear();
    return order_.back().first;
}

void RecordOrdering::release(uint64_t roundStart, const std::function<void(PerfRecord&&)>& sink) {
    releaseSorted(roundStart, SIZE_MAX, sink);
}

void RecordOrdering::releaseAll(const std::function<void(PerfRecord&&)>& sink) {
    releaseSorted(UINT64_MAX, SIZE_MAX, sink);
    for (Held& h : held_) sink(std::move(h.record)); // stamped UINT64_MAX, if any is: in the order they came
    held_.clear();
    heldBytes_ = 0;
}

uint64_t RecordOrdering::releaseEarliest(size_t count, const std::function<void(PerfRecord&&)>& sink) {
    return releaseSorted(UINT64_MAX, count, sink);
}

} // namespace perfdash
