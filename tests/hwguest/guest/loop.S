// A workload whose user-space instruction count is known exactly, with no
// C runtime around it: 2 instructions to load the iteration count, 2 per
// iteration, 3 to exit — 2 * ITERATIONS + 5 in all (guest/CMakeLists.txt
// writes that number into the workload manifest the checks read).
#ifndef ITERATIONS
#error "build with -DITERATIONS=<count>, 1 .. 2^32-1"
#endif

    .text
    .global _start
_start:
    movz    x0, #(ITERATIONS & 0xffff)
    movk    x0, #((ITERATIONS >> 16) & 0xffff), lsl #16
1:  subs    x0, x0, #1
    b.ne    1b
    mov     x8, #93         // exit(0)
    mov     x0, #0
    svc     #0
