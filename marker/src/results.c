/* The results file (format in perfdash_marker_wire.h), written atomically:
 * the launcher either finds the whole file or none. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "marker_internal.h"

static void writeEventStates(FILE* out, const struct marker_config* config, const struct marker_event_states* events) {
    fprintf(out, "sets %d\n", config->nsets);
    for (int s = 0; s < config->nsets; ++s) {
        fprintf(out, "set %d %d\n", s, config->sets[s].nevents);
        for (int e = 0; e < config->sets[s].nevents; ++e) {
            const int state = events->state[s][e];
            if (state == 0) fprintf(out, "event %d %d ok\n", s, e);
            else if (state == MARKER_EVENT_UNSCHEDULABLE) fprintf(out, "event %d %d unschedulable\n", s, e);
            else fprintf(out, "event %d %d errno=%d\n", s, e, state);
        }
    }
}

static void writeRegion(FILE* out, int set, const struct marker_set* events, const struct marker_thread* thread,
                        const char* name, const struct marker_totals* t, double nsPerTick) {
    const uint64_t timeNs = (uint64_t)((double)t->timeTicks * nsPerTick + 0.5);
    fprintf(out, "region %d %ld %" PRIu64 " %" PRIu64 " %s", set, (long)thread->tid, t->calls, timeNs, name);
    for (int e = 0; e < events->nevents; ++e) {
        const int group = events->layout.groupOf[e];
        if (t->countedMask & (1u << e))
            fprintf(out, " %" PRIu64 ":%" PRIu64 ":%" PRIu64, t->counts[e], t->enabledNs[group], t->runningNs[group]);
        else
            fputs(" -", out);
    }
    fputc('\n', out);
}

static void writeRegions(FILE* out, const struct marker_config* config, const struct marker_names* names,
                         const struct marker_thread* threads, double nsPerTick) {
    for (int r = 0; r < names->count; ++r)
        for (const struct marker_thread* thread = threads; thread; thread = thread->next) {
            const struct marker_record* record = thread->records[r];
            if (!record) continue;
            for (int s = 0; s < config->nsets; ++s)
                if (record->totals[s].calls > 0)
                    writeRegion(out, s, &config->sets[s], thread, names->names[r], &record->totals[s], nsPerTick);
        }
}

/* Exclusive: a file already there is another instrumented process's
 * results (the program ran one): keep it rather than overwrite it. */
static int publish(const char* temporary, const char* path, int exclusive, char* why, size_t whySize) {
    if (exclusive) {
        if (link(temporary, path) == 0) {
            unlink(temporary);
            return 0;
        }
        if (errno == EEXIST) {
            snprintf(why, whySize,
                     "%s exists: another instrumented process of this run wrote its results first (one process per "
                     "measurement is reported)",
                     path);
            return -1;
        }
        /* A file system without hard links: fall back to rename. */
    }
    if (rename(temporary, path) != 0) {
        snprintf(why, whySize, "cannot rename %s to %s: %s", temporary, path, strerror(errno));
        return -1;
    }
    return 0;
}

int marker_results_write(const char* path, int exclusive, const struct marker_config* config, const struct marker_names* names,
                         const struct marker_thread* threads, const struct marker_event_states* events,
                         double nsPerTick, char* why, size_t whySize) {
    char temporary[4096];
    if (snprintf(temporary, sizeof temporary, "%s.tmp.%ld", path, (long)getpid()) >= (int)sizeof temporary) {
        snprintf(why, whySize, "the path is too long");
        return -1;
    }
    FILE* out = fopen(temporary, "w");
    if (!out) {
        snprintf(why, whySize, "cannot create %s: %s", temporary, strerror(errno));
        return -1;
    }
    fprintf(out, "%s %d\n", PERFDASH_MARKER_RESULTS_MAGIC, PERFDASH_MARKER_WIRE_VERSION);
    writeEventStates(out, config, events);
    writeRegions(out, config, names, threads, nsPerTick);
    fputs("end\n", out);
    int failed = fflush(out) != 0 || ferror(out) || fsync(fileno(out)) != 0;
    const int err = errno;
    failed = (fclose(out) != 0) || failed;
    if (failed) {
        snprintf(why, whySize, "cannot write %s: %s", temporary, strerror(err ? err : errno));
        unlink(temporary);
        return -1;
    }
    if (publish(temporary, path, exclusive, why, whySize) != 0) {
        unlink(temporary);
        return -1;
    }
    return 0;
}
