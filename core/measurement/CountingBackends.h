#pragma once
// The counting backends for a front end: which there are, whether each can
// count on this machine and why not (the GUI's backend choice, the
// capability lines of reports), and the one a request names, made for this
// machine.
#include <memory>
#include <string>
#include <vector>

#include "core/backends/BackendChoice.h"
#include "core/backends/CounterBackend.h"
#include "core/backends/DirectBackend.h"
#include "core/util/Outcome.h"

namespace perfdash {

class MachineContext;

struct BackendInfo {
    std::string name;        // "perf", "msr", "loongson": BackendChoice::name
    std::string title;       // "perf_event (kernel)"
    bool available = false;  // can count here now
    bool applicable = true;  // false: not a thing on this architecture (MSRs on AArch64)
    std::string detail;      // what it does here, or why it cannot
    std::string fix;         // a command or step that makes it available; empty when there is none
};

// Every backend, in backendNames() order. `where` supplies the device
// paths; only its paths are used, not its name.
std::vector<BackendInfo> describeBackends(MachineContext& machine, const BackendChoice& where = {});

// The msr or loongson backend for `choice` (an error for "perf" or an
// unknown name).
Result<std::unique_ptr<DirectBackend>> makeDirectBackend(const BackendChoice& choice, MachineContext& machine);

// The backend `choice` names.
Result<std::unique_ptr<CounterBackend>> makeCounterBackend(const BackendChoice& choice, MachineContext& machine);

} // namespace perfdash
