#pragma once
// Attaching to a running process: every thread it has now, counted
// separately, each with inherit so that threads they create later are
// counted too (into the counters of the thread that created them).
#include <vector>

#include "core/backends/CounterBackend.h"
#include "core/util/Outcome.h"

namespace perfdash {

// The thread IDs under /proc/PID/task, sorted. Errors say whether the process
// does not exist or may not be inspected, and what to do.
Result<std::vector<int>> threadsOf(int pid);

// A Threads scope over threadsOf(pid), with inherit on.
Result<CountingScope> attachScope(int pid);

} // namespace perfdash
