/* One perf_event group per thread, on the thread itself: opened on
 * THREADINIT or the thread's first START, read once at START and once at STOP. */
#include <errno.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "marker_internal.h"

static int openEvent(const struct marker_event* e, int groupFd) {
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = e->type;
    attr.config = e->config;
    attr.config1 = e->config1;
    attr.config2 = e->config2;
    attr.exclude_user = (e->exclude & PERFDASH_MARKER_EXCLUDE_USER) != 0;
    attr.exclude_kernel = (e->exclude & PERFDASH_MARKER_EXCLUDE_KERNEL) != 0;
    attr.exclude_hv = (e->exclude & PERFDASH_MARKER_EXCLUDE_HV) != 0;
    attr.exclude_idle = (e->exclude & PERFDASH_MARKER_EXCLUDE_IDLE) != 0;
    attr.exclude_host = (e->exclude & PERFDASH_MARKER_EXCLUDE_HOST) != 0;
    attr.exclude_guest = (e->exclude & PERFDASH_MARKER_EXCLUDE_GUEST) != 0;
    attr.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
    /* Pinned: the launcher's whole-program counters (inherited into this
     * thread) never push a region's group off the PMU; they are multiplexed
     * around it instead. A group the PMU cannot fit at all reads 0 bytes. */
    attr.pinned = groupFd < 0;
    /* The leader starts disabled: a member added to a group that is already
     * counting is not scheduled before the thread's next context switch. */
    attr.disabled = groupFd < 0;
    const long fd = syscall(SYS_perf_event_open, &attr, 0 /* this thread */, -1 /* any CPU */, groupFd,
                            (unsigned long)PERF_FLAG_FD_CLOEXEC);
    return (int)fd;
}

void marker_group_open(struct marker_group* group, const struct marker_set* events, int set, int* errors) {
    group->set = set;
    group->leader = -1;
    group->nmembers = 0;
    group->memberMask = 0;
    for (int e = 0; e < events->nevents; ++e) {
        const int fd = openEvent(&events->events[e], group->leader);
        errors[e] = fd < 0 ? errno : 0;
        if (fd < 0) continue;
        if (group->leader < 0) group->leader = fd;
        group->fds[group->nmembers] = fd;
        group->memberEvent[group->nmembers] = e;
        group->memberMask |= 1u << e;
        ++group->nmembers;
    }
    group->readBytes = (3 + (size_t)group->nmembers) * sizeof(uint64_t);
    /* Counting from now on; only differences between two reads are used. */
    if (group->leader >= 0) ioctl(group->leader, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
}

void marker_group_close(struct marker_group* group) {
    /* Members first: closing the leader first would promote each member to a lone event. */
    for (int m = group->nmembers - 1; m >= 0; --m) close(group->fds[m]);
    group->leader = -1;
    group->nmembers = 0;
    group->memberMask = 0;
    group->readBytes = 3 * sizeof(uint64_t);
}
