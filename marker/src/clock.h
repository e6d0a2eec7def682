/* Region time. START and STOP read a raw tick counter (x86-64: the TSC when
 * the kernel trusts it as its clocksource; AArch64: the architected virtual
 * counter), which costs a fraction of a clock_gettime() call in a VM; ticks
 * become nanoseconds with a rate measured against CLOCK_MONOTONIC between
 * INIT and the moment of conversion. Elsewhere the ticks are nanoseconds of
 * CLOCK_MONOTONIC. */
#ifndef PERFDASH_MARKER_CLOCK_H
#define PERFDASH_MARKER_CLOCK_H

#include <stdint.h>
#include <time.h>

extern int marker_clock_counter; /* 1: ticks are the hardware counter's */

static inline uint64_t marker_monotonic_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline uint64_t marker_ticks(void) {
#if defined(__x86_64__)
    if (marker_clock_counter) {
        uint32_t lo, hi;
        __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
        return ((uint64_t)hi << 32) | lo;
    }
#elif defined(__aarch64__)
    if (marker_clock_counter) {
        uint64_t ticks;
        __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(ticks)::"memory");
        return ticks;
    }
#endif
    return marker_monotonic_ns();
}

/* Chooses the counter and takes the calibration's first point (INIT). */
void marker_clock_init(void);

/* Nanoseconds per tick, measured from INIT to now (at least 1 ms apart: a
 * caller earlier than that waits for the rest, so the rate is precise). */
double marker_clock_ns_per_tick(void);

#endif
