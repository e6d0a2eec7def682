#include "core/util/Clock.h"

#include <ctime>

namespace perfdash {

int64_t monotonicNowNs() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

double monotonicRawSeconds() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

std::string isoLocalNow() {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char buf[40];
    const std::string s(buf, std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S%z", &local));
    // strftime's %z is "+0200"; ISO 8601's extended form, which the rest of the stamp uses, is "+02:00".
    const size_t n = s.size();
    if (n < 5 || (s[n - 5] != '+' && s[n - 5] != '-')) return s;
    return s.substr(0, n - 2) + ':' + s.substr(n - 2);
}

} // namespace perfdash
