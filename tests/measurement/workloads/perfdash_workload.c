/* Workloads with known, countable behaviour for the counting tests: each mode
 * does one thing a known number of times so a test can compare what the
 * counters saw with what really happened.
 *
 *   pages N              touch N fresh 4 KiB pages (one page fault each)
 *   thread-pages T N     T threads, each touches N fresh pages
 *   getpid N             N raw getpid system calls (no libc caching)
 *   yield N              two threads, each calls sched_yield N times
 *   spin MS              busy loop for MS milliseconds
 *   spin-cpu MS          busy loop until it has run MS milliseconds on a CPU (as many cpu-clock samples
 *                        whatever else runs beside it)
 *   spin-threads T MS    T threads busy looping for MS milliseconds
 *   where                print the CPUs it may run on, e.g. "cpus 1"
 *   attach-target T N    start T idle threads, wait for SIGUSR1, then each thread touches N pages
 *   spawn-on-signal T N  wait for SIGUSR1, then start T threads that touch N pages each
 *   trickle N MS         until killed: touch N fresh pages, then sleep MS milliseconds (work in every interval, little CPU)
 *   family MS            busy loops for MS milliseconds in itself, in a second thread and in a child process
 *                        that execs this program ("spin MS"); prints "thread TID" and "child PID" first
 *   raise SIG            die of signal number SIG (no core file)
 *
 * The two modes that wait for SIGUSR1 print "ready" once it is safe to send
 * (blocked, threads started), since an early SIGUSR1 would kill them.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "workloads/workload_common.h"

static long number(const char* text) { return workloadNumber("perfdash_workload", text); }

static double nowMs(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void spinFor(long ms) {
    const double end = nowMs() + (double)ms;
    volatile unsigned long x = 0;
    while (nowMs() < end)
        for (int i = 0; i < 1000; ++i) x += (unsigned long)i;
}

static void spinForCpu(long ms) {
    volatile unsigned long x = 0;
    for (;;) {
        struct timespec ts;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
        if (ts.tv_sec * 1e3 + ts.tv_nsec / 1e6 >= (double)ms) return;
        for (int i = 0; i < 1000; ++i) x += (unsigned long)i;
    }
}

static long threadArg;

static void* pagesThread(void* unused) {
    (void)unused;
    touchFreshPages(threadArg);
    return NULL;
}

static void* yieldThread(void* unused) {
    (void)unused;
    for (long i = 0; i < threadArg; ++i) sched_yield();
    return NULL;
}

static void* spinThread(void* unused) {
    (void)unused;
    spinFor(threadArg);
    return NULL;
}

static void runThreads(long count, void* (*body)(void*)) {
    pthread_t* threads = calloc((size_t)count, sizeof *threads);
    for (long i = 0; i < count; ++i) pthread_create(&threads[i], NULL, body, NULL);
    for (long i = 0; i < count; ++i) pthread_join(threads[i], NULL);
    free(threads);
}

static pthread_mutex_t startLock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t startSignal = PTHREAD_COND_INITIALIZER;
static int started;

static void* waitingPagesThread(void* unused) {
    (void)unused;
    pthread_mutex_lock(&startLock);
    while (!started) pthread_cond_wait(&startSignal, &startLock);
    pthread_mutex_unlock(&startLock);
    touchFreshPages(threadArg);
    return NULL;
}

/* SIGUSR1 stays blocked (also in threads started later): only sigwait() takes it. */
static void blockUsr1(sigset_t* usr1) {
    sigemptyset(usr1);
    sigaddset(usr1, SIGUSR1);
    pthread_sigmask(SIG_BLOCK, usr1, NULL);
}

static void waitForUsr1(sigset_t* usr1) {
    int sig = 0;
    printf("ready\n");
    fflush(stdout);
    sigwait(usr1, &sig);
}

