/* An instrumented program for the marker tests: each mode uses the marker
 * API in one known way, so a test can compare the results file with what
 * really happened.
 *
 *   pages N        region A touches N fresh pages, region B touches none
 *   nested N       "outer" touches N pages around "inner", which touches N
 *   overlap N      A and B overlap (A starts, B starts, A stops, B stops); each touches N
 *   buffer N       overlap's A and B named by one buffer rewritten between the calls, then
 *                  B once more: a region is the tag's text, not its address
 *   threads T N    T threads, each runs region "work" 3 times touching N pages each time
 *   get N          A three times touching N pages, then prints MARKER_GET's values
 *   reset N        A twice, RESET, A once more: 1 call remains; each touches N pages
 *   switch N       A touching N pages, SWITCH, A touching 2N pages (and a SWITCH inside A)
 *   misuse         every misuse of the API the library must report and survive
 *   no-init        START and STOP without INIT
 *   full           registers one region more than the table holds
 *   unfinished     closes while region A is still running
 *
 * Built three ways (tests/marker/CMakeLists.txt): with PERFDASH_PERFMON
 * against the shared and the static library, and without it (the macros
 * vanish, and so must every reference to the library).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <perfdash-marker.h>

#include "workloads/workload_common.h"

static long number(const char* text) { return workloadNumber("marker_regions", text); }

/* Work that touches no new memory. */
static void compute(void) {
    volatile unsigned long x = 1;
    for (int i = 0; i < 200000; ++i) x = x * 6364136223846793005ul + 1442695040888963407ul;
}

static void pages(long n) {
    PERFDASH_MARKER_REGISTER("A");
    PERFDASH_MARKER_REGISTER("B");
    PERFDASH_MARKER_START("A");
    touchFreshPages(n);
    PERFDASH_MARKER_STOP("A");
    PERFDASH_MARKER_START("B");
    compute();
    PERFDASH_MARKER_STOP("B");
}

static void nested(long n) {
    PERFDASH_MARKER_START("outer");
    touchFreshPages(n);
    PERFDASH_MARKER_START("inner");
    touchFreshPages(n);
    PERFDASH_MARKER_STOP("inner");
    PERFDASH_MARKER_STOP("outer");
}

static void overlap(long n) {
    PERFDASH_MARKER_START("A");
    touchFreshPages(n);
    PERFDASH_MARKER_START("B");
    touchFreshPages(n);
    PERFDASH_MARKER_STOP("A");
    touchFreshPages(n);
    PERFDASH_MARKER_STOP("B");
}

static void buffer(long n) {
    char name[8];
    strcpy(name, "A");
    PERFDASH_MARKER_START(name);
    touchFreshPages(n);
    strcpy(name, "B");
    PERFDASH_MARKER_START(name);
    touchFreshPages(n);
    strcpy(name, "A");
    PERFDASH_MARKER_STOP(name);
    touchFreshPages(n);
    strcpy(name, "B");
    PERFDASH_MARKER_STOP(name);
    PERFDASH_MARKER_START(name);
    PERFDASH_MARKER_STOP(name);
}

static void* worker(void* pagesPerCall) {
    PERFDASH_MARKER_THREADINIT;
    for (int i = 0; i < 3; ++i) {
        PERFDASH_MARKER_START("work");
        touchFreshPages(*(const long*)pagesPerCall);
        PERFDASH_MARKER_STOP("work");
    }
    return NULL;
}

static void threads(long count, long n) {
    pthread_t ids[64];
    if (count > 64) count = 64;
    for (long i = 0; i < count; ++i) pthread_create(&ids[i], NULL, worker, &n);
    for (long i = 0; i < count; ++i) pthread_join(ids[i], NULL);
}

static void get(long n) {
    for (int i = 0; i < 3; ++i) {
        PERFDASH_MARKER_START("A");
        touchFreshPages(n);
        PERFDASH_MARKER_STOP("A");
    }
    int nevents = 32, count = -1;
    double events[32], time = -1;
    PERFDASH_MARKER_GET("A", &nevents, events, &time, &count);
    printf("get A count=%d time=%.9f nevents=%d", count, time, nevents);
    for (int e = 0; e < nevents; ++e) printf(" %.0f", events[e]);
    printf("\n");
}

