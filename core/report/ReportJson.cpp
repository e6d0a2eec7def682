#include "core/report/ReportJson.h"

#include <cmath>

#include "core/report/ReportKeys.h"
#include "core/result/MetricCoverage.h"

namespace perfdash {

using ojson = nlohmann::ordered_json;

namespace {

// NaN and infinity become null. Integral values are written as integers so
// counts read naturally (jq, spreadsheets); reading gives back the same double.
ojson jsonNumber(double v) {
    if (!isAvailable(v)) return nullptr;
    if (v == std::trunc(v) && std::fabs(v) < 9.2e18) return static_cast<int64_t>(v);
    return v;
}

ojson countToJson(const CountValue& c) { return {{"value", jsonNumber(c.value)}, {"coverage", jsonNumber(c.coverage)}}; }

// A total that only some locations had a value for keeps `value` null (a
// reader that does not know `partial` sees n/a, never a partial sum as the
// total) and says what the others add up to.
ojson totalToJson(const CountValue& value, const std::optional<PartialSum>& partial) {
    ojson total = countToJson(value);
    if (partial)
        total["partial"] = {{"value", jsonNumber(partial->value)},
                            {"locations_with_value", partial->counted},
                            {"locations", partial->of}};
    return total;
}

// Only where a package unit is read once per package, so that other reports
// are as before the field existed: per location, the CPU whose count holds it,
// or null for a location with its own.
void heldElsewhereToJson(ojson& out, const HeldElsewhere& held) {
    if (!held.any()) return;
    ojson cpus = ojson::array();
    for (size_t l = 0; l < held.cpu.size(); ++l) cpus.push_back(held.at(l) ? ojson(*held.at(l)) : ojson(nullptr));
    out["counted_on_cpu"] = std::move(cpus);
}

ojson eventToJson(const EventResult& e) {
    ojson perLocation = ojson::array();
    for (const auto& c : e.perLocation) perLocation.push_back(countToJson(c));
    ojson out = {{"counter", e.counter}, {"event", e.event},   {"unit", e.unit},
                 {"counted", e.counted}, {"reason", e.reason}, {"total", totalToJson(e.total, e.partialTotal)},
                 {"per_location", std::move(perLocation)}};
    // Hybrid CPUs only, so other reports are as before the field existed.
    if (!e.coreTypes.empty()) {
        ojson types = ojson::array();
        for (const auto& t : e.coreTypes)
            types.push_back({{"core_type", t.coreType}, {"total", totalToJson(t.total, t.partialTotal)},
                             {"reason", t.reason}});
        out["core_types"] = std::move(types);
    }
    // Boxes this machine lacks only, so that other reports are as before.
    if (e.absent) out["absent"] = true;
    // likwid's own code only (no vendor list has it), so that other reports are as before.
    if (e.likwidCode()) {
        out["code_source"] = e.codeSource;
        out["code_note"] = e.codeNote;
    }
    heldElsewhereToJson(out, e.heldElsewhere);
    // Gauges only (a temperature): `total` is then the average over the
    // locations, and these are its statistics; a gauge has no sum.
    if (e.gauge)
        out["gauge"] = {{"statistics", "min, max and average over the locations; never a sum"},
                        {"min", jsonNumber(e.gaugeStats.min)},
                        {"max", jsonNumber(e.gaugeStats.max)},
                        {"avg", jsonNumber(e.gaugeStats.avg)},
                        {"locations_with_value", e.gaugeStats.readings},
                        {"locations", e.gaugeStats.of}};
    return out;
}

// The coverage is derived from the group's events (core/result/MetricCoverage.h);
// it is written so that a reader need not know that rule (schema 2).
ojson metricToJson(const MetricResult& m, const GroupResult& g) {
    ojson perLocation = ojson::array(), coverage = ojson::array();
    for (size_t l = 0; l < m.perLocation.size(); ++l) {
        perLocation.push_back(jsonNumber(m.perLocation[l]));
        coverage.push_back(jsonNumber(metricCoverage(g, static_cast<int>(l))));
    }
    ojson out = {{"name", m.name},
                 {"formula", m.formula},
                 {"aggregate", jsonNumber(m.aggregate)},
                 {"per_location", std::move(perLocation)},
                 {"coverage", {{"aggregate", jsonNumber(metricCoverage(g, kAggregateLocation))},
                               {"per_location", std::move(coverage)}}}};
    // The group's hierarchy, only where the group file declares one, so that
    // reports of other groups are as before.
    if (!m.parent.empty()) out["parent"] = m.parent;
    if (m.threshold)
        out["threshold"] = {{"direction", directionWord(m.threshold->direction)},
                            {"value", m.threshold->value},
                            {"with_parent", m.threshold->withParent}};
    if (!m.perCoreType.empty()) {
        ojson types = ojson::array();
        for (const auto& t : m.perCoreType) types.push_back({{"core_type", t.coreType}, {"value", jsonNumber(t.value)}});
        out["per_core_type"] = std::move(types);
    }
    heldElsewhereToJson(out, m.heldElsewhere);
    if (!m.absentInputs.empty()) out["absent_inputs"] = m.absentInputs;
    if (!m.likwidCodeInputs.empty()) out["likwid_code_inputs"] = m.likwidCodeInputs;
    if (const std::string note = metricNote(m); !note.empty()) out["note"] = note;
    return out;
}

ojson groupToJson(const GroupResult& g) {
    ojson events = ojson::array(), metrics = ojson::array();
    for (const auto& e : g.events) events.push_back(eventToJson(e));
    for (const auto& m : g.metrics) metrics.push_back(metricToJson(m, g));
    return {{"name", g.name},
            {"short_description", g.shortDescription},
            {"events", std::move(events)},
            {"metrics", std::move(metrics)}};
}

ojson groupsToJson(const std::vector<GroupResult>& groups) {
    ojson out = ojson::array();
    for (const auto& g : groups) out.push_back(groupToJson(g));
    return out;
}

// The flat views: event totals and metric aggregates under their report keys.
struct FlatMaps {
    ojson events = ojson::object();
    ojson metrics = ojson::object();
};

FlatMaps flatMaps(const std::vector<GroupResult>& groups) {
    const ReportKeys keys = makeReportKeys(groups);
    FlatMaps out;
    for (size_t g = 0; g < groups.size(); ++g) {
        for (size_t e = 0; e < groups[g].events.size(); ++e)
            out.events[keys.events[g][e]] = jsonNumber(groups[g].events[e].total.value);
        for (size_t m = 0; m < groups[g].metrics.size(); ++m)
            out.metrics[keys.metrics[g][m]] = jsonNumber(groups[g].metrics[m].aggregate);
    }
    return out;
}

ojson locationsToJson(const std::vector<LocationInfo>& locations) {
    ojson out = ojson::array();
    for (const auto& l : locations) {
        ojson location = {{"kind", toString(l.kind)}, {"id", l.id}};
        // Only merged reports have them, so one host's report is the same as before the fields existed.
        if (!l.host.empty()) location["host"] = l.host;
        if (l.rank) location["rank"] = *l.rank;
        if (!l.coreType.empty()) location["core_type"] = l.coreType;
        if (!l.cgroup.empty()) location["cgroup"] = l.cgroup;
        out.push_back(std::move(location));
    }
    return out;
}

ojson intervalToJson(const IntervalResult& interval, ojson header, const std::vector<LocationInfo>* locations);

ojson hostsToJson(const std::vector<HostRun>& hosts, const std::vector<GroupResult>& groups) {
    ojson out = ojson::array();
    for (const HostRun& h : hosts) {
        ojson metrics = ojson::array();
        for (size_t g = 0; g < h.metrics.size() && g < groups.size(); ++g)
            for (size_t m = 0; m < h.metrics[g].size() && m < groups[g].metrics.size(); ++m)
                metrics.push_back({{"group", groups[g].name},
                                   {"name", groups[g].metrics[m].name},
                                   {"aggregate", jsonNumber(h.metrics[g][m])}});
        out.push_back({{"host", h.host},
                       {"rank", h.rank ? ojson(*h.rank) : ojson(nullptr)},
                       {"source", h.source},
                       {"started_at", h.startedAt},
                       {"duration_s", jsonNumber(h.durationS)},
                       {"exit_status", h.exitStatus ? ojson(*h.exitStatus) : ojson(nullptr)},
                       {"locations", h.locations},
                       {"machine", ojson(h.machine)},
                       {"metrics", std::move(metrics)}});
        // Only a run that kept its timeline (a fleet session's host) has them: merged batch runs stay as they were.
        if (!h.intervals.empty()) {
            ojson intervals = ojson::array();
            for (const IntervalResult& i : h.intervals) intervals.push_back(intervalToJson(i, ojson::object(), nullptr));
            out.back()["intervals"] = std::move(intervals);
        }
    }
    return out;
}

ojson regionsToJson(const std::vector<RegionResult>& regions) {
    ojson out = ojson::array();
    for (const auto& r : regions) {
        ojson time = ojson::array();
        for (double t : r.timeS) time.push_back(jsonNumber(t));
        out.push_back({{"name", r.name},
                       {"group_index", r.groupIndex},
                       {"threads", locationsToJson(r.threads)},
                       {"time_s", std::move(time)},
                       {"calls", r.calls},
                       {"group", groupToJson(r.group)}});
    }
    return out;
}

// `header` comes first: the stream line puts its type and schema there.
ojson intervalToJson(const IntervalResult& interval, ojson header, const std::vector<LocationInfo>* locations) {
    FlatMaps flat = flatMaps(interval.groups);
    ojson out = std::move(header);
    out["t"] = jsonNumber(interval.t);
    out["dt"] = jsonNumber(interval.dt);
    out["deltas"] = std::move(flat.events);
    out["metrics"] = std::move(flat.metrics);
    if (locations) out["locations"] = locationsToJson(*locations);
    out["groups"] = groupsToJson(interval.groups);
    return out;
}

ojson configToJson(const RunConfig& c) {
    return {{"backend", c.backend},
            {"mode", c.mode},
            {"command", c.command},
            {"pid", c.pid >= 0 ? ojson(c.pid) : ojson(nullptr)},
            {"cpu_list", c.cpuList},
            {"cpus", c.cpus},
            {"groups", c.groups},
            {"events", c.events},
            {"interval_s", jsonNumber(c.intervalS)},
            {"duration_s", jsonNumber(c.durationS)},
            {"user_space_only", c.userSpaceOnly},
            {"marker", c.marker},
            {"mpi_rank", c.mpiRank ? ojson(*c.mpiRank) : ojson(nullptr)},
            {"job_id", c.jobId}};
}

// User-supplied text (program arguments, file names) may not be UTF-8: replace, never throw.
std::string dump(const ojson& j, int indent) { return j.dump(indent, ' ', false, ojson::error_handler_t::replace); }

} // namespace

ojson reportHeaderToJson(const MeasurementResult& r) {
    FlatMaps flat = flatMaps(r.groups);
    ojson out = {{"type", kReportType},
                 // Written in today's format, whatever version it was read from.
                 {"schema", kReportSchemaVersion},
                 {"tool", r.tool},
                 {"version", r.version},
                 {"started_at", r.startedAt},
                 {"machine", ojson(r.machine)},
                 {"config", configToJson(r.config)},
                 {"duration_s", jsonNumber(r.durationS)},
                 {"exit_status", r.exitStatus ? ojson(*r.exitStatus) : ojson(nullptr)},
                 {"interrupted", r.interrupted},
                 {"replay", r.replay}};
    // Only autosaves carry it, so a finished report is the same as before the field existed.
    if (r.incomplete) out["incomplete"] = true;
    if (!r.synthetic.empty()) out["synthetic"] = r.synthetic;
    out["warnings"] = r.warnings;
    out["locations"] = locationsToJson(r.locations);
    out["totals"] = std::move(flat.events);
    out["metrics"] = std::move(flat.metrics);
    out["groups"] = groupsToJson(r.groups);
    out["regions"] = regionsToJson(r.regions);
    if (!r.hosts.empty()) out["hosts"] = hostsToJson(r.hosts, r.groups);
    out["intervals"] = ojson::array();
    return out;
}

ojson reportToJson(const MeasurementResult& r) {
    ojson out = reportHeaderToJson(r);
    ojson& intervals = out["intervals"];
    for (const auto& i : r.intervals) intervals.push_back(intervalToJson(i, ojson::object(), nullptr));
    return out;
}

ojson reportIntervalToJson(const IntervalResult& interval) { return intervalToJson(interval, ojson::object(), nullptr); }

std::string formatReportJson(const MeasurementResult& result) { return dump(reportToJson(result), 2) + "\n"; }

std::string formatReportJsonLine(const MeasurementResult& result) { return dump(reportToJson(result), -1); }

std::string formatIntervalJsonLine(const IntervalResult& interval, const std::vector<LocationInfo>& locations) {
    const ojson header = {{"type", kIntervalType}, {"schema", kReportSchemaVersion}};
    return dump(intervalToJson(interval, header, &locations), -1);
}

} // namespace perfdash
