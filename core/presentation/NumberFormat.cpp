#include "core/presentation/NumberFormat.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/topology/CpuList.h"
#include "core/util/Strings.h"

namespace perfdash {

std::string formatNumber(double value) {
    if (!isAvailable(value)) return kNotAvailableText;
    const double magnitude = std::fabs(value);
    // Beyond 1e18 "%.0f" would print digits the double does not have.
    if (magnitude < 1e18 && (value == std::trunc(value) || magnitude >= 1e6)) return printfString("%.0f", value);
    return printfString("%.6g", value);
}

bool isMultiplexed(const CountValue& count) { return isAvailable(count.coverage) && count.coverage < 1.0; }

std::string formatCoverage(double coverage) {
    if (!isAvailable(coverage)) return kNotAvailableText;
    return printfString("%.1f%%", std::floor(coverage * 1000.0) / 10.0);
}

std::string formatCount(const CountValue& count) {
    std::string text = formatNumber(count.value);
    if (isMultiplexed(count)) text += " (" + formatCoverage(count.coverage) + ")";
    return text;
}

std::string formatPartial(const PartialSum& partial, const std::string& parts) {
    return "\u2265 " + formatNumber(partial.value) + " (partial: " + std::to_string(partial.counted) + " of " +
           std::to_string(partial.of) + " " + parts + ")";
}

std::string formatPartialShort(const PartialSum& partial) {
    return "\u2265 " + formatNumber(partial.value) + " (partial)";
}

std::string noValueReason(const CountValue& count) {
    if (isAvailable(count.coverage) && count.coverage == 0)
        return "the event was never on a counter (other events had the counters all the time)";
    return "the counter did not run (the target did not run there, or the counter was paused or reset)";
}

std::string describeCount(const CountValue& count, const std::optional<PartialSum>& partial, const std::string& parts) {
    std::string text;
    if (partial)
        text = "Partial: only " + std::to_string(partial->counted) + " of " + std::to_string(partial->of) + " " + parts +
               " have a value; they add up to " + formatNumber(partial->value) +
               ", a lower bound of the total, which is not known.";
    else if (!isAvailable(count.value))
        return "No value: " + noValueReason(count) + ".";
    if (isMultiplexed(count))
        text += std::string(text.empty() ? "" : " ") + "Multiplexed: on a counter " + formatCoverage(count.coverage) +
                " of the time, scaled up to the whole time.";
    return text;
}

std::string formatHeldElsewhere(int cpu) { return "see CPU " + std::to_string(cpu); }

std::string describeReaders(const HeldElsewhere& held, const std::vector<LocationInfo>& locations) {
    // (host, reader) -> the CPUs it reads for, itself included.
    std::map<std::pair<std::string, int>, std::vector<int>> served;
    for (size_t l = 0; l < held.cpu.size() && l < locations.size(); ++l)
        if (const auto reader = held.at(l)) {
            auto& cpus = served[{locations[l].host, *reader}];
            if (cpus.empty()) cpus.push_back(*reader);
            cpus.push_back(locations[l].id);
        }
    std::vector<std::string> parts;
    for (auto& [reader, cpus] : served) {
        std::sort(cpus.begin(), cpus.end());
        parts.push_back("on " + (reader.first.empty() ? "" : reader.first + ":") + "CPU " +
                        std::to_string(reader.second) + " for CPUs " + formatCpuList(cpus));
    }
    return join(parts, " and ");
}

std::string unitSuffix(const std::string& unit) { return unit.empty() ? std::string() : " [" + unit + "]"; }

} // namespace perfdash
