#pragma once
#include <functional>
#include <string>
#include <string_view>

#include "core/util/Outcome.h"

namespace perfdash {

// Who may read a file written: user data (sessions, reports) as any file the
// user makes (0666 less the umask); a secret (an agent's token) the owner
// only (0600), from its creation on, never widened for a moment.
enum class FileAccess { UserData, OwnerOnly };

// Writes `contents` to a temporary file beside `path`, fsyncs it and renames
// it over `path`, so a crash never leaves a half-written session or report.
Status writeFileAtomically(const std::string& path, std::string_view contents,
                           FileAccess access = FileAccess::UserData);

// The same for contents written piece by piece (a long session copied from
// its autosave without holding it in memory): `writeContents` writes to the
// temporary file's descriptor; an error from it leaves `path` untouched.
Status writeFileAtomically(const std::string& path, const std::function<Status(int fd)>& writeContents,
                           FileAccess access = FileAccess::UserData);

// "cannot write 'path': <reason>" and, for a full disk or a directory that
// cannot be written, what to do about it.
Error writeError(const std::string& path, int err);

// Writes all of `data` to `fd` (retrying short writes and EINTR); errno on failure.
bool writeAll(int fd, std::string_view data);

} // namespace perfdash
