#include "core/report/TextReport.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "core/report/NumberFormat.h"
#include "core/report/TextTable.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

using Align = TextTable::Align;

const std::string kRule(80, '-');

std::string shellQuote(const std::string& arg) {
    const bool plain = !arg.empty() && std::all_of(arg.begin(), arg.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("_./=:,+@%-").find(c) != std::string_view::npos;
    });
    if (plain) return arg;
    std::string out = "'";
    for (char c : arg) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// "0-3,6" for {0,1,2,3,6}.
std::string cpuRanges(std::vector<int> cpus) {
    std::sort(cpus.begin(), cpus.end());
    cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
    std::vector<std::string> parts;
    for (size_t i = 0; i < cpus.size();) {
        size_t j = i;
        while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
        parts.push_back(j == i ? std::to_string(cpus[i]) : std::to_string(cpus[i]) + "-" + std::to_string(cpus[j]));
        i = j + 1;
    }
    return join(parts, ",");
}

std::string seconds(double s, const char* format) {
    if (!isAvailable(s)) return kNotAvailableText;
    char buf[64];
    std::snprintf(buf, sizeof buf, format, s);
    return buf;
}

// "2 (solve, assemble), per thread after the whole program's groups".
std::string regionSummary(const std::vector<RegionResult>& regions) {
    if (regions.empty()) return "none (see the warnings)";
    std::vector<std::string> names;
    for (const auto& region : regions)
        if (std::find(names.begin(), names.end(), region.name) == names.end()) names.push_back(region.name);
    return std::to_string(names.size()) + " (" + join(names, ", ") + "), per thread after the whole program's groups";
}

std::string headerBlock(const MeasurementResult& r) {
    std::vector<std::pair<std::string, std::string>> lines;
    const RunConfig& c = r.config;
    if (!c.command.empty()) {
        std::vector<std::string> quoted;
        for (const auto& a : c.command) quoted.push_back(shellQuote(a));
        lines.emplace_back("Command", join(quoted, " "));
    } else if (c.mode == "system") {
        lines.emplace_back("Target", "system-wide (every process on the CPUs below)");
    } else if (c.pid >= 0) {
        lines.emplace_back("Process", "PID " + std::to_string(c.pid));
    }
    if (r.replay) lines.emplace_back("Replay", "yes: read from a saved report, not measured now");
    if (!c.cpus.empty()) {
        const std::string resolved = cpuRanges(c.cpus);
        lines.emplace_back("CPUs", c.cpuList.empty() || c.cpuList == resolved ? resolved : c.cpuList + " = " + resolved);
    } else if (!c.cpuList.empty()) {
        lines.emplace_back("CPUs", c.cpuList);
    }
    std::vector<std::string> groupNames;
    for (const auto& g : r.groups) groupNames.push_back(g.name);
    lines.emplace_back("Groups", groupNames.empty() ? "none" : join(groupNames, ", "));
    if (c.marker) lines.emplace_back("Regions", regionSummary(r.regions));
    if (c.userSpaceOnly) lines.emplace_back("Counting", "user space only (the kernel is excluded)");
    if (!r.startedAt.empty()) lines.emplace_back("Started", r.startedAt);
    lines.emplace_back("Duration", seconds(r.durationS, "%.3f s"));
    if (c.intervalS > 0)
        lines.emplace_back("Interval", seconds(c.intervalS, "%g s") + " (" + std::to_string(r.intervals.size()) + " intervals)");
    if (r.exitStatus)
        lines.emplace_back("Exit status", std::to_string(*r.exitStatus));
    else if (!c.command.empty())
        lines.emplace_back("Exit status", "unknown");
    if (r.interrupted) lines.emplace_back("Interrupted", "yes: stopped by Ctrl-C or SIGTERM before the end");
    for (const auto& w : r.warnings) lines.emplace_back("Warning", w);

    std::string out = kRule + "\n";
    for (const auto& [label, value] : lines) {
        std::string head = label + ":";
        head.resize(std::max<size_t>(head.size() + 1, 14), ' ');
        out += head + value + "\n";
    }
    return out + kRule + "\n";
}

