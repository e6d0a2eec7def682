// pmu-count: the rig's own probe of the emulated PMU. It uses
// perf_event_open directly and none of perfdash's code, so that a failing
// product check can be told apart from a guest that does not count.
//
//   pmu-count group -- PROGRAM [ARGS]    {cycles, instructions} as one group
//   pmu-count spread N -- PROGRAM [ARGS] N separate instructions events (more than the counters)
//   pmu-count percpu CPU -- PROGRAM ...  instructions on every CPU, PROGRAM pinned to CPU
//   pmu-count probe                      the kernel's verdict on perf's generic events, one line each:
//                                        event=NAME type=T config=0xC verdict=ok|ENOENT|...
//
// Everything is counted in user space only, where the workloads' instruction
// counts are known exactly. Results are key=value lines on stdout; errors are
// "error=..." lines and exit status 1.
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

enum { kMaxEvents = 64 };

static int fail(const char* what) {
    printf("error=%s: %s\n", what, strerror(errno));
    return 1;
}

static int openEvent(uint32_t type, uint64_t config, pid_t pid, int cpu, int groupFd, uint64_t readFormat,
                     int enableOnExec) {
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = type;
    attr.config = config;
    attr.read_format = readFormat;
    attr.disabled = groupFd < 0;
    attr.enable_on_exec = enableOnExec && groupFd < 0;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    return (int)syscall(SYS_perf_event_open, &attr, pid, cpu, groupFd, 0UL);
}

// A forked child that waits until the counters exist, then execs the program.
struct Child {
    pid_t pid;
    int release; // write end: one byte lets the child exec
};

static int forkHeld(char** argv, int pinCpu, struct Child* child) {
    int go[2];
    if (pipe(go) != 0) return -1;
    child->pid = fork();
    if (child->pid < 0) return -1;
    if (child->pid == 0) {
        char byte;
        close(go[1]);
        if (read(go[0], &byte, 1) != 1) _exit(126);
        if (pinCpu >= 0) {
            cpu_set_t set;
            CPU_ZERO(&set);
            CPU_SET(pinCpu, &set);
            if (sched_setaffinity(0, sizeof set, &set) != 0) _exit(126);
        }
        execv(argv[0], argv);
        _exit(127);
    }
    close(go[0]);
    child->release = go[1];
    return 0;
}

