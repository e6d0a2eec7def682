/* A C function of the probe's main binary. */
#include "probe.h"

__attribute__((noinline)) void probe_c_function(void) { PROBE_REPORT("c", 0); }
