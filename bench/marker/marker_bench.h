/* The loops of the no-op build (marker_noop.c, compiled without PERFDASH_PERFMON). */
#ifndef PERFDASH_MARKER_BENCH_H
#define PERFDASH_MARKER_BENCH_H

void noopBuildPairs(unsigned long n);
void emptyLoop(unsigned long n);

#endif
