/* The marker library's own types, shared by its source files. Nothing here is
 * visible outside the library (-fvisibility=hidden). */
#ifndef PERFDASH_MARKER_INTERNAL_H
#define PERFDASH_MARKER_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <unistd.h>

#include "groups.h"
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
    struct marker_layout layout; /* its kernel groups, one per PMU */
};

struct marker_config {
    int nsets;
    struct marker_set sets[PERFDASH_MARKER_MAX_SETS];
    const char* output; /* the environment's string */
};

/* Parses the wire environment. Returns 0, or -1 with the reason in `why`. */
int marker_config_parse(const char* version, const char* events, const char* output, struct marker_config* config,
                        char* why, size_t whySize);

/* ---- one thread's perf_event groups (counters.c) ---- */

/* Every group of a set read once: group g's read() lands at
 * words[layout.offset[g]] (groups.h has the kernel's layout). */
struct marker_reading {
    uint32_t ok;            /* bit g: group g was read whole */
    uint32_t unschedulable; /* bit g: group g's read() returned 0 bytes: the PMU cannot fit it */
    uint64_t words[MARKER_READ_WORDS];
};

/* One kernel group: members firstMember .. firstMember + nmembers - 1 of its marker_counters. */
struct marker_group {
    int leader; /* fd, -1 when none of its events could be opened */
    int nmembers;
    int firstMember;
    int offset; /* where its read() lands in marker_reading.words */
    size_t readBytes;
};

/* What START and STOP use comes first; the descriptors only matter to close(). */
struct marker_counters {
    int set;     /* the event set they count, -1 before the first open */
    int ngroups; /* the set's layout.ngroups once opened */
    int nmembers;
    uint32_t memberMask; /* bit e: event e is opened */
    struct marker_group groups[PERFDASH_MARKER_MAX_EVENTS];
    int memberEvent[PERFDASH_MARKER_MAX_EVENTS]; /* member -> event index in the set, leaders first in each group */
    int fds[PERFDASH_MARKER_MAX_EVENTS];         /* in member order */
};

/* Opens the events of `set` on the calling thread, one group per PMU;
 * errors[e] receives 0 or the errno of event e. Events that fail are left
 * out of their group. */
void marker_counters_open(struct marker_counters* counters, const struct marker_set* events, int set, int* errors);
void marker_counters_close(struct marker_counters* counters);

/* One read() per group. Inline: START and STOP read the groups, and a call
 * level less between the read() and the caller is time saved in every pair. */
static inline void marker_counters_read(const struct marker_counters* counters, struct marker_reading* out) {
    out->ok = 0;
    out->unschedulable = 0;
    for (int g = 0; g < counters->ngroups; ++g) {
        const struct marker_group* group = &counters->groups[g];
        if (group->leader < 0) continue;
        uint64_t* at = out->words + group->offset;
        const ssize_t got = read(group->leader, at, group->readBytes);
        if (got == (ssize_t)group->readBytes && at[0] == (uint64_t)group->nmembers) out->ok |= 1u << g;
        else if (got == 0) out->unschedulable |= 1u << g;
    }
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
    uint64_t timeTicks;   /* clock.h's ticks */
    uint32_t countedMask; /* events with a value in every pair */
    uint64_t enabledNs[PERFDASH_MARKER_MAX_EVENTS]; /* per group of the set's layout */
    uint64_t runningNs[PERFDASH_MARKER_MAX_EVENTS];
    uint64_t counts[PERFDASH_MARKER_MAX_EVENTS];
};

/* One region in one thread. */
struct marker_record {
    int running;
    int set;           /* the set of the running pair */
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
    struct marker_counters counters;
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
