/* The workload the symbolizing benchmark records with perf: two threads
 * spending their time in several functions of its own, one inlined, one in
 * a shared library, and in the C library (qsort, memcpy), for SECONDS.
 * Before it exits it copies its /proc/self/maps to MAPS_FILE, the mappings
 * perfdash's symbolizer is given.
 *
 *   perfdash_bench_symbolize_workload SECONDS MAPS_FILE */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

uint64_t workload_lib_mix(uint64_t x, long steps);

static volatile uint64_t sink;
static double stopAt;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline __attribute__((always_inline)) uint64_t inlined_step(uint64_t x) {
    x ^= x << 13;
    x ^= x >> 7;
    return x ^ (x << 17);
}

__attribute__((noinline)) static uint64_t hash_chain(uint64_t x, long steps) {
    for (long i = 0; i < steps; ++i) x = inlined_step(x) + (uint64_t)i;
    return x;
}

__attribute__((noinline)) static double float_work(double x, long steps) {
    for (long i = 0; i < steps; ++i) x = x * 1.0000001 + 1e-9 * (double)i;
    return x;
}

static int compare(const void* a, const void* b) {
    const uint32_t x = *(const uint32_t*)a, y = *(const uint32_t*)b;
    return x < y ? -1 : x > y;
}

__attribute__((noinline)) static uint64_t sort_and_copy(uint32_t* values, uint32_t* copy, size_t n, uint64_t seed) {
    for (size_t i = 0; i < n; ++i) values[i] = (uint32_t)(seed = inlined_step(seed));
    qsort(values, n, sizeof *values, compare);
    memcpy(copy, values, n * sizeof *values);
    return copy[n / 2];
}

static void* work(void* arg) {
    uint64_t x = (uint64_t)(uintptr_t)arg + 1;
    enum { n = 4096 };
    uint32_t* values = malloc(n * sizeof *values);
    uint32_t* copy = malloc(n * sizeof *copy);
    while (now() < stopAt) {
        x = hash_chain(x, 200000);
        x += (uint64_t)float_work((double)(x & 0xff), 100000);
        x = workload_lib_mix(x, 150000);
        x += sort_and_copy(values, copy, n, x);
    }
    sink = x;
    free(values);
    free(copy);
    return NULL;
}

int main(int argc, char** argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: perfdash_bench_symbolize_workload SECONDS MAPS_FILE\n");
        return 2;
    }
    stopAt = now() + atof(argv[1]);
    pthread_t other;
    pthread_create(&other, NULL, work, (void*)1);
    work(NULL);
    pthread_join(other, NULL);
    FILE* in = fopen("/proc/self/maps", "r");
    FILE* out = fopen(argv[2], "w");
    if (!in || !out) {
        perror(argv[2]);
        return 1;
    }
    char line[4096];
    while (fgets(line, sizeof line, in)) fputs(line, out);
    fclose(in);
    return fclose(out) == 0 ? 0 : 1;
}
