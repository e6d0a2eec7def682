/* The no-op build: this file is compiled without PERFDASH_PERFMON, so the
 * marker macros below vanish. The empty asm keeps the compiler from deleting
 * the loops, and is all that is left of each iteration in both. */
#include <perfdash-marker.h>

#include "marker_bench.h"

void noopBuildPairs(unsigned long n) {
    for (unsigned long i = 0; i < n; ++i) {
        PERFDASH_MARKER_START("bench");
        __asm__ __volatile__("" ::: "memory");
        PERFDASH_MARKER_STOP("bench");
    }
}

void emptyLoop(unsigned long n) {
    for (unsigned long i = 0; i < n; ++i) __asm__ __volatile__("" ::: "memory");
}
