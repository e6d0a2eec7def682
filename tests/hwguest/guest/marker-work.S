// The work inside marker-regions' regions: functions whose user-space
// instruction count is known exactly. Each runs 2 instructions to load its
// iteration count, 2 per iteration and a ret; with the caller's bl that is
// 2 * ITERATIONS + 4 per call (guest/CMakeLists.txt writes that number into
// the workload manifest).
#if !defined(SMALL_ITERATIONS) || !defined(LARGE_ITERATIONS)
#error "build with -DSMALL_ITERATIONS=<count> -DLARGE_ITERATIONS=<count>, each 1 .. 2^32-1"
#endif

    .macro spin name, iterations
    .text
    .global \name
    .type \name, %function
\name:
    movz    x0, #((\iterations) & 0xffff)
    movk    x0, #(((\iterations) >> 16) & 0xffff), lsl #16
1:  subs    x0, x0, #1
    b.ne    1b
    ret
    .size \name, . - \name
    .endm

    spin marker_work_small, SMALL_ITERATIONS
    spin marker_work_large, LARGE_ITERATIONS

    .section .note.GNU-stack, "", %progbits
