#pragma once
// The file a session's module is to be read from again (to disassemble it),
// proven the same by its build-id: under each symbol root first, as perf's
// --symfs does (ROOT + the recorded path: a copy of the recorded machine's
// files), then at the recorded path itself. Never a file with another
// build-id: its code would be another program's.
#include <string>
#include <vector>

#include "core/util/Outcome.h"

namespace perfdash {

// `path` as recorded, with its build-id (hex; "" where the file had none:
// then the first file found is taken unchecked). An error names each file
// looked at and what was wrong with it (missing, another build-id), and
// the fix.
Result<std::string> findRecordedBinary(const std::string& path, const std::string& buildId,
                                       const std::vector<std::string>& roots);

} // namespace perfdash
