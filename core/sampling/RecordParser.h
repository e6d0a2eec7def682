#pragma once
// One perf record's bytes into a typed PerfRecord (PerfRecord.h), by the
// layout its event's attr implies (SampleLayout.h). Every field is read within
// the record's bounds: a record that is truncated, too long for its layout, or
// whose lengths disagree is an error naming the record and what is wrong,
// never a read past its end. Nothing here knows where the bytes came from (a
// ring buffer, a perf.data file).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "core/sampling/PerfRecord.h"
#include "core/sampling/SampleLayout.h"
#include "core/util/Outcome.h"

namespace perfdash {

// `bytes` is one whole record, its perf_event_header included; its header's
// size must be bytes.size().
Result<PerfRecord> parseRecord(std::span<const std::byte> bytes, const SampleLayout& layout);

// A SAMPLE record's time, read where `layout` puts it without parsing the
// rest (for a reader that orders records before it parses them); 0 where the
// layout has no time or the record is too short for it (its parse says why).
uint64_t sampleTimeOf(std::span<const std::byte> bytes, const SampleLayout& layout);

// "MMAP2", "SAMPLE", ..., or "type 42" for one the kernel's header does not name.
std::string recordTypeName(uint32_t type);

} // namespace perfdash
