// Perf records built byte by byte, as the kernel writes them, for the tests
// of the ring buffer and the parser: every field where the ABI puts it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <linux/perf_event.h>
#include <string>
#include <vector>

#include "core/sampling/PerfRecord.h"
#include "core/sampling/SampleLayout.h"

namespace perfdash::test {

class RecordBytes {
public:
    explicit RecordBytes(uint32_t type, uint16_t misc = 0) {
        perf_event_header h{type, misc, 0};
        append(&h, sizeof h);
    }
    RecordBytes& u64(uint64_t v) { return append(&v, sizeof v); }
    RecordBytes& u32(uint32_t v) { return append(&v, sizeof v); }
    RecordBytes& u16(uint16_t v) { return append(&v, sizeof v); }
    RecordBytes& u8(uint8_t v) { return append(&v, sizeof v); }
    RecordBytes& zeros(size_t n) {
        bytes_.resize(bytes_.size() + n);
        return *this;
    }
    // A NUL-terminated string padded with NULs to a multiple of 8, as the kernel pads names.
    RecordBytes& string(const std::string& s) {
        append(s.data(), s.size());
        return zeros(8 - s.size() % 8);
    }
    // The sample_id_all trailer, in the kernel's order, as `layout` has it.
    RecordBytes& sampleId(const SampleLayout& layout, const SampleId& id) {
        const uint64_t t = layout.sampleType;
        if (t & PERF_SAMPLE_TID) u32(static_cast<uint32_t>(id.pid)).u32(static_cast<uint32_t>(id.tid));
        if (t & PERF_SAMPLE_TIME) u64(id.time);
        if (t & PERF_SAMPLE_ID) u64(id.id);
        if (t & PERF_SAMPLE_STREAM_ID) u64(id.streamId);
        if (t & PERF_SAMPLE_CPU) u32(static_cast<uint32_t>(id.cpu)).u32(0);
        if (t & PERF_SAMPLE_IDENTIFIER) u64(id.id);
        return *this;
    }
    // The record with its header's size filled in.
    std::vector<std::byte> bytes() const {
        std::vector<std::byte> out = bytes_;
        const uint16_t size = static_cast<uint16_t>(out.size());
        std::memcpy(out.data() + offsetof(perf_event_header, size), &size, sizeof size);
        return out;
    }

private:
    RecordBytes& append(const void* p, size_t n) {
        const size_t at = bytes_.size();
        bytes_.resize(at + n);
        std::memcpy(bytes_.data() + at, p, n);
        return *this;
    }
    std::vector<std::byte> bytes_;
};

// The layout SamplingEvents gives its leader with frame-pointer call stacks.
inline SampleLayout samplingLayout() {
    SampleLayout l;
    l.sampleType = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD |
                   PERF_SAMPLE_ID | PERF_SAMPLE_READ | PERF_SAMPLE_CALLCHAIN;
    l.readFormat = PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
    l.sampleIdAll = true;
    return l;
}

// A LOST record of that layout.
inline std::vector<std::byte> lostRecord(uint64_t id, uint64_t lost, const SampleId& sid) {
    return RecordBytes(PERF_RECORD_LOST).u64(id).u64(lost).sampleId(samplingLayout(), sid).bytes();
}

// A THROTTLE (or UNTHROTTLE) record of that layout.
inline std::vector<std::byte> throttleRecord(bool throttled, uint64_t time, uint64_t id, const SampleId& sid) {
    return RecordBytes(throttled ? PERF_RECORD_THROTTLE : PERF_RECORD_UNTHROTTLE)
        .u64(time)
        .u64(id)
        .u64(0)
        .sampleId(samplingLayout(), sid)
        .bytes();
}

// A SAMPLE of that layout (period 1000): ip, pid/tid, time, id, cpu, period, a group read of `values` and a callchain.
inline std::vector<std::byte> sampleRecord(uint64_t ip, int pid, int tid, uint64_t time, int cpu, uint64_t id,
                                           const std::vector<std::pair<uint64_t, uint64_t>>& valuesAndIds,
                                           const std::vector<uint64_t>& callchain = {}) {
    RecordBytes r(PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER);
    r.u64(ip).u32(static_cast<uint32_t>(pid)).u32(static_cast<uint32_t>(tid)).u64(time).u64(id);
    r.u32(static_cast<uint32_t>(cpu)).u32(0).u64(1000); // cpu, reserved, period
    r.u64(valuesAndIds.size()).u64(5000).u64(4000); // nr, time enabled, time running
    for (const auto& [value, valueId] : valuesAndIds) r.u64(value).u64(valueId);
    r.u64(callchain.size());
    for (uint64_t a : callchain) r.u64(a);
    return r.bytes();
}

} // namespace perfdash::test
