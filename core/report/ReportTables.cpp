#include "core/report/ReportTables.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "core/presentation/NumberFormat.h"
#include "core/result/CountSum.h"
#include "core/result/MetricCoverage.h"
#include "core/topology/CpuList.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

std::string shellQuote(const std::string& arg) {
    const bool plain = !arg.empty() && std::all_of(arg.begin(), arg.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("_./=:,+@%-").find(c) != std::string_view::npos;
    });
    if (plain) return arg;
    std::string out = "'";
    for (char c : arg) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
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

// The Sum cell: the total, or what the locations with a value add up to, marked partial.
std::string sumText(const LocationStatistics& s) {
    return s.partial ? formatPartial(*s.partial, "locations") : formatCount(s.sum);
}

// The STAT row's Sum, Min, Max and Avg cells.
std::vector<std::string> statisticsCells(const LocationStatistics& s) {
    return {sumText(s), formatNumber(s.min), formatNumber(s.max), formatNumber(s.mean)};
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
std::vector<std::string> valueHeaders(const std::vector<LocationInfo>& locations) {
    std::vector<std::string> headers;
    for (const auto& l : locations) headers.push_back(locationLabel(l));
    if (headers.empty()) headers.push_back("Total");
    return headers;
}

ReportTable labelledTable(std::vector<std::string> labels, const std::vector<std::string>& values) {
    ReportTable t;
    t.labelColumns = labels.size();
    t.headers = std::move(labels);
    t.headers.insert(t.headers.end(), values.begin(), values.end());
    return t;
}

ReportTable statisticsTable(const char* nameHeader, bool withCounter) {
    std::vector<std::string> labels{nameHeader};
    if (withCounter) labels.push_back("Counter");
    return labelledTable(std::move(labels), {"Sum", "Min", "Max", "Avg"});
}

const char* const kNoSumText = "- (gauge)";
const char* const kGaugeNote = "A gauge (a temperature) is a reading at the end of the period, not a count: it has no "
                               "Sum, only Min, Max and Avg over the locations.";
const char* const kLeftOutNote = "Min, Max and Avg leave out the locations without a value (n/a).";
const char* const kHeldElsewhereNote =
    "A unit of the package (RAPL, uncore) is read once per package, die or L3 cache: its Sum holds each unit once, "
    "and Min, Max and Avg are over the CPUs that read it.";
const char* const kPartialNote = "A Sum that lacks some locations is partial: \u2265 what the others add up to.";

// The notes under a statistics table: what was left out, and what a partial Sum means.
void addStatisticsNotes(ReportTable& table, bool leftOut, bool partial, bool heldElsewhere) {
    if (leftOut) table.notes.push_back(kLeftOutNote);
    if (partial) table.notes.push_back(kPartialNote);
    if (heldElsewhere) table.notes.push_back(kHeldElsewhereNote);
}

// One value cell per location: the count, or where the count is held.
std::vector<std::string> valueCells(const std::vector<CountValue>& values, const HeldElsewhere& held,
                                    std::string (*format)(const CountValue&)) {
    std::vector<std::string> cells;
    for (size_t l = 0; l < values.size(); ++l)
        cells.push_back(held.at(l) ? formatHeldElsewhere(*held.at(l)) : format(values[l]));
    return cells;
}

// "see CPU n" in a table: one line per set of readers, naming the slots read so.
class HeldElsewhereNotes {
public:
    void add(const std::string& name, const HeldElsewhere& held) {
        if (!held.any()) return;
        auto same = std::find_if(sets_.begin(), sets_.end(), [&](const auto& set) { return set.first.cpu == held.cpu; });
        if (same == sets_.end()) sets_.emplace_back(held, std::vector<std::string>{name});
        else same->second.push_back(name);
    }
    bool any() const { return !sets_.empty(); }
    void writeTo(ReportTable& table, const std::vector<LocationInfo>& locations) const {
        for (const auto& [held, names] : sets_)
            table.notes.push_back("'see CPU n': " + join(names, ", ") + (names.size() == 1 ? " comes" : " come") +
                                  " from a unit of the package, read once per package, die or L3 cache " +
                                  describeReaders(held, locations) + "; that CPU's value holds the others'.");
    }

private:
    std::vector<std::pair<HeldElsewhere, std::vector<std::string>>> sets_;
};

void addEventTables(GroupTables& out, const GroupResult& g, const std::vector<LocationInfo>& locations) {
    out.events = labelledTable({"Event", "Counter"}, valueHeaders(locations));
    out.eventStatistics = statisticsTable("Event", true);
    std::vector<std::string> notCounted;
    HeldElsewhereNotes held;
    bool multiplexed = false, leftOut = false, partial = false, gauge = false;
    for (const auto& e : g.events) {
        const std::string name = e.event + unitSuffix(e.unit);
        std::vector<std::string> row{name, e.counter};
        std::vector<std::string> statRow{name + " STAT", e.counter};
        if (!e.counted) {
            row.resize(2 + std::max<size_t>(locations.size(), 1), kNotCountedText);
            statRow.resize(6, kNotCountedText);
            notCounted.push_back(std::string(e.absent ? "Absent here: " : "Not counted: ") + e.event + " (" + e.counter +
                                 "): " + (e.reason.empty() ? std::string("no reason was recorded") : e.reason));
        } else {
            const std::vector<CountValue> values =
                locations.empty() ? std::vector<CountValue>{e.total} : eventValues(e, locations.size());
            for (const auto& c : values) multiplexed = multiplexed || isMultiplexed(c);
            for (auto& cell : valueCells(values, e.heldElsewhere, formatCount)) row.push_back(std::move(cell));
            const LocationStatistics s = locationStatistics(values, e.heldElsewhere);
            leftOut = leftOut || s.leftOut();
            partial = partial || (s.partial && !e.gauge);
            gauge = gauge || e.gauge;
            held.add(e.counter, e.heldElsewhere);
            std::vector<std::string> cells = statisticsCells(s);
            if (e.gauge) cells.front() = kNoSumText; // a temperature is never summed
            for (auto& cell : cells) statRow.push_back(std::move(cell));
        }
        out.events.rows.push_back(std::move(row));
        out.eventStatistics.rows.push_back(std::move(statRow));
    }
    out.events.notes = std::move(notCounted);
    // Where a code is likwid's own, not the vendor's: what likwid-perfctr counts, from a code no vendor list has.
    for (const auto& e : g.events)
        if (e.likwidCode()) out.events.notes.push_back(likwidCodeEventNote(e) + ".");
    if (multiplexed)
        out.events.notes.push_back("A percentage after a count: the event was on a counter only that share of the time "
                                   "(multiplexed) and its count is scaled up to the whole time.");
    held.writeTo(out.events, locations);
    addStatisticsNotes(out.eventStatistics, leftOut, partial, held.any());
    if (gauge) out.eventStatistics.notes.push_back(kGaugeNote);
}

std::string metricCell(const CountValue& c) { return formatNumber(c.value); }

// The metric table ends in the column the GUI's metric table has: the
// whole run's coverage of the metric, the lowest of its group's events.
void addMetricTables(GroupTables& out, const GroupResult& g, const std::vector<LocationInfo>& locations) {
    std::vector<std::string> headers = valueHeaders(locations);
    headers.push_back("Coverage");
    out.metrics = labelledTable({"Metric"}, headers);
    out.metricStatistics = labelledTable({"Metric"}, {"Sum", "Min", "Max", "Avg", "Aggregate"});
    const double coverage = metricCoverage(g, kAggregateLocation);
    HeldElsewhereNotes held;
    bool leftOut = false, partial = false;
    for (const auto& m : g.metrics) {
        const std::vector<CountValue> perLocation = metricValues(m, locations.size());
        std::vector<std::string> row{m.name};
        if (locations.empty()) row.push_back(formatNumber(m.aggregate));
        for (auto& cell : valueCells(perLocation, m.heldElsewhere, metricCell)) row.push_back(std::move(cell));
        row.push_back(formatCoverage(coverage));
        out.metrics.rows.push_back(std::move(row));
        const LocationStatistics s = locationStatistics(perLocation, m.heldElsewhere);
        leftOut = leftOut || s.leftOut();
        partial = partial || s.partial;
        held.add("'" + m.name + "'", m.heldElsewhere);
        if (const std::string note = metricNote(m); !note.empty())
            out.metrics.notes.push_back("'" + m.name + "': " + note + ".");
        std::vector<std::string> statRow{m.name + " STAT"};
        for (auto& cell : statisticsCells(s)) statRow.push_back(std::move(cell));
        statRow.push_back(formatNumber(m.aggregate));
        out.metricStatistics.rows.push_back(std::move(statRow));
    }
    held.writeTo(out.metrics, locations);
    if (!g.metrics.empty() && isMultiplexed({kNotAvailable, coverage}))
        out.metrics.notes.push_back("Coverage below 100%: an input of the metrics was on a counter only that share of "
                                    "the time (multiplexed) and was scaled up; a metric is as complete as its "
                                    "least-counted input.");
    out.metricStatistics.notes.push_back(
        "Aggregate: the metric's formula applied to the counts summed over all locations.");
    addStatisticsNotes(out.metricStatistics, leftOut, partial, held.any());
}

void addCoreTypeTable(GroupTables& out, const GroupResult& g) {
    std::vector<std::string> types;
    for (const auto& e : g.events)
        for (const auto& t : e.coreTypes)
            if (std::find(types.begin(), types.end(), t.coreType) == types.end()) types.push_back(t.coreType);
    out.coreTypes = labelledTable({"Per core type", "Counter"}, types);
    if (types.empty()) return;
    auto column = [&](const std::string& type) {
        return static_cast<size_t>(std::find(types.begin(), types.end(), type) - types.begin());
    };
    bool partial = false;
    for (const auto& e : g.events) {
        if (e.coreTypes.empty()) continue;
        std::vector<std::string> row{e.event + unitSuffix(e.unit), e.counter};
        row.resize(2 + types.size(), kNotCountedText);
        for (const auto& t : e.coreTypes) {
            partial = partial || t.partialTotal.has_value();
            row[2 + column(t.coreType)] =
                t.partialTotal ? formatPartial(*t.partialTotal, "locations") : formatCount(t.total);
            if (!t.reason.empty())
                out.coreTypes.notes.push_back(e.counter + " on " + t.coreType + ": " + t.reason);
        }
        out.coreTypes.rows.push_back(std::move(row));
    }
    for (const auto& m : g.metrics) {
        std::vector<std::string> row{m.name, ""};
        row.resize(2 + types.size(), kNotCountedText);
        for (const auto& t : m.perCoreType) row[2 + column(t.coreType)] = formatNumber(t.value);
        out.coreTypes.rows.push_back(std::move(row));
    }
    out.coreTypes.notes.push_back("Each core type's column sums the CPUs of that type, or a task's counts on that "
                                  "type; a metric's is its formula applied to those sums (n/a where an input is not "
                                  "split by core type).");
    if (partial) out.coreTypes.notes.push_back(kPartialNote);
}

} // namespace

