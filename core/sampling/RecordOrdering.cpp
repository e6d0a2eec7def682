#include "core/sampling/RecordOrdering.h"

#include <algorithm>
#include <cstddef>

namespace perfdash {

void sortTimeRuns(std::vector<std::pair<uint64_t, uint32_t>>& v) {
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

namespace {

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
    held_.add(time, bytes, std::move(record));
}

void RecordOrdering::release(uint64_t roundStart, const std::function<void(PerfRecord&&)>& sink) {
    held_.release(roundStart, SIZE_MAX, sink);
}

void RecordOrdering::releaseAll(const std::function<void(PerfRecord&&)>& sink) { held_.releaseAll(sink); }

uint64_t RecordOrdering::releaseEarliest(size_t count, const std::function<void(PerfRecord&&)>& sink) {
    return held_.release(UINT64_MAX, count, sink);
}

} // namespace perfdash
