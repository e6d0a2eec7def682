/* The one loop body every function of the profile workload runs: an
 * xorshift64 chain (one dependent step after another, no memory traffic, no
 * calls), so that a function's share of the CPU time is its share of the
 * iterations, by construction. A macro, so that each use is code of the
 * function it is written in, on the line it is written on. */
#ifndef PROFILE_SPIN_H
#define PROFILE_SPIN_H

#include <stdint.h>

extern volatile uint64_t profile_sink;

#define PROFILE_SPIN(n)                                             \
    do {                                                            \
        uint64_t x_ = profile_sink | 1;                             \
        for (uint64_t i_ = 0; i_ < (uint64_t)(n); ++i_) {           \
            x_ ^= x_ << 13;                                         \
            x_ ^= x_ >> 7;                                          \
            x_ ^= x_ << 17;                                         \
            __asm__ volatile("" : "+r"(x_));                        \
        }                                                           \
        profile_sink = x_;                                          \
    } while (0)

void lib_work(uint64_t n);

#endif
