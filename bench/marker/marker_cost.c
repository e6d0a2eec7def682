/* What a marker START+STOP pair costs, against a bare grouped read() of the
 * same group (the pair reads the group twice), in one run:
 *
 *   perfdash_bench_marker [iterations] [rounds]
 *
 * The benchmark plays the launcher: it sets the marker environment for four
 * software events (task-clock, page-faults, context-switches, cpu-migrations:
 * they count everywhere, also in VMs), so the library opens exactly the group
 * the reference loop reads (PERF_FORMAT_GROUP | TOTAL_TIME_ENABLED |
 * TOTAL_TIME_RUNNING, on this thread). The target: a pair costs no more than
 * two group reads plus 100 ns. Also measured, each in a copy of this program
 * started with another environment:
 *  - measuring an empty event set: the library's own work in a pair (tick
 *    counter, region lookup, bookkeeping) without the system calls;
 *  - the library linked but not launched by perfdash: every call a no-op;
 * and the no-op build (marker_noop.c, without PERFDASH_PERFMON) against an
 * empty loop: the macros must add nothing.
 * Loops are interleaved round by round; the fastest round of each counts,
 * timed in this thread's CPU time.
 */
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

#include "perfdash_marker_wire.h"

#include <perfdash-marker.h>

#include "marker_bench.h"

enum { kEvents = 4 };

static const uint64_t kConfigs[kEvents] = {PERF_COUNT_SW_TASK_CLOCK, PERF_COUNT_SW_PAGE_FAULTS,
                                           PERF_COUNT_SW_CONTEXT_SWITCHES, PERF_COUNT_SW_CPU_MIGRATIONS};
static const char* const kEventsEnvironment = "1:0x1:0:0:0,1:0x2:0:0:0,1:0x3:0:0:0,1:0x4:0:0:0";

/* This thread's CPU time (user and system): the time other processes hold
 * the CPU does not count, so a busy machine distorts the figures less. */
