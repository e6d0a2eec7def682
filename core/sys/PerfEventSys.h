#pragma once
// The thin layer over the perf_event_open(2) system call, below both the
// event catalog's availability check and the perf_event backend: the call,
// what the kernel lets this process count (perf_event_paranoid and
// capabilities), and what its errors mean.
#include <linux/perf_event.h>
#include <string>
#include <string_view>
#include <sys/types.h>

#include "core/sys/PerfEncoding.h"

namespace perfdash {

perf_event_attr makePerfAttr(const PerfEncoding& encoding);

// Raw syscall; returns the fd or -1 with errno set.
int perfEventOpen(perf_event_attr& attr, pid_t pid, int cpu, int groupFd, unsigned long flags);

struct PerfPermissions {
    int paranoid = 2;          // /proc/sys/kernel/perf_event_paranoid
    bool capPerfmon = false;   // CAP_PERFMON (or CAP_SYS_ADMIN) in the effective set
    bool paranoidKnown = false;

    static PerfPermissions read(const std::string& procRoot = "/proc");

    bool privileged() const { return capPerfmon; }
    // Per-task counting of kernel space needs paranoid < 2 or CAP_PERFMON.
    bool mayCountKernel() const { return privileged() || paranoid < 2; }
    // System-wide (per-CPU) counting needs paranoid < 1 or CAP_PERFMON.
    bool mayCountCpuWide() const { return privileged() || paranoid < 1; }
    // Debian's paranoid level 3 forbids unprivileged perf_event_open entirely.
    bool mayCountAtAll() const { return privileged() || paranoid < 3; }
    // What to tell the user when a restriction bites.
    std::string fixHint() const;
};

// True for the PMU names of CPU cores ("cpu", hybrid "cpu_core"/"cpu_atom",
// arm "armv8_pmuv3"), whose events fail with ENOENT when the CPU (or VM) has no PMU.
bool isCorePmuName(std::string_view name);
// The kernel's own event sources, the same whatever the CPU: software,
// tracepoint, breakpoint, kprobe, uprobe.
bool isKernelPmuName(std::string_view name);

// The event an open failed for, as far as the explanation needs it.
struct PerfOpenSubject {
    std::string name;
    bool corePmu = false; // counted by the CPU cores' PMU, which a VM without a virtual PMU lacks
    PerfEncoding encoding;
};

// A sentence that explains an errno from perf_event_open for this event, with the fix where there is one.
std::string explainPerfOpenError(int err, const PerfOpenSubject& event, const PerfPermissions& perms);

} // namespace perfdash
