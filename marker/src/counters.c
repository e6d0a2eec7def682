/* A thread's perf_event groups, on the thread itself: one per PMU of the
 * event set (groups.h), opened on THREADINIT or the thread's first START,
 * each read once at START and once at STOP. */
#include <errno.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "marker_internal.h"

#ifndef PERF_PMU_TYPE_SHIFT
#define PERF_PMU_TYPE_SHIFT 32
#endif

uint64_t marker_event_pmu(uint32_t type, uint64_t config) {
    if (type != PERF_TYPE_HARDWARE && type != PERF_TYPE_HW_CACHE) return type;
    /* Without an extended type the kernel counts it on the default core
     * PMU, the one raw events (PERF_TYPE_RAW) name too: they share a group. */
    const uint64_t extended = config >> PERF_PMU_TYPE_SHIFT;
    return extended ? extended : PERF_TYPE_RAW;
}

void marker_layout_plan(int nevents, const uint32_t* types, const uint64_t* configs, struct marker_layout* layout) {
    memset(layout, 0, sizeof *layout);
    uint64_t pmuOf[PERFDASH_MARKER_MAX_EVENTS];
    int members[PERFDASH_MARKER_MAX_EVENTS] = {0};
    for (int e = 0; e < nevents; ++e) {
        const uint64_t pmu = marker_event_pmu(types[e], configs[e]);
        int g = 0;
        while (g < layout->ngroups && pmuOf[g] != pmu) ++g;
        if (g == layout->ngroups) pmuOf[layout->ngroups++] = pmu;
        layout->groupOf[e] = g;
        layout->eventsOf[g] |= 1u << e;
        ++members[g];
    }
    for (int g = 0; g < layout->ngroups; ++g) {
        layout->offset[g] = layout->words;
        layout->words += MARKER_GROUP_HEADER_WORDS + members[g];
    }
}

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

void marker_counters_open(struct marker_counters* counters, const struct marker_set* events, int set, int* errors) {
    const struct marker_layout* layout = &events->layout;
    counters->set = set;
    counters->ngroups = layout->ngroups;
    counters->nmembers = 0;
    counters->memberMask = 0;
    for (int g = 0; g < layout->ngroups; ++g) {
        struct marker_group* group = &counters->groups[g];
        group->leader = -1;
        group->nmembers = 0;
        group->firstMember = counters->nmembers;
        group->offset = layout->offset[g];
        for (int e = 0; e < events->nevents; ++e) {
            if (layout->groupOf[e] != g) continue;
            const int fd = openEvent(&events->events[e], group->leader);
            errors[e] = fd < 0 ? errno : 0;
            if (fd < 0) continue;
            if (group->leader < 0) group->leader = fd;
            counters->fds[counters->nmembers] = fd;
            counters->memberEvent[counters->nmembers] = e;
            counters->memberMask |= 1u << e;
            ++counters->nmembers;
            ++group->nmembers;
        }
        group->readBytes = (MARKER_GROUP_HEADER_WORDS + (size_t)group->nmembers) * sizeof(uint64_t);
    }
    /* Counting from now on; only differences between two reads are used. */
    for (int g = 0; g < counters->ngroups; ++g)
        if (counters->groups[g].leader >= 0)
            ioctl(counters->groups[g].leader, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
}

void marker_counters_close(struct marker_counters* counters) {
    /* Members before their leader, which comes first in the list: closing a
     * leader first would promote each of its members to a lone event. */
    for (int m = counters->nmembers - 1; m >= 0; --m) close(counters->fds[m]);
    counters->ngroups = 0;
    counters->nmembers = 0;
    counters->memberMask = 0;
}
