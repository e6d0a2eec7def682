/* Reads what the launcher put in the environment (perfdash_marker_wire.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "marker_internal.h"

/* One unsigned field ending at one of `ends` (or the end of the text). */
static int parseField(const char** text, const char* ends, uint64_t* value) {
    const char* p = *text;
    if (*p < '0' || *p > '9') return -1; /* strtoull would accept signs and blanks */
    char* end = NULL;
    errno = 0;
    *value = strtoull(p, &end, 0);
    if (errno || end == p || (*end && !strchr(ends, *end))) return -1;
    *text = end;
    return 0;
}

static int parseEvent(const char** text, struct marker_event* event) {
    uint64_t fields[5];
    for (int i = 0; i < 5; ++i) {
        if (parseField(text, i < 4 ? ":" : ",;", &fields[i])) return -1;
        if (i < 4) {
            if (**text != ':') return -1;
            ++*text;
        }
    }
    if (fields[0] > UINT32_MAX || (fields[4] & ~(uint64_t)PERFDASH_MARKER_EXCLUDE_ALL)) return -1;
    event->type = (uint32_t)fields[0];
    event->config = fields[1];
    event->config1 = fields[2];
    event->config2 = fields[3];
    event->exclude = (unsigned)fields[4];
    return 0;
}

static int parseSets(const char* text, struct marker_config* config, char* why, size_t whySize) {
    const char* p = text;
    config->nsets = 1;
    struct marker_set* set = &config->sets[0];
    set->nevents = 0;
    while (*p) {
        if (*p == ';') {
            if (config->nsets == PERFDASH_MARKER_MAX_SETS) {
                snprintf(why, whySize, "more than %d event sets", PERFDASH_MARKER_MAX_SETS);
                return -1;
            }
            set = &config->sets[config->nsets++];
            set->nevents = 0;
            ++p;
            continue;
        }
        if (set->nevents == PERFDASH_MARKER_MAX_EVENTS) {
            snprintf(why, whySize, "more than %d events in event set %d", PERFDASH_MARKER_MAX_EVENTS,
                     config->nsets - 1);
            return -1;
        }
        const char* start = p;
        if (parseEvent(&p, &set->events[set->nevents])) {
            snprintf(why, whySize, "event %d of set %d is not TYPE:CONFIG:CONFIG1:CONFIG2:EXCLUDE: '%.60s'",
                     set->nevents, config->nsets - 1, start);
            return -1;
        }
        ++set->nevents;
        if (*p == ',') {
            ++p;
            if (!*p || *p == ';') {
                snprintf(why, whySize, "an event is missing after ',' in set %d", config->nsets - 1);
                return -1;
            }
        }
    }
    return 0;
}

static void planGroups(struct marker_set* set) {
    uint32_t types[PERFDASH_MARKER_MAX_EVENTS];
    uint64_t configs[PERFDASH_MARKER_MAX_EVENTS];
    for (int e = 0; e < set->nevents; ++e) {
        types[e] = set->events[e].type;
        configs[e] = set->events[e].config;
    }
    marker_layout_plan(set->nevents, types, configs, &set->layout);
}

int marker_config_parse(const char* version, const char* events, const char* output, struct marker_config* config,
                        char* why, size_t whySize) {
    char* end = NULL;
    const long v = strtol(version, &end, 10);
    if (end == version || *end) {
        snprintf(why, whySize, "%s='%.40s' is not a version number", PERFDASH_MARKER_ENV_VERSION, version);
        return -1;
    }
    if (v != PERFDASH_MARKER_WIRE_VERSION) {
        snprintf(why, whySize,
                 "the launcher speaks marker wire version %ld, this program's marker library version %d: rebuild "
                 "the program against the perfdash that measures it",
                 v, PERFDASH_MARKER_WIRE_VERSION);
        return -1;
    }
    if (!output || !*output) {
        snprintf(why, whySize, "%s is not set: there is nowhere to write the results", PERFDASH_MARKER_ENV_OUTPUT);
        return -1;
    }
    if (!events) {
        snprintf(why, whySize, "%s is not set", PERFDASH_MARKER_ENV_EVENTS);
        return -1;
    }
    config->output = output;
    char detail[160];
    if (parseSets(events, config, detail, sizeof detail)) {
        snprintf(why, whySize, "%s: %s", PERFDASH_MARKER_ENV_EVENTS, detail);
        return -1;
    }
    for (int s = 0; s < config->nsets; ++s) planGroups(&config->sets[s]);
    return 0;
}
