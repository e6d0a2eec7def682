#pragma once
// The text of an errno for a user. Running out of file descriptors (EMFILE)
// is easy with counters (one per event and thread or CPU), and the bare
// "Too many open files" says neither what the limit is nor how to raise it.
#include <string>

namespace perfdash {

// "the limit is 64 open files per process; raise it with 'ulimit -n' (e.g. 'ulimit -n 65536')"
std::string fileLimitAdvice();

// strerror(err), followed for EMFILE by fileLimitAdvice() in parentheses.
std::string systemErrorText(int err);

} // namespace perfdash
