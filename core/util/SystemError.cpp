#include "core/util/SystemError.h"

#include <cerrno>
#include <cstring>
#include <sys/resource.h>

namespace perfdash {

std::string fileLimitAdvice() {
    rlimit files{};
    const bool known = ::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur != RLIM_INFINITY;
    return (known ? "the limit is " + std::to_string(files.rlim_cur) + " open files per process; "
                  : std::string()) +
           "raise it with 'ulimit -n' (e.g. 'ulimit -n 65536')";
}

std::string systemErrorText(int err) {
    std::string text = std::strerror(err);
    if (err == EMFILE) text += " (" + fileLimitAdvice() + ")";
    return text;
}

} // namespace perfdash