static void attachTarget(long count) {
    sigset_t usr1;
    blockUsr1(&usr1);
    pthread_t* threads = calloc((size_t)count, sizeof *threads);
    for (long i = 0; i < count; ++i) pthread_create(&threads[i], NULL, waitingPagesThread, NULL);
    waitForUsr1(&usr1);
    pthread_mutex_lock(&startLock);
    started = 1;
    pthread_cond_broadcast(&startSignal);
    pthread_mutex_unlock(&startLock);
    for (long i = 0; i < count; ++i) pthread_join(threads[i], NULL);
    free(threads);
}

static void* reportingSpinThread(void* unused) {
    (void)unused;
    printf("thread %ld\n", (long)syscall(SYS_gettid));
    fflush(stdout);
    spinFor(threadArg);
    return NULL;
}

/* The sampling tests' target: CPU time in a thread and in a child process
 * (which execs, so that it maps a program of its own) besides the main one. */
static int family(const char* msText) {
    threadArg = number(msText);
    pthread_t thread;
    pthread_create(&thread, NULL, reportingSpinThread, NULL);
    fflush(stdout);
    const pid_t child = fork();
    if (child == 0) {
        execl("/proc/self/exe", "perfdash_workload", "spin", msText, (char*)NULL);
        _exit(127);
    }
    printf("child %ld\n", (long)child);
    fflush(stdout);
    spinFor(threadArg);
    pthread_join(thread, NULL);
    int status = 0;
    waitpid(child, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

static void trickle(long pages, long ms) {
    const struct timespec pause = {ms / 1000, (ms % 1000) * 1000000L};
    for (;;) {
        touchFreshPages(pages);
        nanosleep(&pause, NULL);
    }
}

static int dieOf(long sig) {
    const struct rlimit noCore = {0, 0};
    setrlimit(RLIMIT_CORE, &noCore);
    signal((int)sig, SIG_DFL);
    raise((int)sig);
    fprintf(stderr, "perfdash_workload: signal %ld did not end the program\n", sig);
    return 2;
}

static void printCpus(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    sched_getaffinity(0, sizeof set, &set);
    printf("cpus");
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &set)) printf(" %d", cpu);
    printf("\n");
}

int main(int argc, char** argv) {
    const char* mode = argc > 1 ? argv[1] : "";
    const char* a = argc > 2 ? argv[2] : NULL;
    const char* b = argc > 3 ? argv[3] : NULL;
    if (!strcmp(mode, "pages")) {
        touchFreshPages(number(a));
    } else if (!strcmp(mode, "thread-pages")) {
        threadArg = number(b);
        runThreads(number(a), pagesThread);
    } else if (!strcmp(mode, "getpid")) {
        const long n = number(a);
        for (long i = 0; i < n; ++i) syscall(SYS_getpid);
    } else if (!strcmp(mode, "yield")) {
        threadArg = number(a);
        runThreads(2, yieldThread);
    } else if (!strcmp(mode, "spin")) {
        spinFor(number(a));
    } else if (!strcmp(mode, "spin-cpu")) {
        spinForCpu(number(a));
    } else if (!strcmp(mode, "spin-threads")) {
        threadArg = number(b);
        runThreads(number(a), spinThread);
    } else if (!strcmp(mode, "where")) {
        printCpus();
    } else if (!strcmp(mode, "attach-target")) {
        threadArg = number(b);
        attachTarget(number(a));
    } else if (!strcmp(mode, "spawn-on-signal")) {
        threadArg = number(b);
        sigset_t usr1;
        blockUsr1(&usr1);
        waitForUsr1(&usr1);
        runThreads(number(a), pagesThread);
    } else if (!strcmp(mode, "trickle")) {
        trickle(number(a), number(b));
    } else if (!strcmp(mode, "family")) {
        return family(a);
    } else if (!strcmp(mode, "raise")) {
        return dieOf(number(a));
    } else {
        fprintf(stderr, "usage: perfdash_workload pages|thread-pages|getpid|yield|spin|spin-cpu|spin-threads|where|attach-target|spawn-on-signal|trickle|family|raise ...\n");
        return 2;
    }
    return 0;
}
