#pragma once
// The reading side of a perf ring buffer, over any memory: the control page
// (struct perf_event_mmap_page) and a data area of a power-of-two size, as
// the kernel maps them for a sampling event, or as a test lays them out and
// writes records into them itself.
//
// The kernel writes records at data_head and never past data_tail: it
// publishes data_head after the record's bytes (we read it with acquire
// semantics), and it reuses the space only once data_tail, which we store
// with release semantics after the records are consumed, has passed it. A
// record that runs over the end of the data area continues at its start; it
// is handed on whole, copied into a buffer of the reader's own.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <linux/perf_event.h>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/util/Outcome.h"

namespace perfdash {

class RingBuffer {
public:
    // `dataBytes` must be a power of two; `control` and `data` stay owned by the caller.
    RingBuffer(perf_event_mmap_page* control, std::byte* data, size_t dataBytes);

    using RecordSink = std::function<void(std::span<const std::byte> record)>;
    struct Drained {
        size_t records = 0;
        uint64_t bytes = 0;
        // Not empty when the buffer held something that cannot be a record (a
        // size below a header's or beyond what was written): what was left
        // of it was skipped, and this says what was wrong.
        std::string corruption;
    };
    // Hands every whole record between data_tail and data_head to `sink`
    // (the span is valid only during the call), then moves data_tail past them.
    Drained drain(const RecordSink& sink);
    // Bytes written and not yet drained.
    uint64_t pending() const;

private:
    perf_event_mmap_page* control_;
    std::byte* data_;
    size_t size_;
    std::vector<std::byte> wrapped_; // a record that wraps the end, made contiguous
};

// A sampling event's ring buffer mapped from its fd: 1 + dataPages pages.
class MappedRingBuffer {
public:
    // `dataPages` must be a power of two. Errors say what to change: the
    // kernel limits what an unprivileged user may map (kernel.perf_event_mlock_kb).
    static Result<std::unique_ptr<MappedRingBuffer>> map(int fd, size_t dataPages);
    ~MappedRingBuffer();
    MappedRingBuffer(const MappedRingBuffer&) = delete;
    MappedRingBuffer& operator=(const MappedRingBuffer&) = delete;

    RingBuffer& ring() { return ring_; }

private:
    MappedRingBuffer(void* base, size_t bytes, RingBuffer ring) : base_(base), bytes_(bytes), ring_(std::move(ring)) {}
    void* base_;
    size_t bytes_;
    RingBuffer ring_;
};

} // namespace perfdash