static double nowNs(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static unsigned long parseCount(const char* text, unsigned long fallback) {
    if (!text) return fallback;
    char* end = NULL;
    const unsigned long v = strtoul(text, &end, 10);
    if (*end || v == 0) {
        fprintf(stderr, "usage: perfdash_bench_marker [iterations] [rounds]  (positive numbers)\n");
        exit(2);
    }
    return v;
}

/* The reference: the group the library opens, opened and read by hand. */
static int openGroup(void) {
    int leader = -1;
    for (int i = 0; i < kEvents; ++i) {
        struct perf_event_attr attr;
        memset(&attr, 0, sizeof attr);
        attr.size = sizeof attr;
        attr.type = PERF_TYPE_SOFTWARE;
        attr.config = kConfigs[i];
        attr.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
        attr.disabled = leader < 0;
        attr.pinned = leader < 0;
        const int fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, leader, PERF_FLAG_FD_CLOEXEC);
        if (fd < 0) {
            fprintf(stderr, "perfdash_bench_marker: cannot open a software event: %s\n", strerror(errno));
            exit(1);
        }
        if (leader < 0) leader = fd;
    }
    ioctl(leader, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
    return leader;
}

static void pairs(unsigned long n) {
    for (unsigned long i = 0; i < n; ++i) {
        PERFDASH_MARKER_START("bench");
        PERFDASH_MARKER_STOP("bench");
    }
}

static double bestPairNs(unsigned long iterations, unsigned long rounds) {
    double best = 1e30;
    for (unsigned long r = 0; r < rounds; ++r) {
        const double t0 = nowNs();
        pairs(iterations);
        const double t = nowNs() - t0;
        if (t < best) best = t;
    }
    return best / (double)iterations;
}

/* Sets the launcher's environment for `events`, with the results in a fresh
 * directory (removed by endMeasuring). */
static char directory[] = "/tmp/perfdash-bench-marker-XXXXXX";
static char results[sizeof directory + 16];

static void startMeasuring(const char* events) {
    if (!mkdtemp(directory)) {
        perror("perfdash_bench_marker: mkdtemp");
        exit(1);
    }
    snprintf(results, sizeof results, "%s/results", directory);
    char version[16];
    snprintf(version, sizeof version, "%d", PERFDASH_MARKER_WIRE_VERSION);
    setenv("PERFDASH_MARKER_VERSION", version, 1);
    setenv("PERFDASH_MARKER_OUTPUT", results, 1);
    setenv("PERFDASH_MARKER_EVENTS", events, 1);
    PERFDASH_MARKER_INIT;
    PERFDASH_MARKER_THREADINIT;
    pairs(1000); /* the region's first use allocates: not part of the steady cost */
}

static void endMeasuring(void) {
    PERFDASH_MARKER_CLOSE;
    unlink(results);
    rmdir(directory);
}

/* The copies of this program: "--empty-set" or "--not-launched" print ns per pair. */
static int childMain(const char* mode, unsigned long iterations, unsigned long rounds) {
    const int measure = strcmp(mode, "--empty-set") == 0;
    if (measure) startMeasuring("");
    else PERFDASH_MARKER_INIT; /* no environment: the library does nothing */
    printf("%.3f\n", bestPairNs(iterations, rounds));
    if (measure) endMeasuring();
    return 0;
}

static double inChild(const char* self, const char* mode, unsigned long iterations, unsigned long rounds) {
    char command[4096];
    snprintf(command, sizeof command, "env -u PERFDASH_MARKER_VERSION '%s' %s %lu %lu", self, mode, iterations, rounds);
    FILE* child = popen(command, "r");
    double ns = -1;
    if (!child || fscanf(child, "%lf", &ns) != 1) ns = -1;
    if (child) pclose(child);
    return ns;
}

int main(int argc, char** argv) {
    if (argc == 4 && argv[1][0] == '-')
        return childMain(argv[1], parseCount(argv[2], 1), parseCount(argv[3], 1));
    const unsigned long iterations = parseCount(argc > 1 ? argv[1] : NULL, 200000);
    const unsigned long rounds = parseCount(argc > 2 ? argv[2] : NULL, 9);
    startMeasuring(kEventsEnvironment);

    const int group = openGroup();
    uint64_t buffer[3 + kEvents];
    if (read(group, buffer, sizeof buffer) != (ssize_t)sizeof buffer || buffer[0] != kEvents) {
        fprintf(stderr, "perfdash_bench_marker: the group read did not return %d events\n", kEvents);
        return 1;
    }

    double bestRead = 1e30, bestPair = 1e30, bestNoop = 1e30, bestEmpty = 1e30;
    for (unsigned long r = 0; r < rounds; ++r) {
        const double t0 = nowNs();
        for (unsigned long i = 0; i < iterations; ++i)
            if (read(group, buffer, sizeof buffer) != (ssize_t)sizeof buffer) abort();
        const double t1 = nowNs();
        pairs(iterations);
        const double t2 = nowNs();
        noopBuildPairs(iterations);
        const double t3 = nowNs();
        emptyLoop(iterations);
        const double t4 = nowNs();
        if (t1 - t0 < bestRead) bestRead = t1 - t0;
        if (t2 - t1 < bestPair) bestPair = t2 - t1;
        if (t3 - t2 < bestNoop) bestNoop = t3 - t2;
        if (t4 - t3 < bestEmpty) bestEmpty = t4 - t3;
    }
    endMeasuring();

    const double n = (double)iterations;
    const double groupRead = bestRead / n, pair = bestPair / n, noop = bestNoop / n, empty = bestEmpty / n;
    const double ownWork = inChild(argv[0], "--empty-set", iterations, rounds);
    const double inactive = inChild(argv[0], "--not-launched", iterations, rounds);
    const double overhead = pair - 2 * groupRead;

    printf("%-58s %9s %9s\n", "marker cost, group of 4 software events", "ns", "vs read");
    printf("%-58s %9.1f %8.2fx\n", "bare grouped read() of the same group", groupRead, 1.0);
    printf("%-58s %9.1f %8.2fx\n", "START+STOP pair, measuring (two group reads inside)", pair, pair / groupRead);
    printf("%-58s %9.1f %8.2fx\n", "START+STOP pair, measuring an empty set (no system call)", ownWork,
           ownWork / groupRead);
    printf("%-58s %9.1f %8.2fx\n", "START+STOP pair, library linked but not measuring", inactive,
           inactive / groupRead);
    printf("%-58s %9.2f\n", "START+STOP pair, no-op build (macros compiled out)", noop);
    printf("%-58s %9.2f\n", "empty loop (the same iterations, nothing in them)", empty);
    printf("pair - 2 reads = %+.1f ns (target: at most +100 ns): %s; the library's own work: %.1f ns\n", overhead,
           overhead <= 100 ? "met" : "missed", ownWork);
    printf("no-op build vs empty loop: %+.2f ns per pair (target: nothing measurable)\n", noop - empty);
    printf("(best of %lu rounds of %lu calls each, in CPU time)\n", rounds, iterations);
    return 0;
}
