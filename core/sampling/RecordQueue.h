#pragma once
// Between the thread that drains the ring buffers and whoever consumes the
// records: a queue bounded in bytes that never blocks its producer. The ring
// buffers must be drained whatever the consumer does (a full ring buffer
// makes the kernel drop records), so when the consumer falls behind the queue
// refuses records instead, and the producer counts what was refused.
//
// Samples are refused once the queue holds `capacityBytes`. Other records
// (MMAP2, COMM, FORK, EXIT, ...) may use a reserve of a quarter more: they
// are rare, and a lost MMAP2 or COMM would misname every later sample of its
// process. Beyond that reserve they are refused too.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <vector>

#include "core/sampling/PerfRecord.h"

namespace perfdash {

// The memory a record takes, its vectors and strings included.
size_t recordFootprint(const PerfRecord& record);

class RecordQueue {
public:
    explicit RecordQueue(size_t capacityBytes);

    // False when the record was refused (the queue is full, or closed).
    bool push(PerfRecord record);
    // Waits up to `timeout` for records, then appends all that are queued
    // to `out`. False once the queue is closed and empty: nothing will come.
    bool take(std::vector<PerfRecord>& out, std::chrono::milliseconds timeout);
    // No more pushes; take() hands out what is left, then returns false.
    void close();

    size_t queuedBytes() const;

private:
    const size_t capacity_;
    mutable std::mutex mutex_;
    std::condition_variable arrived_;
    std::deque<PerfRecord> records_;
    size_t bytes_ = 0;
    bool closed_ = false;
};

} // namespace perfdash
