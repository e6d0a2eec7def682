/* The contract between a perfdash launcher (perfdash-cli stat -m, the GUI's
 * marker mode: core/measurement/MarkerEnvironment, MarkerResultsFile) and the
 * marker library inside the measured program (marker/src). Plain C, included
 * by both sides; nothing else of perfdash is shared with the library.
 *
 * Raise PERFDASH_MARKER_WIRE_VERSION whenever one side would misread what the
 * other writes: the library refuses (with a message) an environment of
 * another version, and the launcher a results file of another version.
 *
 * ENVIRONMENT (launcher -> library), all three or none:
 *   PERFDASH_MARKER_VERSION  the wire version in decimal, e.g. "2"
 *   PERFDASH_MARKER_OUTPUT   the file that MARKER_CLOSE writes (atomically: a
 *                            temporary name beside it, then rename)
 *   PERFDASH_MARKER_EVENTS   the event sets, one per group; MARKER_SWITCH
 *                            moves to the next set:
 *       SETS  = SET *( ";" SET )          (N sets have N-1 semicolons)
 *       SET   = "" | EVENT *( "," EVENT ) (an empty set counts nothing:
 *                                          regions get time and calls only)
 *       EVENT = TYPE ":" CONFIG ":" CONFIG1 ":" CONFIG2 ":" EXCLUDE
 *   each field an unsigned integer, decimal or 0x-hexadecimal: the
 *   perf_event_attr fields of that name; EXCLUDE is an OR of the
 *   PERFDASH_MARKER_EXCLUDE_* bits below. Example, two sets:
 *       "1:0x1:0:0:0,1:0x2:0:0:0x2;0:0x1:0:0:0"
 * Without PERFDASH_MARKER_VERSION the library does nothing at all.
 *
 * Optional, with the three above (perfdash-cli record -m, which attributes
 * samples to the region running on their thread):
 *   PERFDASH_MARKER_TRANSITIONS  a file the launcher created; the library
 *                                opens it for appending (O_APPEND) at INIT
 *                                and adds one line, with one write(), at
 *                                every START and STOP of every thread:
 *       "b TID NS NAME\n"   START of region NAME in thread TID
 *       "e TID NS NAME\n"   its STOP
 *   NS: CLOCK_MONOTONIC in nanoseconds (the clock of perfdash's sampling
 *   events), read after START's counter read and after STOP's. Lines of all
 *   threads (and of child processes that INIT themselves) interleave whole.
 *   A library that predates this variable ignores it and writes nothing:
 *   the launcher then says so. It adds nothing the other side would
 *   misread, so the wire version stays.
 *
 * RESULTS FILE (library -> launcher), text, one record per line, fields
 * separated by one space; region names never contain white space:
 *   perfdash-marker-results VERSION
 *   sets NSETS
 *   set S NEVENTS                                 (for S = 0 .. NSETS-1)
 *   event S E STATE                               (for each event of set S)
 *       STATE: "ok"; "errno=N": perf_event_open failed with errno N (the
 *       first failure seen in any thread); "unschedulable": the group was
 *       opened but the PMU could not fit it at once
 *   region S TID CALLS TIME_NS NAME VALUE_0 .. VALUE_{NEVENTS-1}
 *       one line per region, event set and thread that completed at least
 *       one START/STOP pair: the accumulated wall time inside the region,
 *       then per event COUNT:ENABLED_NS:RUNNING_NS, the raw accumulated count
 *       and the accumulated time its kernel group was enabled and running
 *       (for multiplexing scale and coverage: a set is counted as one group
 *       per PMU, each scheduled on its own), or "-" when that thread could
 *       not count the event.
 *   end
 * A file without its final "end" line is incomplete.
 */
#ifndef PERFDASH_MARKER_WIRE_H
#define PERFDASH_MARKER_WIRE_H

#define PERFDASH_MARKER_WIRE_VERSION 2

#define PERFDASH_MARKER_ENV_VERSION "PERFDASH_MARKER_VERSION"
#define PERFDASH_MARKER_ENV_OUTPUT "PERFDASH_MARKER_OUTPUT"
#define PERFDASH_MARKER_ENV_EVENTS "PERFDASH_MARKER_EVENTS"
#define PERFDASH_MARKER_ENV_TRANSITIONS "PERFDASH_MARKER_TRANSITIONS"

#define PERFDASH_MARKER_EXCLUDE_USER 0x1u
#define PERFDASH_MARKER_EXCLUDE_KERNEL 0x2u
#define PERFDASH_MARKER_EXCLUDE_HV 0x4u
#define PERFDASH_MARKER_EXCLUDE_IDLE 0x8u
#define PERFDASH_MARKER_EXCLUDE_HOST 0x10u
#define PERFDASH_MARKER_EXCLUDE_GUEST 0x20u
#define PERFDASH_MARKER_EXCLUDE_ALL 0x3fu

/* Fixed sizes of the library's tables: the launcher refuses a plan beyond them. */
#define PERFDASH_MARKER_MAX_SETS 16
#define PERFDASH_MARKER_MAX_EVENTS 32  /* per set */
#define PERFDASH_MARKER_MAX_REGIONS 256
#define PERFDASH_MARKER_MAX_NAME 127   /* bytes of a region name */

#define PERFDASH_MARKER_RESULTS_MAGIC "perfdash-marker-results"

#endif
