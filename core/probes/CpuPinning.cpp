#include "core/probes/CpuPinning.h"

#include "core/sys/ProcessCapabilities.h"

#include <cerrno>
#include <cstring>
#include <pthread.h>

namespace perfdash {

namespace {

std::vector<int> cpusIn(const cpu_set_t& set) {
    std::vector<int> out;
    for (int c = 0; c < CPU_SETSIZE; ++c)
        if (CPU_ISSET(c, &set)) out.push_back(c);
    return out;
}

std::string listOf(const std::vector<int>& cpus) {
    std::string out;
    for (int c : cpus) out += (out.empty() ? "" : ",") + std::to_string(c);
    return out;
}

} // namespace

std::string realtimeRefusalHint(std::optional<uint64_t> capabilities) {
    // A process that holds CAP_SYS_NICE can still be refused: a cgroup (or a
    // sandboxed VM's kernel) may give real-time tasks no time at all, as seen
    // as root on a Firecracker guest.
    if (capabilities && hasCapability(*capabilities, kCapSysNice))
        return "refused although this process has CAP_SYS_NICE: its cgroup's real-time budget is probably zero "
               "(cpu.rt_runtime_us), as in many containers and sandboxed VMs; --no-realtime skips the request";
    return "run as root or grant CAP_SYS_NICE / an RLIMIT_RTPRIO above 0";
}

std::vector<int> allowedCpus() {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0) return {};
    return cpusIn(set);
}

Result<ScopedCpuPinning> ScopedCpuPinning::pin(std::optional<int> cpu, bool realtime) {
    ScopedCpuPinning p;
    const pthread_t self = pthread_self();
    if (int rc = pthread_getaffinity_np(self, sizeof p.oldAffinity_, &p.oldAffinity_); rc != 0)
        return makeError(std::string("cannot read this thread's CPU affinity: ") + std::strerror(rc));
    const int target = cpu.value_or(sched_getcpu());
    if (target < 0 || target >= CPU_SETSIZE || !CPU_ISSET(target, &p.oldAffinity_))
        return makeError("CPU " + std::to_string(target) + " is not available to this process (allowed: " +
                         listOf(cpusIn(p.oldAffinity_)) + ")");
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(target, &one);
    if (int rc = pthread_setaffinity_np(self, sizeof one, &one); rc != 0)
        return makeError("cannot pin to CPU " + std::to_string(target) + ": " + std::strerror(rc));
    p.active_ = true;
    p.cpu_ = target;
    pthread_getschedparam(self, &p.oldPolicy_, &p.oldParam_);
    if (!realtime) {
        p.schedulingNote_ = "normal scheduling (SCHED_FIFO not requested)";
        return p;
    }
    sched_param fifo{};
    fifo.sched_priority = 1; // above every normal task, below the kernel's own real-time threads
    if (int rc = pthread_setschedparam(self, SCHED_FIFO, &fifo); rc != 0) {
        p.schedulingNote_ = std::string("normal scheduling: SCHED_FIFO was not permitted (") + std::strerror(rc) +
                            "; " + realtimeRefusalHint(effectiveCapabilities()) + ")";
        return p;
    }
    p.realtime_ = true;
    p.schedulingNote_ = "SCHED_FIFO priority 1";
    return p;
}

ScopedCpuPinning::ScopedCpuPinning(ScopedCpuPinning&& o) noexcept
    : active_(o.active_), cpu_(o.cpu_), realtime_(o.realtime_), schedulingNote_(std::move(o.schedulingNote_)),
      oldAffinity_(o.oldAffinity_), oldPolicy_(o.oldPolicy_), oldParam_(o.oldParam_) {
    o.active_ = false;
}

ScopedCpuPinning::~ScopedCpuPinning() {
    if (!active_) return;
    const pthread_t self = pthread_self();
    if (realtime_) pthread_setschedparam(self, oldPolicy_, &oldParam_);
    pthread_setaffinity_np(self, sizeof oldAffinity_, &oldAffinity_);
}

} // namespace perfdash
