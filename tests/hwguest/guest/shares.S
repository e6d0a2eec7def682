// A workload for the sampling checks whose functions run known shares of its
// user-space instructions, with no C runtime around it: _start calls
// share_a, share_b and share_c in turn, which run 6 x, 3 x and 1 x UNIT
// rounds. A round is an inner loop of INNER iterations (2 instructions
// each) and a getpid system call.
//
// The system call is there for QEMU: its PMU raises the overflow interrupt
// only when it next brings its counters up to date, which it does on a
// change of exception level, so a program that never enters the kernel gets
// one sample per timer tick whatever the period. Entering the kernel every
// round bounds how late a sample comes to about one round (tests/hwguest/README.md).
//
// Instructions at EL0: a round is 1 + 2 * INNER + 2 + 2 (mov, loop,
// mov + svc, subs + b.ne); a function adds 3 (movz, movk, ret).
// guest/CMakeLists.txt writes each function's count into the manifest.
#if !defined(UNIT) || !defined(INNER)
#error "build with -DUNIT=<rounds> -DINNER=<iterations per round>"
#endif

    .macro share name, rounds
    .global \name
    .type   \name, %function
\name:
    movz    x1, #((\rounds) & 0xffff)
    movk    x1, #(((\rounds) >> 16) & 0xffff), lsl #16
2:  mov     x0, #INNER
1:  subs    x0, x0, #1
    b.ne    1b
    mov     x8, #172        // getpid
    svc     #0
    subs    x1, x1, #1
    b.ne    2b
    ret
    .size   \name, . - \name
    .endm

    .text
    share share_a, (6 * UNIT)
    share share_b, (3 * UNIT)
    share share_c, UNIT

    .global _start
    .type   _start, %function
_start:
    bl      share_a
    bl      share_b
    bl      share_c
    mov     x8, #93         // exit(0)
    mov     x0, #0
    svc     #0
    .size   _start, . - _start