struct Statistics {
    double sum = kNotAvailable, min = kNotAvailable, max = kNotAvailable, avg = kNotAvailable;
    double coverage = kNotAvailable; // lowest coverage among the values summed
    bool leftOut = false;            // some locations had no value and are not in the figures
};

Statistics statisticsOf(const std::vector<CountValue>& values) {
    Statistics s;
    size_t n = 0;
    for (const auto& c : values) {
        if (!isAvailable(c.value)) {
            s.leftOut = true;
            continue;
        }
        s.sum = n ? s.sum + c.value : c.value;
        s.min = n ? std::min(s.min, c.value) : c.value;
        s.max = n ? std::max(s.max, c.value) : c.value;
        if (isAvailable(c.coverage)) s.coverage = isAvailable(s.coverage) ? std::min(s.coverage, c.coverage) : c.coverage;
        ++n;
    }
    if (n) s.avg = s.sum / static_cast<double>(n);
    return s;
}

// Per-location vectors may be shorter than the location list (a damaged
// replay); a missing entry is simply not available.
std::vector<CountValue> eventValues(const EventResult& e, size_t locations) {
    std::vector<CountValue> out(locations);
    std::copy_n(e.perLocation.begin(), std::min(locations, e.perLocation.size()), out.begin());
    return out;
}

std::vector<CountValue> metricValues(const MetricResult& m, size_t locations) {
    std::vector<CountValue> out(locations);
    for (size_t i = 0; i < std::min(locations, m.perLocation.size()); ++i) out[i].value = m.perLocation[i];
    return out;
}

// One value column per location; a report without locations shows its totals in one column instead.
std::vector<TextTable::Column> valueColumns(const std::vector<LocationInfo>& locations) {
    std::vector<TextTable::Column> columns;
    for (const auto& l : locations) columns.push_back({locationLabel(l), Align::Right});
    if (columns.empty()) columns.push_back({"Total", Align::Right});
    return columns;
}

std::vector<TextTable::Column> withColumns(std::vector<TextTable::Column> first, std::vector<TextTable::Column> rest) {
    first.insert(first.end(), rest.begin(), rest.end());
    return first;
}

std::vector<TextTable::Column> statisticsColumns(const char* nameHeader, bool withCounter) {
    std::vector<TextTable::Column> columns{{nameHeader, Align::Center}};
    if (withCounter) columns.push_back({"Counter", Align::Center});
    for (const char* h : {"Sum", "Min", "Max", "Avg"}) columns.push_back({h, Align::Right});
    return columns;
}

std::string eventTables(const GroupResult& g, const std::vector<LocationInfo>& locations) {
    TextTable counts(withColumns({{"Event", Align::Center}, {"Counter", Align::Center}}, valueColumns(locations)));
    TextTable stats(statisticsColumns("Event", true));
    std::string notCounted;
    bool multiplexed = false, leftOut = false;
    for (const auto& e : g.events) {
        const std::string name = e.event + unitSuffix(e.unit);
        std::vector<std::string> row{name, e.counter};
        std::vector<std::string> statRow{name + " STAT", e.counter};
        if (!e.counted) {
            row.resize(2 + std::max<size_t>(locations.size(), 1), kNotCountedText);
            statRow.resize(6, kNotCountedText);
            notCounted += "Not counted: " + e.event + " (" + e.counter +
                          "): " + (e.reason.empty() ? std::string("no reason was recorded") : e.reason) + "\n";
        } else {
            const std::vector<CountValue> values =
                locations.empty() ? std::vector<CountValue>{e.total} : eventValues(e, locations.size());
            for (const auto& c : values) {
                multiplexed = multiplexed || isMultiplexed(c);
                row.push_back(formatCount(c));
            }
            const Statistics s = statisticsOf(values);
            leftOut = leftOut || s.leftOut;
            statRow.insert(statRow.end(), {formatCount({s.sum, s.coverage}), formatNumber(s.min),
                                           formatNumber(s.max), formatNumber(s.avg)});
        }
        counts.addRow(std::move(row));
        stats.addRow(std::move(statRow));
    }
    std::string out = counts.render() + notCounted;
    if (multiplexed)
        out += "A percentage after a count: the event was on a counter only that share of the time "
               "(multiplexed) and its count is scaled up to the whole time.\n";
    if (locations.size() > 1) {
        out += "\n" + stats.render();
        if (leftOut) out += "Statistics leave out the locations without a value (n/a).\n";
    }
    return out;
}

