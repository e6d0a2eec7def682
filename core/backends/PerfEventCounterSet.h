#pragma once
// The counters of one event set as opened by the perf_event backend: kernel
// groups per location, read with one read() per group (PERF_FORMAT_GROUP),
// values mapped to slots by the kernel's event IDs.
#include <cstdint>
#include <utility>
#include <vector>

#include "core/backends/CounterBackend.h"
#include "core/util/UniqueFd.h"

namespace perfdash {

struct PerfEventGroupFds {
    std::vector<UniqueFd> fds;                          // leader first
    std::vector<std::pair<uint64_t, size_t>> slotById;  // kernel event ID -> slot index
};

struct PerfEventLocationFds {
    // Every location has the event set's groups in the same order; a group of
    // a hybrid core PMU whose core type this CPU is not has no fds here.
    std::vector<PerfEventGroupFds> groups;
    // Only for a task counted per CPU: a lone task-clock of the task on this
    // CPU. The kernel advances time_enabled of a per-task, per-CPU event
    // whenever the task runs, on any CPU, so enabled/running would scale the
    // count up by the time the task spent elsewhere. This counter's running
    // time is the time the task spent on this CPU; it replaces time_enabled,
    // so that enabled/running measures multiplexing only.
    // Also for a cgroup counted per CPU, whose events' time_enabled is
    // already the cgroup's time there: its counter only tells an exact 0 (no
    // task of the cgroup ran there) from a count never taken.
    UniqueFd residency;
    bool residencyIsEnabledTime = true;
};

// Thread safety: read() from one thread at a time (the sampler); enable() and
// disable() may be called from another thread meanwhile (they only ioctl the
// fds, which never change after construction).
class PerfEventCounterSet final : public CounterSet {
public:
    PerfEventCounterSet(std::vector<CounterLocation> locations, std::vector<SlotStatus> slotStatus,
                        std::vector<PerfEventLocationFds> fds);

    const std::vector<CounterLocation>& locations() const override { return locations_; }
    const std::vector<SlotStatus>& slotStatus() const override { return slots_; }
    // Groups per location, as numbered in SlotStatus::group. A task counted
    // per CPU reads its residency counter too: one more read() per location.
    size_t groupCount() const override;
    Status enable() override;
    Status disable() override;
    Status enableGroup(size_t group, bool on) override;
    Status read(Snapshot& out) override;

private:
    Status controlAll(unsigned long request, const char* what);
    Status readGroup(size_t location, size_t group, Snapshot& out);
    Status applyResidency(size_t location, Snapshot& out);

    std::vector<CounterLocation> locations_;
    std::vector<SlotStatus> slots_;
    std::vector<PerfEventLocationFds> fds_;
    std::vector<uint64_t> readBuffer_;
};

} // namespace perfdash
