#include "core/measurement/SampleStore.h"

#include <algorithm>

namespace perfdash {

SampleStore::SampleStore(size_t capacity) : ring_(std::max<size_t>(capacity, 2)) {}

uint64_t SampleStore::push(const Snapshot& snapshot) {
    uint64_t seq;
    {
        std::lock_guard lock(mutex_);
        seq = nextSeq_++;
        Snapshot& slot = ring_[seq % ring_.size()];
        slot.seq = seq;
        slot.monotonicNs = snapshot.monotonicNs;
        slot.values.assign(snapshot.values.begin(), snapshot.values.end()); // reuses the slot's capacity
        slot.residentNs.assign(snapshot.residentNs.begin(), snapshot.residentNs.end());
        retained_ = std::min(retained_ + 1, ring_.size());
    }
    pushed_.notify_all();
    return seq;
}

void SampleStore::close() {
    {
        std::lock_guard lock(mutex_);
        closed_ = true;
    }
    pushed_.notify_all();
}

SampleStore::Batch SampleStore::since(uint64_t seq) const {
    Batch batch;
    std::lock_guard lock(mutex_);
    const uint64_t oldest = nextSeq_ - retained_;
    const uint64_t from = std::max(seq, oldest);
    batch.dropped = seq < oldest ? oldest - seq : 0;
    if (from < nextSeq_) {
        batch.snapshots.reserve(nextSeq_ - from);
        for (uint64_t s = from; s < nextSeq_; ++s) batch.snapshots.push_back(ring_[s % ring_.size()]);
    }
    batch.nextSeq = std::max(seq, nextSeq_);
    batch.closed = closed_;
    return batch;
}

bool SampleStore::waitFor(uint64_t seq, std::chrono::nanoseconds timeout) const {
    std::unique_lock lock(mutex_);
    return pushed_.wait_for(lock, timeout, [&] { return closed_ || nextSeq_ > seq; });
}

std::optional<Snapshot> SampleStore::latest() const {
    std::lock_guard lock(mutex_);
    if (retained_ == 0) return std::nullopt;
    return ring_[(nextSeq_ - 1) % ring_.size()];
}

uint64_t SampleStore::pushedCount() const {
    std::lock_guard lock(mutex_);
    return nextSeq_;
}

size_t SampleStore::footprintBytes() const {
    std::lock_guard lock(mutex_);
    size_t bytes = ring_.capacity() * sizeof(Snapshot);
    for (const auto& s : ring_)
        bytes += s.values.capacity() * sizeof(CounterValue) + s.residentNs.capacity() * sizeof(uint64_t);
    return bytes;
}

} // namespace perfdash
