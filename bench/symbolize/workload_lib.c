/* The shared library of the symbolizing benchmark's workload. */
#include <stdint.h>

__attribute__((noinline)) uint64_t workload_lib_mix(uint64_t x, long steps) {
    for (long i = 0; i < steps; ++i) x = (x ^ (x >> 31)) * 0x9e3779b97f4a7c15ull + (uint64_t)i;
    return x;
}
