#include "core/sampling/SamplingEvents.h"

#include <algorithm>
#include <asm/perf_regs.h>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <sys/ioctl.h>

#include "core/events/GenericEvents.h"
#include "core/events/PerfOpenError.h"
#include "core/measurement/AttachTarget.h"
#include "core/topology/CpuList.h"
#include "core/util/Strings.h"
#include "core/util/SystemError.h"

namespace perfdash {

namespace {

constexpr uint64_t kReadFormat =
    PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
constexpr uint64_t kSampleType = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU |
                                 PERF_SAMPLE_PERIOD | PERF_SAMPLE_ID | PERF_SAMPLE_READ;

// The user registers an unwinder needs, as the kernel numbers them for this
// architecture; 0 where perfdash knows none.
uint64_t dwarfRegisterMask() {
#if defined(__x86_64__)
    // The general registers, IP and flags; the kernel refuses DS, ES, FS and GS for a 64-bit task.
    return ((uint64_t(1) << PERF_REG_X86_64_MAX) - 1) &
           ~((uint64_t(1) << PERF_REG_X86_DS) | (uint64_t(1) << PERF_REG_X86_ES) | (uint64_t(1) << PERF_REG_X86_FS) |
             (uint64_t(1) << PERF_REG_X86_GS));
#elif defined(__aarch64__)
    return (uint64_t(1) << PERF_REG_ARM64_MAX) - 1; // x0-x30, sp, pc
#else
    return 0;
#endif
}

bool isTaskTarget(const SamplingTarget& t) {
    return t.kind == SamplingTarget::Kind::Launched || t.kind == SamplingTarget::Kind::Process;
}

std::string nameOf(const ResolvedEvent& e) { return e.name.empty() ? e.spec : e.name; }

// The software clock sampled in place of a leader this machine has no PMU for.
ResolvedEvent softwareClock(const ResolvedEvent& replaced, bool task) {
    const GenericEvent clock = *findGenericEvent(task ? "task-clock" : "cpu-clock");
    ResolvedEvent e;
    e.spec = e.name = std::string(clock.name);
    e.source = EventSource::Software;
    e.pmu = "software";
    e.description = std::string(clock.description);
    e.encoding.type = clock.perfType();
    e.encoding.config = clock.config;
    e.encoding.excludeUser = replaced.encoding.excludeUser;
    e.encoding.excludeKernel = replaced.encoding.excludeKernel;
    e.encoding.excludeHv = replaced.encoding.excludeHv;
    return e;
}

Result<std::vector<int>> onlineCpus() {
    const auto text = readFirstLine("/sys/devices/system/cpu/online");
    if (!text) return makeError("cannot read the online CPUs from /sys/devices/system/cpu/online; name the CPUs to sample");
    return parseKernelCpuList(*text);
}

} // namespace

std::optional<uint64_t> readMaxSampleRate(const std::string& sysctlDir) {
    const auto text = readFirstLine(sysctlDir + "/perf_event_max_sample_rate");
    if (!text) return std::nullopt;
    return parseUnsigned(*text);
}

Result<std::unique_ptr<SamplingEvents>> SamplingEvents::open(const SamplingRequest& request,
                                                              const SamplingSystem& system) {
    if (Status s = checkSamplingRequest(request); !s) return s.error();
    std::unique_ptr<SamplingEvents> self(new SamplingEvents);
    self->request_ = request;
    self->system_ = system;
    auto follow = followModeFromEnvironment(request.follow);
    if (!follow) return follow.error();
    const bool task = isTaskTarget(request.target);
    self->followForks_ = task && *follow == FollowMode::ForkRecords; // only tasks have threads to follow
    if (self->followForks_ && request.follow != FollowMode::ForkRecords)
        self->notices_.push_back("new threads and child processes are followed through their FORK records, as on "
                                 "kernels before 6.12 (PERFDASH_SAMPLING_FOLLOW=fork-records)");

    if (request.cpus.empty()) {
        auto cpus = onlineCpus();
        if (!cpus) return cpus.error();
        self->cpus_ = std::move(*cpus);
    } else {
        self->cpus_ = request.cpus;
    }
    if (self->cpus_.empty()) return makeError("no CPU to sample on: the CPU list is empty");

    std::vector<int> tids;
    switch (request.target.kind) {
    case SamplingTarget::Kind::Launched: tids = {request.target.pid}; break;
    case SamplingTarget::Kind::Process: {
        auto listed = threadsOf(request.target.pid);
        if (!listed) return listed.error();
        tids = std::move(*listed);
        break;
    }
    case SamplingTarget::Kind::Cgroup: {
        auto cgroup = openCgroup(request.target.cgroup);
        if (!cgroup) return cgroup.error();
        self->cgroup_ = std::move(*cgroup);
        tids = {-1};
        break;
    }
    case SamplingTarget::Kind::Cpus: tids = {-1}; break;
    }

    for (const ResolvedEvent& e : request.events) self->events_.push_back({e, e, false, {}});
    self->maxSampleRate_ = readMaxSampleRate(system.kernelSysctlDir);

    size_t first = 0;
    if (Status s = self->openFirstGroup(tids, first); !s) return s.error();
    // The first group is in groups_ now; the other tasks and CPUs take its attributes as they are.
    for (size_t t = first; t < tids.size(); ++t) {
        for (int cpu : self->cpus_) {
            if (t == first && cpu == self->cpus_.front()) continue;
            Opened o = self->openGroup(self->pidFor(tids[t]), cpu, false);
            if (o.error == ESRCH && request.target.kind == SamplingTarget::Kind::Process) {
                self->forgetThread(tids[t]); // the thread exited meanwhile: nothing of it to sample
                break;
            }
            if (o.error != 0)
                return makeError("cannot sample on " + self->targetText(tids[t], cpu) + " although the events opened on " +
                                 self->targetText(tids[first], self->cpus_.front()) + ": " +
                                 explainPerfOpenError(o.error, self->events_[0].sampled, system.permissions));
            if (Status s = self->attach(o.group, tids[t]); !s) return s.error();
        }
    }
    for (const CpuBuffer& b : self->buffers_)
        if (!b.ring) // every thread that was to be sampled there exited meanwhile
            return makeError("process " + std::to_string(request.target.pid) +
                             " exited while its sampling events were opened: there is nothing to sample");
    return self;
}

Status SamplingEvents::openFirstGroup(const std::vector<int>& tids, size_t& first) {
    const SamplingRequest& r = request_;
    const bool task = isTaskTarget(r.target);
    const int cpu = cpus_.front();
    ResolvedEvent leader = r.events.front();
    bool inherit = task && !followForks_;
    bool userOnly = false;
    bool triedWithoutInherit = false;
    std::string fallbackReason;

    uint64_t frequency = r.rate.value;
    if (r.rate.kind == SamplingRate::Kind::Frequency && maxSampleRate_ && frequency > *maxSampleRate_) {
        frequency = *maxSampleRate_;
        notices_.push_back("-F " + std::to_string(r.rate.value) + " is above kernel.perf_event_max_sample_rate (" +
                           std::to_string(*maxSampleRate_) + "): sampling at " + std::to_string(frequency) +
                           " Hz; as root, 'sysctl kernel.perf_event_max_sample_rate=" + std::to_string(r.rate.value) +
                           "' allows more");
    }
    const uint64_t regsMask = dwarfRegisterMask();
    if (r.callGraph == CallGraph::Dwarf && regsMask == 0)
        return makeError("--call-graph dwarf is not available on this architecture: perfdash knows its user registers "
                         "on x86-64 and AArch64 only; use frame pointers (--call-graph fp)");

    auto leaderAttr = [&] {
        perf_event_attr a = makePerfAttr(leader.encoding);
        a.sample_type = kSampleType;
        if (r.callGraph != CallGraph::None) a.sample_type |= PERF_SAMPLE_CALLCHAIN;
        if (r.callGraph == CallGraph::Dwarf) {
            a.sample_type |= PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
            a.sample_regs_user = regsMask;
            a.sample_stack_user = r.dwarfStackBytes;
            a.exclude_callchain_user = 1; // the unwinder walks the user stack; the kernel gives its own frames
        }
        a.read_format = kReadFormat;
        if (r.rate.kind == SamplingRate::Kind::Frequency) {
            a.freq = 1;
            a.sample_freq = frequency;
        } else {
            a.sample_period = r.rate.value;
        }
        a.disabled = 1;
        a.enable_on_exec = r.target.kind == SamplingTarget::Kind::Launched;
        a.inherit = inherit;
        a.mmap = 1;
        a.mmap2 = 1;
        a.comm = 1;
        a.comm_exec = 1;
        a.task = 1;
        a.context_switch = r.contextSwitches;
        a.sample_id_all = 1;
        a.use_clockid = 1;
        a.clockid = CLOCK_MONOTONIC;
        // Wake the reader when a quarter of the buffer is filled; it also polls on a timer.
        a.watermark = 1;
        a.wakeup_watermark = static_cast<uint32_t>(r.ringDataPages * static_cast<size_t>(::sysconf(_SC_PAGESIZE)) / 4);
        if (userOnly) {
            a.exclude_kernel = 1;
            a.exclude_hv = 1;
        }
        return a;
    };

    int fd = -1;
    for (;;) {
        leaderAttr_ = leaderAttr();
        fd = system_.open(leaderAttr_, pidFor(tids[first]), cpu, -1, openFlags());
        if (fd >= 0) break;
        const int err = errno;
        if (err == ESRCH && r.target.kind == SamplingTarget::Kind::Process && first + 1 < tids.size()) {
            ++first; // that thread exited since it was listed
            continue;
        }
        if (err == ESRCH)
            return makeError("process " + std::to_string(r.target.pid) +
                             " exited before its sampling could start: there is nothing to sample");
        if (err == EINVAL && inherit) {
            inherit = false;
            triedWithoutInherit = true;
            continue;
        }
        if ((err == ENOENT || err == EOPNOTSUPP) && fallbackReason.empty() && onCorePmu(leader)) {
            fallbackReason = explainPerfOpenError(err, leader, system_.permissions);
            leader = softwareClock(leader, task);
            continue;
        }
        if ((err == EACCES || err == EPERM) && !leaderAttr_.exclude_kernel) {
            userOnly = true;
            continue;
        }
        if ((err == EACCES || err == EPERM) && !task)
            return makeError("sampling whole CPUs is not permitted (perf_event_paranoid=" +
                             std::to_string(system_.permissions.paranoid) +
                             "): it needs perf_event_paranoid 0 or lower, or CAP_PERFMON; as root, 'sysctl "
                             "kernel.perf_event_paranoid=0', or grant CAP_PERFMON (setcap cap_perfmon+ep on the "
                             "binary); or sample just the program instead of whole CPUs");
        return makeError("cannot sample '" + nameOf(leader) + "' on " + targetText(tids[first], cpu) + ": " +
                         explainPerfOpenError(err, leader, system_.permissions));
    }
    if (triedWithoutInherit) {
        // The EINVAL may have had another cause that this attempt no longer
        // has (a fallback since): inherit is kept where it opens now.
        perf_event_attr withInherit = leaderAttr_;
        withInherit.inherit = 1;
        const int probe = system_.open(withInherit, pidFor(tids[first]), cpu, -1, openFlags());
        if (probe >= 0) {
            ::close(fd);
            fd = probe;
            leaderAttr_ = withInherit;
        } else {
            followForks_ = true;
            notices_.push_back("this kernel refuses PERF_SAMPLE_READ with inherit (Linux before 6.12 does): new threads "
                               "and child processes are followed through their FORK records instead, each given events "
                               "of its own as its record arrives, so the first moments of each are not sampled");
        }
    }
    Group group;
    group.cpu = cpu;
    group.leader.reset(fd);

    SampledEvent& sampledLeader = events_.front();
    sampledLeader.sampled = leader;
    sampledLeader.opened = true;
    if (!fallbackReason.empty()) {
        sampledLeader.note = fallbackReason + "; sampling '" + nameOf(leader) + "' instead";
        notices_.push_back(sampledLeader.note);
    }
    if (userOnly)
        notices_.push_back("sampling user space only: perf_event_paranoid=" + std::to_string(system_.permissions.paranoid) +
                           " keeps kernel space from this user; for kernel samples too, " +
                           system_.permissions.fixHint());

    for (size_t slot = 1; slot < r.events.size(); ++slot) {
        SampledEvent& member = events_[slot];
        perf_event_attr a = makePerfAttr(member.requested.encoding);
        a.read_format = kReadFormat;
        // The kernel refuses a member whose inherit or clock differs from its leader's.
        a.inherit = leaderAttr_.inherit;
        a.use_clockid = leaderAttr_.use_clockid;
        a.clockid = leaderAttr_.clockid;
        if (userOnly) {
            a.exclude_kernel = 1;
            a.exclude_hv = 1;
        }
        const int memberFd = system_.open(a, pidFor(tids[first]), cpu, group.leader.get(), openFlags());
        if (memberFd < 0) {
            member.note = explainPerfOpenError(errno, member.requested, system_.permissions);
            notices_.push_back("'" + nameOf(member.requested) + "' is not read with the samples: " + member.note);
            continue;
        }
        member.opened = true;
        memberAttrs_.emplace_back(slot, a);
        group.members.emplace_back(memberFd);
    }

    auto layout = SampleLayout::of(leaderAttr_);
    if (!layout) return layout.error();
    layout_ = *layout;
    buffers_.resize(cpus_.size());
    for (size_t i = 0; i < cpus_.size(); ++i) buffers_[i].cpu = cpus_[i];
    return attach(group, tids[first]);
}

SamplingEvents::Opened SamplingEvents::openGroup(pid_t pid, int cpu, bool enabled) {
    Opened o;
    o.group.cpu = cpu;
    perf_event_attr attr = leaderAttr_;
    if (enabled) {
        attr.disabled = 0;
        attr.enable_on_exec = 0;
    }
    const int fd = system_.open(attr, pid, cpu, -1, openFlags());
    if (fd < 0) {
        o.error = errno;
        return o;
    }
    o.group.leader.reset(fd);
    for (const auto& [slot, memberAttr] : memberAttrs_) {
        perf_event_attr a = memberAttr;
        const int memberFd = system_.open(a, pid, cpu, o.group.leader.get(), openFlags());
        if (memberFd < 0) {
            o.error = errno;
            return o;
        }
        o.group.members.emplace_back(memberFd);
    }
    return o;
}

Status SamplingEvents::attach(Group& group, int owner) {
    const auto at = std::find(cpus_.begin(), cpus_.end(), group.cpu);
    CpuBuffer& buffer = buffers_[static_cast<size_t>(at - cpus_.begin())];
    if (!buffer.ring) {
        auto ring = MappedRingBuffer::map(group.leader.get(), request_.ringDataPages);
        if (!ring) return ring.error();
        buffer.ring = std::move(*ring);
        buffer.fd = group.leader.get();
    } else if (::ioctl(group.leader.get(), PERF_EVENT_IOC_SET_OUTPUT, buffer.fd) != 0) {
        return makeError("cannot direct the samples of " + targetText(owner, group.cpu) + " into CPU " +
                         std::to_string(group.cpu) + "'s ring buffer: " + systemErrorText(errno));
    }
    if (Status s = learnIds(group); !s) return s;
    groups_[owner].push_back(std::move(group));
    return {};
}

Status SamplingEvents::learnIds(const Group& group) {
    auto learn = [&](int fd, int slot) -> Status {
        uint64_t id = 0;
        if (::ioctl(fd, PERF_EVENT_IOC_ID, &id) != 0)
            return makeError("cannot query the id of a sampling event on CPU " + std::to_string(group.cpu) + ": " +
                             systemErrorText(errno));
        slotById_[id] = slot;
        return {};
    };
    if (Status s = learn(group.leader.get(), 0); !s) return s;
    for (size_t m = 0; m < group.members.size(); ++m)
        if (Status s = learn(group.members[m].get(), static_cast<int>(memberAttrs_[m].first)); !s) return s;
    return {};
}

int SamplingEvents::slotOf(uint64_t id) const {
    const auto it = slotById_.find(id);
    return it == slotById_.end() ? -1 : it->second;
}

Status SamplingEvents::enable() {
    for (auto& [tid, groups] : groups_)
        for (Group& g : groups)
            if (::ioctl(g.leader.get(), PERF_EVENT_IOC_ENABLE, 0) != 0 && errno != ESRCH)
                return makeError("cannot start sampling on " + targetText(tid, g.cpu) + ": " + systemErrorText(errno));
    return {};
}

Status SamplingEvents::disable() {
    Status result;
    auto off = [&](Group& g, int tid) {
        if (::ioctl(g.leader.get(), PERF_EVENT_IOC_DISABLE, 0) != 0 && errno != ESRCH && result)
            result = makeError("cannot stop sampling on " + targetText(tid, g.cpu) + ": " + systemErrorText(errno));
    };
    for (auto& [tid, groups] : groups_)
        for (Group& g : groups) off(g, tid);
    for (Group& g : bufferOwners_) off(g, -1);
    return result;
}

Result<SamplingEvents::Followed> SamplingEvents::followThread(int tid) {
    if (groups_.count(tid)) return Followed::Already;
    std::vector<Group> opened;
    for (int cpu : cpus_) {
        Opened o = openGroup(tid, cpu, true);
        if (o.error == ESRCH) return Followed::Exited;
        if (o.error != 0)
            return makeError("cannot follow the new " + targetText(tid, cpu) + ": " +
                             explainPerfOpenError(o.error, events_[0].sampled, system_.permissions));
        opened.push_back(std::move(o.group));
    }
    for (Group& g : opened)
        if (Status s = attach(g, tid); !s) return s.error();
    return Followed::Opened;
}

void SamplingEvents::forgetThread(int tid) {
    const auto it = groups_.find(tid);
    if (it == groups_.end()) return;
    for (Group& g : it->second) {
        const bool holdsBuffer = std::any_of(buffers_.begin(), buffers_.end(),
                                             [&](const CpuBuffer& b) { return b.fd == g.leader.get(); });
        if (holdsBuffer) bufferOwners_.push_back(std::move(g));
    }
    groups_.erase(it);
}

unsigned long SamplingEvents::openFlags() const {
    return PERF_FLAG_FD_CLOEXEC | (cgroup_ ? PERF_FLAG_PID_CGROUP : 0);
}

pid_t SamplingEvents::pidFor(int tid) const {
    if (cgroup_) return cgroup_->fd.get();
    return tid;
}

std::string SamplingEvents::targetText(int tid, int cpu) const {
    const std::string where = "CPU " + std::to_string(cpu);
    if (cgroup_) return "cgroup " + cgroup_->name + " on " + where;
    if (tid < 0) return where;
    return "thread " + std::to_string(tid) + " on " + where;
}

} // namespace perfdash
