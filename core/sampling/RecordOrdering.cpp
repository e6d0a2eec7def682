#include "core/sampling/RecordOrdering.h"

#include <algorithm>

namespace perfdash {

void RecordOrdering::add(PerfRecord record) {
    const uint64_t time = recordTime(record);
    held_.push_back({time, std::move(record)});
}

void RecordOrdering::release(uint64_t roundStart, const std::function<void(PerfRecord&&)>& sink) {
    std::stable_sort(held_.begin(), held_.end(), [](const Held& a, const Held& b) { return a.time < b.time; });
    const auto firstLater =
        std::partition_point(held_.begin(), held_.end(), [&](const Held& h) { return h.time < roundStart; });
    for (auto it = held_.begin(); it != firstLater; ++it) sink(std::move(it->record));
    held_.erase(held_.begin(), firstLater);
}

void RecordOrdering::releaseAll(const std::function<void(PerfRecord&&)>& sink) {
    release(UINT64_MAX, sink);
    for (Held& h : held_) sink(std::move(h.record));
    held_.clear();
}

} // namespace perfdash
