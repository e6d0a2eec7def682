// The records of a perf ring buffer (and, later, of a perf.data file): the
// kernel's bytes in any layout an event's attr may give them, read through
// the ring buffer, which wraps them around its end, and the record parser.
// Input: sample_type, read_format, sample_regs_user (8 bytes each), one byte
// of sample_id_all (bit 0) and where in the ring the records start (the other
// bits, in 8-byte steps), then the records as the kernel writes them.
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <linux/perf_event.h>
#include <vector>

#include "core/sampling/RecordParser.h"
#include "core/sampling/RingBuffer.h"

using namespace perfdash;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    constexpr size_t kPrefix = 25;
    if (size < kPrefix) return 0;
    uint64_t words[3];
    std::memcpy(words, data, sizeof words);
    SampleLayout layout;
    layout.sampleType = words[0] & kParsedSampleTypes;
    layout.readFormat = words[1] & kParsedReadFormats;
    layout.regsUserMask = words[2];
    layout.sampleIdAll = data[24] & 1;
    const std::byte* records = reinterpret_cast<const std::byte*>(data + kPrefix);
    const size_t length = std::min<size_t>(size - kPrefix, 1 << 17);

    // A ring just large enough, the records written from an offset so that they wrap its end.
    const size_t ringBytes = std::bit_ceil(std::max<size_t>(length, 64));
    const uint64_t start = (static_cast<uint64_t>(data[24] >> 1) * 8) % ringBytes;
    std::vector<std::byte> ring(ringBytes);
    for (size_t i = 0; i < length; ++i) ring[(start + i) % ringBytes] = records[i];
    perf_event_mmap_page control{};
    control.data_tail = start;
    control.data_head = start + length;
    RingBuffer buffer(&control, ring.data(), ringBytes);
    buffer.drain([&](std::span<const std::byte> record) { (void)parseRecord(record, layout); });
    // The whole input as one record, as a perf.data reader would hand it over.
    (void)parseRecord(std::span<const std::byte>(records, length), layout);
    return 0;
}
