/* The public calls. START and STOP are the fast path: after a region's first
 * use in a thread they take no lock and allocate nothing: one look-up by the
 * tag's address confirmed by a compare of the name, one tick counter read and
 * one read() per kernel group (one per PMU of the event set) each.
 * Everything else (a thread's first call, a tag pointer new to the thread, a
 * region's first use, errors) is out of line. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "marker_internal.h"
#include "perfdash-marker.h"

#define COLD __attribute__((noinline, cold))

enum marker_state { STATE_UNINIT, STATE_INACTIVE, STATE_ACTIVE, STATE_CLOSED };

static struct {
    _Atomic int state;
    _Atomic int activeSet; /* the set MARKER_SWITCH chose; threads follow between regions */
    struct marker_config config;
    pthread_key_t threadKey; /* closes a thread's counters when it ends */
    pthread_mutex_t lock;    /* guards names (writes), threads, events */
    struct marker_names names;
    struct marker_thread* threads;
    struct marker_event_states events;
    int transitions; /* PERFDASH_MARKER_TRANSITIONS opened for appending, -1 without */
    _Atomic int transitionFailed;
} g = {.lock = PTHREAD_MUTEX_INITIALIZER, .transitions = -1};

/* Initial-exec: a plain TLS offset, no __tls_get_addr call on the fast path. */
static _Thread_local struct marker_thread* self __attribute__((tls_model("initial-exec")));

static pthread_once_t initOnce = PTHREAD_ONCE_INIT;

static int measuring(void) { return atomic_load_explicit(&g.state, memory_order_acquire) == STATE_ACTIVE; }

static long threadId(void) { return (long)syscall(SYS_gettid); }

static COLD int reportNotMeasuring(const char* call, int takesTag, const char* tag) {
    const int state = atomic_load(&g.state);
    if (state == STATE_CLOSED) {
        marker_misuse(call, takesTag, tag, "called after MARKER_CLOSE");
        return -EINVAL;
    }
    if (state == STATE_UNINIT && getenv(PERFDASH_MARKER_ENV_VERSION)) {
        marker_misuse(call, takesTag, tag, "called before MARKER_INIT");
        return -EINVAL;
    }
    return 0;
}

/* A call while not measuring: silent when perfdash did not launch the
 * program (the library's no-op mode, answered here without a call), a
 * misuse otherwise. */
static int notMeasuring(const char* call, int takesTag, const char* tag) {
    if (atomic_load_explicit(&g.state, memory_order_relaxed) == STATE_INACTIVE) return 0;
    return reportNotMeasuring(call, takesTag, tag);
}

/* ---- event sets and their failures ---- */

static void describeEvent(int set, int event, char* out, size_t size) {
    const struct marker_event* e = &g.config.sets[set].events[event];
    snprintf(out, size, "event %d of event set %d (perf type %u, config %#llx)", event, set, e->type,
             (unsigned long long)e->config);
}

/* Says once per event why it cannot be counted (under g.lock). */
static void noteOpenErrors(int set, const int* errors) {
    const int nevents = g.config.sets[set].nevents;
    int sameForAll = nevents > 0, fresh = 0;
    for (int e = 0; e < nevents; ++e) {
        sameForAll = sameForAll && errors[e] != 0 && errors[e] == errors[0];
        fresh = fresh || (errors[e] != 0 && g.events.state[set][e] == 0);
    }
    if (!fresh) return;
    if (sameForAll)
        marker_say("cannot count any event of event set %d: %s; regions still get their time and call counts", set,
                   strerror(errors[0]));
    for (int e = 0; e < nevents; ++e) {
        if (errors[e] == 0 || g.events.state[set][e] != 0) continue;
        g.events.state[set][e] = errors[e];
        if (sameForAll) continue;
        char what[96];
        describeEvent(set, e, what, sizeof what);
        marker_say("cannot count %s: %s; regions get n/a for it", what, strerror(errors[e]));
    }
}

