#pragma once
// The bridge from core/sampling's records to core/symbols' plain data: an
// MMAP2 record (the kernel's, or one core/sampling synthesised from
// /proc/PID/maps) as the Mapping the symbolizer and the unwinder read.
// /proc/PID/maps is parsed in one place only, core/sampling/ProcSnapshot.h.
#include <string_view>
#include <vector>

#include "core/sampling/PerfRecord.h"
#include "core/symbols/Mapping.h"
#include "core/util/Outcome.h"

namespace perfdash {

Mapping mappingOf(const MmapRecord& record);

// The executable mappings of a /proc/PID/maps text; an error names the line
// that is not in the kernel's format.
Result<std::vector<Mapping>> mappingsOfProcMaps(std::string_view text, int pid);

// The executable mappings of a running process (its program, libraries,
// [vdso], a JIT's anonymous code), as a sampling run learns them; an error
// names the process when it is gone or may not be inspected.
Result<std::vector<Mapping>> processMappings(int pid);

} // namespace perfdash
