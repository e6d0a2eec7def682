#pragma once
// The feature sections perfdash reads out of a perf.data file: build-ids,
// perf's command line, the events' names (EVENT_DESC), groups, host, kernel,
// perf version, compression, and the machine: CPUs (NRCPUS, CPUDESC, CPUID,
// CPU_TOPOLOGY), memory (TOTAL_MEM, NUMA_TOPOLOGY). The same bytes come after the data in
// file mode and inside HEADER_FEATURE records in pipe mode. Every length is
// checked against the section; an error names the feature and what is wrong.
#include <cstdint>
#include <span>
#include <string>

#include "core/perfdata/PerfDataInfo.h"
#include "core/sampling/FieldReader.h"
#include "core/util/Outcome.h"

namespace perfdash {

// Reads feature `feature`'s section `bytes` into `info`; `where` names the
// section in an error ("FILE: feature BUILD_ID at offset 123"). Features
// perfdash does not need are left alone (true).
Status readFeature(uint32_t feature, std::span<const std::byte> bytes, const std::string& where, PerfDataInfo& info);

// Reads one attr of `attrBytes` bytes (the file's size of it) at the
// reader's place: as much of it as perf_event_attr holds, the rest zero.
perf_event_attr readAttr(FieldReader& r, size_t attrBytes);

// "BUILD_ID", "EVENT_DESC", ..., or "feature 42".
std::string featureName(uint32_t feature);

} // namespace perfdash