/* `groups`: bit g, group g of the thread's set read 0 bytes. */
static COLD void noteUnschedulable(const struct marker_counters* counters, uint32_t groups) {
    pthread_mutex_lock(&g.lock);
    int fresh = 0;
    for (int gi = 0; gi < counters->ngroups; ++gi) {
        if (!(groups & (1u << gi))) continue;
        const struct marker_group* group = &counters->groups[gi];
        for (int m = group->firstMember; m < group->firstMember + group->nmembers; ++m) {
            int* state = &g.events.state[counters->set][counters->memberEvent[m]];
            fresh = fresh || *state == 0;
            if (*state == 0) *state = MARKER_EVENT_UNSCHEDULABLE;
        }
    }
    pthread_mutex_unlock(&g.lock);
    if (fresh)
        marker_say("the PMU cannot count the events of event set %d that share its PMU as one group (more events "
                   "than it has counters?): regions get n/a for them",
                   counters->set);
}

static void openGroup(struct marker_thread* t, int set) {
    int errors[PERFDASH_MARKER_MAX_EVENTS];
    marker_counters_open(&t->counters, &g.config.sets[set], set, errors);
    if (t->counters.nmembers == g.config.sets[set].nevents) return;
    pthread_mutex_lock(&g.lock);
    noteOpenErrors(set, errors);
    pthread_mutex_unlock(&g.lock);
}

static COLD void moveToSet(struct marker_thread* t, int set) {
    marker_counters_close(&t->counters);
    openGroup(t, set);
}

/* A thread changes sets only between regions, so a pair is always read from the same groups. */
static inline void followSwitch(struct marker_thread* t) {
    const int active = atomic_load_explicit(&g.activeSet, memory_order_relaxed);
    if (t->counters.set != active) moveToSet(t, active);
}

/* ---- threads ---- */

static void threadEnded(void* state) { marker_counters_close(&((struct marker_thread*)state)->counters); }

static COLD struct marker_thread* attachThread(void) {
    struct marker_thread* t = calloc(1, sizeof *t);
    if (!t) {
        marker_say("out of memory for the state of thread %ld: its regions are not measured", threadId());
        return NULL;
    }
    t->tid = (pid_t)threadId();
    t->counters.set = -1;
    openGroup(t, atomic_load(&g.activeSet));
    pthread_mutex_lock(&g.lock);
    t->next = g.threads;
    g.threads = t;
    pthread_mutex_unlock(&g.lock);
    pthread_setspecific(g.threadKey, t);
    self = t;
    return t;
}

static struct marker_thread* thisThread(void) { return self ? self : attachThread(); }

/* ---- regions ---- */

static COLD int findRegionSlow(struct marker_thread* t, const char* tag, const char* call, int add) {
    const char* why = NULL;
    if (!marker_name_valid(tag, &why)) {
        marker_misuse(call, 1, tag, why);
        return -EINVAL;
    }
    pthread_mutex_lock(&g.lock);
    const int full = g.names.count == PERFDASH_MARKER_MAX_REGIONS;
    const int region = marker_names_find(&g.names, tag, add);
    pthread_mutex_unlock(&g.lock);
    if (region < 0 && add && full) {
        marker_misuse(call, 1, tag, "the region table is full (256 names per program): this region is not measured");
        return -ENOSPC;
    }
    if (region < 0) {
        marker_misuse(call, 1, tag, "unknown region: no thread has started or registered it");
        return -ENOENT;
    }
    marker_cache_insert(&t->cache, marker_name_hash(tag), region);
    return region;
}

static inline struct marker_recent_tag* recentSlot(struct marker_thread* t, const char* tag) {
    /* Fibonacci hashing of the address: neighbouring literals land in different slots. */
    return &t->recent[((uint64_t)(uintptr_t)tag * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - MARKER_RECENT_BITS)];
}

/* strcmp() == 0 inlined: region names are short, and a call into libc costs more than the loop. */
static inline int sameName(const char* name, const char* tag) {
    for (; *name == *tag; ++name, ++tag)
        if (!*name) return 1;
    return 0;
}

/* A tag pointer the recent slots do not know: by name through the cache, then the process's table. */
static __attribute__((noinline)) int findRegionByName(struct marker_thread* t, const char* tag, const char* call,
                                                      int add) {
    int region = tag ? marker_cache_find(&t->cache, &g.names, tag, marker_name_hash(tag)) : -1;
    if (region < 0) region = findRegionSlow(t, tag, call, add);
    if (region >= 0) *recentSlot(t, tag) = (struct marker_recent_tag){.tag = tag, .region = region};
    return region;
}

