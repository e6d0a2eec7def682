#include "core/util/AtomicFile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace perfdash {

bool writeAll(int fd, std::string_view data) {
    const char* p = data.data();
    size_t left = data.size();
    while (left > 0) {
        ssize_t n = ::write(fd, p, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (n == 0) errno = EIO;
            return false;
        }
        p += n;
        left -= static_cast<size_t>(n);
    }
    return true;
}

Error writeError(const std::string& path, int err) {
    std::string message = "cannot write '" + path + "': " + std::strerror(err);
    if (err == ENOSPC || err == EDQUOT) message += " (free space on its file system, or write the file elsewhere)";
    else if (err == EACCES || err == EPERM || err == EROFS || err == ENOENT || err == ENOTDIR)
        message += " (check that the directory exists and is writable)";
    return makeError(std::move(message));
}

Status writeFileAtomically(const std::string& path, std::string_view contents, FileAccess access) {
    return writeFileAtomically(
        path,
        [&](int fd) -> Status {
            if (!writeAll(fd, contents)) return writeError(path, errno);
            return {};
        },
        access);
}

Status writeFileAtomically(const std::string& path, const std::function<Status(int fd)>& writeContents,
                           FileAccess access) {
    std::string tmpl = path + ".tmp-XXXXXX";
    int fd = mkstemp(tmpl.data()); // 0600: nobody else can open it while it is written
    if (fd < 0) return writeError(path, errno);
    if (Status written = writeContents(fd); !written) {
        ::close(fd);
        ::unlink(tmpl.c_str());
        return written;
    }
    if (access == FileAccess::UserData) {
        // Reports and sessions: readable like any file the user makes.
        const mode_t mask = ::umask(0);
        ::umask(mask);
        ::fchmod(fd, 0666 & ~mask);
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const int err = errno;
        ::unlink(tmpl.c_str());
        return writeError(path, err);
    }
    if (std::rename(tmpl.c_str(), path.c_str()) != 0) {
        const int err = errno;
        ::unlink(tmpl.c_str());
        return writeError(path, err);
    }
    return {};
}

} // namespace perfdash
