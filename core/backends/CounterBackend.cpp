#include "core/backends/CounterBackend.h"

namespace perfdash {

std::string CounterLocation::label() const {
    switch (kind) {
    case Kind::Cpu: return "cpu" + std::to_string(id) + (cgroup.empty() ? "" : " of cgroup " + cgroup);
    case Kind::Thread: return "tid " + std::to_string(id);
    case Kind::Process: return "pid " + std::to_string(id);
    }
    return {};
}

Status CounterSet::enableGroup(size_t, bool) {
    return makeError("this backend programs all its counters together, so it cannot switch event sets one at a time; "
                     "count them all at once, or use the perf backend");
}

} // namespace perfdash
