#pragma once
// Puts the records of several ring buffers (one per CPU) into time order.
// Each buffer is in time order by itself, but a task that exec'd on CPU 0
// and was sampled on CPU 1 a moment later has its MMAP2 in one buffer and
// its sample in another. The reader drains every buffer in rounds; a round
// starts at time T (the events' clock) before any buffer is read, so every
// record stamped before T is drained in that round, whichever buffer holds it.
// Records of a round stamped before T are therefore complete and are released
// in time order; later ones wait for the next round (perf's "finished round").
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "core/sampling/PerfRecord.h"

namespace perfdash {

class RecordOrdering {
public:
    void add(PerfRecord record);
    // Hands `sink` every record stamped before `roundStart`, in time order
    // (records of equal time in the order they were added).
    void release(uint64_t roundStart, const std::function<void(PerfRecord&&)>& sink);
    // Hands on everything held, in time order: after the last round.
    void releaseAll(const std::function<void(PerfRecord&&)>& sink);
    // Hands on the `count` earliest records held, in time order, whatever
    // their round: for a reader that must bound what it holds. Returns the
    // time of the last one handed on (0 where none was).
    uint64_t releaseEarliest(size_t count, const std::function<void(PerfRecord&&)>& sink);
    size_t held() const { return held_.size(); }
    // What the records held take in memory, about (their vectors' and
    // strings' contents counted): what a reader bounds.
    size_t heldBytes() const { return heldBytes_; }

private:
    struct Held {
        uint64_t time;
        size_t bytes;
        PerfRecord record;
    };
    // Hands on, in time order, the records before `before`, at most `count`;
    // returns the last one's time.
    uint64_t releaseSorted(uint64_t before, size_t count, const std::function<void(PerfRecord&&)>& sink);
    std::vector<Held> held_;
    size_t heldBytes_ = 0;
    std::vector<Held> later_; // those not yet due, on their way back into held_
    std::vector<std::pair<uint64_t, uint32_t>> order_; // the due records' times and places in held_ (kept for its capacity)
};

} // namespace perfdash
