#pragma once
// What the GUI benchmarks (replot, frame, gui_memory) read about themselves:
// the process's resident memory and its peak, the calling thread's CPU time, and the median
// and p95 of a row of times.
#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

namespace perfdash::bench {

// A line of /proc/self/status in kB ("VmRSS:"), in MB (10^6 bytes).
inline double procStatusMB(const std::string& key) {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.starts_with(key)) return std::strtod(line.c_str() + key.size(), nullptr) * 1024.0 / 1e6;
    return 0;
}

// Resident memory now (VmRSS) and its peak since the process began (VmHWM).
inline double rssMB() { return procStatusMB("VmRSS:"); }
inline double peakRssMB() { return procStatusMB("VmHWM:"); }

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