std::string locationLabel(const LocationInfo& location) {
    const std::string id = std::to_string(location.id);
    const std::string host = location.host.empty() ? "" : location.host + ":";
    switch (location.kind) {
    case LocationKind::Host: // a merged report's run (perHostView)
        return location.host + (location.rank ? " rank " + std::to_string(*location.rank) : std::string());
    // On a hybrid CPU the core type too, as perf stat names its lines (cpu_core, cpu_atom).
    case LocationKind::Cpu: return host + "HWThread " + id + (location.coreType.empty() ? "" : " " + location.coreType);
    case LocationKind::Thread: return host + "TID " + id;
    case LocationKind::Process: return host + "PID " + id;
    }
    return host + id;
}

std::string targetName(const RunConfig& config) {
    if (!config.command.empty()) {
        const std::string& program = config.command.front();
        const auto slash = program.find_last_of('/');
        return slash == std::string::npos || slash + 1 == program.size() ? program : program.substr(slash + 1);
    }
    if (config.mode == "system") return "system-wide";
    if (config.pid >= 0) return "PID " + std::to_string(config.pid);
    return "unknown target";
}

std::vector<std::pair<std::string, std::string>> reportHeaderLines(const MeasurementResult& r) {
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
    if (!r.hosts.empty())
        lines.emplace_back("Merged", std::to_string(r.hosts.size()) + " runs (perfdash-cli merge): counts summed over "
                                     "all of them, duration the longest run's; see Runs below");
    else if (r.replay) lines.emplace_back("Replay", "yes: read from a saved report, not measured now");
    if (!r.synthetic.empty()) lines.emplace_back("Synthetic", "yes: not measured on any machine; " + r.synthetic);
    if (r.incomplete)
        lines.emplace_back("Incomplete", "yes: saved while the session was running, and it never finished; "
                                         "the timeline ends at the last save");
    if (!c.cpus.empty()) {
        const std::string resolved = formatCpuList(c.cpus);
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
    return lines;
}

ReportTable runsTable(const MeasurementResult& r) {
    ReportTable t;
    t.headers = {"Run", "Host", "Rank", "Duration [s]", "Exit status", "Locations", "File"};
    t.labelColumns = 3;
    size_t slowest = 0, fastest = 0;
    for (size_t i = 0; i < r.hosts.size(); ++i) {
        const HostRun& h = r.hosts[i];
        t.rows.push_back({std::to_string(i + 1), h.host, h.rank ? std::to_string(*h.rank) : "-",
                          seconds(h.durationS, "%.3f"), h.exitStatus ? std::to_string(*h.exitStatus) : "unknown",
                          std::to_string(h.locations), h.source});
        // n/a compares false either way: a run without a duration is neither.
        if (h.durationS > r.hosts[slowest].durationS || !isAvailable(r.hosts[slowest].durationS)) slowest = i;
        if (h.durationS < r.hosts[fastest].durationS || !isAvailable(r.hosts[fastest].durationS)) fastest = i;
    }
    const auto name = [&](size_t i) {
        return "run " + std::to_string(i + 1) + " (" + locationLabel({LocationKind::Host, 0, r.hosts[i].host, r.hosts[i].rank}) +
               ", " + seconds(r.hosts[i].durationS, "%.3f s") + ")";
    };
    if (!r.hosts.empty() && isAvailable(r.hosts[slowest].durationS))
        t.notes.push_back("Slowest: " + name(slowest) + "; fastest: " + name(fastest) + ".");
    return t;
}

namespace {

GroupTables tablesOf(const GroupResult& g, const std::vector<LocationInfo>& locations) {
    GroupTables out;
    addEventTables(out, g, locations);
    addMetricTables(out, g, locations);
    addCoreTypeTable(out, g);
    out.hasStatistics = locations.size() > 1;
    return out;
}

} // namespace

GroupTables groupTables(const MeasurementResult& result, size_t index) {
    const GroupResult& g = result.groups.at(index);
    GroupTables out = tablesOf(g, result.locations);
    out.title = "Group " + std::to_string(index + 1) + ": " + g.name;
    if (!g.shortDescription.empty()) out.title += " - " + g.shortDescription;
    return out;
}

RegionTables regionTables(const RegionResult& region) {
    RegionTables out;
    out.title = "Region " + region.name + ", Group " + std::to_string(region.groupIndex + 1) + ": " + region.group.name;
    out.info = labelledTable({"Region Info"}, valueHeaders(region.threads));
    std::vector<std::string> time{"Runtime [s]"}, calls{"call count"};
    for (size_t t = 0; t < region.threads.size(); ++t) {
        time.push_back(t < region.timeS.size() ? formatNumber(region.timeS[t]) : kNotAvailableText);
        calls.push_back(t < region.calls.size() ? std::to_string(region.calls[t]) : kNotAvailableText);
    }
    out.info.rows = {std::move(time), std::move(calls)};
    out.group = tablesOf(region.group, region.threads);
    if (out.group.hasStatistics)
        out.group.metricStatistics.notes.push_back(
            "In a region, `time` is each thread's time in it; the aggregate uses the longest of them.");
    return out;
}

} // namespace perfdash
