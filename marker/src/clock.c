#include "clock.h"

#include <stdio.h>
#include <string.h>

int marker_clock_counter;

static uint64_t startTicks, startNs;

enum { kCalibrationNs = 1000000 };

/* The TSC is a good clock only where the kernel found it invariant and in
 * step across CPUs, which it says by using it as its clocksource. */
static int counterTrusted(void) {
#if defined(__x86_64__)
    FILE* f = fopen("/sys/devices/system/clocksource/clocksource0/current_clocksource", "r");
    if (!f) return 0;
    char name[32] = "";
    const int ok = fgets(name, sizeof name, f) != NULL && strcmp(name, "tsc\n") == 0;
    fclose(f);
    return ok;
#elif defined(__aarch64__)
    return 1;
#else
    return 0;
#endif
}

void marker_clock_init(void) {
    marker_clock_counter = counterTrusted();
    startNs = marker_monotonic_ns();
    startTicks = marker_ticks();
}

double marker_clock_ns_per_tick(void) {
    if (!marker_clock_counter) return 1.0;
    uint64_t ns = marker_monotonic_ns();
    if (ns - startNs < kCalibrationNs) {
        const uint64_t wait = kCalibrationNs - (ns - startNs);
        const struct timespec pause = {0, (long)wait};
        nanosleep(&pause, NULL);
    }
    const uint64_t ticks = marker_ticks();
    ns = marker_monotonic_ns();
    return ticks > startTicks ? (double)(ns - startNs) / (double)(ticks - startTicks) : 1.0;
}
