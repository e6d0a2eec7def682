/* The memory benchmark's workload: two threads busy for SECONDS, each
 * descending through a chain of calls whose shape changes with every step
 * (two functions, chosen by the bits of a counter, 1 to 12 deep), so that
 * the samples of one second land on thousands of distinct call paths: a
 * session's worst case, far from a steady program's few hundred. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile uint64_t sink;
static double seconds;

static uint64_t left(uint64_t path, int depth);
static uint64_t right(uint64_t path, int depth);

static uint64_t spin(uint64_t x) {
    for (int i = 0; i < 20000; ++i) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
    }
    return x;
}

__attribute__((noinline)) static uint64_t left(uint64_t path, int depth) {
    if (depth == 0) return spin(path | 1);
    return ((path & 1) ? right : left)(path >> 1, depth - 1) + 1;
}

__attribute__((noinline)) static uint64_t right(uint64_t path, int depth) {
    if (depth == 0) return spin(path | 3);
    return ((path & 1) ? right : left)(path >> 1, depth - 1) + 3;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static void* busy(void* arg) {
    const double end = now() + seconds;
    uint64_t step = (uintptr_t)arg;
    while (now() < end)
        for (int i = 0; i < 64; ++i, ++step) sink += left(step * 2654435761u, (int)(step % 12) + 1);
    return NULL;
}

int main(int argc, char** argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s SECONDS\n", argv[0]);
        return 2;
    }
    seconds = atof(argv[1]);
    pthread_t a, b;
    pthread_create(&a, NULL, busy, (void*)1);
    pthread_create(&b, NULL, busy, (void*)2);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
