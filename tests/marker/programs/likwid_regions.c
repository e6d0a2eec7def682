/* A program instrumented for likwid, unchanged: it includes likwid's header
 * name and uses only LIKWID_MARKER_* macros. Built against perfdash's
 * likwid-marker.h and library, it is measured by perfdash-cli stat -m.
 *
 *   likwid_regions N T   region "compute" touches N fresh pages in each of
 *                        T threads (twice, N/2 each time), region "idle"
 *                        touches none; prints what LIKWID_MARKER_GET says
 */
#include <likwid-marker.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "workloads/workload_common.h"

static long pagesPerThread;

static void* work(void* unused) {
    (void)unused;
    LIKWID_MARKER_THREADINIT;
    LIKWID_MARKER_REGISTER("compute");
    for (int i = 0; i < 2; ++i) {
        LIKWID_MARKER_START("compute");
        touchFreshPages(pagesPerThread / 2);
        LIKWID_MARKER_STOP("compute");
    }
    LIKWID_MARKER_START("idle");
    LIKWID_MARKER_STOP("idle");
    return NULL;
}

int main(int argc, char** argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: likwid_regions PAGES THREADS\n");
        return 2;
    }
    pagesPerThread = workloadNumber("likwid_regions", argv[1]);
    int threads = atoi(argv[2]);
    if (threads < 1 || threads > 16) threads = 1;
    LIKWID_MARKER_INIT;
    pthread_t ids[16];
    for (int i = 0; i < threads; ++i) pthread_create(&ids[i], NULL, work, NULL);
    for (int i = 0; i < threads; ++i) pthread_join(ids[i], NULL);
    LIKWID_MARKER_START("compute"); /* the main thread too, once, with no pages */
    LIKWID_MARKER_STOP("compute");
    int nevents = 16, count = 0;
    double events[16], time = 0;
    LIKWID_MARKER_GET("compute", &nevents, events, &time, &count);
    (void)events, (void)time; /* unused in the no-op build */
    printf("main thread: compute count=%d nevents=%d\n", count, nevents);
    LIKWID_MARKER_CLOSE;
    return 0;
}
