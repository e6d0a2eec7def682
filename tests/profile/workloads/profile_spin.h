/* The one loop body every function of the profile workload runs: an
 * xorshift64 chain (one dependent step after another, no memory traffic, no
 * calls), so that a function's share of the CPU time is its share of the
 * iterations, by construction. A macro, so that each use is code of the
 * function it is written in, on the line it is written on. It ends in a call
 * (profile_mark, in the shared library), so that no function using it is a
 * leaf: GCC 12 sets up no frame pointer in a leaf function whatever
 * -mno-omit-leaf-frame-pointer says, and a frame-pointer stack sampled in
 * one would skip its caller. */
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
        profile_mark(x_);                                           \
        __asm__ volatile("" ::: "memory"); /* no tail call */      \
    } while (0)

void lib_work(uint64_t n);
void profile_mark(uint64_t x);

#endif
