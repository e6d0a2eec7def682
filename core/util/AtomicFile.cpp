#include "core/util/AtomicFile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace perfdash {

Status writeFileAtomically(const std::string& path, std::string_view contents) {
    std::string tmpl = path + ".tmp-XXXXXX";
    int fd = mkstemp(tmpl.data());
    if (fd < 0) {
        return makeError("cannot write '" + path + "': " + std::strerror(errno) +
                         " (check that the directory exists and is writable)");
    }
    const char* p = contents.data();
    size_t left = contents.size();
    while (left > 0) {
        ssize_t n = ::write(fd, p, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            int err = errno;
            ::close(fd);
            ::unlink(tmpl.c_str());
            return makeError("cannot write '" + path + "': " + std::strerror(err));
        }
        p += n;
        left -= static_cast<size_t>(n);
    }
    // Files we create are user data (reports, sessions): readable like any file the user makes.
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(fd, 0666 & ~mask);
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        int err = errno;
        ::unlink(tmpl.c_str());
        return makeError("cannot write '" + path + "': " + std::strerror(err));
    }
    if (std::rename(tmpl.c_str(), path.c_str()) != 0) {
        int err = errno;
        ::unlink(tmpl.c_str());
        return makeError("cannot write '" + path + "': " + std::strerror(err));
    }
    return {};
}

} // namespace perfdash
