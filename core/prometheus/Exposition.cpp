#include "core/prometheus/Exposition.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <map>

namespace perfdash {

namespace {

constexpr std::string_view kEventFamily = "perfdash_event";
constexpr std::string_view kReadingFamily = "perfdash_reading";
constexpr std::string_view kCountsHelp = "Events counted since the agent started, per CPU, scaled for multiplexing";
constexpr std::string_view kReadingsHelp = "The latest reading of each gauge event (a value now, not a count), per CPU";

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
    bool gauge = false; // a gauge's samples are named as the family; a counter's end in _total
    std::vector<std::string> samples; // "<labels> <value>"
};

void writeFamily(std::string& out, const Family& family, ExpositionFormat format) {
    const bool openMetrics = format == ExpositionFormat::OpenMetrics;
    const std::string sampleName = family.gauge ? family.name : family.name + "_total";
    // Prometheus 0.0.4 names the counter with its _total, OpenMetrics names the family without it.
    const std::string metadataName = openMetrics ? family.name : sampleName;
    out += "# TYPE " + metadataName + (family.gauge ? " gauge\n" : " counter\n");
    if (openMetrics && !family.unit.empty()) out += "# UNIT " + metadataName + ' ' + family.unit + '\n';
    out += "# HELP " + metadataName + ' ' + family.help + '\n';
    for (const std::string& sample : family.samples) out += sampleName + sample + '\n';
}

// The family of an event's unit (created on first use), named `prefix` or `prefix_<unit>`.
Family& unitFamily(std::map<std::string, Family>& families, std::string_view prefix, const std::string& unit,
                   std::string_view help, bool gauge) {
    Family& family = families[unit];
    if (family.name.empty()) {
        family.name = std::string(prefix) + (unit.empty() ? "" : "_" + unit);
        family.unit = unit;
        family.help = std::string(help) + (unit.empty() ? "" : ", in " + unit);
        family.gauge = gauge;
    }
    return family;
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
            if (index == events_.size())
                events_.push_back({group.name, event.counter, event.event, event.unit, event.gauge,
                                   std::vector<CountSum>(event.gauge ? 0 : event.perLocation.size()), {}});
            Event& totals = events_[index++];
            // A gauge (a temperature) is a reading, not a count: adding it up would be meaningless.
            if (totals.gauge) {
                totals.readings = event.perLocation;
                continue;
            }
            for (size_t l = 0; l < event.perLocation.size() && l < totals.perLocation.size(); ++l)
                totals.perLocation[l].add(event.perLocation[l], interval.dt);
        }
}

std::string formatExposition(const ExpositionInput& input, ExpositionFormat format) {
    // Families in a fixed order (counts, counts with units by name, coverage, then gauges by unit), each whole.
    std::map<std::string, Family> countFamilies, readingFamilies;
    Family enabled{"perfdash_multiplex_enabled_seconds", "seconds",
                   "Seconds each event was enabled for counting since the agent started", false, {}};
    Family running{"perfdash_multiplex_running_seconds", "seconds",
                   "Seconds each event was on a hardware counter; running / enabled is its multiplexing coverage",
                   false, {}};
    for (const CounterTotals::Event& event : input.totals.events()) {
        const std::string unit = openMetricsUnit(event.unit);
        if (event.gauge) {
            Family& family = unitFamily(readingFamilies, kReadingFamily, unit, kReadingsHelp, true);
            for (size_t l = 0; l < event.readings.size(); ++l)
                // No reading at a location in the latest interval: no sample, never a stale or made-up value.
                if (isAvailable(event.readings[l].value))
                    family.samples.push_back(labelsOf(input, event, l) + ' ' + sampleValue(event.readings[l].value));
            continue;
        }
        Family& family = unitFamily(countFamilies, kEventFamily, unit, kCountsHelp, false);
        for (size_t l = 0; l < event.perLocation.size(); ++l) {
            const CountSum& sum = event.perLocation[l];
            const std::string labels = labelsOf(input, event, l);
            // An event never counted at a location has no sample there: "not counted" is not 0.
            if (isAvailable(sum.knownValue())) family.samples.push_back(labels + ' ' + sampleValue(sum.knownValue()));
            if (sum.knownWeight() > 0) {
                enabled.samples.push_back(labels + ' ' + sampleValue(sum.knownWeight()));
                running.samples.push_back(labels + ' ' + sampleValue(sum.coveredWeight()));
            }
        }
    }
    // The plain counts' family is written even when empty: its metadata says what the agent exposes.
    unitFamily(countFamilies, kEventFamily, "", kCountsHelp, false);
    std::string out;
    for (const auto& [unit, family] : countFamilies) writeFamily(out, family, format);
    writeFamily(out, enabled, format);
    writeFamily(out, running, format);
    for (const auto& [unit, family] : readingFamilies) writeFamily(out, family, format);
    if (format == ExpositionFormat::OpenMetrics) out += "# EOF\n";
    return out;
}

std::string openMetricsUnit(std::string_view unit) {
    if (unit == "°C") return "celsius";
    return metricNameFragment(unit);
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
