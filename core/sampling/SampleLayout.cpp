#include "core/sampling/SampleLayout.h"

#include <bit>
#include <string>
#include <vector>

#include "core/util/Strings.h"

namespace perfdash {

namespace {

// perf_event_sample_format's names, for the bits a layout may not have.
const char* sampleTypeName(uint64_t bit) {
    switch (bit) {
    case PERF_SAMPLE_BRANCH_STACK: return "BRANCH_STACK";
    case PERF_SAMPLE_WEIGHT: return "WEIGHT";
    case PERF_SAMPLE_DATA_SRC: return "DATA_SRC";
    case PERF_SAMPLE_TRANSACTION: return "TRANSACTION";
    case PERF_SAMPLE_REGS_INTR: return "REGS_INTR";
    case PERF_SAMPLE_PHYS_ADDR: return "PHYS_ADDR";
    case PERF_SAMPLE_AUX: return "AUX";
    case PERF_SAMPLE_CGROUP: return "CGROUP";
    case PERF_SAMPLE_DATA_PAGE_SIZE: return "DATA_PAGE_SIZE";
    case PERF_SAMPLE_CODE_PAGE_SIZE: return "CODE_PAGE_SIZE";
    case PERF_SAMPLE_WEIGHT_STRUCT: return "WEIGHT_STRUCT";
    default: return nullptr;
    }
}

std::string bitNames(uint64_t bits) {
    std::vector<std::string> names;
    for (uint64_t rest = bits; rest; rest &= rest - 1) {
        const uint64_t bit = rest & -rest;
        const char* name = sampleTypeName(bit);
        names.push_back(name ? name : "bit " + std::to_string(std::countr_zero(bit)));
    }
    return join(names, ", ");
}

} // namespace

Result<SampleLayout> SampleLayout::of(const perf_event_attr& attr) {
    if (const uint64_t unread = attr.sample_type & ~kParsedSampleTypes)
        return makeError("the sample type asks for " + bitNames(unread) +
                         ", which perfdash does not read (it reads IP, TID, TIME, ADDR, ID, IDENTIFIER, STREAM_ID, "
                         "CPU, PERIOD, READ, CALLCHAIN, RAW, REGS_USER and STACK_USER, and steps over WEIGHT, DATA_SRC, "
                         "TRANSACTION, PHYS_ADDR, CGROUP and the page sizes)");
    if (const uint64_t unread = attr.read_format & ~kParsedReadFormats)
        return makeError("the read format has bits perfdash does not read (" + hex(unread) + ")");
    SampleLayout layout;
    layout.sampleType = attr.sample_type;
    layout.readFormat = attr.read_format;
    layout.regsUserMask = (attr.sample_type & PERF_SAMPLE_REGS_USER) ? attr.sample_regs_user : 0;
    layout.sampleIdAll = attr.sample_id_all;
    return layout;
}

size_t SampleLayout::sampleIdBytes() const {
    if (!sampleIdAll) return 0;
    size_t bytes = 0;
    for (uint64_t bit : {PERF_SAMPLE_TID, PERF_SAMPLE_TIME, PERF_SAMPLE_ID, PERF_SAMPLE_STREAM_ID, PERF_SAMPLE_CPU,
                         PERF_SAMPLE_IDENTIFIER})
        if (sampleType & bit) bytes += 8;
    return bytes;
}

size_t SampleLayout::regsUserCount() const { return static_cast<size_t>(std::popcount(regsUserMask)); }

} // namespace perfdash
