#pragma once
// The bounded buffer between the sampler thread (producer) and whoever
// shows the samples (consumer: the CLI, the GUI at frame rate).
//
// A ring of at most `capacity` snapshots, numbered by sequence (0, 1, 2, ...).
// The consumer keeps the next sequence number it wants and pulls everything
// from there. When it falls behind by more than the capacity, the oldest
// snapshots are overwritten and the consumer learns how many it missed.
// Because snapshots are cumulative, missing some loses no counts, only time
// resolution: the delta from the last snapshot the consumer saw to the next
// one it gets covers the missed intervals together.
//
// Memory is bounded by the capacity whatever the run length: slots are
// reused, and once the ring has wrapped a push allocates nothing. The lock is
// held only to copy snapshots in or out, so a GUI thread never waits for a
// counter read.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

#include "core/backends/CounterBackend.h"

namespace perfdash {

class SampleStore {
public:
    explicit SampleStore(size_t capacity); // at least 2 (a delta needs two)

    // Stores a copy with the next sequence number (overwriting snapshot.seq) and returns that number.
    uint64_t push(const Snapshot& snapshot);
    // The producer is done: waiters wake, later pulls report closed.
    void close();

    struct Batch {
        std::vector<Snapshot> snapshots; // in sequence order
        uint64_t dropped = 0;  // snapshots at or after the requested sequence that were overwritten
        uint64_t nextSeq = 0;  // pass this to the next since()
        bool closed = false;   // no more snapshots will come
    };
    // Everything retained with seq >= `seq`. Never blocks on the producer.
    Batch since(uint64_t seq) const;
    // Blocks until a snapshot with seq >= `seq` exists, the store is closed or
    // the timeout passes; true unless it timed out. For consumers that wait
    // (the CLI); a GUI polls since() from a timer instead.
    bool waitFor(uint64_t seq, std::chrono::nanoseconds timeout) const;
    std::optional<Snapshot> latest() const;

    size_t capacity() const { return ring_.size(); }
    uint64_t pushedCount() const;
    // Bytes the retained snapshots occupy now (ring slots and their values).
    size_t footprintBytes() const;

private:
    std::vector<Snapshot> ring_;
    mutable std::mutex mutex_;
    mutable std::condition_variable pushed_;
    uint64_t nextSeq_ = 0; // sequence number of the next push
    size_t retained_ = 0;  // snapshots in the ring, at most capacity
    bool closed_ = false;
};

} // namespace perfdash
