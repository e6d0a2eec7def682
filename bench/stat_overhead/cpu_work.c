/* A fixed amount of CPU work: ITERATIONS steps of a xorshift64 chain. Every
 * step depends on the one before, so the time is the chain's latency, the
 * same in every run; the program touches no memory beyond its stack, makes
 * no system calls while working and prints the final value so that the
 * compiler cannot drop the loop.
 *
 *   perfdash_bench_cpu_work ITERATIONS [TIMING_FILE]
 *
 * With TIMING_FILE it writes there the seconds the loop itself took
 * (CLOCK_MONOTONIC around the loop): the program's own time, without the
 * start-up and exit of whatever tool launched it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char** argv) {
    char* end = NULL;
    const unsigned long long iterations = argc == 2 || argc == 3 ? strtoull(argv[1], &end, 10) : 0;
    if ((argc != 2 && argc != 3) || *end || iterations == 0) {
        fprintf(stderr, "usage: perfdash_bench_cpu_work ITERATIONS [TIMING_FILE]  (ITERATIONS a positive number)\n");
        return 2;
    }
    const double start = seconds();
    uint64_t x = 88172645463325252ull;
    for (unsigned long long i = 0; i < iterations; ++i) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
    }
    const double elapsed = seconds() - start;
    if (argc == 3) {
        FILE* f = fopen(argv[2], "w");
        if (!f || fprintf(f, "%.9f\n", elapsed) < 0 || fclose(f) != 0) {
            perror(argv[2]);
            return 1;
        }
    }
    printf("%llu\n", (unsigned long long)x);
    return 0;
}
