#pragma once
// The last line of defence for code perfdash did not ship (custom templates,
// users' catalogs): it runs in a forked child, so an illegal instruction, a
// bad memory operand or an endless loop kills the child, not the program.
#include <functional>
#include <string>

#include "core/util/Outcome.h"

namespace perfdash {

struct ChildOutcome {
    std::string output;   // what the work returned (complete only if exited normally)
    bool exited = false;  // returned from the work normally
    int signal = 0;       // the signal that killed it, if one did
    bool timedOut = false;
};

// Forks, runs `work` in the child and hands its return value back through a
// pipe. The child's fatal signals are reset to their defaults first.
Result<ChildOutcome> runForked(const std::function<std::string()>& work, double timeoutSeconds);

// What a fatal signal of generated code means, for people.
std::string explainChildSignal(int signal);

} // namespace perfdash
