#include "core/sampling/RecordQueue.h"

#include <type_traits>

namespace perfdash {

size_t recordFootprint(const PerfRecord& record) {
    const size_t dynamic = std::visit(
        [](const auto& r) -> size_t {
            using R = std::decay_t<decltype(r)>;
            if constexpr (std::is_same_v<R, SampleRecord>)
                return r.read.values.capacity() * sizeof(ReadValue) + r.callchain.capacity() * 8 + r.raw.capacity() +
                       r.regsUser.capacity() * 8 + r.stackUser.capacity();
            else if constexpr (std::is_same_v<R, MmapRecord>) return r.filename.capacity() + r.buildId.capacity();
            else if constexpr (std::is_same_v<R, CommRecord>) return r.comm.capacity();
            else return 0;
        },
        record);
    return sizeof(PerfRecord) + dynamic;
}

RecordQueue::RecordQueue(size_t capacityBytes) : capacity_(capacityBytes) {}

bool RecordQueue::push(PerfRecord record) {
    const size_t bytes = recordFootprint(record);
    const bool sample = std::holds_alternative<SampleRecord>(record);
    const size_t limit = sample ? capacity_ : capacity_ + capacity_ / 4;
    {
        std::lock_guard lock(mutex_);
        if (closed_ || bytes_ + bytes > limit) return false;
        bytes_ += bytes;
        records_.push_back(std::move(record));
    }
    arrived_.notify_one();
    return true;
}

bool RecordQueue::take(std::vector<PerfRecord>& out, std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    arrived_.wait_for(lock, timeout, [&] { return !records_.empty() || closed_; });
    if (records_.empty()) return !closed_;
    for (PerfRecord& r : records_) out.push_back(std::move(r));
    records_.clear();
    bytes_ = 0;
    return true;
}

void RecordQueue::close() {
    {
        std::lock_guard lock(mutex_);
        closed_ = true;
    }
    arrived_.notify_all();
}

size_t RecordQueue::queuedBytes() const {
    std::lock_guard lock(mutex_);
    return bytes_;
}

} // namespace perfdash
