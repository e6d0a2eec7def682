/* What the C programs the counting and marker tests launch have in common:
 * a strict number argument, and touching fresh pages so that each one is
 * exactly one page fault. Header-only (static functions): the programs are
 * single files built several ways, without a library of ours. */
#ifndef PERFDASH_TESTS_WORKLOAD_COMMON_H
#define PERFDASH_TESTS_WORKLOAD_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

/* A non-negative decimal number, or exit 2 naming the program and the text. */
static long workloadNumber(const char* program, const char* text) {
    char* end = NULL;
    const long v = strtol(text ? text : "", &end, 10);
    if (!text || *end || v < 0) {
        fprintf(stderr, "%s: expected a non-negative number, got '%s'\n", program, text ? text : "");
        exit(2);
    }
    return v;
}

/* Touches n fresh anonymous pages, one write each. */
static void touchFreshPages(long n) {
    const long page = sysconf(_SC_PAGESIZE);
    if (n == 0) return;
    char* p = mmap(NULL, (size_t)(n * page), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        perror("mmap");
        exit(1);
    }
    /* Transparent huge pages would map 512 pages with one fault. */
    madvise(p, (size_t)(n * page), MADV_NOHUGEPAGE);
    for (long i = 0; i < n; ++i) p[i * page] = 1;
    munmap(p, (size_t)(n * page));
}

#endif
