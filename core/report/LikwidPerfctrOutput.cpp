#include "core/report/LikwidPerfctrOutput.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>

#include "core/report/ReportTables.h"
#include "core/result/CountSum.h"
#include "core/result/GaugeStats.h"
#include "core/util/Strings.h"
#include "core/util/TextTable.h"

namespace perfdash {

namespace {

// A table as likwid builds it: a header row, then rows of cells.
struct Table {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
};

// One group of the whole run, or one region under one group.
struct Section {
    std::string title;    // "Group 1: CPI", "Region solve, Group 1: CPI"
    std::vector<std::string> csvScope; // {"Group 1"} or {"Region solve", "Group 1"} (CSV TABLE lines)
    std::string group;    // the group's name
    std::optional<Table> regionInfo;
    Table raw;
    std::optional<Table> rawStat;
    std::optional<Table> metrics;
    std::optional<Table> metricStat;
};

const char* const kRuntimeRow = "Runtime (RDTSC) [s]";

std::string exponent(double value) {
    if (!isAvailable(value)) return "-";
    return printfString("%e", value);
}

std::vector<std::string> locationHeaders(const std::vector<LocationInfo>& locations) {
    std::vector<std::string> out;
    for (const auto& l : locations) out.push_back(locationLabel(l));
    return out;
}

// Sum (complete or "-": a partial sum is not the total, and a gauge, a
// temperature, has none), Min, Max and Avg over the locations with a value,
// as likwid's STAT rows. A package unit's locations held by another CPU are
// in none of them: as likwid, each package is summed once (core/result/CountSum.h).
std::vector<std::string> statistics(const std::vector<double>& values, const HeldElsewhere& held, bool gauge) {
    std::vector<CountValue> counts;
    for (double v : values) counts.push_back({v, 1.0});
    const LocationStatistics s = locationStatistics(counts, held);
    return {gauge ? std::string("-") : likwidNumber(s.sum.value), likwidNumber(s.min), likwidNumber(s.max),
            likwidNumber(s.mean)};
}

std::vector<double> valuesOf(const EventResult& e, size_t locations) {
    std::vector<double> out(locations, kNotAvailable);
    if (!e.counted) return out;
    for (size_t i = 0; i < std::min(locations, e.perLocation.size()); ++i) out[i] = e.perLocation[i].value;
    return out;
}

std::vector<double> valuesOf(const MetricResult& m, size_t locations) {
    std::vector<double> out(locations, kNotAvailable);
    std::copy_n(m.perLocation.begin(), std::min(locations, m.perLocation.size()), out.begin());
    return out;
}

// `runtimes`: per location, the time of the "Runtime (RDTSC) [s]" row: in
// the event table of a group without metrics (as likwid), else first in the
// metric table unless the group has a metric of that name (every likwid
// group has; perfdash's own call it "Runtime [s]").
Section sectionOf(const GroupResult& g, const std::vector<LocationInfo>& locations,
                  const std::vector<double>& runtimes, bool statistics_) {
    Section s;
    s.group = g.name;
    const std::vector<std::string> columns = locationHeaders(locations);
    const bool stat = statistics_ || locations.size() > 1;
    s.raw.header = {"Event", "Counter"};
    s.raw.header.insert(s.raw.header.end(), columns.begin(), columns.end());
    Table rawStat{{"Event", "Counter", "Sum", "Min", "Max", "Avg"}, {}};
    auto addRaw = [&](const std::string& name, const std::string& counter, const std::vector<double>& values,
                      bool exponential, const HeldElsewhere& held, bool gauge) {
        std::vector<std::string> row{name, counter};
        for (double v : values) row.push_back(exponential ? exponent(v) : likwidNumber(v));
        s.raw.rows.push_back(std::move(row));
        std::vector<std::string> statRow{name + " STAT", counter};
        for (auto& cell : statistics(values, held, gauge)) statRow.push_back(std::move(cell));
        rawStat.rows.push_back(std::move(statRow));
    };
    if (g.metrics.empty()) addRaw(kRuntimeRow, "TSC", runtimes, true, {}, false);
    for (const auto& e : g.events)
        addRaw(e.event, e.counter, valuesOf(e, locations.size()), false, e.heldElsewhere, e.gauge);
    if (stat) s.rawStat = std::move(rawStat);
    if (g.metrics.empty()) return s;

    Table metrics{{"Metric"}, {}};
    metrics.header.insert(metrics.header.end(), columns.begin(), columns.end());
    Table metricStat{{"Metric", "Sum", "Min", "Max", "Avg"}, {}};
    auto addMetric = [&](const std::string& name, const std::vector<double>& values, const HeldElsewhere& held) {
        std::vector<std::string> row{name};
        for (double v : values) row.push_back(likwidNumber(v));
        metrics.rows.push_back(std::move(row));
        std::vector<std::string> statRow{name + " STAT"};
        for (auto& cell : statistics(values, held, false)) statRow.push_back(std::move(cell));
        metricStat.rows.push_back(std::move(statRow));
    };
    // Every likwid group's first metric is its runtime, and scripts look for it by name.
    const bool hasRuntime =
        std::any_of(g.metrics.begin(), g.metrics.end(), [](const MetricResult& m) { return m.name == kRuntimeRow; });
    if (!hasRuntime) addMetric(kRuntimeRow, runtimes, {});
    for (const auto& m : g.metrics) addMetric(m.name, valuesOf(m, locations.size()), m.heldElsewhere);
    s.metrics = std::move(metrics);
    if (stat) s.metricStat = std::move(metricStat);
    return s;
}

std::vector<Section> sectionsOf(const MeasurementResult& r, const LikwidOutputOptions& options) {
    std::vector<Section> out;
    for (size_t i = 0; i < (options.regionsOnly ? 0 : r.groups.size()); ++i) {
        Section s = sectionOf(r.groups[i], r.locations, std::vector<double>(r.locations.size(), r.durationS),
                              options.statistics);
        s.title = "Group " + std::to_string(i + 1) + ": " + r.groups[i].name;
        s.csvScope = {"Group " + std::to_string(i + 1)};
        out.push_back(std::move(s));
    }
    for (const auto& region : r.regions) {
        std::vector<double> times(region.threads.size(), kNotAvailable);
        std::copy_n(region.timeS.begin(), std::min(times.size(), region.timeS.size()), times.begin());
        Section s = sectionOf(region.group, region.threads, times, options.statistics);
        const std::string group = "Group " + std::to_string(region.groupIndex + 1);
        s.title = "Region " + region.name + ", " + group + ": " + region.group.name;
        s.csvScope = {"Region " + region.name, group};
        Table info{{"Region Info"}, {{"RDTSC Runtime [s]"}, {"call count"}}};
        for (size_t t = 0; t < region.threads.size(); ++t) {
            info.header.push_back(locationLabel(region.threads[t]));
            const bool timed = t < region.timeS.size() && isAvailable(region.timeS[t]);
            info.rows[0].push_back(timed ? printfString("%.6f", region.timeS[t]) : "-");
            info.rows[1].push_back(t < region.calls.size() ? std::to_string(region.calls[t]) : "-");
        }
        s.regionInfo = std::move(info);
        out.push_back(std::move(s));
    }
    return out;
}

// likwid centres every cell; a table ends with an empty line.
std::string boxed(const Table& t) {
    std::vector<TextTable::Column> columns;
    for (const auto& h : t.header) columns.push_back({h, TextTable::Align::Center});
    TextTable text(std::move(columns));
    for (const auto& row : t.rows) text.addRow(row);
    return text.render() + "\n";
}

std::string machineLines(const LikwidMachineInfo& m) {
    const std::string clock = isAvailable(m.clockHz) ? printfString("%3.2f GHz", m.clockHz * 1e-9) : "-";
    return "CPU name:\t" + m.cpuName + "\nCPU type:\t" + m.cpuType + "\nCPU clock:\t" + clock + "\n";
}

// A field as RFC 4180 wants it: quoted only when it holds a comma, a quote or a line break.
std::string csvField(const std::string& field) {
    if (field.find_first_of(",\"\n\r") == std::string::npos) return field;
    std::string out = "\"";
    for (char c : field) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

// Every line of a group's CSV has as many fields as its widest table (likwid's padding).
std::string csvLine(const std::vector<std::string>& fields, size_t width) {
    std::vector<std::string> quoted;
    for (const auto& f : fields) quoted.push_back(csvField(f));
    std::string line = join(quoted, ",");
    if (fields.size() < width) line += std::string(width - fields.size(), ',');
    return line + "\n";
}

std::string csvTable(const Table& t, size_t width) {
    std::string out = csvLine(t.header, width);
    for (const auto& row : t.rows) out += csvLine(row, width);
    return out;
}

} // namespace

std::string likwidNumber(double value) {
    if (!isAvailable(value)) return "-";
    if (value == 0) return "0";
    if (value == std::trunc(value) && std::fabs(value) < 9.007199254740992e15) return printfString("%.0f", value);
    const std::string fixed = printfString("%.4f", value);
    if (fixed.size() < 12 && std::strtod(fixed.c_str(), nullptr) != 0) return fixed;
    return printfString("%e", value);
}

const std::string& likwidRule() {
    static const std::string rule(80, '-');
    return rule;
}

std::string formatLikwidHeader(const LikwidMachineInfo& machine) {
    return likwidRule() + "\n" + machineLines(machine);
}

std::string formatLikwidTables(const MeasurementResult& result, const LikwidOutputOptions& options) {
    std::string out;
    for (const Section& s : sectionsOf(result, options)) {
        if (options.machineLinesPerGroup)
            out += likwidRule() + "\n" + machineLines(options.machine) + likwidRule() + "\n";
        out += s.title + "\n";
        if (s.regionInfo) out += boxed(*s.regionInfo);
        out += boxed(s.raw);
        if (s.rawStat) out += boxed(*s.rawStat);
        if (s.metrics) out += boxed(*s.metrics);
        if (s.metricStat) out += boxed(*s.metricStat);
    }
    return out;
}

std::string formatLikwidCsv(const MeasurementResult& result, const LikwidOutputOptions& options) {
    std::string out;
    const double hz = options.machine.clockHz;
    const std::string clock = isAvailable(hz) ? printfString("%g GHz", hz * 1e-9) : "-";
    for (const Section& s : sectionsOf(result, options)) {
        size_t width = s.raw.header.size();
        for (const auto* t : {&s.rawStat, &s.metrics, &s.metricStat})
            if (*t) width = std::max(width, (*t)->header.size());
        if (s.regionInfo) width = std::max(width, s.regionInfo->header.size());
        width = std::max<size_t>(width, 5); // the TABLE lines of a region have five fields
        out += csvLine({"STRUCT", "Info", "3"}, width);
        out += csvLine({"CPU name:", options.machine.cpuName}, width);
        out += csvLine({"CPU type:", options.machine.cpuType}, width);
        out += csvLine({"CPU clock:", clock}, width);
        auto tableLine = [&](const std::string& kind, const Table& t) {
            std::vector<std::string> fields = s.csvScope;
            fields.back() += " " + kind;
            fields.push_back(s.group);
            fields.push_back(std::to_string(t.rows.size()));
            fields.insert(fields.begin(), "TABLE");
            return csvLine(fields, width);
        };
        out += tableLine("Raw", s.raw);
        if (s.regionInfo) out += csvTable(*s.regionInfo, width);
        out += csvTable(s.raw, width);
        if (s.rawStat) out += tableLine("Raw STAT", *s.rawStat) + csvTable(*s.rawStat, width);
        if (s.metrics) out += tableLine("Metric", *s.metrics) + csvTable(*s.metrics, width);
        if (s.metricStat) out += tableLine("Metric STAT", *s.metricStat) + csvTable(*s.metricStat, width);
    }
    return out;
}

std::vector<std::string> likwidTableNotes(const MeasurementResult& result) {
    std::vector<const GroupResult*> groups;
    for (const auto& g : result.groups) groups.push_back(&g);
    // A marker run may report regions only: their groups say the same of their slots.
    for (const auto& r : result.regions)
        if (std::none_of(groups.begin(), groups.end(), [&](const GroupResult* g) { return g->name == r.group.name; }))
            groups.push_back(&r.group);
    std::vector<std::string> out;
    for (const GroupResult* g : groups) {
        for (const auto& e : g->events)
            if (e.likwidCode()) out.push_back("group " + g->name + ": " + likwidCodeEventNote(e));
        for (const auto& m : g->metrics)
            if (const std::string note = metricNote(m); !note.empty())
                out.push_back("group " + g->name + ": '" + m.name + "' is " + note);
    }
    return out;
}

std::string formatLikwidTimelineHeader(const std::vector<GroupResult>& groups,
                                       const std::vector<LocationInfo>& locations) {
    std::vector<std::string> ids;
    for (const auto& l : locations) ids.push_back(std::to_string(l.id));
    std::string out = "# HWThreads: " + join(ids, "|") + "\n";
    for (const auto& g : groups) {
        std::vector<std::string> fields{"GID", g.metrics.empty() ? "EventCount" : "MetricsCount", "CpuCount",
                                        "Total runtime [s]"};
        if (g.metrics.empty())
            for (const auto& e : g.events) fields.push_back(e.event);
        else
            for (const auto& m : g.metrics) fields.push_back(m.name);
        out += "# " + join(fields, "|") + "\n";
    }
    return out;
}

std::string formatLikwidTimelineLines(const IntervalResult& interval, size_t locations, bool csv) {
    const std::string delimiter = csv ? "," : " ";
    std::string out;
    const std::string time = printfString("%.6f", interval.t);
    for (size_t g = 0; g < interval.groups.size(); ++g) {
        const GroupResult& group = interval.groups[g];
        // A group that took no turn in this interval (event sets switched round-robin) has no line, as in likwid.
        const bool counted = std::any_of(group.events.begin(), group.events.end(), [&](const EventResult& e) {
            const auto values = valuesOf(e, locations);
            return std::any_of(values.begin(), values.end(), [](double v) { return isAvailable(v); });
        });
        if (!counted) continue;
        const bool metrics = !group.metrics.empty();
        std::vector<std::string> fields{std::to_string(g + 1),
                                        std::to_string(metrics ? group.metrics.size() : group.events.size()),
                                        std::to_string(locations), time};
        if (metrics)
            for (const auto& m : group.metrics)
                for (double v : valuesOf(m, locations)) fields.push_back(likwidNumber(v));
        else
            for (const auto& e : group.events)
                for (double v : valuesOf(e, locations)) fields.push_back(likwidNumber(v));
        out += join(fields, delimiter) + "\n";
    }
    return out;
}

} // namespace perfdash
