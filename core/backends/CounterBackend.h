#pragma once
// One interface for every way of reading counters (perf_event, the MSR
// device, the Loongson module): open an event set for a scope, enable, read
// cumulative values, disable. Groups, metrics, the timeline, the CLI and the
// GUI only ever talk to this.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/events/EventSpec.h"
#include "core/result/Readings.h"
#include "core/util/Outcome.h"

namespace perfdash {

// One counted event: a named slot (likwid's PMC0/FIXC1, or the event's own
// name for -e) bound to a resolved event. `set` numbers the user's groups:
// slots of different sets are never put in the same kernel group, slots of
// one set are kept together as far as the PMU allows.
struct EventSlot {
    std::string counter;
    ResolvedEvent event;
    int set = 0;
};
using EventSet = std::vector<EventSlot>;

// What the counters are attached to.
struct CountingScope {
    enum class Kind {
        Task,    // a process and (with inherit) its threads and children; per CPU of `cpus`, or any CPU if empty
        Threads, // each of `tids` separately (attach to a running process)
        Cpus,    // system-wide on each of `cpus`
    };
    Kind kind = Kind::Task;
    int pid = -1;
    std::vector<int> tids;
    std::vector<int> cpus;
    // Cpus only: count each cgroup on each CPU, only while a task of it runs
    // there (perf's cgroup mode); empty: everything on the CPUs.
    std::vector<std::string> cgroups;
    bool inherit = true;       // count threads and children created later
    bool enableOnExec = false; // a launched task held before exec: counters start exactly at exec
};

// A column of the result: where a set of counter values comes from.
struct CounterLocation {
    enum class Kind { Cpu, Thread, Process };
    // Not an aggregate, so that {Kind::Cpu, 3} needs no cgroup (-Wextra's missing-initializer).
    CounterLocation(Kind kind = Kind::Cpu, int id = 0, std::string cgroup = {})
        : kind(kind), id(id), cgroup(std::move(cgroup)) {}

    Kind kind = Kind::Cpu;
    int id = 0;
    std::string cgroup;        // a CPU counted for one cgroup: its name (core/sys/Cgroup.h)
    std::string label() const; // "cpu3", "tid 1234", "pid 42", "cpu3 of cgroup NAME"
};

// How one slot of the event set fared when opened.
struct SlotStatus {
    bool opened = false;
    std::string reason; // why not, when !opened
    int group = -1;     // kernel group index within a location
};

// Counters opened for one event set on one scope.
class CounterSet {
public:
    virtual ~CounterSet() = default;
    virtual const std::vector<CounterLocation>& locations() const = 0;
    // Not named slots(): that is a macro in every file that includes Qt.
    virtual const std::vector<SlotStatus>& slotStatus() const = 0;
    virtual size_t groupCount() const = 0; // groups per location (one read() each)
    virtual Status enable() = 0;           // not needed with enableOnExec
    virtual Status disable() = 0;
    // Switches kernel group `group` (SlotStatus::group) on or off at every
    // location, the others left as they are: for counting one event set at a
    // time (core/measurement/RotatingCounterSet.h). A backend that programs
    // all its counters at once cannot, and says so.
    virtual Status enableGroup(size_t group, bool on);
    // Fills out.values (resized as needed) and out.monotonicNs. One read() per group per location.
    virtual Status read(Snapshot& out) = 0;
    // The longest time between two read()s that keeps the counts exact:
    // hardware counters narrower than 64 bits wrap, and read() corrects one
    // wrap between two reads, never two. Zero: no limit (perf_event counts
    // in 64 bits).
    virtual std::chrono::nanoseconds maxReadInterval() const { return std::chrono::nanoseconds{0}; }
};

class CounterBackend {
public:
    virtual ~CounterBackend() = default;
    virtual std::string name() const = 0;
    // Opens what can be opened; slots that cannot are reported in slotStatus() with
    // the reason. Fails only when nothing at all could be opened.
    virtual Result<std::unique_ptr<CounterSet>> open(const EventSet& events, const CountingScope& scope) = 0;
};

} // namespace perfdash
