#include "core/profile/SessionFallback.h"

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <unistd.h>

#include "core/session/SessionFiles.h"
#include "core/util/AtomicFile.h"

namespace perfdash {

namespace {

// A new file of its own in `directory` (never over another), the contents written whole.
Status writeNewFile(const std::string& directory, const std::string& stem, std::string_view contents,
                    std::string& path) {
    std::string pattern = directory + "/perfdash-" + stem + "-" + std::to_string(::getpid()) + "-XXXXXX.json";
    const int fd = ::mkstemps(pattern.data(), 5);
    if (fd < 0) return writeError(pattern, errno);
    const bool ok = writeAll(fd, contents) && ::fsync(fd) == 0;
    const int err = errno;
    ::close(fd);
    if (!ok) {
        ::unlink(pattern.c_str());
        return writeError(pattern, err);
    }
    path = pattern;
    return {};
}

} // namespace

SessionWrite writeSessionSafely(const std::string& path, std::string_view contents, const std::string& stem) {
    SessionWrite out;
    Status written = writeFileAtomically(path, contents);
    if (written) {
        out.writtenTo = path;
        return out;
    }
    out.error = written.error().message;
    const char* tmp = std::getenv("TMPDIR");
    for (const std::string& directory : {std::string(tmp && *tmp ? tmp : "/tmp"), sessionsDirectory()}) {
        std::string fallback;
        std::error_code ignored; // a directory that cannot be made fails the write, which says so
        std::filesystem::create_directories(directory, ignored);
        if (Status s = writeNewFile(directory, stem, contents, fallback); s) {
            out.writtenTo = fallback;
            return out;
        } else {
            out.fallbackErrors.push_back(s.error().message);
        }
    }
    return out;
}

} // namespace perfdash
