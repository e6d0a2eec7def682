/* The unwinder's aarch64 case, run under qemu-user: main -> unwind_outer ->
 * unwind_middle -> capture_leaf, built without frame pointers, where the
 * leaf copies its own registers (in perf's aarch64 order: x0-x30, sp, pc)
 * and its stack, as PERF_SAMPLE_REGS_USER and PERF_SAMPLE_STACK_USER would,
 * and writes them and its /proc/self/maps to OUT_FILE:
 *   "regs" then 33 hex values, "stack N" then N bytes, "maps" then the maps.
 *
 *   symbols_capture_aarch64 OUT_FILE */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char* outPath;
volatile uint64_t capture_sink;

/* The end of the mapping holding sp, from /proc/self/maps. */
static uint64_t stackEnd(uint64_t sp, char* maps, size_t size) {
    FILE* f = fopen("/proc/self/maps", "r");
    size_t used = 0;
    uint64_t end = sp;
    char line[512];
    while (f && fgets(line, sizeof line, f)) {
        unsigned long long lo = 0, hi = 0;
        if (sscanf(line, "%llx-%llx", &lo, &hi) == 2 && sp >= lo && sp < hi) end = hi;
        const size_t n = strlen(line);
        if (used + n < size) {
            memcpy(maps + used, line, n);
            used += n;
        }
    }
    maps[used] = 0;
    if (f) fclose(f);
    return end;
}

__attribute__((noinline)) void capture_leaf(long steps) {
    uint64_t regs[33];
    for (long i = 0; i < steps; ++i) capture_sink = capture_sink * 6364136223846793005ull + 1;
    __asm__ volatile("stp x0, x1, [%0, #0]\n\t"
                     "stp x2, x3, [%0, #16]\n\t"
                     "stp x4, x5, [%0, #32]\n\t"
                     "stp x6, x7, [%0, #48]\n\t"
                     "stp x8, x9, [%0, #64]\n\t"
                     "stp x10, x11, [%0, #80]\n\t"
                     "stp x12, x13, [%0, #96]\n\t"
                     "stp x14, x15, [%0, #112]\n\t"
                     "stp x16, x17, [%0, #128]\n\t"
                     "stp x18, x19, [%0, #144]\n\t"
                     "stp x20, x21, [%0, #160]\n\t"
                     "stp x22, x23, [%0, #176]\n\t"
                     "stp x24, x25, [%0, #192]\n\t"
                     "stp x26, x27, [%0, #208]\n\t"
                     "stp x28, x29, [%0, #224]\n\t"
                     "str x30, [%0, #240]\n\t"
                     "mov x16, sp\n\t"
                     "str x16, [%0, #248]\n\t"
                     "adr x16, .\n\t"
                     "str x16, [%0, #256]\n\t"
                     :
                     : "r"(regs)
                     : "x16", "memory");
    /* The stack from sp up, as the kernel copies it: the frames above are
     * not touched from here on (the calls below use the stack beneath sp). */
    static uint8_t stack[16384];
    static char maps[65536];
    const uint64_t sp = regs[31];
    const uint64_t end = stackEnd(sp, maps, sizeof maps);
    const size_t size = end - sp < sizeof stack ? (size_t)(end - sp) : sizeof stack;
    memcpy(stack, (const void*)(uintptr_t)sp, size);
    FILE* out = fopen(outPath, "w");
    if (!out) exit(1);
    fprintf(out, "regs");
    for (int i = 0; i < 33; ++i) fprintf(out, " %llx", (unsigned long long)regs[i]);
    fprintf(out, "\nstack %zu\n", size);
    fwrite(stack, 1, size, out);
    fprintf(out, "\nmaps\n%s", maps);
    if (fclose(out) != 0) exit(1);
}

__attribute__((noinline)) void unwind_middle(long steps) {
    capture_leaf(steps);
    capture_sink += 1;
}

__attribute__((noinline)) void unwind_outer(long steps) {
    unwind_middle(steps);
    capture_sink += 2;
}

int main(int argc, char** argv) {
    if (argc != 2) return 2;
    outPath = argv[1];
    unwind_outer(1000);
    return 0;
}