/* The region number of `tag`; a name new to the process is added when `add`.
 * Names in the table never change, so a slot whose name still matches the
 * tag's text is the answer, whatever the tag pointed at in between. */
static inline int findRegion(struct marker_thread* t, const char* tag, const char* call, int add) {
    const struct marker_recent_tag* recent = recentSlot(t, tag);
    if (recent->tag == tag && tag && sameName(g.names.names[recent->region], tag)) return recent->region;
    return findRegionByName(t, tag, call, add);
}

static COLD struct marker_record* createRecord(struct marker_thread* t, int region) {
    const size_t sets = (size_t)g.config.nsets;
    struct marker_record* record = calloc(1, sizeof *record + sets * sizeof(struct marker_totals));
    if (!record) {
        marker_say("out of memory for region '%s' in thread %ld: it is not measured there", g.names.names[region],
                   (long)t->tid);
        return NULL;
    }
    for (size_t s = 0; s < sets; ++s) marker_totals_clear(&record->totals[s]);
    t->records[region] = record;
    return record;
}

static struct marker_record* recordOf(struct marker_thread* t, int region) {
    return t->records[region] ? t->records[region] : createRecord(t, region);
}

/* Adds a pair's differences, group by group: a group not read whole at
 * both ends leaves its events without a value in this thread. */
static void accumulate(struct marker_totals* totals, const struct marker_counters* counters,
                       const struct marker_reading* start, const struct marker_reading* stop) {
    const uint32_t read = start->ok & stop->ok;
    uint32_t counted = 0;
    for (int gi = 0; gi < counters->ngroups; ++gi) {
        if (!(read & (1u << gi))) continue;
        const struct marker_group* group = &counters->groups[gi];
        const uint64_t* a = start->words + group->offset;
        const uint64_t* b = stop->words + group->offset;
        totals->enabledNs[gi] += b[1] - a[1];
        totals->runningNs[gi] += b[2] - a[2];
        for (int m = 0; m < group->nmembers; ++m) {
            const int event = counters->memberEvent[group->firstMember + m];
            totals->counts[event] += b[MARKER_GROUP_HEADER_WORDS + m] - a[MARKER_GROUP_HEADER_WORDS + m];
            counted |= 1u << event;
        }
    }
    totals->countedMask &= counted;
}

/* One line of the transitions file (perfdash_marker_wire.h): one write()
 * with O_APPEND, so the lines of every thread stay whole. A failed write is
 * said once; the counting goes on. */
static COLD void transitionFailed(void) {
    if (!atomic_exchange(&g.transitionFailed, 1))
        marker_say("cannot write the region transitions (%s): samples are no longer attributed to regions",
                   strerror(errno));
}

static void noteTransition(char kind, const struct marker_thread* t, int region) {
    char line[PERFDASH_MARKER_MAX_NAME + 64];
    const int n = snprintf(line, sizeof line, "%c %ld %llu %s\n", kind, (long)t->tid,
                           (unsigned long long)marker_monotonic_ns(), g.names.names[region]);
    if (n <= 0 || (size_t)n >= sizeof line || write(g.transitions, line, (size_t)n) != n) transitionFailed();
}

/* ---- the API ---- */

static void initialise(void) {
    const char* version = getenv(PERFDASH_MARKER_ENV_VERSION);
    if (!version) {
        atomic_store(&g.state, STATE_INACTIVE);
        return;
    }
    char why[256];
    if (marker_config_parse(version, getenv(PERFDASH_MARKER_ENV_EVENTS), getenv(PERFDASH_MARKER_ENV_OUTPUT),
                            &g.config, why, sizeof why) != 0) {
        marker_say("not measuring: %s", why);
        atomic_store(&g.state, STATE_INACTIVE);
        return;
    }
    if (pthread_key_create(&g.threadKey, threadEnded) != 0) {
        marker_say("not measuring: no thread-specific data key is left (pthread_key_create)");
        atomic_store(&g.state, STATE_INACTIVE);
        return;
    }
    const char* transitions = getenv(PERFDASH_MARKER_ENV_TRANSITIONS);
    if (transitions && *transitions) {
        g.transitions = open(transitions, O_WRONLY | O_APPEND | O_CLOEXEC);
        if (g.transitions < 0)
            marker_say("cannot open the region transitions file %s (%s): samples are not attributed to regions",
                       transitions, strerror(errno));
    }
    marker_clock_init();
    atomic_store_explicit(&g.state, STATE_ACTIVE, memory_order_release);
}

