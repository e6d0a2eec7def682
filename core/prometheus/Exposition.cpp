#include "core/prometheus/Exposition.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <map>

namespace perfdash {

namespace {

constexpr std::string_view kEventFamily = "perfdash_event";

void addLabel(std::string& out, std::string_view name, std::string_view value) {
    if (out.size() > 1) out += ',';
    out += name;
    out += "=\"";
    out += escapeLabelValue(value);
    out += '"';
}

std::string labelsOf(const ExpositionInput& input, const CounterTotals::Event& event, size_t location) {
    std::string out = "{";
    addLabel(out, "host", input.host);
    if (location < input.locations.size()) {
        const CpuLabels& l = input.locations[location];
        if (l.cpu >= 0) addLabel(out, "cpu", std::to_string(l.cpu));
        if (l.socket >= 0) addLabel(out, "socket", std::to_string(l.socket));
        if (l.numaNode >= 0) addLabel(out, "numa_node", std::to_string(l.numaNode));
        if (!l.coreType.empty()) addLabel(out, "core_type", l.coreType);
        if (!l.cgroup.empty()) addLabel(out, "cgroup", l.cgroup);
    }
    addLabel(out, "group", event.group);
    addLabel(out, "counter", event.counter);
    addLabel(out, "event", event.event);
    return out + '}';
}

// Counts as whole numbers (2000000000, not 2e+09); others as the shortest text that reads back the same.
std::string sampleValue(double v) {
    if (std::fabs(v) < 0x1p53 && v == std::trunc(v)) return std::to_string(static_cast<int64_t>(v));
    char buffer[32];
    auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
    return ec == std::errc() ? std::string(buffer, end) : std::string("NaN");
}

struct Family {
    std::string name; // OpenMetrics family name, without _total
    std::string unit; // OpenMetrics UNIT, empty for none
    std::string help;
    std::vector<std::string> samples; // "<labels> <value>"
};

void writeFamily(std::string& out, const Family& family, ExpositionFormat format) {
    const bool openMetrics = format == ExpositionFormat::OpenMetrics;
    // Prometheus 0.0.4 names the counter with its _total, OpenMetrics names the family without it.
    const std::string metadataName = openMetrics ? family.name : family.name + "_total";
    out += "# TYPE " + metadataName + " counter\n";
    if (openMetrics && !family.unit.empty()) out += "# UNIT " + metadataName + ' ' + family.unit + '\n';
    out += "# HELP " + metadataName + ' ' + family.help + '\n';
    for (const std::string& sample : family.samples) out += family.name + "_total" + sample + '\n';
}

} // namespace

const char* contentType(ExpositionFormat format) {
    return format == ExpositionFormat::OpenMetrics ? "application/openmetrics-text; version=1.0.0; charset=utf-8"
                                                   : "text/plain; version=0.0.4; charset=utf-8";
}

void CounterTotals::add(const IntervalResult& interval) {
    size_t index = 0;
    for (const GroupResult& group : interval.groups)
        for (const EventResult& event : group.events) {
            // A gauge (a temperature) is a reading, not a count: adding it up
            // as a counter would be meaningless, and this exposition has no
            // gauge family, so it is left out.
            if (event.gauge) continue;
            if (index == events_.size())
                events_.push_back({group.name, event.counter, event.event, event.unit,
                                   std::vector<CountSum>(event.perLocation.size())});
            std::vector<CountSum>& sums = events_[index++].perLocation;
            for (size_t l = 0; l < event.perLocation.size() && l < sums.size(); ++l)
                sums[l].add(event.perLocation[l], interval.dt);
        }
}

std::string formatExposition(const ExpositionInput& input, ExpositionFormat format) {
    // Families in a fixed order (counts, then counts with units by name, then coverage), each whole.
    std::map<std::string, Family> unitFamilies;
    Family counts{std::string(kEventFamily), "",
                  "Events counted since the agent started, per CPU, scaled for multiplexing", {}};
    Family enabled{"perfdash_multiplex_enabled_seconds", "seconds",
                   "Seconds each event was enabled for counting since the agent started", {}};
    Family running{"perfdash_multiplex_running_seconds", "seconds",
                   "Seconds each event was on a hardware counter; running / enabled is its multiplexing coverage",
                   {}};
    for (const CounterTotals::Event& event : input.totals.events()) {
        Family* family = &counts;
        if (const std::string unit = metricNameFragment(event.unit); !unit.empty()) {
            family = &unitFamilies[unit];
            family->name = std::string(kEventFamily) + '_' + unit;
            family->unit = unit;
            family->help = "Events counted since the agent started, per CPU, scaled for multiplexing, in " + unit;
        }
        for (size_t l = 0; l < event.perLocation.size(); ++l) {
            const CountSum& sum = event.perLocation[l];
            const std::string labels = labelsOf(input, event, l);
            // An event never counted at a location has no sample there: "not counted" is not 0.
            if (isAvailable(sum.knownValue())) family->samples.push_back(labels + ' ' + sampleValue(sum.knownValue()));
            if (sum.knownWeight() > 0) {
                enabled.samples.push_back(labels + ' ' + sampleValue(sum.knownWeight()));
                running.samples.push_back(labels + ' ' + sampleValue(sum.coveredWeight()));
            }
        }
    }
    std::string out;
    writeFamily(out, counts, format);
    for (const auto& [unit, family] : unitFamilies) writeFamily(out, family, format);
    writeFamily(out, enabled, format);
    writeFamily(out, running, format);
    if (format == ExpositionFormat::OpenMetrics) out += "# EOF\n";
    return out;
}

std::string metricNameFragment(std::string_view text) {
    std::string out;
    bool gap = false;
    for (char c : text) {
        const bool alnum = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        const bool upper = c >= 'A' && c <= 'Z';
        if (!alnum && !upper) {
            gap = true;
            continue;
        }
        if (gap && !out.empty()) out += '_';
        gap = false;
        out += upper ? static_cast<char>(c - 'A' + 'a') : c;
    }
    return out;
}

std::string escapeLabelValue(std::string_view value) {
    std::string out;
    out.reserve(value.size());
    for (char c : value) {
        if (c == '\\') out += "\\\\";
        else if (c == '"') out += "\\\"";
        else if (c == '\n') out += "\\n";
        else out += c;
    }
    return out;
}

} // namespace perfdash
