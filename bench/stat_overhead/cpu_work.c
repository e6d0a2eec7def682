/* A fixed amount of CPU work: ITERATIONS steps of a xorshift64 chain. Every
 * step depends on the one before, so the time is the chain's latency, the
 * same in every run; the program touches no memory beyond its stack, makes
 * no system calls while working and prints the final value so that the
 * compiler cannot drop the loop.
 *
 *   perfdash_bench_cpu_work ITERATIONS
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    char* end = NULL;
    const unsigned long long iterations = argc == 2 ? strtoull(argv[1], &end, 10) : 0;
    if (argc != 2 || *end || iterations == 0) {
        fprintf(stderr, "usage: perfdash_bench_cpu_work ITERATIONS  (a positive number)\n");
        return 2;
    }
    uint64_t x = 88172645463325252ull;
    for (unsigned long long i = 0; i < iterations; ++i) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
    }
    printf("%llu\n", (unsigned long long)x);
    return 0;
}
