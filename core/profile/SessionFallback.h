#pragma once
// Writing a finished session without losing it: the session file is written
// atomically where the user asked; when that fails (a full disk, a directory
// that went away), the same bytes are written to a file of its own in the
// temporary directory ($TMPDIR, else /tmp) and then in the sessions
// directory (core/session/SessionFiles.h), so what was counted waits there
// and the error says where.
#include <string>
#include <string_view>
#include <vector>

#include "core/util/Outcome.h"

namespace perfdash {

struct SessionWrite {
    std::string writtenTo; // where the session is now; "" when nowhere
    std::string error;     // why it is not at the asked path; "" when it is
    std::vector<std::string> fallbackErrors; // why each other place failed
};

// `stem` names the fallback file ("record": /tmp/perfdash-record-PID-XXXXXX.json).
SessionWrite writeSessionSafely(const std::string& path, std::string_view contents, const std::string& stem);

} // namespace perfdash