/* A forked child is not measured: its counters would be the parent's, and
 * its results would overwrite the parent's. */
static void forgetInChild(void) {
    atomic_store(&g.state, STATE_INACTIVE);
    self = NULL;
    if (g.transitions >= 0) close(g.transitions);
    g.transitions = -1;
}

static void initialiseOnce(void) {
    pthread_atfork(NULL, NULL, forgetInChild);
    initialise();
}

void perfdash_marker_init(void) {
    if (atomic_load(&g.state) == STATE_CLOSED) {
        marker_misuse("MARKER_INIT", 0, NULL, "called after MARKER_CLOSE");
        return;
    }
    pthread_once(&initOnce, initialiseOnce);
}

void perfdash_marker_thread_init(void) {
    if (!measuring()) {
        notMeasuring("MARKER_THREADINIT", 0, NULL);
        return;
    }
    (void)thisThread();
}

int perfdash_marker_register(const char* tag) {
    if (!measuring()) return notMeasuring("MARKER_REGISTER", 1, tag);
    struct marker_thread* t = thisThread();
    if (!t) return -ENOMEM;
    const int region = findRegion(t, tag, "MARKER_REGISTER", 1);
    if (region < 0) return region;
    return recordOf(t, region) ? 0 : -ENOMEM;
}

int perfdash_marker_start(const char* tag) {
    if (!measuring()) return notMeasuring("MARKER_START", 1, tag);
    struct marker_thread* t = thisThread();
    if (!t) return -ENOMEM;
    const int region = findRegion(t, tag, "MARKER_START", 1);
    if (region < 0) return region;
    struct marker_record* record = recordOf(t, region);
    if (!record) return -ENOMEM;
    if (record->running) {
        marker_misuse("MARKER_START", 1, tag, "the region is already running in this thread (START twice)");
        return -EBUSY;
    }
    if (t->runningRegions == 0) followSwitch(t);
    record->running = 1;
    record->set = t->counters.set;
    ++t->runningRegions;
    /* Counters last at START and first at STOP: the pair's own work stays outside the counts. */
    record->startTicks = marker_ticks();
    marker_counters_read(&t->counters, &record->start);
    if (g.transitions >= 0) noteTransition('b', t, region);
    return 0;
}

int perfdash_marker_stop(const char* tag) {
    if (!measuring()) return notMeasuring("MARKER_STOP", 1, tag);
    struct marker_thread* t = thisThread();
    if (!t) return -ENOMEM;
    marker_counters_read(&t->counters, &t->scratch);
    const uint64_t end = marker_ticks();
    const int region = findRegion(t, tag, "MARKER_STOP", 0);
    if (region < 0) return region;
    struct marker_record* record = t->records[region];
    if (!record || !record->running) {
        marker_misuse("MARKER_STOP", 1, tag, "the region was not started in this thread (STOP without START)");
        return -EINVAL;
    }
    if (g.transitions >= 0) noteTransition('e', t, region);
    struct marker_totals* totals = &record->totals[record->set];
    ++totals->calls;
    totals->timeTicks += end - record->startTicks;
    accumulate(totals, &t->counters, &record->start, &t->scratch);
    const uint32_t unschedulable = record->start.unschedulable | t->scratch.unschedulable;
    if (unschedulable) noteUnschedulable(&t->counters, unschedulable);
    record->running = 0;
    --t->runningRegions;
    return 0;
}

static double scaledCount(const struct marker_totals* totals, const struct marker_layout* layout, int event) {
    if (totals->calls == 0) return 0.0;
    const int group = layout->groupOf[event];
    if (!(totals->countedMask & (1u << event)) || totals->runningNs[group] == 0) return NAN;
    return (double)totals->counts[event] * ((double)totals->enabledNs[group] / (double)totals->runningNs[group]);
}

