/* The symbol tests' probe: each PROBE_REPORT prints the address of one
 * instruction (the asm statement's own, on the line of the PROBE_REPORT),
 * that line and file, and a call line where the caller passes one, so the
 * test knows where every reported address really is without reading DWARF.
 * "NAME 0xADDRESS LINE FILE CALL_LINE" */
#ifndef PERFDASH_SYMBOLS_PROBE_H
#define PERFDASH_SYMBOLS_PROBE_H

#include <stdint.h>
#include <stdio.h>

#if defined(__x86_64__)
#define PROBE_PC(out) __asm__ volatile("1: lea 1b(%%rip), %0" : "=r"(out))
#elif defined(__aarch64__)
#define PROBE_PC(out) __asm__ volatile("adr %0, ." : "=r"(out))
#else
#error "the probe knows x86_64 and aarch64"
#endif

#define PROBE_REPORT(name, callLine)                                                                 \
    do {                                                                                             \
        uintptr_t probe_pc_;                                                                         \
        PROBE_PC(probe_pc_);                                                                         \
        printf("%s %#lx %d %s %d\n", name, (unsigned long)probe_pc_, __LINE__, __FILE__, callLine); \
    } while (0)

#ifdef __cplusplus
extern "C" {
#endif
void probe_c_function(void);
void probe_lib_function(void);
#ifdef __cplusplus
}
#endif

#endif
