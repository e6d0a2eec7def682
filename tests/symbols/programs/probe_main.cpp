// The symbol tests' probe (probe.h): reports addresses in a C++ member
// function of a class template, in a function inlined into another, in C
// code and in a shared library, then prints its own /proc/self/maps.
#include <cstdio>

#include "probe.h"

namespace probe {

template <typename T>
struct Widget {
    __attribute__((noipa)) T run(T x); // noipa: no ".isra" clone, whose name would differ
};

template <typename T>
T Widget<T>::run(T x) {
    PROBE_REPORT("member", 0);
    return x + 1;
}

} // namespace probe

static inline __attribute__((always_inline)) void probe_inlined(int callLine) { PROBE_REPORT("inlined", callLine); }

__attribute__((noinline)) void probe_outer() {
    probe_inlined(__LINE__);
    std::puts("outer done");
}

int main() {
    probe::Widget<int> widget;
    const int next = widget.run(41);
    probe_outer();
    probe_c_function();
    probe_lib_function();
    std::puts("maps-begin");
    std::fflush(stdout);
    if (FILE* maps = std::fopen("/proc/self/maps", "r")) {
        char line[4096];
        while (std::fgets(line, sizeof line, maps)) std::fputs(line, stdout);
        std::fclose(maps);
    }
    std::puts("maps-end");
    return next == 42 ? 0 : 1;
}
