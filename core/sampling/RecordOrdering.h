#pragma once
// Puts the records of several ring buffers (one per CPU) into time order.
// Each buffer is in time order by itself, but a task that exec'd on CPU 0
// and was sampled on CPU 1 a moment later has its MMAP2 in one buffer and
// its sample in another. The reader drains every buffer in rounds; a round
// starts at time T (the events' clock) before any buffer is read, so every
// record stamped before T is drained in that round, whichever buffer holds it.
// Records of a round stamped before T are therefore complete and are released
// in time order; later ones wait for the next round (perf's "finished round").
//
// TimeOrdering holds any kind of record with its time: a live run's parsed
// records (RecordOrdering below), or a perf.data file's records still as
// bytes (PerfDataReader, which parses each only when it goes on).
#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <functional>
#include <utility>
#include <vector>

#include "core/sampling/PerfRecord.h"

namespace perfdash {

// Sorts (time, place) pairs that come as a few runs each in order (a ring
// buffer's records, one run per buffer drained) by merging the runs: linear
// in the few there are, where a general sort would split and compare them again.
void sortTimeRuns(std::vector<std::pair<uint64_t, uint32_t>>& v);

template <typename Record>
class TimeOrdering {
public:
    // `bytes`: what the record takes in memory, about (what a reader bounds).
    void add(uint64_t time, size_t bytes, Record&& record) {
        heldBytes_ += bytes;
        held_.push_back(Held{time, bytes, std::move(record)});
    }
    // Hands `sink` (called with Record&&), in time order, the records
    // stamped before `before`, at most `count` of them (records of equal
    // time in the order they were added); returns the last one's time (0
    // where none went on).
    template <typename Sink>
    uint64_t release(uint64_t before, size_t count, Sink&& sink);
    // Hands on everything held, in time order: after the last round.
    template <typename Sink>
    void releaseAll(Sink&& sink) {
        release(UINT64_MAX, SIZE_MAX, sink);
        for (Held& h : held_) sink(std::move(h.record)); // stamped UINT64_MAX, if any is: in the order they came
        held_.clear();
        heldBytes_ = 0;
    }
    size_t held() const { return held_.size(); }
    size_t heldBytes() const { return heldBytes_; }
    // The record held longest (the first added of those held), or null.
    const Record* oldest() const { return held_.empty() ? nullptr : &held_.front().record; }

private:
    struct Held {
        uint64_t time;
        size_t bytes;
        Record record;
    };
    std::vector<Held> held_;
    size_t heldBytes_ = 0;
    std::vector<Held> later_; // those not yet due, on their way back into held_
    std::vector<std::pair<uint64_t, uint32_t>> order_; // the due records' times and places in held_ (kept for its capacity)
    std::vector<bool> released_;
};

template <typename Record>
template <typename Sink>
uint64_t TimeOrdering<Record>::release(uint64_t before, size_t count, Sink&& sink) {
    // A record may be large (a sample's variant with its vectors): sorting
    // the records would move each several times. The times and places of
    // those due are sorted instead (the place keeps records of equal time in
    // the order they came); the rest stay in the order they came, unsorted
    // until they are due, and each record moves at most once a round.
    order_.clear();
    for (size_t i = 0; i < held_.size(); ++i)
        if (held_[i].time < before) order_.emplace_back(held_[i].time, static_cast<uint32_t>(i));
    if (order_.size() > count) {
        std::nth_element(order_.begin(), order_.begin() + static_cast<std::ptrdiff_t>(count), order_.end());
        order_.resize(count);
    }
    sortTimeRuns(order_);
    if (order_.empty()) return 0;
    released_.assign(held_.size(), false);
    for (const auto& [time, place] : order_) {
        heldBytes_ -= held_[place].bytes;
        sink(std::move(held_[place].record));
        released_[place] = true;
    }
    later_.clear();
    for (size_t i = 0; i < held_.size(); ++i)
        if (!released_[i]) later_.push_back(std::move(held_[i]));
    held_.swap(later_); // both keep their capacity: a round's records are added without a reallocation
    later_.clear();
    return order_.back().first;
}

// A live run's parsed records.
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
    size_t held() const { return held_.held(); }
    // What the records held take in memory, about (their vectors' and
    // strings' contents counted): what a reader bounds.
    size_t heldBytes() const { return held_.heldBytes(); }

private:
    TimeOrdering<PerfRecord> held_;
};

} // namespace perfdash
