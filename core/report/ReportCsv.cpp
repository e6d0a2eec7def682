#include "core/report/ReportCsv.h"

#include <charconv>
#include <cmath>
#include <optional>

#include "core/result/MetricCoverage.h"

namespace perfdash {

namespace {

// RFC 4180: quote a field that holds a separator, a quote or a line break, doubling
// inner quotes; also one with outer spaces, which some readers would trim.
std::string csvField(const std::string& text) {
    const bool quote = text.find_first_of(",\"\r\n") != std::string::npos ||
                       (!text.empty() && (text.front() == ' ' || text.back() == ' '));
    if (!quote) return text;
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

// Exact: the shortest text that reads back as the same double; counts as plain integers.
std::string csvNumber(double v) {
    if (!isAvailable(v)) return {};
    char buf[64];
    auto [end, ec] = std::fabs(v) < 9007199254740992.0 && v == std::trunc(v)
                         ? std::to_chars(buf, buf + sizeof buf, static_cast<int64_t>(v))
                         : std::to_chars(buf, buf + sizeof buf, v);
    return ec == std::errc() ? std::string(buf, end) : std::string();
}

constexpr const char* kGaugeNote = "gauge: a reading at the period's end per location; min, max and average over "
                                   "the locations, never a sum";

std::string partialReason(const PartialSum& partial) {
    return "partial: " + std::to_string(partial.counted) + " of " + std::to_string(partial.of) +
           " locations have a value; they add up to " + csvNumber(partial.value);
}

// The reason column of a location whose count a package unit's reader holds:
// the value is empty there, and nothing is missing.
std::string heldReason(const HeldElsewhere& held, size_t location, const std::string& otherwise) {
    const auto reader = held.at(location);
    return reader ? "counted on CPU " + std::to_string(*reader) : otherwise;
}

const char* const kHeader = "schema,kind,t,dt,group,name,counter,unit,location,value,coverage,reason";

struct RowWriter {
    std::string& out;
    const std::vector<LocationInfo>& locations;
    std::string eventKind, metricKind, t, dt;
    std::optional<std::string> region; // the region column's value; nullopt: the report has no such column

    void row(const std::string& kind, const GroupResult& g, const std::string& name, const std::string& counter,
             const std::string& unit, const std::string& location, double value, double coverage,
             const std::string& reason) {
        out += std::to_string(kReportSchemaVersion) + "," + kind + "," + t + "," + dt + "," + csvField(g.name) + "," +
               csvField(name) + "," + csvField(counter) + "," + csvField(unit) + "," + csvField(location) + "," +
               csvNumber(value) + "," + csvNumber(coverage) + "," + csvField(reason) +
               (region ? "," + csvField(*region) : std::string()) + "\n";
    }

    // A marker region's time and calls per thread (no total: they do not add up to one figure).
    void regionInfo(const RegionResult& r) {
        for (size_t i = 0; i < r.threads.size(); ++i) {
            const std::string location = csvLocationName(r.threads[i]);
            row("region_info", r.group, "time", "", "s", location, i < r.timeS.size() ? r.timeS[i] : kNotAvailable,
                kNotAvailable, "");
            row("region_info", r.group, "calls", "", "", location,
                i < r.calls.size() ? static_cast<double>(r.calls[i]) : kNotAvailable, kNotAvailable, "");
        }
    }

    void groups(const std::vector<GroupResult>& groups) {
        for (const auto& g : groups) {
            for (const auto& e : g.events) {
                const std::string reason = e.counted ? std::string() : e.reason;
                for (size_t i = 0; i < locations.size(); ++i) {
                    const CountValue c = i < e.perLocation.size() ? e.perLocation[i] : CountValue{};
                    row(eventKind, g, e.event, e.counter, e.unit, csvLocationName(locations[i]), c.value, c.coverage,
                        heldReason(e.heldElsewhere, i, reason));
                }
                if (e.gauge) {
                    // A gauge (a temperature) has no total: its statistics over the locations instead.
                    const std::string what = reason.empty() ? std::string(kGaugeNote) : reason;
                    row(eventKind, g, e.event, e.counter, e.unit, "min", e.gaugeStats.min, kNotAvailable, what);
                    row(eventKind, g, e.event, e.counter, e.unit, "max", e.gaugeStats.max, kNotAvailable, what);
                    row(eventKind, g, e.event, e.counter, e.unit, "avg", e.gaugeStats.avg, kNotAvailable, what);
                    continue;
                }
                // A partial total keeps `value` empty, as in JSON; the reason column says what the others add up to.
                // A counted slot of likwid's own code says so where a reason would stand, once, on its total.
                const std::string totalNote = e.partialTotal ? partialReason(*e.partialTotal)
                                              : reason.empty() && e.likwidCode() ? likwidCodeEventNote(e)
                                                                                 : reason;
                row(eventKind, g, e.event, e.counter, e.unit, "total", e.total.value, e.total.coverage, totalNote);
                // A hybrid CPU's totals per core type, as JSON's core_types and perf stat's cpu_core/... lines.
                for (const auto& t : e.coreTypes)
                    row(eventKind, g, e.event, e.counter, e.unit, "total:" + t.coreType, t.total.value,
                        t.total.coverage, t.partialTotal ? partialReason(*t.partialTotal) : t.reason);
            }
            for (const auto& m : g.metrics) {
                for (size_t i = 0; i < locations.size(); ++i)
                    row(metricKind, g, m.name, "", "", csvLocationName(locations[i]),
                        i < m.perLocation.size() ? m.perLocation[i] : kNotAvailable,
                        metricCoverage(g, static_cast<int>(i)), heldReason(m.heldElsewhere, i, metricNote(m)));
                row(metricKind, g, m.name, "", "", "total", m.aggregate, metricCoverage(g, kAggregateLocation),
                    metricNote(m));
                for (const auto& t : m.perCoreType)
                    row(metricKind, g, m.name, "", "", "total:" + t.coreType, t.value, kNotAvailable, "");
            }
        }
    }
};

} // namespace

std::string csvLocationName(const LocationInfo& location) {
    return (location.host.empty() ? "" : location.host + ":") + toString(location.kind) + std::to_string(location.id);
}

std::string formatReportCsv(const MeasurementResult& r) {
    const bool regions = !r.regions.empty();
    const std::optional<std::string> noRegion = regions ? std::optional<std::string>("") : std::nullopt;
    std::string out = std::string(kHeader) + (regions ? ",region\n" : "\n");
    RowWriter{out, r.locations, "event", "metric", "", "", noRegion}.groups(r.groups);
    for (const auto& i : r.intervals)
        RowWriter{out, r.locations, "interval_event", "interval_metric", csvNumber(i.t), csvNumber(i.dt), noRegion}
            .groups(i.groups);
    for (const auto& region : r.regions) {
        RowWriter writer{out, region.threads, "region_event", "region_metric", "", "", region.name};
        writer.regionInfo(region);
        writer.groups({region.group});
    }
    return out;
}

} // namespace perfdash