void perfdash_marker_get(const char* tag, int* nevents, double* events, double* time, int* count) {
    if (!measuring()) {
        notMeasuring("MARKER_GET", 1, tag);
        return;
    }
    struct marker_thread* t = thisThread();
    if (!t) return;
    const int region = findRegion(t, tag, "MARKER_GET", 0);
    if (region < 0) return;
    const int set = t->counters.set;
    const struct marker_record* record = t->records[region];
    static const struct marker_totals none = {0};
    const struct marker_totals* totals = record ? &record->totals[set] : &none;
    if (nevents) {
        int n = g.config.sets[set].nevents;
        if (*nevents < n) n = *nevents < 0 ? 0 : *nevents;
        if (!events) n = 0;
        for (int e = 0; e < n; ++e) events[e] = scaledCount(totals, &g.config.sets[set].layout, e);
        *nevents = n;
    }
    if (time) *time = (double)totals->timeTicks * marker_clock_ns_per_tick() * 1e-9;
    if (count) *count = totals->calls > INT_MAX ? INT_MAX : (int)totals->calls;
}

int perfdash_marker_reset(const char* tag) {
    if (!measuring()) return notMeasuring("MARKER_RESET", 1, tag);
    struct marker_thread* t = thisThread();
    if (!t) return -ENOMEM;
    const int region = findRegion(t, tag, "MARKER_RESET", 0);
    if (region < 0) return region;
    struct marker_record* record = t->records[region];
    if (!record) return 0;
    if (record->running) {
        marker_misuse("MARKER_RESET", 1, tag, "the region is running in this thread: stop it before resetting");
        return -EBUSY;
    }
    for (int s = 0; s < g.config.nsets; ++s) marker_totals_clear(&record->totals[s]);
    return 0;
}

static const char* aRunningRegion(const struct marker_thread* t) {
    for (int r = 0; r < PERFDASH_MARKER_MAX_REGIONS; ++r)
        if (t->records[r] && t->records[r]->running) return g.names.names[r];
    return "?";
}

void perfdash_marker_switch(void) {
    if (!measuring()) {
        notMeasuring("MARKER_SWITCH", 0, NULL);
        return;
    }
    struct marker_thread* t = thisThread();
    if (!t) return;
    if (t->runningRegions > 0) {
        char problem[PERFDASH_MARKER_MAX_NAME + 96];
        snprintf(problem, sizeof problem,
                 "region '%s' is running in this thread: switch event sets only between regions", aRunningRegion(t));
        marker_misuse("MARKER_SWITCH", 0, NULL, problem);
        return;
    }
    if (g.config.nsets == 1) return;
    int current = atomic_load(&g.activeSet);
    while (!atomic_compare_exchange_weak(&g.activeSet, &current, (current + 1) % g.config.nsets)) {
    }
    followSwitch(t);
}

/* Under g.lock. */
static void reportUnfinishedRegions(void) {
    for (const struct marker_thread* t = g.threads; t; t = t->next)
        for (int r = 0; r < g.names.count; ++r)
            if (t->records[r] && t->records[r]->running)
                marker_say("MARKER_CLOSE: region '%s' was still running in thread %ld (STOP missing, or the thread "
                           "ended inside it): that last START is left out",
                           g.names.names[r], (long)t->tid);
}

static void writeResults(const char* path, int exclusive) {
    char why[4096 + 160];
    pthread_mutex_lock(&g.lock);
    const double nsPerTick = marker_clock_ns_per_tick();
    const int failed = marker_results_write(path, exclusive, &g.config, &g.names, g.threads, &g.events, nsPerTick,
                                            why, sizeof why);
    pthread_mutex_unlock(&g.lock);
    if (failed) marker_say("the regions' results are lost: %s", why);
}

void perfdash_marker_close(void) {
    int expected = STATE_ACTIVE;
    if (!atomic_compare_exchange_strong(&g.state, &expected, STATE_CLOSED)) {
        if (expected == STATE_CLOSED) marker_misuse("MARKER_CLOSE", 0, NULL, "called twice: the first call wrote the results");
        else notMeasuring("MARKER_CLOSE", 0, NULL);
        return;
    }
    pthread_mutex_lock(&g.lock);
    reportUnfinishedRegions();
    pthread_mutex_unlock(&g.lock);
    writeResults(g.config.output, 1);
    if (self) marker_counters_close(&self->counters);
}

void perfdash_marker_write_file(const char* path) {
    if (!measuring()) {
        notMeasuring("MARKER_WRITE_FILE", 1, path);
        return;
    }
    if (!path || !*path) {
        marker_misuse("MARKER_WRITE_FILE", 1, path, "no file name");
        return;
    }
    writeResults(path, 0);
}
