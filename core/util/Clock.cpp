#include "core/util/Clock.h"

#include <cstdio>
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

std::optional<int64_t> unixSecondsOfIso(const std::string& stamp) {
    std::tm t{};
    int consumed = 0;
    if (std::sscanf(stamp.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%n", &t.tm_year, &t.tm_mon, &t.tm_mday, &t.tm_hour,
                    &t.tm_min, &t.tm_sec, &consumed) != 6)
        return std::nullopt;
    t.tm_year -= 1900;
    t.tm_mon -= 1;
    const std::string zone = stamp.substr(static_cast<size_t>(consumed));
    int offset = 0; // seconds east of UTC
    if (!zone.empty() && zone != "Z") {
        int h = 0, m = 0;
        char sign = 0;
        if (zone.size() != 6 || std::sscanf(zone.c_str(), "%c%2d:%2d", &sign, &h, &m) != 3 || (sign != '+' && sign != '-'))
            return std::nullopt;
        offset = (sign == '-' ? -1 : 1) * (h * 3600 + m * 60);
    }
    return static_cast<int64_t>(timegm(&t)) - offset;
}

} // namespace perfdash
