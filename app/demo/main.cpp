// perfdash-demo: a small, self-describing workload for the quick start and
// the dashboard's default session. Each phase exercises something the
// software events can see on any Linux machine (page faults, context
// switches, syscalls, CPU time on several threads), so a first run shows
// meaningful numbers even in a VM without a hardware PMU.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sched.h>
#include <string>
#include <sys/mman.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

void touchPages(double seconds) {
    const size_t pageSize = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    const size_t pages = 4096;
    size_t total = 0;
    const auto end = Clock::now() + std::chrono::duration<double>(seconds);
    while (Clock::now() < end) {
        void* p = mmap(nullptr, pages * pageSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) break;
        madvise(p, pages * pageSize, MADV_NOHUGEPAGE);
        for (size_t i = 0; i < pages; ++i) static_cast<volatile char*>(p)[i * pageSize] = 1;
        munmap(p, pages * pageSize);
        total += pages;
    }
    std::printf("touched %zu fresh pages\n", total);
}

void yieldLoop(double seconds) {
    size_t n = 0;
    const auto end = Clock::now() + std::chrono::duration<double>(seconds);
    std::thread other([&] {
        while (Clock::now() < end) sched_yield();
    });
    while (Clock::now() < end) {
        sched_yield();
        ++n;
    }
    other.join();
    std::printf("yielded %zu times\n", n);
}

void compute(double seconds, unsigned threads) {
    std::vector<std::thread> pool;
    std::vector<double> results(threads);
    const auto end = Clock::now() + std::chrono::duration<double>(seconds);
    for (unsigned t = 0; t < threads; ++t) {
        pool.emplace_back([&, t] {
            double x = 1.0 + t;
            while (Clock::now() < end)
                for (int i = 0; i < 100000; ++i) x = x * 1.0000001 + 1e-9;
            results[t] = x;
        });
    }
    for (auto& th : pool) th.join();
    std::printf("computed on %u threads (checksum %.3f)\n", threads, results[0]);
}

} // namespace

int main(int argc, char** argv) {
    double seconds = 2.0;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) {
            seconds = std::atof(argv[++i]);
        } else {
            std::fprintf(stderr, "usage: %s [--seconds S]\n", argv[0]);
            return 2;
        }
    }
    if (!(seconds > 0)) {
        std::fprintf(stderr, "perfdash-demo: --seconds must be positive\n");
        return 2;
    }
    std::printf("perfdash-demo: %.1f s in three phases\n", seconds);
    std::fflush(stdout);
    touchPages(seconds / 3);
    yieldLoop(seconds / 3);
    compute(seconds / 3, 2);
    return 0;
}
