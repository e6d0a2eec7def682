/* The unwinder tests' workload: main -> unwind_outer -> unwind_middle ->
 * unwind_leaf, which spins, for argv[1] seconds. Built once without frame
 * pointers (the DWARF unwinder's case) and once with them (the kernel's
 * callchains). Each call has work after it, so that none is a tail call,
 * and the leaf has a large frame, so that a short stack copy ends inside it. */
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

volatile uint64_t unwind_sink;

__attribute__((noinline)) void unwind_leaf(long steps) {
    volatile char pad[2048];
    pad[0] = (char)steps;
    for (long i = 0; i < steps; ++i) unwind_sink = unwind_sink * 6364136223846793005ull + 1442695040888963407ull;
    pad[sizeof pad - 1] = pad[0];
}

__attribute__((noinline)) void unwind_middle(long steps) {
    unwind_leaf(steps);
    unwind_sink += 1;
}

__attribute__((noinline)) void unwind_outer(long steps) {
    unwind_middle(steps);
    unwind_sink += 2;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char** argv) {
    const double seconds = argc > 1 ? atof(argv[1]) : 2.0;
    const double end = now() + seconds;
    while (now() < end) unwind_outer(1000000);
    return 0;
}
