/* What one grouped read of four events costs, compared with a bare read()
 * on the same fd, with reading one lone counter, and with reading the four
 * events one fd at a time.
 *
 *   perfdash_bench_group_read [iterations] [rounds]
 *
 * Four software events (they count everywhere, also in VMs without a PMU)
 * of this process form one group, read_format GROUP|ID|TOTAL_TIME_ENABLED|
 * TOTAL_TIME_RUNNING, as the perf_event backend opens them.
 *
 * Two references, because "a bare read" can mean either:
 *  - the bare read() on the group's own fd passes a buffer too small for the
 *    group: the kernel enters read(), looks up the fd, locks the event's
 *    context and returns ENOSPC without reading any counter: the floor;
 *  - the plain read() of one lone counter (the leader's event, opened
 *    without PERF_FORMAT_GROUP): what reading a single counter costs.
 * The loops are interleaved round by round and the fastest round of each is
 * reported, so a busy machine disturbs them alike.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

enum { kEvents = 4 };

static const uint64_t kConfigs[kEvents] = {PERF_COUNT_SW_TASK_CLOCK, PERF_COUNT_SW_PAGE_FAULTS,
                                           PERF_COUNT_SW_CONTEXT_SWITCHES, PERF_COUNT_SW_CPU_MIGRATIONS};

static int openEvent(uint64_t config, int groupFd, uint64_t readFormat) {
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_SOFTWARE;
    attr.config = config;
    attr.read_format = readFormat;
    attr.disabled = groupFd < 0;
    const int fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, groupFd, PERF_FLAG_FD_CLOEXEC);
    if (fd < 0) {
        fprintf(stderr, "perfdash_bench_group_read: cannot open a software event: %s\n", strerror(errno));
        exit(1);
    }
    return fd;
}

static double nowNs(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static unsigned long parseCount(const char* text, unsigned long fallback) {
    if (!text) return fallback;
    char* end = NULL;
    const unsigned long v = strtoul(text, &end, 10);
    if (*end || v == 0) {
        fprintf(stderr, "usage: perfdash_bench_group_read [iterations] [rounds]  (positive numbers)\n");
        exit(2);
    }
    return v;
}

int main(int argc, char** argv) {
    const unsigned long iterations = parseCount(argc > 1 ? argv[1] : NULL, 200000);
    const unsigned long rounds = parseCount(argc > 2 ? argv[2] : NULL, 9);
    const uint64_t groupFormat =
        PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
    const uint64_t singleFormat = PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;

    int group[kEvents], single[kEvents];
    for (int i = 0; i < kEvents; ++i) group[i] = openEvent(kConfigs[i], i ? group[0] : -1, groupFormat);
    for (int i = 0; i < kEvents; ++i) single[i] = openEvent(kConfigs[i], -1, singleFormat);
    ioctl(group[0], PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
    for (int i = 0; i < kEvents; ++i) ioctl(single[i], PERF_EVENT_IOC_ENABLE, 0);

    uint64_t buffer[3 + 2 * kEvents];
    const size_t groupBytes = sizeof buffer;
    if (read(group[0], buffer, groupBytes) != (ssize_t)groupBytes || buffer[0] != kEvents) {
        fprintf(stderr, "perfdash_bench_group_read: the group read did not return %d events\n", kEvents);
        return 1;
    }
    if (read(group[0], buffer, 1) != -1 || errno != ENOSPC) {
        fprintf(stderr, "perfdash_bench_group_read: the bare read did not stop at the size check (ENOSPC)\n");
        return 1;
    }

    double bestBare = 1e30, bestOne = 1e30, bestGroup = 1e30, bestSingles = 1e30;
    for (unsigned long r = 0; r < rounds; ++r) {
        double t0 = nowNs();
        for (unsigned long i = 0; i < iterations; ++i)
            if (read(group[0], buffer, 1) != -1) abort();
        double t1 = nowNs();
        for (unsigned long i = 0; i < iterations; ++i)
            if (read(single[0], buffer, 4 * sizeof(uint64_t)) != 4 * sizeof(uint64_t)) abort();
        double tOne = nowNs();
        for (unsigned long i = 0; i < iterations; ++i)
            if (read(group[0], buffer, groupBytes) != (ssize_t)groupBytes) abort();
        double t2 = nowNs();
        for (unsigned long i = 0; i < iterations; ++i)
            for (int e = 0; e < kEvents; ++e)
                if (read(single[e], buffer, 4 * sizeof(uint64_t)) != 4 * sizeof(uint64_t)) abort();
        double t3 = nowNs();
        if ((t1 - t0) < bestBare) bestBare = t1 - t0;
        if ((tOne - t1) < bestOne) bestOne = tOne - t1;
        if ((t2 - tOne) < bestGroup) bestGroup = t2 - tOne;
        if ((t3 - t2) < bestSingles) bestSingles = t3 - t2;
    }
    const double bare = bestBare / (double)iterations;
    const double one = bestOne / (double)iterations;
    const double grouped = bestGroup / (double)iterations;
    const double singles = bestSingles / (double)iterations;
    printf("%-48s %9s %9s %9s\n", "read() cost, 4 software events", "ns/call", "vs bare", "vs one");
    printf("%-48s %9.1f %8.2fx %8.2fx\n", "bare read() on the group fd (ENOSPC, no counter)", bare, 1.0, bare / one);
    printf("%-48s %9.1f %8.2fx %8.2fx\n", "plain read() of one lone counter", one, one / bare, 1.0);
    printf("%-48s %9.1f %8.2fx %8.2fx\n", "grouped read of all 4 (what perfdash does)", grouped, grouped / bare,
           grouped / one);
    printf("%-48s %9.1f %8.2fx %8.2fx\n", "4 separate read()s, one per event", singles, singles / bare,
           singles / one);
    printf("grouped read vs one lone counter: %+.1f%% (target: within 10%%): %s\n", 100.0 * (grouped / one - 1.0),
           grouped <= 1.10 * one ? "met" : "missed");
    printf("grouped read vs the bare system call: %+.1f%% (target: within 10%%): %s\n",
           100.0 * (grouped / bare - 1.0), grouped <= 1.10 * bare ? "met" : "missed");
    printf("(best of %lu rounds of %lu calls each)\n", rounds, iterations);
    return 0;
}