std::string metricTables(const GroupResult& g, const std::vector<LocationInfo>& locations) {
    TextTable values(withColumns({{"Metric", Align::Center}}, valueColumns(locations)));
    auto statsColumns = statisticsColumns("Metric", false);
    statsColumns.push_back({"Aggregate", Align::Right});
    TextTable stats(statsColumns);
    bool leftOut = false;
    for (const auto& m : g.metrics) {
        const std::vector<CountValue> perLocation = metricValues(m, locations.size());
        std::vector<std::string> row{m.name};
        if (locations.empty()) row.push_back(formatNumber(m.aggregate));
        for (const auto& c : perLocation) row.push_back(formatNumber(c.value));
        values.addRow(std::move(row));
        const Statistics s = statisticsOf(perLocation);
        leftOut = leftOut || s.leftOut;
        stats.addRow({m.name + " STAT", formatNumber(s.sum), formatNumber(s.min), formatNumber(s.max),
                      formatNumber(s.avg), formatNumber(m.aggregate)});
    }
    std::string out = values.render();
    if (locations.size() > 1) {
        out += "\n" + stats.render();
        out += "Aggregate: the metric's formula applied to the counts summed over all locations.\n";
        if (leftOut) out += "Statistics leave out the locations without a value (n/a).\n";
    }
    return out;
}

// likwid's "Region Info" table: each thread's time in the region and its number of calls.
std::string regionInfoTable(const RegionResult& region) {
    TextTable info(withColumns({{"Region Info", Align::Center}}, valueColumns(region.threads)));
    std::vector<std::string> time{"Runtime [s]"}, calls{"call count"};
    for (size_t t = 0; t < region.threads.size(); ++t) {
        time.push_back(t < region.timeS.size() ? formatNumber(region.timeS[t]) : kNotAvailableText);
        calls.push_back(t < region.calls.size() ? std::to_string(region.calls[t]) : kNotAvailableText);
    }
    info.addRow(std::move(time));
    info.addRow(std::move(calls));
    return info.render();
}

std::string regionTables(const RegionResult& region) {
    std::string out = "Region " + region.name + ", Group " + std::to_string(region.groupIndex + 1) + ": " +
                      region.group.name + "\n";
    out += regionInfoTable(region);
    out += eventTables(region.group, region.threads);
    if (!region.group.metrics.empty()) {
        out += "\n" + metricTables(region.group, region.threads);
        if (region.threads.size() > 1)
            out += "In a region, `time` is each thread's time in it; the aggregate uses the longest of them.\n";
    }
    return out;
}

} // namespace

std::string locationLabel(const LocationInfo& location) {
    const std::string id = std::to_string(location.id);
    if (location.kind == "cpu") return "HWThread " + id;
    if (location.kind == "thread") return "TID " + id;
    if (location.kind == "process") return "PID " + id;
    return location.kind + " " + id;
}

std::string formatTextReport(const MeasurementResult& r) {
    std::string out = headerBlock(r);
    for (size_t i = 0; i < r.groups.size(); ++i) {
        const GroupResult& g = r.groups[i];
        if (i > 0) out += kRule + "\n";
        out += "Group " + std::to_string(i + 1) + ": " + g.name;
        if (!g.shortDescription.empty()) out += " - " + g.shortDescription;
        out += "\n" + eventTables(g, r.locations);
        if (!g.metrics.empty()) out += "\n" + metricTables(g, r.locations);
    }
    for (const auto& region : r.regions) out += kRule + "\n" + regionTables(region);
    return out;
}

} // namespace perfdash
