#pragma once
#include <functional>
#include <string>
#include <string_view>

#include "core/util/Result.h"

namespace perfdash {

// Writes `contents` to a temporary file beside `path`, fsyncs it and renames
// it over `path`, so a crash never leaves a half-written session or report.
Status writeFileAtomically(const std::string& path, std::string_view contents);

// The same for contents written piece by piece (a long session copied from
// its autosave without holding it in memory): `writeContents` writes to the
// temporary file's descriptor; an error from it leaves `path` untouched.
Status writeFileAtomically(const std::string& path, const std::function<Status(int fd)>& writeContents);

// "cannot write 'path': <reason>" and, for a full disk or a directory that
// cannot be written, what to do about it.
Error writeError(const std::string& path, int err);

// Writes all of `data` to `fd` (retrying short writes and EINTR); errno on failure.
bool writeAll(int fd, std::string_view data);

} // namespace perfdash
