#pragma once
// What a SAMPLE record holds and what trails every other record
// (sample_id_all), as an event's perf_event_attr implies: the parser's key to
// the kernel's bytes, the same for a live ring buffer and a perf.data file.
#include <cstddef>
#include <cstdint>
#include <linux/perf_event.h>

#include "core/util/Outcome.h"

namespace perfdash {

struct SampleLayout {
    uint64_t sampleType = 0;   // PERF_SAMPLE_*
    uint64_t readFormat = 0;   // PERF_FORMAT_*
    uint64_t regsUserMask = 0; // attr.sample_regs_user
    bool sampleIdAll = false;  // attr.sample_id_all: non-SAMPLE records end with a SampleId

    // The layout of `attr`'s records. Refuses the sample_type and read_format
    // bits the parser does not read (BRANCH_STACK, WEIGHT, DATA_SRC, REGS_INTR,
    // ...), naming them, rather than misreading every field after them.
    static Result<SampleLayout> of(const perf_event_attr& attr);

    // Bytes of the sample_id trailer of a non-SAMPLE record (0 without sampleIdAll).
    size_t sampleIdBytes() const;
    // Registers in a SAMPLE's PERF_SAMPLE_REGS_USER part.
    size_t regsUserCount() const;
};

// Fields of a fixed 8 bytes that come after STACK_USER, which perfdash does
// not use but steps over: perf record adds some of them (--call-graph dwarf
// brings DATA_SRC and ADDR), so a perf.data file's samples may have them.
inline constexpr uint64_t kSkippedSampleTypes = PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT | PERF_SAMPLE_DATA_SRC |
                                                PERF_SAMPLE_TRANSACTION | PERF_SAMPLE_PHYS_ADDR | PERF_SAMPLE_CGROUP |
                                                PERF_SAMPLE_DATA_PAGE_SIZE | PERF_SAMPLE_CODE_PAGE_SIZE;
// The sample_type bits SampleLayout::of accepts.
inline constexpr uint64_t kParsedSampleTypes =
    PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ADDR | PERF_SAMPLE_ID |
    PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_READ | PERF_SAMPLE_CALLCHAIN |
    PERF_SAMPLE_RAW | PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER | kSkippedSampleTypes;
inline constexpr uint64_t kParsedReadFormats = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING |
                                               PERF_FORMAT_ID | PERF_FORMAT_GROUP | PERF_FORMAT_LOST;

} // namespace perfdash
