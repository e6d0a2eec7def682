#pragma once
// Finding the program to launch the way execvp would, but before forking, so
// that a typo is an error message and not a child that fails to exec.
#include <string>

#include "core/util/Outcome.h"

namespace perfdash {

// `program` with a '/' is a path (relative ones are taken from
// `workingDirectory` when given, as the child will see them); otherwise it is
// searched in `searchPath` (colon-separated, empty entries mean the working
// directory). The result is a path the child can execve() after its chdir.
// Errors name the program and the fix: no such program in PATH, no such file,
// a directory, not a regular file, not executable.
Result<std::string> findProgram(const std::string& program, const std::string& searchPath,
                                const std::string& workingDirectory = {});

} // namespace perfdash
