/* A function of a shared library the probe links. */
#include "probe.h"

__attribute__((noinline)) void probe_lib_function(void) { PROBE_REPORT("library", 0); }
