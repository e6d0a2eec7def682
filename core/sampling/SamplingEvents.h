#pragma once
// The events of a SamplingRequest, opened: on each CPU, for each task (or
// the whole CPU, or a cgroup on it), a group whose leader samples and whose
// members are read with every sample (PERF_SAMPLE_READ, PERF_FORMAT_GROUP |
// ID | TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING). Every group on a CPU writes
// into that CPU's one ring buffer (PERF_EVENT_IOC_SET_OUTPUT to the first).
// The leader also carries the side band: MMAP2, COMM (with exec), FORK/EXIT,
// context switches, and the sample_id of every record, stamped with
// CLOCK_MONOTONIC (core/util/Clock.h's clock).
//
// What the machine refuses is met where it can be, and said (notices()):
// - a leader the CPU's PMU would count, on a machine without one (a VM),
//   is replaced by cpu-clock (whole CPUs, a cgroup) or task-clock (a task);
// - kernel space refused by perf_event_paranoid: user space only, with the
//   fix; refused altogether: an error with the fix;
// - a -F above kernel.perf_event_max_sample_rate: sampled at that maximum;
// - a kernel that refuses PERF_SAMPLE_READ with inherit (before 6.12):
//   FollowMode::ForkRecords (followThread() is then the reader's to call).
#include <functional>
#include <linux/perf_event.h>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <sys/types.h>
#include <unordered_map>
#include <vector>

#include "core/events/EventSpec.h"
#include "core/sampling/RingBuffer.h"
#include "core/sampling/SampleLayout.h"
#include "core/sampling/SamplingRequest.h"
#include "core/sys/Cgroup.h"
#include "core/sys/PerfEventSys.h"
#include "core/util/Outcome.h"
#include "core/util/UniqueFd.h"

namespace perfdash {

// perf_event_open(2) as SamplingEvents calls it: the fd, or -1 with errno set.
using PerfOpenFunction = std::function<int(perf_event_attr& attr, pid_t pid, int cpu, int groupFd, unsigned long flags)>;

// What SamplingEvents takes from the system; a test replaces any of it.
struct SamplingSystem {
    PerfOpenFunction open = perfEventOpen;
    PerfPermissions permissions = PerfPermissions::read();
    std::string kernelSysctlDir = "/proc/sys/kernel"; // perf_event_max_sample_rate is read here
};

// One event of the request as it is sampled or read.
struct SampledEvent {
    ResolvedEvent requested;
    ResolvedEvent sampled; // what was opened: `requested`, or the leader's software clock in its place
    bool opened = false;
    std::string note;      // why it is not opened, or what the leader fell back from; empty if neither
};

// kernel.perf_event_max_sample_rate from `sysctlDir`, or nullopt where it cannot be read.
std::optional<uint64_t> readMaxSampleRate(const std::string& sysctlDir);

class SamplingEvents {
public:
    // Opens everything the request names, disabled (a Launched target's
    // events enable themselves at its exec), and maps a ring buffer per CPU.
    static Result<std::unique_ptr<SamplingEvents>> open(const SamplingRequest& request, const SamplingSystem& system);

    const SamplingRequest& request() const { return request_; }
    // Indexed as request.events; [0] is the leader.
    const std::vector<SampledEvent>& events() const { return events_; }
    // What the user should know about how the request is met (fallbacks, the follow mode).
    const std::vector<std::string>& notices() const { return notices_; }
    const SampleLayout& layout() const { return layout_; }
    FollowMode followMode() const { return followForks_ ? FollowMode::ForkRecords : FollowMode::Auto; }
    const std::vector<int>& cpus() const { return cpus_; }
    // Whether samples may hold kernel addresses (kernel.perf_event_paranoid may have excluded them).
    bool samplesKernel() const { return leaderAttr_.exclude_kernel == 0; }
    // The cgroup directory sampled (SamplingTarget::Kind::Cgroup), or -1.
    int cgroupFd() const { return cgroup_ ? cgroup_->fd.get() : -1; }
    // kernel.perf_event_max_sample_rate when opened (nullopt: unreadable).
    std::optional<uint64_t> maxSampleRate() const { return maxSampleRate_; }

    // The ring buffer of cpus()[index] (every CPU has one once open()
    // succeeded), and the fd that polls it.
    RingBuffer& buffer(size_t index) { return buffers_[index].ring->ring(); }
    int bufferFd(size_t index) const { return buffers_[index].fd; }

    // Which event of events() a kernel event id (a sample's, a read value's) is; -1 if none of ours.
    int slotOf(uint64_t id) const;

    Status enable();
    Status disable();

    // FollowMode::ForkRecords: events for a thread born after the start, on
    // every CPU, writing into the CPU's ring buffer, enabled at once.
    enum class Followed { Opened, Already, Exited };
    Result<Followed> followThread(int tid);
    // Closes the events of a thread that exited (not those that hold a ring buffer).
    void forgetThread(int tid);
    bool follows(int tid) const { return groups_.count(tid) != 0; }

private:
    struct Group {
        int cpu = -1;
        UniqueFd leader;
        std::vector<UniqueFd> members;
    };
    struct CpuBuffer {
        int cpu = -1;
        int fd = -1; // the leader whose buffer it is (its group is kept until the end)
        std::unique_ptr<MappedRingBuffer> ring;
    };
    // An open attempt's outcome: the group, or the errno that stopped it.
    struct Opened {
        Group group;
        int error = 0;
    };

    SamplingEvents() = default;
    Status openFirstGroup(const std::vector<int>& tids, size_t& firstTid);
    Opened openGroup(pid_t pid, int cpu, bool enabled);
    Status attach(Group& group, int owner); // owner: the tid (or -1) the group is kept under
    Status learnIds(const Group& group);
    unsigned long openFlags() const;
    pid_t pidFor(int tid) const; // the pid argument for a group of `tid`
    std::string targetText(int tid, int cpu) const;

    SamplingRequest request_;
    SamplingSystem system_;
    SampleLayout layout_;
    perf_event_attr leaderAttr_{};
    std::vector<std::pair<size_t, perf_event_attr>> memberAttrs_; // the opened members: slot and attr
    std::vector<SampledEvent> events_;
    std::vector<std::string> notices_;
    std::vector<int> cpus_;
    std::optional<uint64_t> maxSampleRate_;
    std::optional<CgroupDirectory> cgroup_;
    bool followForks_ = false;
    std::map<int, std::vector<Group>> groups_; // by tid; -1: CPU-wide or cgroup
    std::vector<Group> bufferOwners_;          // groups of forgotten threads that hold a ring buffer
    std::vector<CpuBuffer> buffers_;           // parallel to cpus_
    std::unordered_map<uint64_t, int> slotById_;
};

} // namespace perfdash
