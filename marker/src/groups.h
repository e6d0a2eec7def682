/* How an event set is split into kernel perf groups. The kernel counts a
 * group on one PMU: on a hybrid CPU it refuses cpu_core and cpu_atom events
 * in one group (two PMU types), and an uncore or vendor PMU cannot join a
 * core group either. So the library opens one group per PMU of the set, each
 * read with one grouped read(), all of a set's reads into one buffer.
 * Pure functions of the set (no system calls): tests/marker checks them. */
#ifndef PERFDASH_MARKER_GROUPS_H
#define PERFDASH_MARKER_GROUPS_H

#include <stdint.h>

#include "perfdash_marker_wire.h"

/* A group read as the kernel lays it out with PERF_FORMAT_GROUP |
 * TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING: nr, enabled, running, then the
 * members' values in member order. */
#define MARKER_GROUP_HEADER_WORDS 3
/* Every group of a set read into one buffer: at most one group per event. */
#define MARKER_READ_WORDS (PERFDASH_MARKER_MAX_EVENTS * (MARKER_GROUP_HEADER_WORDS + 1))

struct marker_layout {
    int ngroups;
    int groupOf[PERFDASH_MARKER_MAX_EVENTS];     /* event -> its group */
    uint32_t eventsOf[PERFDASH_MARKER_MAX_EVENTS]; /* group -> its events (bit e: event e), in set order */
    int offset[PERFDASH_MARKER_MAX_EVENTS];      /* group -> the word its read() starts at */
    int words;                                   /* words of all the groups' reads together */
};

/* The PMU an event opens on: its type, except for the generic hardware and
 * cache events (types 0 and 3), which name a hybrid CPU's core PMU in config
 * bits 32-63 (perf's extended type; 0 there: the default core PMU). */
uint64_t marker_event_pmu(uint32_t type, uint64_t config);

/* Groups the `nevents` events (types[e], configs[e]) by PMU, in the order
 * each PMU first appears; each group's read follows the previous one's,
 * sized for all its events. */
void marker_layout_plan(int nevents, const uint32_t* types, const uint64_t* configs, struct marker_layout* layout);

#endif
