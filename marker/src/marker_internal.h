/* The marker library's own types, shared by its source files. Nothing here is
 * visible outside the library (-fvisibility=hidden). */
#ifndef PERFDASH_MARKER_INTERNAL_H
#define PERFDASH_MARKER_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <unistd.h>

#include "perfdash_marker_wire.h"

/* ---- configuration from the launcher (config.c) ---- */

struct marker_event {
    uint32_t type;
    uint64_t config, config1, config2;
    unsigned exclude; /* PERFDASH_MARKER_EXCLUDE_* */
};

struct marker_set {
    int nevents;
    struct marker_event events[PERFDASH_MARKER_MAX_EVENTS];
};

struct marker_config {
    int nsets;
    struct marker_set sets[PERFDASH_MARKER_MAX_SETS];
    const char* output; /* the environment's string */
};

/* Parses the wire environment. Returns 0, or -1 with the reason in `why`. */
int marker_config_parse(const char* version, const char* events, const char* output, struct marker_config* config,
                        char* why, size_t whySize);

/* ---- one thread's perf_event group (counters.c) ---- */

/* A group read as the kernel lays it out with PERF_FORMAT_GROUP |
 * TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING: values in member order. */
struct marker_reading {
    uint64_t nr;
    uint64_t enabled;
    uint64_t running;
    uint64_t values[PERFDASH_MARKER_MAX_EVENTS];
};

/* What START and STOP use comes first; the descriptors only matter to close(). */
struct marker_group {
    int set;    /* the event set it counts, -1 before the first open */
    int leader; /* fd, -1 when no event could be opened */
    int nmembers;
    uint32_t memberMask;                          /* bit e: event e is a member */
    size_t readBytes;
    int memberEvent[PERFDASH_MARKER_MAX_EVENTS];  /* member -> event index in the set */
    int fds[PERFDASH_MARKER_MAX_EVENTS];          /* in member order */
};

enum marker_read_result { MARKER_READ_OK, MARKER_READ_NO_COUNTERS, MARKER_READ_UNSCHEDULABLE, MARKER_READ_FAILED };

/* Opens the events of `set` on the calling thread; errors[e] receives 0 or
 * the errno of event e. Events that fail are left out of the group. */
void marker_group_open(struct marker_group* group, const struct marker_set* events, int set, int* errors);
void marker_group_close(struct marker_group* group);

/* Inline: START and STOP read the group, and a call level less between the
 * read() and the caller is time saved in every pair. */
static inline enum marker_read_result marker_group_read(const struct marker_group* group, struct marker_reading* out) {
    if (group->leader < 0) return MARKER_READ_NO_COUNTERS;
    const ssize_t got = read(group->leader, out, group->readBytes);
    if (got == (ssize_t)group->readBytes && out->nr == (uint64_t)group->nmembers) return MARKER_READ_OK;
    return got == 0 ? MARKER_READ_UNSCHEDULABLE : MARKER_READ_FAILED;
}

/* ---- region names and per-thread accumulation (regions.c) ---- */

/* Event states of the results file: 0 ok, > 0 an errno, this for a group the PMU cannot fit. */
#define MARKER_EVENT_UNSCHEDULABLE (-1)
struct marker_event_states {
    int state[PERFDASH_MARKER_MAX_SETS][PERFDASH_MARKER_MAX_EVENTS];
};

/* A region's totals in one thread for one event set. */
struct marker_totals {
    uint64_t calls;
    uint64_t timeTicks; /* clock.h's ticks */
    uint64_t enabledNs;
    uint64_t runningNs;
    uint32_t countedMask; /* events with a value in every accumulated pair */
    int accumulated;      /* pairs whose counts were added */
    int lost;             /* a pair could not be read: the counts of this thread are n/a */
    uint64_t counts[PERFDASH_MARKER_MAX_EVENTS];
};

/* One region in one thread. */
struct marker_record {
    int running;
    int set;           /* the set of the running pair */
    int startRead;     /* enum marker_read_result of the START read */
    uint64_t startTicks;
    struct marker_reading start;
    struct marker_totals totals[]; /* one per event set */
};

void marker_totals_clear(struct marker_totals* totals);

/* Whether `tag` may name a region: 1, or 0 with the reason in `why`. */
int marker_name_valid(const char* tag, const char** why);

uint32_t marker_name_hash(const char* tag);

/* The region names of the process. Written under the library's lock only;
 * an index handed out is never reused, and its name never changes. */
struct marker_names {
    int count;
    char names[PERFDASH_MARKER_MAX_REGIONS][PERFDASH_MARKER_MAX_NAME + 1];
};

/* Index of `tag`, adding it when `add`; -1 when absent (or the table is full). */
int marker_names_find(struct marker_names* names, const char* tag, int add);

/* A thread's private index from names to region numbers: open addressing
 * over the name hashes (one hash and one string compare per lookup). */
#define MARKER_CACHE_SLOTS (2 * PERFDASH_MARKER_MAX_REGIONS)
struct marker_region_cache {
    uint16_t slots[MARKER_CACHE_SLOTS]; /* region index + 1; 0: empty */
};

int marker_cache_find(const struct marker_region_cache* cache, const struct marker_names* names, const char* tag,
                      uint32_t hash);
void marker_cache_insert(struct marker_region_cache* cache, uint32_t hash, int region);

/* A tag pointer this thread passed before, and its region: in front of the
 * cache, so that the usual START and STOP (a string literal, the same
 * pointer every time) hash nothing. A hit is confirmed by comparing the name
 * byte by byte, which keeps a buffer reused for another name correct. */
#define MARKER_RECENT_BITS 3
struct marker_recent_tag {
    const char* tag; /* NULL: empty */
    int region;
};

/* ---- threads (api.c owns them; results.c reads them) ---- */

struct marker_thread {
    struct marker_thread* next; /* the process's list, newest first */
    pid_t tid;
    int runningRegions;
    struct marker_recent_tag recent[1 << MARKER_RECENT_BITS]; /* by address, direct mapped */
    struct marker_group group;
    struct marker_region_cache cache;
    struct marker_reading scratch;
    struct marker_record* records[PERFDASH_MARKER_MAX_REGIONS];
};

/* ---- results file (results.c) ---- */

/* Writes atomically (a temporary file beside it, then rename; when
 * `exclusive`, a hard link that fails if the file exists). Returns 0, or -1
 * with the reason in `why`. */
int marker_results_write(const char* path, int exclusive, const struct marker_config* config, const struct marker_names* names,
                         const struct marker_thread* threads, const struct marker_event_states* events,
                         double nsPerTick, char* why, size_t whySize);

/* ---- messages on stderr (messages.c) ---- */

/* "perfdash marker: <message>" as one write. */
void marker_say(const char* format, ...) __attribute__((format(printf, 1, 2)));

/* A misuse of the API: "perfdash marker: CALL("tag") in thread T: problem;
 * the call is ignored" (CALL without the parentheses when !takesTag), said
 * once per call, region and problem, so a loop cannot flood stderr. */
void marker_misuse(const char* call, int takesTag, const char* tag, const char* problem);

#endif
