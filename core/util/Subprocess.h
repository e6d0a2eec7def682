#pragma once
// Runs a program to its end and keeps what it wrote: for the tools perfdash
// reads the output of (objdump). Never through a shell: the arguments reach
// the program as they are. Its stdin is /dev/null; stdout and stderr are
// read together (poll), so a program that fills one pipe while perfdash
// waits on the other cannot block.
#include <string>
#include <vector>

#include "core/util/Outcome.h"

namespace perfdash {

struct ProgramOutput {
    int exitStatus = -1; // -1: killed by a signal
    std::string out;     // its stdout
    std::string err;     // its stderr
};

// argv[0] is looked up in PATH. An error where it cannot be run (it is not
// found: the message says "not found in PATH"), never for a non-zero exit.
Result<ProgramOutput> runProgram(const std::vector<std::string>& argv);

} // namespace perfdash