static void reset(long n) {
    for (int i = 0; i < 2; ++i) {
        PERFDASH_MARKER_START("A");
        touchFreshPages(n);
        PERFDASH_MARKER_STOP("A");
    }
    PERFDASH_MARKER_RESET("A");
    PERFDASH_MARKER_START("A");
    touchFreshPages(n);
    PERFDASH_MARKER_STOP("A");
}

static void switchSets(long n) {
    PERFDASH_MARKER_START("A");
    touchFreshPages(n);
    PERFDASH_MARKER_SWITCH; /* refused: inside A */
    PERFDASH_MARKER_STOP("A");
    PERFDASH_MARKER_SWITCH;
    PERFDASH_MARKER_START("A");
    touchFreshPages(2 * n);
    PERFDASH_MARKER_STOP("A");
}

static void misuse(void) {
    PERFDASH_MARKER_STOP("never_started");  /* unknown region */
    PERFDASH_MARKER_START("A");
    PERFDASH_MARKER_STOP("A");
    PERFDASH_MARKER_STOP("A");              /* STOP without START */
    PERFDASH_MARKER_START("has space");     /* white space */
    PERFDASH_MARKER_START(NULL);
    PERFDASH_MARKER_START("A");
    PERFDASH_MARKER_START("A");             /* START twice */
    PERFDASH_MARKER_RESET("A");             /* running */
    PERFDASH_MARKER_STOP("A");
    int nevents = 4, count = 0;
    double events[4], time = 0;
    PERFDASH_MARKER_GET("unknown_region", &nevents, events, &time, &count);
    (void)nevents, (void)events, (void)time, (void)count; /* unused in the no-op build */
    for (int i = 0; i < 3; ++i) PERFDASH_MARKER_STOP("A"); /* said once, not three times */
    PERFDASH_MARKER_CLOSE;
    PERFDASH_MARKER_CLOSE;                  /* CLOSE twice */
    PERFDASH_MARKER_START("A");             /* after CLOSE */
}

static void full(void) {
    char name[32];
    for (int i = 0; i <= 256; ++i) {
        snprintf(name, sizeof name, "r%d", i);
        PERFDASH_MARKER_REGISTER(name);
    }
    PERFDASH_MARKER_START("r0");
    PERFDASH_MARKER_STOP("r0");
}

int main(int argc, char** argv) {
    const char* mode = argc > 1 ? argv[1] : "";
    if (strcmp(mode, "no-init") == 0) {
        PERFDASH_MARKER_START("A");
        PERFDASH_MARKER_STOP("A");
        return 0;
    }
    PERFDASH_MARKER_INIT;
    if (strcmp(mode, "pages") == 0 && argc == 3) pages(number(argv[2]));
    else if (strcmp(mode, "nested") == 0 && argc == 3) nested(number(argv[2]));
    else if (strcmp(mode, "overlap") == 0 && argc == 3) overlap(number(argv[2]));
    else if (strcmp(mode, "buffer") == 0 && argc == 3) buffer(number(argv[2]));
    else if (strcmp(mode, "threads") == 0 && argc == 4) threads(number(argv[2]), number(argv[3]));
    else if (strcmp(mode, "get") == 0 && argc == 3) get(number(argv[2]));
    else if (strcmp(mode, "reset") == 0 && argc == 3) reset(number(argv[2]));
    else if (strcmp(mode, "switch") == 0 && argc == 3) switchSets(number(argv[2]));
    else if (strcmp(mode, "misuse") == 0) {
        misuse();
        return 0;
    } else if (strcmp(mode, "full") == 0) full();
    else if (strcmp(mode, "unfinished") == 0) PERFDASH_MARKER_START("A");
    else {
        fprintf(stderr, "marker_regions: unknown mode; see the comment at the top of marker_regions.c\n");
        return 2;
    }
    PERFDASH_MARKER_CLOSE;
    return 0;
}
