/* The profile tests' workload: functions whose shares of its CPU time are
 * known by construction (iteration counts of one loop body, profile_spin.h).
 *
 *   profile_workload shares UNIT
 *     main_work     20 units in its own loop, main thread, the program
 *     inlined_work  20 units, inlined into main_work (always_inline)
 *     lib_work      30 units, in libprofile_workload_lib.so
 *     thread_work   20 units, in a second thread
 *     child_work    10 units, in a forked child process
 *   i.e. 20/20/30/20/10 % of 100 units of UNIT iterations each.
 *
 *   profile_workload regions UNIT
 *     the marker regions "setup" (lib_work, 10 units) and "solve" (main_work
 *     with inlined_work, 30 units), then 10 units outside any region.
 *
 * Lines the tests look for carry a LINE:name comment. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <perfdash-marker.h>

#include "profile_spin.h"

volatile uint64_t profile_sink = 88172645463325252ull;

static inline __attribute__((always_inline)) void inlined_work(uint64_t n) {
    PROFILE_SPIN(n); /* LINE:inlined_body */
}

__attribute__((noinline)) void main_work(uint64_t own, uint64_t inlined) {
    PROFILE_SPIN(own);     /* LINE:main_body */
    inlined_work(inlined); /* LINE:inlined_call */
}

__attribute__((noinline)) void thread_work(uint64_t n) {
    PROFILE_SPIN(n); /* LINE:thread_body */
}

__attribute__((noinline)) void child_work(uint64_t n) {
    PROFILE_SPIN(n); /* LINE:child_body */
}

static void* threadMain(void* arg) {
    thread_work(*(const uint64_t*)arg);
    return NULL;
}

static int shares(uint64_t unit) {
    const uint64_t threadUnits = 20 * unit;
    pthread_t thread;
    if (pthread_create(&thread, NULL, threadMain, (void*)&threadUnits) != 0) return 1;
    const pid_t child = fork();
    if (child < 0) return 1;
    if (child == 0) {
        child_work(10 * unit);
        _exit(0);
    }
    main_work(20 * unit, 20 * unit);
    lib_work(30 * unit);
    pthread_join(thread, NULL);
    int status = 0;
    waitpid(child, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}

static int regions(uint64_t unit) {
    PERFDASH_MARKER_INIT;
    PERFDASH_MARKER_START("setup");
    lib_work(10 * unit);
    PERFDASH_MARKER_STOP("setup");
    PERFDASH_MARKER_START("solve");
    main_work(15 * unit, 15 * unit);
    PERFDASH_MARKER_STOP("solve");
    main_work(10 * unit, 0);
    PERFDASH_MARKER_CLOSE;
    return 0;
}

int main(int argc, char** argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s shares|regions UNIT\n", argv[0]);
        return 2;
    }
    const uint64_t unit = strtoull(argv[2], NULL, 10);
    if (strcmp(argv[1], "shares") == 0) return shares(unit);
    if (strcmp(argv[1], "regions") == 0) return regions(unit);
    fprintf(stderr, "unknown mode %s\n", argv[1]);
    return 2;
}