static int runChild(struct Child* child) {
    int status = 0;
    if (write(child->release, "x", 1) != 1) return -1;
    close(child->release);
    if (waitpid(child->pid, &status, 0) != child->pid) return -1;
    printf("exit_status=%d\n", WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
    return 0;
}

static int countGroup(char** program) {
    struct Child child;
    if (forkHeld(program, -1, &child) != 0) return fail("fork");
    const uint64_t format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
    int leader = openEvent(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, child.pid, -1, -1, format, 1);
    if (leader < 0) return fail("open cycles");
    if (openEvent(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, child.pid, -1, leader, format, 1) < 0) return fail("open instructions");
    if (runChild(&child) != 0) return fail("run");
    struct { uint64_t nr, enabled, running, values[2]; } data;
    if (read(leader, &data, sizeof data) != (ssize_t)sizeof data) return fail("read group");
    printf("cycles=%llu\ninstructions=%llu\ntime_enabled=%llu\ntime_running=%llu\n",
           (unsigned long long)data.values[0], (unsigned long long)data.values[1],
           (unsigned long long)data.enabled, (unsigned long long)data.running);
    return 0;
}

static int countSpread(int events, char** program) {
    struct Child child;
    int fds[kMaxEvents];
    if (forkHeld(program, -1, &child) != 0) return fail("fork");
    const uint64_t format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
    for (int i = 0; i < events; ++i) {
        fds[i] = openEvent(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, child.pid, -1, -1, format, 1);
        if (fds[i] < 0) return fail("open instructions");
    }
    if (runChild(&child) != 0) return fail("run");
    printf("events=%d\n", events);
    for (int i = 0; i < events; ++i) {
        struct { uint64_t value, enabled, running; } data;
        if (read(fds[i], &data, sizeof data) != (ssize_t)sizeof data) return fail("read event");
        printf("event.%d.value=%llu\nevent.%d.time_enabled=%llu\nevent.%d.time_running=%llu\n", i,
               (unsigned long long)data.value, i, (unsigned long long)data.enabled, i,
               (unsigned long long)data.running);
    }
    return 0;
}

// System-wide counters cannot wait for an exec, so they are enabled just
// before the child is released; the launcher itself stays off the child's CPU.
static int countPerCpu(int pinCpu, char** program) {
    const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    if (cpus < 2 || cpus > kMaxEvents) {
        printf("error=percpu needs 2..%d online CPUs, this guest has %ld\n", kMaxEvents, cpus);
        return 1;
    }
    if (pinCpu < 0 || pinCpu >= cpus) {
        printf("error=CPU %d is not online (0..%ld)\n", pinCpu, cpus - 1);
        return 1;
    }
    cpu_set_t others;
    CPU_ZERO(&others);
    for (int c = 0; c < cpus; ++c)
        if (c != pinCpu) CPU_SET(c, &others);
    if (sched_setaffinity(0, sizeof others, &others) != 0) return fail("pin launcher");

    struct Child child;
    int fds[kMaxEvents];
    if (forkHeld(program, pinCpu, &child) != 0) return fail("fork");
    for (int c = 0; c < cpus; ++c) {
        fds[c] = openEvent(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, -1, c, -1, 0, 0);
        if (fds[c] < 0) return fail("open instructions on a CPU");
    }
    for (int c = 0; c < cpus; ++c)
        if (ioctl(fds[c], PERF_EVENT_IOC_ENABLE, 0) != 0) return fail("enable");
    if (runChild(&child) != 0) return fail("run");
    for (int c = 0; c < cpus; ++c)
        if (ioctl(fds[c], PERF_EVENT_IOC_DISABLE, 0) != 0) return fail("disable");
    printf("cpus=%ld\npinned_cpu=%d\n", cpus, pinCpu);
    for (int c = 0; c < cpus; ++c) {
        uint64_t value;
        if (read(fds[c], &value, sizeof value) != (ssize_t)sizeof value) return fail("read");
        printf("cpu.%d.instructions=%llu\n", c, (unsigned long long)value);
    }
    return 0;
}

#define CACHE_EVENT(cache, op, result) \
    (PERF_COUNT_HW_CACHE_##cache | PERF_COUNT_HW_CACHE_OP_##op << 8 | PERF_COUNT_HW_CACHE_RESULT_##result << 16)

// perf's names, so the product's verdict on the same names can be compared with the kernel's.
static const struct {
    const char* name;
    uint32_t type;
    uint64_t config;
} kGenericEvents[] = {
    {"cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
    {"instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS},
    {"cache-references", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES},
    {"cache-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES},
    {"branch-instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS},
    {"branch-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES},
    {"L1-dcache-loads", PERF_TYPE_HW_CACHE, CACHE_EVENT(L1D, READ, ACCESS)},
    {"L1-dcache-load-misses", PERF_TYPE_HW_CACHE, CACHE_EVENT(L1D, READ, MISS)},
    {"L1-icache-load-misses", PERF_TYPE_HW_CACHE, CACHE_EVENT(L1I, READ, MISS)},
    {"dTLB-load-misses", PERF_TYPE_HW_CACHE, CACHE_EVENT(DTLB, READ, MISS)},
    {"branch-loads", PERF_TYPE_HW_CACHE, CACHE_EVENT(BPU, READ, ACCESS)},
    {"branch-load-misses", PERF_TYPE_HW_CACHE, CACHE_EVENT(BPU, READ, MISS)},
};

static const char* errnoName(int err) {
    switch (err) {
    case ENOENT: return "ENOENT";
    case EOPNOTSUPP: return "EOPNOTSUPP";
    case EINVAL: return "EINVAL";
    case EACCES: return "EACCES";
    case EPERM: return "EPERM";
    case ENODEV: return "ENODEV";
    default: return "other";
    }
}

static int probeGenericEvents(void) {
    for (size_t i = 0; i < sizeof kGenericEvents / sizeof kGenericEvents[0]; ++i) {
        const int fd = openEvent(kGenericEvents[i].type, kGenericEvents[i].config, 0, -1, -1, 0, 0);
        printf("event=%s type=%u config=0x%llx verdict=%s\n", kGenericEvents[i].name, kGenericEvents[i].type,
               (unsigned long long)kGenericEvents[i].config, fd >= 0 ? "ok" : errnoName(errno));
        if (fd >= 0) close(fd);
    }
    return 0;
}

static int usage(void) {
    fprintf(stderr, "usage: pmu-count group -- PROGRAM [ARGS]\n"
                    "       pmu-count spread EVENTS -- PROGRAM [ARGS]\n"
                    "       pmu-count percpu CPU -- PROGRAM [ARGS]\n"
                    "       pmu-count probe\n");
    return 2;
}

int main(int argc, char** argv) {
    if (argc == 2 && strcmp(argv[1], "probe") == 0) return probeGenericEvents();
    if (argc < 4) return usage();
    const char* mode = argv[1];
    if (strcmp(mode, "group") == 0 && strcmp(argv[2], "--") == 0) return countGroup(argv + 3);
    if (argc < 5 || strcmp(argv[3], "--") != 0) return usage();
    const int number = atoi(argv[2]);
    if (strcmp(mode, "spread") == 0 && number > 0 && number <= kMaxEvents) return countSpread(number, argv + 4);
    if (strcmp(mode, "percpu") == 0) return countPerCpu(number, argv + 4);
    return usage();
}
