/* The profile workload's function in a shared library. */
#include "profile_spin.h"

__attribute__((noinline)) void profile_mark(uint64_t x) { profile_sink = x; }

void lib_work(uint64_t n) {
    PROFILE_SPIN(n); /* LINE:lib_body */
}
