#include "core/sampling/RingBuffer.h"

#include <bit>
#include <cerrno>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

#include "core/util/Strings.h"
#include "core/util/SystemError.h"

namespace perfdash {

RingBuffer::RingBuffer(perf_event_mmap_page* control, std::byte* data, size_t dataBytes)
    : control_(control), data_(data), size_(dataBytes) {}

uint64_t RingBuffer::pending() const {
    return __atomic_load_n(&control_->data_head, __ATOMIC_ACQUIRE) - __atomic_load_n(&control_->data_tail, __ATOMIC_RELAXED);
}

RingBuffer::Drained RingBuffer::drain(const RecordSink& sink) {
    Drained result;
    // Acquire: the record bytes the kernel wrote before publishing this head are visible below.
    const uint64_t head = __atomic_load_n(&control_->data_head, __ATOMIC_ACQUIRE);
    uint64_t tail = __atomic_load_n(&control_->data_tail, __ATOMIC_RELAXED); // only we write it
    const uint64_t mask = size_ - 1;
    if (head - tail > size_) {
        result.corruption = "the ring buffer's head is " + std::to_string(head - tail) + " bytes ahead of its tail, more than its " +
                            std::to_string(size_) + " bytes";
        tail = head;
    }
    while (tail != head) {
        const uint64_t available = head - tail;
        const size_t offset = tail & mask;
        perf_event_header header{};
        if (available < sizeof header) {
            result.corruption = std::to_string(available) + " bytes at the end of the ring buffer are too few for a record header";
            tail = head;
            break;
        }
        const size_t firstPart = std::min(sizeof header, size_ - offset);
        std::memcpy(&header, data_ + offset, firstPart);
        std::memcpy(reinterpret_cast<std::byte*>(&header) + firstPart, data_, sizeof header - firstPart);
        if (header.size < sizeof header || header.size > available) {
            result.corruption = "a record in the ring buffer claims " + std::to_string(header.size) +
                                " bytes, with " + std::to_string(available) + " written";
            tail = head;
            break;
        }
        if (offset + header.size <= size_) {
            sink(std::span<const std::byte>(data_ + offset, header.size));
        } else {
            const size_t before = size_ - offset;
            wrapped_.resize(header.size);
            std::memcpy(wrapped_.data(), data_ + offset, before);
            std::memcpy(wrapped_.data() + before, data_, header.size - before);
            sink(std::span<const std::byte>(wrapped_.data(), header.size));
        }
        tail += header.size;
        ++result.records;
        result.bytes += header.size;
    }
    // Release: the kernel may overwrite the space only after we have read it.
    __atomic_store_n(&control_->data_tail, tail, __ATOMIC_RELEASE);
    return result;
}

Result<std::unique_ptr<MappedRingBuffer>> MappedRingBuffer::map(int fd, size_t dataPages) {
    if (dataPages == 0 || !std::has_single_bit(dataPages))
        return makeError("a ring buffer of " + std::to_string(dataPages) +
                         " data pages is not possible: the kernel takes a power of two (e.g. 128)");
    const size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    const size_t bytes = (1 + dataPages) * page;
    void* base = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (base == MAP_FAILED) {
        const int err = errno;
        const std::string size = std::to_string(dataPages * page / 1024) + " KiB";
        if (err == EPERM || err == ENOMEM) {
            const auto limit = readFirstLine("/proc/sys/kernel/perf_event_mlock_kb");
            return makeError("cannot map a sampling ring buffer of " + size +
                             " per CPU: this user may lock only kernel.perf_event_mlock_kb = " +
                             (limit ? *limit : std::string("?")) +
                             " KiB per CPU for perf; use fewer data pages per CPU (--mmap-pages), raise the limit with 'sysctl "
                             "kernel.perf_event_mlock_kb=N', or run as root (" + systemErrorText(err) + ")");
        }
        return makeError("cannot map a sampling ring buffer of " + size + ": " + systemErrorText(err));
    }
    auto* control = static_cast<perf_event_mmap_page*>(base);
    RingBuffer ring(control, static_cast<std::byte*>(base) + page, dataPages * page);
    return std::unique_ptr<MappedRingBuffer>(new MappedRingBuffer(base, bytes, std::move(ring)));
}

MappedRingBuffer::~MappedRingBuffer() { ::munmap(base_, bytes_); }

} // namespace perfdash
