/* The profile workload's function in a shared library. */
#include "profile_spin.h"

void lib_work(uint64_t n) {
    PROFILE_SPIN(n); /* LINE:lib_body */
}
