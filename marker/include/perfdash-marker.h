/* perfdash marker API: count events per code region and per thread.
 *
 *   #include <perfdash-marker.h>      build with -DPERFDASH_PERFMON, link -lperfdash_marker
 *
 *   PERFDASH_MARKER_INIT;                         once, before any other call (serial code)
 *   PERFDASH_MARKER_THREADINIT;                   optional, in each thread: opens its counters now
 *   PERFDASH_MARKER_REGISTER("solve");            optional: makes the first START cheaper
 *   PERFDASH_MARKER_START("solve");
 *   ...                                           the region: counted in the calling thread
 *   PERFDASH_MARKER_STOP("solve");
 *   PERFDASH_MARKER_GET("solve", &n, events, &time, &count);   the calling thread's totals so far
 *   PERFDASH_MARKER_RESET("solve");               clears the calling thread's totals
 *   PERFDASH_MARKER_SWITCH;                       next event set (group), outside any region
 *   PERFDASH_MARKER_CLOSE;                        once, at the end: writes the results
 *
 * Run the program under `perfdash-cli stat -m -g GROUP -- ./app`: the launcher
 * tells the library what to count and where to write. Run alone, every call
 * returns at once and nothing is written. Without PERFDASH_PERFMON the macros
 * compile to nothing, so instrumented code builds without perfdash installed.
 *
 * Region names contain no white space (at most 127 bytes, 256 names per
 * program). Regions may nest and overlap; each START/STOP pair adds the
 * counts, the wall time and one call to that region in that thread. Misuse
 * (STOP without START, an unknown region, a name with white space, a call
 * before INIT or after CLOSE) is reported on stderr and the call ignored.
 *
 * Programs instrumented for likwid: include <likwid-marker.h> from perfdash's
 * include directory instead of likwid's (same macros, LIKWID_PERFMON).
 */
#ifndef PERFDASH_MARKER_H
#define PERFDASH_MARKER_H

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define PERFDASH_MARKER_API __attribute__((visibility("default")))
#else
#define PERFDASH_MARKER_API
#endif

/* The int results: 0 on success, a negative errno value when the call was
 * ignored (-EINVAL bad name or call order, -ENOENT unknown region, -EBUSY
 * region still running, -ENOSPC region table full). */
PERFDASH_MARKER_API void perfdash_marker_init(void);
PERFDASH_MARKER_API void perfdash_marker_thread_init(void);
PERFDASH_MARKER_API int perfdash_marker_register(const char* tag);
PERFDASH_MARKER_API int perfdash_marker_start(const char* tag);
PERFDASH_MARKER_API int perfdash_marker_stop(const char* tag);
/* The calling thread's totals of `tag` in the current event set. *nevents:
 * in, the capacity of `events`; out, how many were written. events: scaled
 * counts, NaN where the event could not be counted. time: seconds inside the
 * region. count: completed START/STOP pairs. Outputs are left untouched when
 * the library is not measuring. Within the first millisecond after INIT the
 * call waits for the rest of it (the time's tick rate is measured over it). */
PERFDASH_MARKER_API void perfdash_marker_get(const char* tag, int* nevents, double* events, double* time,
                                             int* count);
PERFDASH_MARKER_API int perfdash_marker_reset(const char* tag);
PERFDASH_MARKER_API void perfdash_marker_switch(void);
PERFDASH_MARKER_API void perfdash_marker_close(void);
/* Writes the results so far to `path` (atomically) without closing: likwid's
 * LIKWID_MARKER_WRITE_FILE. The launcher only reads the file CLOSE writes. */
PERFDASH_MARKER_API void perfdash_marker_write_file(const char* path);

#ifdef __cplusplus
}
#endif

#ifdef PERFDASH_PERFMON
#define PERFDASH_MARKER_INIT perfdash_marker_init()
#define PERFDASH_MARKER_THREADINIT perfdash_marker_thread_init()
#define PERFDASH_MARKER_REGISTER(tag) perfdash_marker_register(tag)
#define PERFDASH_MARKER_START(tag) perfdash_marker_start(tag)
#define PERFDASH_MARKER_STOP(tag) perfdash_marker_stop(tag)
#define PERFDASH_MARKER_GET(tag, nevents, events, time, count) \
    perfdash_marker_get(tag, nevents, events, time, count)
#define PERFDASH_MARKER_RESET(tag) perfdash_marker_reset(tag)
#define PERFDASH_MARKER_SWITCH perfdash_marker_switch()
#define PERFDASH_MARKER_CLOSE perfdash_marker_close()
#else
#define PERFDASH_MARKER_INIT
#define PERFDASH_MARKER_THREADINIT
#define PERFDASH_MARKER_REGISTER(tag)
#define PERFDASH_MARKER_START(tag)
#define PERFDASH_MARKER_STOP(tag)
#define PERFDASH_MARKER_GET(tag, nevents, events, time, count)
#define PERFDASH_MARKER_RESET(tag)
#define PERFDASH_MARKER_SWITCH
#define PERFDASH_MARKER_CLOSE
#endif

#endif
