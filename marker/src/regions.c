/* Region names: the process-wide table and each thread's private index into it. */
#include <string.h>

#include "marker_internal.h"

void marker_totals_clear(struct marker_totals* totals) {
    memset(totals, 0, sizeof *totals);
    totals->countedMask = ~0u;
}

int marker_name_valid(const char* tag, const char** why) {
    if (!tag) {
        *why = "no region name (a null pointer)";
        return 0;
    }
    if (!*tag) {
        *why = "an empty region name";
        return 0;
    }
    size_t n = 0;
    for (const unsigned char* p = (const unsigned char*)tag; *p; ++p, ++n) {
        /* White space would split the name in the results file; control characters would garble messages. */
        if (*p <= ' ' || *p == 0x7f) {
            *why = "region names must not contain white space or control characters";
            return 0;
        }
        if (n == PERFDASH_MARKER_MAX_NAME) {
            *why = "region names are at most 127 bytes long";
            return 0;
        }
    }
    return 1;
}

/* FNV-1a: short names, few of them; good enough spread, and cheap. */
uint32_t marker_name_hash(const char* tag) {
    uint32_t h = 2166136261u;
    for (const unsigned char* p = (const unsigned char*)tag; *p; ++p) h = (h ^ *p) * 16777619u;
    return h;
}

int marker_names_find(struct marker_names* names, const char* tag, int add) {
    for (int i = 0; i < names->count; ++i)
        if (strcmp(names->names[i], tag) == 0) return i;
    if (!add || names->count == PERFDASH_MARKER_MAX_REGIONS) return -1;
    strcpy(names->names[names->count], tag); /* checked by marker_name_valid */
    return names->count++;
}

int marker_cache_find(const struct marker_region_cache* cache, const struct marker_names* names, const char* tag,
                      uint32_t hash) {
    for (uint32_t i = hash % MARKER_CACHE_SLOTS;; i = (i + 1) % MARKER_CACHE_SLOTS) {
        const int slot = cache->slots[i];
        if (slot == 0) return -1;
        if (strcmp(names->names[slot - 1], tag) == 0) return slot - 1;
    }
}

void marker_cache_insert(struct marker_region_cache* cache, uint32_t hash, int region) {
    /* Never full: there are twice as many slots as regions. */
    uint32_t i = hash % MARKER_CACHE_SLOTS;
    while (cache->slots[i]) i = (i + 1) % MARKER_CACHE_SLOTS;
    cache->slots[i] = (uint16_t)(region + 1);
}
