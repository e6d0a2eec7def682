#include "core/backends/PerfEventBackend.h"

#include <cerrno>
#include <cstring>
#include <algorithm>
#include <optional>
#include <sys/ioctl.h>

#include "core/backends/PerfEventCounterSet.h"
#include "core/backends/PerfEventGroupPlan.h"
#include "core/sys/Cgroup.h"

namespace perfdash {

namespace {

constexpr uint64_t kGroupReadFormat =
    PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;

// Where one location's counters are attached, in perf_event_open's terms.
struct OpenTarget {
    CounterLocation location;
    pid_t pid = -1; // with cgroup mode: the cgroup directory's fd
    int cpu = -1;
    bool cgroup = false;
};

Result<std::vector<OpenTarget>> openTargets(const CountingScope& scope, const std::vector<CgroupDirectory>& cgroups) {
    std::vector<OpenTarget> targets;
    for (int cpu : scope.cpus)
        if (cpu < 0) return makeError("invalid CPU number " + std::to_string(cpu) + " in the counting scope");
    switch (scope.kind) {
    case CountingScope::Kind::Task:
        if (scope.pid <= 0)
            return makeError("no process to count: the task scope needs a process ID (got " +
                             std::to_string(scope.pid) + ")");
        if (scope.cpus.empty()) targets.push_back({{CounterLocation::Kind::Process, scope.pid}, scope.pid, -1});
        for (int cpu : scope.cpus) targets.push_back({{CounterLocation::Kind::Cpu, cpu}, scope.pid, cpu});
        break;
    case CountingScope::Kind::Threads:
        if (scope.tids.empty()) return makeError("no threads to count: the thread scope lists no thread IDs");
        for (int tid : scope.tids) {
            if (tid <= 0) return makeError("invalid thread ID " + std::to_string(tid) + " in the counting scope");
            targets.push_back({{CounterLocation::Kind::Thread, tid}, tid, -1});
        }
        break;
    case CountingScope::Kind::Cpus:
        if (scope.cpus.empty()) return makeError("no CPUs to count: the system-wide scope lists no CPUs");
        if (cgroups.empty())
            for (int cpu : scope.cpus) targets.push_back({{CounterLocation::Kind::Cpu, cpu}, -1, cpu});
        for (const CgroupDirectory& c : cgroups)
            for (int cpu : scope.cpus)
                targets.push_back({{CounterLocation::Kind::Cpu, cpu, c.name}, c.fd.get(), cpu, true});
        break;
    }
    return targets;
}

// The attributes every fd of this scope shares; the leader of a group (and a
// lone counter) starts disabled, members follow their leader.
perf_event_attr attrFor(const PerfEncoding& encoding, const CountingScope& scope, bool leader, uint64_t readFormat) {
    perf_event_attr attr = makePerfAttr(encoding);
    attr.read_format = readFormat;
    const bool perTask = scope.kind != CountingScope::Kind::Cpus;
    attr.inherit = perTask && scope.inherit;
    if (leader) {
        attr.disabled = 1;
        attr.enable_on_exec = perTask && scope.enableOnExec;
    }
    return attr;
}

int openOn(perf_event_attr& attr, const OpenTarget& target, int leaderFd) {
    const unsigned long flags = PERF_FLAG_FD_CLOEXEC | (target.cgroup ? PERF_FLAG_PID_CGROUP : 0);
    const int fd = perfEventOpen(attr, target.pid, target.cpu, leaderFd, flags);
    return fd >= 0 ? fd : -errno;
}

// Whether `slot` counts at `target`: a hybrid core PMU's event counts on the
// CPUs of its core type only, a package's unit on one CPU per package; a
// task followed on any CPU takes every event (the kernel counts each while
// the task runs on a CPU of its type).
bool countsAt(const EventSlot& slot, const OpenTarget& target) {
    const auto& cpus = slot.event.coreCpus;
    return target.cpu < 0 || cpus.empty() || std::find(cpus.begin(), cpus.end(), target.cpu) != cpus.end();
}

bool anyConfinedSlot(const EventSet& events) {
    return std::any_of(events.begin(), events.end(), [](const EventSlot& s) { return !s.event.coreCpus.empty(); });
}

std::string eventName(const EventSlot& slot) {
    return slot.event.name.empty() ? slot.event.spec : slot.event.name;
}

// Outcome of opening a planned layout on one more location.
struct Replica {
    PerfEventLocationFds fds;
    int error = 0;       // errno when it failed
    size_t failedSlot = 0;
};

Replica replicate(const EventSet& events, const PerfGroupPlan& plan, const CountingScope& scope,
                  const OpenTarget& target) {
    Replica r;
    for (const auto& groupSlots : plan.groups) {
        PerfEventGroupFds group;
        // A group of the other core type's PMU stays empty here, so that group
        // indices are the same at every location.
        if (!countsAt(events[groupSlots.front()], target)) {
            r.fds.groups.push_back(std::move(group));
            continue;
        }
        for (size_t slot : groupSlots) {
            const bool leader = group.fds.empty();
            perf_event_attr attr = attrFor(events[slot].event.encoding, scope, leader, kGroupReadFormat);
            const int fd = openOn(attr, target, leader ? -1 : group.fds.front().get());
            if (fd < 0) {
                r.error = -fd;
                r.failedSlot = slot;
                return r;
            }
            group.fds.emplace_back(fd);
        }
        r.fds.groups.push_back(std::move(group));
    }
    return r;
}

PerfEventLocationFds adoptPlannedFds(PerfGroupPlan& plan) {
    PerfEventLocationFds fds;
    for (const auto& groupSlots : plan.groups) {
        PerfEventGroupFds group;
        for (size_t slot : groupSlots) group.fds.emplace_back(std::exchange(plan.fds[slot], -1));
        fds.groups.push_back(std::move(group));
    }
    return fds;
}

void closePlannedFds(PerfGroupPlan& plan) {
    for (int& fd : plan.fds) UniqueFd closing(std::exchange(fd, -1));
}

// Maps the kernel's event IDs to slots, so a group read is decoded by ID and
// never by the order the kernel lists the members in.
Status learnEventIds(PerfEventLocationFds& fds, const PerfGroupPlan& plan, const CounterLocation& where) {
    for (size_t g = 0; g < fds.groups.size(); ++g) {
        auto& group = fds.groups[g];
        for (size_t m = 0; m < group.fds.size(); ++m) {
            uint64_t id = 0;
            if (::ioctl(group.fds[m].get(), PERF_EVENT_IOC_ID, &id) != 0)
                return makeError("cannot query the event ID of a counter on " + where.label() + ": " +
                                 std::strerror(errno));
            group.slotById.emplace_back(id, plan.groups[g][m]);
        }
    }
    return {};
}

Status openResidency(PerfEventLocationFds& fds, const CountingScope& scope, const OpenTarget& target,
                     const PerfPermissions& perms) {
    PerfEncoding taskClock;
    taskClock.type = PERF_TYPE_SOFTWARE;
    taskClock.config = PERF_COUNT_SW_TASK_CLOCK;
    perf_event_attr attr = attrFor(taskClock, scope, true,
                                   PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING);
    const int fd = openOn(attr, target, -1);
    if (fd < 0) {
        ResolvedEvent ev;
        ev.name = "task-clock";
        ev.source = EventSource::Software;
        return makeError("cannot open the per-CPU time reference on " + target.location.label() + ": " +
                         explainPerfOpenError(-fd, ev, perms));
    }
    fds.residency.reset(fd);
    return {};
}

bool threadVanished(const PerfGroupPlan& plan) {
    for (int err : plan.openErrors)
        if (err == ESRCH) return true;
    return false;
}

// Out of file descriptors says nothing about an event: counting the events
// that did open would be a partial result, so it ends the open instead.
std::optional<size_t> outOfFiles(const PerfGroupPlan& plan) {
    for (size_t s = 0; s < plan.openErrors.size(); ++s)
        if (plan.openErrors[s] == EMFILE || plan.openErrors[s] == ENFILE) return s;
    return std::nullopt;
}

std::string nothingOpened(const EventSet& events, const PerfGroupPlan& plan, const CounterLocation& where) {
    std::string message = "none of the events could be counted on " + where.label() + ":";
    for (size_t s = 0; s < events.size(); ++s)
        message += (s ? "; " : " ") + plan.slotStatus[s].reason;
    return message;
}

} // namespace

PerfEventBackend::PerfEventBackend(PerfPermissions permissions) : permissions_(permissions) {}

Result<std::unique_ptr<CounterSet>> PerfEventBackend::open(const EventSet& events, const CountingScope& scope) {
    if (events.empty()) return makeError("no events to count: the event set is empty");
    if (!scope.cgroups.empty() && scope.kind != CountingScope::Kind::Cpus)
        return makeError("a cgroup is counted on whole CPUs only (system-wide, -c CPUS)");
    // Open while the events are opened; the kernel keeps its own reference to each cgroup after that.
    std::vector<CgroupDirectory> cgroups;
    for (const std::string& path : scope.cgroups) {
        auto cgroup = openCgroup(path);
        if (!cgroup) return cgroup.error();
        cgroups.push_back(std::move(*cgroup));
    }
    auto targets = openTargets(scope, cgroups);
    if (!targets) return targets.error();
    const bool perThreadScope = scope.kind == CountingScope::Kind::Threads;

    // Plan on the first location; with threads, one that exited meanwhile is
    // skipped. An event confined to some CPUs (a hybrid core type's, a
    // package unit's) is planned on the first location where it counts.
    const bool confined = anyConfinedSlot(events);
    PerfGroupPlan plan;
    size_t first = 0;
    auto planningTarget = [&](size_t slot) {
        return std::find_if(targets->begin() + static_cast<std::ptrdiff_t>(first), targets->end(),
                            [&](const OpenTarget& t) { return countsAt(events[slot], t); });
    };
    for (; first < targets->size(); ++first) {
        plan = planPerfGroups(
            events,
            [&](size_t slot, int leaderFd) {
                const auto target = planningTarget(slot);
                if (target == targets->end()) return -ENODEV;
                perf_event_attr attr = attrFor(events[slot].event.encoding, scope, leaderFd < 0, kGroupReadFormat);
                return openOn(attr, *target, leaderFd);
            },
            permissions_);
        if (!(perThreadScope && threadVanished(plan))) break;
        closePlannedFds(plan);
    }
    if (first == targets->size())
        return makeError("the process has no threads left to count: all of " +
                         std::to_string(targets->size()) + " listed threads exited");
    if (auto slot = outOfFiles(plan)) {
        closePlannedFds(plan);
        return makeError("cannot count on " + (*targets)[first].location.label() + ": " + plan.slotStatus[*slot].reason);
    }
    for (size_t s = 0; s < events.size(); ++s)
        if (planningTarget(s) == targets->end())
            plan.slotStatus[s].reason = "'" + eventName(events[s]) + "' counts on the CPUs of " + events[s].event.pmu +
                                        " only, and none of them is counted here";
    if (plan.groups.empty()) return makeError(nothingOpened(events, plan, (*targets)[first].location));

    std::vector<CounterLocation> locations;
    std::vector<OpenTarget> openedAt; // parallel to locations
    std::vector<PerfEventLocationFds> fds;
    // The planning fds of confined events are spread over several locations:
    // open every location afresh instead.
    if (confined) closePlannedFds(plan);
    else {
        locations.push_back((*targets)[first].location);
        openedAt.push_back((*targets)[first]);
        fds.push_back(adoptPlannedFds(plan));
    }
    for (size_t t = confined ? first : first + 1; t < targets->size(); ++t) {
        const OpenTarget& target = (*targets)[t];
        Replica r = replicate(events, plan, scope, target);
        if (r.error == ESRCH && perThreadScope) continue; // the thread exited: nothing left to count there
        if (r.error != 0)
            return makeError("cannot count '" + eventName(events[r.failedSlot]) + "' on " + target.location.label() +
                             " although it opened on " + (*targets)[first].location.label() + ": " +
                             explainPerfOpenError(r.error, events[r.failedSlot].event, permissions_));
        locations.push_back(target.location);
        openedAt.push_back(target);
        fds.push_back(std::move(r.fds));
    }

    // A task's or a cgroup's counter on a CPU is enabled only while it runs there: its residency tells
    // an exact 0 (it did not run) from a count never taken.
    const bool perCpuTask = scope.kind == CountingScope::Kind::Task && !scope.cpus.empty();
    for (size_t l = 0; l < fds.size(); ++l) {
        if (Status s = learnEventIds(fds[l], plan, locations[l]); !s) return s.error();
        if (perCpuTask || !cgroups.empty())
            if (Status s = openResidency(fds[l], scope, openedAt[l], permissions_); !s) return s.error();
        fds[l].residencyIsEnabledTime = perCpuTask;
    }
    return std::unique_ptr<CounterSet>(
        std::make_unique<PerfEventCounterSet>(std::move(locations), std::move(plan.slotStatus), std::move(fds)));
}

} // namespace perfdash
