/* likwid's marker macros on perfdash's marker library: a program instrumented
 * for likwid is measured by perfdash after recompiling it against this header
 * and linking perfdash's library instead of likwid's:
 *
 *   cc -DLIKWID_PERFMON -I<perfdash>/include/likwid app.c -lperfdash_marker
 *   perfdash-cli stat -m -g GROUP -C 0-3 -- ./app
 *
 * Same names and behaviour as likwid's <likwid-marker.h>: the macros are
 * defined only when LIKWID_PERFMON is, and compile to nothing otherwise. The
 * GPU markers (NVMON_*, ROCMON_*) compile to nothing: perfdash measures CPUs.
 */
#ifndef PERFDASH_LIKWID_MARKER_H
#define PERFDASH_LIKWID_MARKER_H

#include <perfdash-marker.h>

#ifdef LIKWID_PERFMON
#define LIKWID_MARKER_INIT perfdash_marker_init()
#define LIKWID_MARKER_THREADINIT perfdash_marker_thread_init()
#define LIKWID_MARKER_SWITCH perfdash_marker_switch()
#define LIKWID_MARKER_REGISTER(regionTag) perfdash_marker_register(regionTag)
#define LIKWID_MARKER_START(regionTag) perfdash_marker_start(regionTag)
#define LIKWID_MARKER_STOP(regionTag) perfdash_marker_stop(regionTag)
#define LIKWID_MARKER_CLOSE perfdash_marker_close()
#define LIKWID_MARKER_WRITE_FILE(markerfile) perfdash_marker_write_file(markerfile)
#define LIKWID_MARKER_RESET(regionTag) perfdash_marker_reset(regionTag)
#define LIKWID_MARKER_GET(regionTag, nevents, events, time, count) \
    perfdash_marker_get(regionTag, nevents, events, time, count)
#else
#define LIKWID_MARKER_INIT
#define LIKWID_MARKER_THREADINIT
#define LIKWID_MARKER_SWITCH
#define LIKWID_MARKER_REGISTER(regionTag)
#define LIKWID_MARKER_START(regionTag)
#define LIKWID_MARKER_STOP(regionTag)
#define LIKWID_MARKER_CLOSE
#define LIKWID_MARKER_WRITE_FILE(markerfile)
#define LIKWID_MARKER_RESET(regionTag)
#define LIKWID_MARKER_GET(regionTag, nevents, events, time, count)
#endif

#if defined(LIKWID_NVMON) || defined(LIKWID_ROCMON)
#error "perfdash's likwid-marker.h measures CPUs only: build without LIKWID_NVMON / LIKWID_ROCMON"
#endif
#define NVMON_MARKER_INIT
#define NVMON_MARKER_THREADINIT
#define NVMON_MARKER_SWITCH
#define NVMON_MARKER_REGISTER(regionTag)
#define NVMON_MARKER_START(regionTag)
#define NVMON_MARKER_STOP(regionTag)
#define NVMON_MARKER_CLOSE
#define NVMON_MARKER_WRITE_FILE(markerfile)
#define NVMON_MARKER_RESET(regionTag)
#define NVMON_MARKER_GET(regionTag, ngpus, nevents, events, time, count)
#define ROCMON_MARKER_INIT
#define ROCMON_MARKER_THREADINIT
#define ROCMON_MARKER_SWITCH
#define ROCMON_MARKER_REGISTER(regionTag)
#define ROCMON_MARKER_START(regionTag)
#define ROCMON_MARKER_STOP(regionTag)
#define ROCMON_MARKER_CLOSE
#define ROCMON_MARKER_WRITE_FILE(markerfile)
#define ROCMON_MARKER_RESET(regionTag)
#define ROCMON_MARKER_GET(regionTag, ngpus, nevents, events, time, count)

#endif
