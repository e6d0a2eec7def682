#include "core/util/Duration.h"

#include <cctype>
#include <cmath>

#include "core/util/Strings.h"

namespace perfdash {

Result<std::chrono::nanoseconds> parseDuration(std::string_view text, std::string_view what,
                                               std::chrono::nanoseconds bareUnit) {
    const std::string t = trim(text);
    size_t unitPos = 0;
    while (unitPos < t.size() && (std::isdigit(static_cast<unsigned char>(t[unitPos])) || t[unitPos] == '.'))
        ++unitPos;
    const auto number = parseDouble(std::string_view(t).substr(0, unitPos));
    const std::string unit = t.substr(unitPos);
    double scaleNs = 0;
    if (unit.empty()) scaleNs = static_cast<double>(bareUnit.count());
    else if (unit == "ns") scaleNs = 1;
    else if (unit == "us") scaleNs = 1e3;
    else if (unit == "ms") scaleNs = 1e6;
    else if (unit == "s") scaleNs = 1e9;
    else if (unit == "m" || unit == "min") scaleNs = 60e9;
    else if (unit == "h") scaleNs = 3600e9;
    if (!number || scaleNs == 0 || !std::isfinite(*number) || *number <= 0) {
        return makeError(std::string(what) + ": '" + t +
                         "' is not a duration; write a positive number with a unit, e.g. 100ms, 2s, 500us");
    }
    const double ns = *number * scaleNs;
    if (ns < 1 || ns > 1e18) {
        return makeError(std::string(what) + ": '" + t + "' is out of range (1ns .. about 30 years)");
    }
    return std::chrono::nanoseconds(static_cast<int64_t>(std::llround(ns)));
}

std::string formatDuration(std::chrono::nanoseconds d) {
    const auto ns = static_cast<long long>(d.count());
    if (ns % 1000000000 == 0) return printfString("%llds", ns / 1000000000);
    if (ns % 1000000 == 0) return printfString("%lldms", ns / 1000000);
    if (ns % 1000 == 0) return printfString("%lldus", ns / 1000);
    return printfString("%lldns", ns);
}

} // namespace perfdash
