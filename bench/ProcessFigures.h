#pragma once
// What the GUI benchmarks (replot, frame) read about themselves: the
// process's resident memory, the calling thread's CPU time, and the median
// and p95 of a row of times.
#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace perfdash::bench {

// VmRSS of /proc/self/status, in MB (10^6 bytes).
inline double rssMB() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.starts_with("VmRSS:")) return std::strtod(line.c_str() + 6, nullptr) * 1024.0 / 1e6;
    return 0;
}

// CPU time of the calling thread: what the work cost, less the time it waited for a CPU on a busy machine.
inline double threadCpuMs() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

inline std::pair<double, double> medianP95(std::vector<double> ms) {
    std::sort(ms.begin(), ms.end());
    const auto at = [&](double q) { return ms[std::min(ms.size() - 1, static_cast<size_t>(q * ms.size()))]; };
    return {at(0.5), at(0.95)};
}

} // namespace perfdash::bench
