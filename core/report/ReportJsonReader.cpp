#include "core/report/ReportJsonReader.h"

#include <algorithm>
#include <climits>
#include <cmath>

#include "core/report/ReportJson.h"
#include "core/util/Strings.h"

namespace perfdash {

using json = nlohmann::json;

namespace {

// A JSON value and where it is in the document ("groups[0].events[2].total").
struct Node {
    const json& value;
    std::string path;
};

// Walks a parsed report. The first problem found is kept and every later
// read returns a default, so the walk needs no error checks of its own and
// cannot touch a value of the wrong type.
class ReportParser {
public:
    explicit ReportParser(std::string source) : source_(std::move(source)) {}

    const std::optional<std::string>& error() const { return error_; }
    // The file's format version, once readSchema() has read it.
    int schema() const { return schema_; }
    void setSchema(int schema) { schema_ = schema; }
    Error makeFailure() const { return makeError(*error_); }

    void fail(const std::string& problem) {
        if (!error_) error_ = source_ + ": " + problem;
    }

    Node member(const Node& object, const char* key) {
        std::string path = object.path.empty() ? key : object.path + "." + key;
        if (!object.value.is_object()) return {kNull, std::move(path)}; // reported by whoever expected the object
        auto it = object.value.find(key);
        if (it == object.value.end()) {
            fail("field '" + path + "' is missing" + kHint);
            return {kNull, std::move(path)};
        }
        return {*it, std::move(path)};
    }

    // The elements of an array (none if it is not one), each with its path.
    std::vector<Node> elements(const Node& node) {
        std::vector<Node> out;
        if (!expect(node, node.value.is_array(), "an array")) return out;
        for (size_t i = 0; i < node.value.size(); ++i)
            out.push_back({node.value[i], node.path + "[" + std::to_string(i) + "]"});
        return out;
    }

    // Fields added after schema 1 was first written: absent in older files.
    bool has(const Node& object, const char* key) const {
        return object.value.is_object() && object.value.contains(key);
    }

    bool object(const Node& node) { return expect(node, node.value.is_object(), "an object"); }

    std::string string(const Node& node) {
        return expect(node, node.value.is_string(), "a string") ? node.value.get<std::string>() : std::string();
    }

    bool boolean(const Node& node) {
        return expect(node, node.value.is_boolean(), "true or false") && node.value.get<bool>();
    }

    // null is "not available".
    double number(const Node& node) {
        if (node.value.is_null()) return kNotAvailable;
        return expect(node, node.value.is_number(), "a number or null") ? node.value.get<double>() : kNotAvailable;
    }

    int integer(const Node& node) {
        if (!expect(node, node.value.is_number_integer(), "an integer")) return 0;
        if (node.value.is_number_unsigned() ? node.value.get<uint64_t>() > uint64_t(INT_MAX)
                                            : (node.value.get<int64_t>() < INT_MIN || node.value.get<int64_t>() > INT_MAX)) {
            fail("field '" + node.path + "' is out of range (" + node.value.dump() + ")" + kHint);
            return 0;
        }
        return static_cast<int>(node.value.get<int64_t>());
    }

    uint64_t count(const Node& node) {
        return expect(node, node.value.is_number_unsigned(), "a non-negative integer") ? node.value.get<uint64_t>() : 0;
    }

    std::optional<int> optionalInteger(const Node& node) {
        if (node.value.is_null()) return std::nullopt;
        return integer(node);
    }

    std::vector<std::string> strings(const Node& node) {
        std::vector<std::string> out;
        for (const auto& e : elements(node)) out.push_back(string(e));
        return out;
    }

    std::vector<int> integers(const Node& node) {
        std::vector<int> out;
        for (const auto& e : elements(node)) out.push_back(integer(e));
        return out;
    }

    // Per-location arrays must have one entry per location, or the tables would misattribute values.
    void checkLocationCount(const Node& node, size_t found, size_t locations) {
        if (found != locations)
            fail("'" + node.path + "' has " + std::to_string(found) + " entries but the report has " +
                 std::to_string(locations) + " locations" + kHint);
    }

private:
    static constexpr const char* kHint = " (is it a perfdash report? see docs/report-schema.md)";
    static inline const json kNull{};

    bool expect(const Node& node, bool ok, const char* expected) {
        if (ok || error_) return ok && !error_;
        fail("field '" + node.path + "' must be " + expected + ", found " + node.value.type_name() + kHint);
        return false;
    }

    std::string source_;
    std::optional<std::string> error_;
    int schema_ = kReportSchemaVersion;
};

CountValue readCount(ReportParser& p, const Node& node) {
    p.object(node);
    return {p.number(p.member(node, "value")), p.number(p.member(node, "coverage"))};
}

// Absent unless the total is partial (added without raising `schema`).
// A metric's vendor threshold: {"direction": "above" or "below", "value": number, "with_parent": bool}.
std::optional<MetricLimit> readThreshold(ReportParser& p, const Node& node) {
    if (!p.object(node)) return std::nullopt;
    MetricLimit limit;
    const Node direction = p.member(node, "direction");
    const std::string word = p.string(direction);
    if (word == "below") limit.direction = MetricLimit::Direction::Below;
    else if (word != "above" && !p.error())
        p.fail("field '" + direction.path + "' is '" + word + "'; expected 'above' or 'below'");
    const Node value = p.member(node, "value");
    limit.value = p.number(value);
    if (!std::isfinite(limit.value) && !p.error())
        p.fail("field '" + value.path + "' is not a number; expected the threshold's value");
    limit.withParent = p.has(node, "with_parent") && p.boolean(p.member(node, "with_parent"));
    return limit;
}

std::optional<PartialSum> readPartial(ReportParser& p, const Node& total) {
    if (!p.has(total, "partial")) return std::nullopt;
    const Node node = p.member(total, "partial");
    p.object(node);
    PartialSum partial{p.number(p.member(node, "value")), p.count(p.member(node, "locations_with_value")),
                       p.count(p.member(node, "locations"))};
    if (partial.counted >= partial.of)
        p.fail("field '" + node.path + "' says " + std::to_string(partial.counted) + " of " +
               std::to_string(partial.of) + " locations have a value: that is not partial (see docs/report-schema.md)");
    return partial;
}

// Absent unless a package unit was read once per package (added without
// raising `schema`: a reader that does not know it sees those locations n/a).
HeldElsewhere readHeldElsewhere(ReportParser& p, const Node& owner, size_t locations) {
    HeldElsewhere held;
    if (!p.has(owner, "counted_on_cpu")) return held;
    const Node node = p.member(owner, "counted_on_cpu");
    const std::vector<Node> cpus = p.elements(node);
    for (const auto& cpu : cpus) {
        held.cpu.push_back(p.optionalInteger(cpu).value_or(-1));
        if (p.optionalInteger(cpu).value_or(0) < 0 && !p.error())
            p.fail("field '" + cpu.path + "' is " + std::to_string(held.cpu.back()) +
                   "; expected the number of the CPU that holds this location's count, or null");
    }
    p.checkLocationCount(node, cpus.size(), locations);
    return held;
}

// A metric's coverage (schema 2) is checked for its shape but not kept: it
// is derived from the group's events, which the file holds too, and every
// reader of a MeasurementResult computes it from them (metricCoverage()).
// So a schema-1 file, which has none, shows the same coverage as a schema-2
// file of the same run, and a file edited by hand cannot show a coverage
// that its own events contradict.
void checkMetricCoverage(ReportParser& p, const Node& coverage, size_t locations) {
    p.object(coverage);
    p.number(p.member(coverage, "aggregate"));
    const Node perLocation = p.member(coverage, "per_location");
    const std::vector<Node> values = p.elements(perLocation);
    for (const auto& v : values) p.number(v);
    p.checkLocationCount(perLocation, values.size(), locations);
}

GroupResult readGroup(ReportParser& p, const Node& g, size_t locations) {
    p.object(g);
    GroupResult group;
    group.name = p.string(p.member(g, "name"));
    group.shortDescription = p.string(p.member(g, "short_description"));
    for (const auto& e : p.elements(p.member(g, "events"))) {
        p.object(e);
        EventResult event;
        event.counter = p.string(p.member(e, "counter"));
        event.event = p.string(p.member(e, "event"));
        event.unit = p.string(p.member(e, "unit"));
        event.counted = p.boolean(p.member(e, "counted"));
        event.reason = p.string(p.member(e, "reason"));
        const Node total = p.member(e, "total");
        event.total = readCount(p, total);
        event.partialTotal = readPartial(p, total);
        const Node perLocation = p.member(e, "per_location");
        for (const auto& c : p.elements(perLocation)) event.perLocation.push_back(readCount(p, c));
        p.checkLocationCount(perLocation, event.perLocation.size(), locations);
        if (p.has(e, "core_types"))
            for (const auto& t : p.elements(p.member(e, "core_types"))) {
                p.object(t);
                const Node typeTotal = p.member(t, "total");
                event.coreTypes.push_back({p.string(p.member(t, "core_type")), readCount(p, typeTotal),
                                           readPartial(p, typeTotal), p.string(p.member(t, "reason"))});
            }
        event.heldElsewhere = readHeldElsewhere(p, e, locations);
        if (p.has(e, "absent")) event.absent = p.boolean(p.member(e, "absent"));
        // Older files have neither: their codes read as the vendor's, as they were shown then.
        if (p.has(e, "code_source")) event.codeSource = p.string(p.member(e, "code_source"));
        if (p.has(e, "code_note")) event.codeNote = p.string(p.member(e, "code_note"));
        if (p.has(e, "gauge")) {
            const Node gauge = p.member(e, "gauge");
            p.object(gauge);
            event.gauge = true;
            event.gaugeStats = {p.number(p.member(gauge, "min")), p.number(p.member(gauge, "max")),
                                p.number(p.member(gauge, "avg")), p.count(p.member(gauge, "locations_with_value")),
                                p.count(p.member(gauge, "locations"))};
        }
        group.events.push_back(std::move(event));
    }
    for (const auto& m : p.elements(p.member(g, "metrics"))) {
        p.object(m);
        MetricResult metric;
        metric.name = p.string(p.member(m, "name"));
        metric.formula = p.string(p.member(m, "formula"));
        metric.aggregate = p.number(p.member(m, "aggregate"));
        const Node perLocation = p.member(m, "per_location");
        for (const auto& v : p.elements(perLocation)) metric.perLocation.push_back(p.number(v));
        p.checkLocationCount(perLocation, metric.perLocation.size(), locations);
        if (p.schema() >= 2) checkMetricCoverage(p, p.member(m, "coverage"), locations);
        if (p.has(m, "parent")) metric.parent = p.string(p.member(m, "parent"));
        if (p.has(m, "threshold")) metric.threshold = readThreshold(p, p.member(m, "threshold"));
        if (p.has(m, "per_core_type"))
            for (const auto& t : p.elements(p.member(m, "per_core_type"))) {
                p.object(t);
                metric.perCoreType.push_back({p.string(p.member(t, "core_type")), p.number(p.member(t, "value"))});
            }
        metric.heldElsewhere = readHeldElsewhere(p, m, locations);
        if (p.has(m, "absent_inputs"))
            for (const auto& c : p.elements(p.member(m, "absent_inputs"))) metric.absentInputs.push_back(p.string(c));
        if (p.has(m, "likwid_code_inputs"))
            for (const auto& c : p.elements(p.member(m, "likwid_code_inputs")))
                metric.likwidCodeInputs.push_back(p.string(c));
        group.metrics.push_back(std::move(metric));
    }
    return group;
}

std::vector<GroupResult> readGroups(ReportParser& p, const Node& node, size_t locations) {
    std::vector<GroupResult> groups;
    for (const auto& g : p.elements(node)) groups.push_back(readGroup(p, g, locations));
    return groups;
}

IntervalResult readInterval(ReportParser& p, const Node& node, size_t locations) {
    p.object(node);
    IntervalResult interval;
    interval.t = p.number(p.member(node, "t"));
    interval.dt = p.number(p.member(node, "dt"));
    interval.groups = readGroups(p, p.member(node, "groups"), locations);
    return interval;
}

std::vector<LocationInfo> readLocations(ReportParser& p, const Node& node) {
    std::vector<LocationInfo> locations;
    for (const auto& l : p.elements(node)) {
        p.object(l);
        const Node kindNode = p.member(l, "kind");
        const std::string word = p.string(kindNode);
        const auto kind = locationKindNamed(word);
        if (!kind && !p.error())
            p.fail("field '" + kindNode.path + "' is '" + word + "'; expected 'cpu', 'thread', 'process' or 'host'");
        LocationInfo location(kind.value_or(LocationKind::Cpu), p.integer(p.member(l, "id")));
        if (p.has(l, "host")) location.host = p.string(p.member(l, "host"));
        if (p.has(l, "rank")) location.rank = p.optionalInteger(p.member(l, "rank"));
        if (p.has(l, "core_type")) location.coreType = p.string(p.member(l, "core_type"));
        if (p.has(l, "cgroup")) location.cgroup = p.string(p.member(l, "cgroup"));
        locations.push_back(std::move(location));
    }
    return locations;
}

// The runs of a merged report; each one's metrics are looked up by group and
// name, so that they stay parallel to `groups`.
std::vector<HostRun> readHosts(ReportParser& p, const Node& node, const std::vector<GroupResult>& groups,
                               size_t locations) {
    std::vector<HostRun> hosts;
    size_t covered = 0;
    for (const auto& h : p.elements(node)) {
        p.object(h);
        HostRun run;
        run.host = p.string(p.member(h, "host"));
        run.rank = p.optionalInteger(p.member(h, "rank"));
        run.source = p.string(p.member(h, "source"));
        run.startedAt = p.string(p.member(h, "started_at"));
        run.durationS = p.number(p.member(h, "duration_s"));
        run.exitStatus = p.optionalInteger(p.member(h, "exit_status"));
        const int count = p.integer(p.member(h, "locations"));
        run.locations = count > 0 ? static_cast<size_t>(count) : 0;
        covered += run.locations;
        run.machine = p.member(h, "machine").value;
        run.metrics.resize(groups.size());
        for (size_t g = 0; g < groups.size(); ++g) run.metrics[g].assign(groups[g].metrics.size(), kNotAvailable);
        for (const auto& m : p.elements(p.member(h, "metrics"))) {
            p.object(m);
            const std::string group = p.string(p.member(m, "group"));
            const std::string name = p.string(p.member(m, "name"));
            const double value = p.number(p.member(m, "aggregate"));
            for (size_t g = 0; g < groups.size(); ++g)
                for (size_t i = 0; groups[g].name == group && i < groups[g].metrics.size(); ++i)
                    if (groups[g].metrics[i].name == name) run.metrics[g][i] = value;
        }
        if (p.has(h, "intervals"))
            for (const auto& i : p.elements(p.member(h, "intervals")))
                run.intervals.push_back(readInterval(p, i, run.locations));
        hosts.push_back(std::move(run));
    }
    if (!p.error() && !hosts.empty() && covered != locations)
        p.fail("field '" + node.path + "' accounts for " + std::to_string(covered) + " locations but the report has " +
               std::to_string(locations));
    return hosts;
}

std::vector<RegionResult> readRegions(ReportParser& p, const Node& node, size_t groups) {
    std::vector<RegionResult> regions;
    for (const auto& r : p.elements(node)) {
        p.object(r);
        RegionResult region;
        region.name = p.string(p.member(r, "name"));
        const Node groupIndex = p.member(r, "group_index");
        region.groupIndex = p.integer(groupIndex);
        if (!p.error() && (region.groupIndex < 0 || static_cast<size_t>(region.groupIndex) >= groups))
            p.fail("field '" + groupIndex.path + "' is " + std::to_string(region.groupIndex) + " but the report has " +
                   std::to_string(groups) + " groups");
        region.threads = readLocations(p, p.member(r, "threads"));
        const Node time = p.member(r, "time_s");
        for (const auto& t : p.elements(time)) region.timeS.push_back(p.number(t));
        p.checkLocationCount(time, region.timeS.size(), region.threads.size());
        const Node calls = p.member(r, "calls");
        for (const auto& c : p.elements(calls)) region.calls.push_back(p.count(c));
        p.checkLocationCount(calls, region.calls.size(), region.threads.size());
        region.group = readGroup(p, p.member(r, "group"), region.threads.size());
        regions.push_back(std::move(region));
    }
    return regions;
}

RunConfig readConfig(ReportParser& p, const Node& node) {
    p.object(node);
    RunConfig c;
    c.backend = p.string(p.member(node, "backend"));
    c.mode = p.string(p.member(node, "mode"));
    c.command = p.strings(p.member(node, "command"));
    c.pid = p.optionalInteger(p.member(node, "pid")).value_or(-1);
    c.cpuList = p.string(p.member(node, "cpu_list"));
    c.cpus = p.integers(p.member(node, "cpus"));
    c.groups = p.strings(p.member(node, "groups"));
    c.events = p.strings(p.member(node, "events"));
    c.intervalS = p.number(p.member(node, "interval_s"));
    c.durationS = p.number(p.member(node, "duration_s"));
    c.userSpaceOnly = p.boolean(p.member(node, "user_space_only"));
    c.marker = p.has(node, "marker") && p.boolean(p.member(node, "marker"));
    if (p.has(node, "mpi_rank")) c.mpiRank = p.optionalInteger(p.member(node, "mpi_rank"));
    if (p.has(node, "job_id")) c.jobId = p.string(p.member(node, "job_id"));
    return c;
}

// Checked before anything else: a newer file may have other fields, and
// "update perfdash" is the useful message then, not "field x is missing".
int readSchema(ReportParser& p, const Node& root) {
    const int schema = p.integer(p.member(root, "schema"));
    if (p.error()) return 0;
    if (schema > kReportSchemaVersion)
        p.fail("report schema " + std::to_string(schema) + " is newer than this perfdash (" PERFDASH_VERSION
               ") can read (schema " + std::to_string(kReportSchemaVersion) +
               " at most); update perfdash to read this file");
    else if (schema < 1)
        p.fail("report schema " + std::to_string(schema) + " is not valid (schema versions start at 1)");
    p.setSchema(schema);
    return schema;
}

MeasurementResult readReport(ReportParser& p, const Node& root) {
    MeasurementResult r;
    r.schema = readSchema(p, root);
    r.tool = p.string(p.member(root, "tool"));
    r.version = p.string(p.member(root, "version"));
    r.startedAt = p.string(p.member(root, "started_at"));
    r.machine = p.member(root, "machine").value;
    r.config = readConfig(p, p.member(root, "config"));
    r.durationS = p.number(p.member(root, "duration_s"));
    r.exitStatus = p.optionalInteger(p.member(root, "exit_status"));
    r.interrupted = p.boolean(p.member(root, "interrupted"));
    r.replay = p.boolean(p.member(root, "replay"));
    if (root.value.is_object() && root.value.contains("incomplete")) r.incomplete = p.boolean(p.member(root, "incomplete"));
    if (p.has(root, "synthetic")) r.synthetic = p.string(p.member(root, "synthetic"));
    r.warnings = p.strings(p.member(root, "warnings"));
    r.locations = readLocations(p, p.member(root, "locations"));
    r.groups = readGroups(p, p.member(root, "groups"), r.locations.size());
    if (p.has(root, "regions")) r.regions = readRegions(p, p.member(root, "regions"), r.groups.size());
    if (p.has(root, "hosts")) r.hosts = readHosts(p, p.member(root, "hosts"), r.groups, r.locations.size());
    for (const auto& i : p.elements(p.member(root, "intervals")))
        r.intervals.push_back(readInterval(p, i, r.locations.size()));
    return r;
}

// A report nests about 9 levels deep. Copying a JSON value (the machine
// section is kept as one) recurses once per level, so a file nested ten
// thousand levels deep would overflow the stack: such a file is refused.
constexpr size_t kMaxNesting = 64;

size_t nestingDepth(std::string_view text) {
    size_t depth = 0, deepest = 0;
    bool inString = false, escaped = false;
    for (char c : text) {
        if (inString) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return deepest;
}

// nlohmann's own message says where the syntax breaks (line, column); only its tag is noise.
std::string parseProblem(const json::exception& e) {
    std::string what = e.what();
    if (auto close = what.find("] "); what.starts_with("[json.exception.") && close != std::string::npos)
        what = what.substr(close + 2);
    return what;
}

// A file that stops in the middle (a copy or a write cut short) and one whose
// bytes are wrong need different remedies: the message says which it is.
Result<json> parseJson(std::string_view text, const std::string& source) {
    if (nestingDepth(text) > kMaxNesting)
        return makeError(source + ": arrays and objects nested more than " + std::to_string(kMaxNesting) +
                         " levels deep; a perfdash report nests about 9 (is it a perfdash report? see "
                         "docs/report-schema.md)");
    try {
        return json::parse(text);
    } catch (const json::parse_error& e) {
        if (e.byte >= text.size())
            return makeError(source + ": not valid JSON: the file is truncated: it ends after " +
                             std::to_string(text.size()) + " bytes, before the report does (cut off while it was "
                             "written or copied): " + parseProblem(e));
        return makeError(source + ": not valid JSON: the file is corrupted at byte " + std::to_string(e.byte) + ": " +
                         parseProblem(e));
    } catch (const json::exception& e) {
        return makeError(source + ": not valid JSON: " + parseProblem(e));
    }
}

// "report" or "interval", or an error if it is neither. A report file
// written by hand may leave "type" out; a stream line must have it.
std::string readType(ReportParser& p, const Node& root, bool required) {
    if (!root.value.is_object()) {
        p.fail("expected a JSON object (a perfdash report), found " + std::string(root.value.type_name()));
        return {};
    }
    if (!required && !root.value.contains("type")) return kReportType;
    const std::string type = p.string(p.member(root, "type"));
    if (!p.error() && type != kReportType && type != kIntervalType)
        p.fail("field 'type' is \"" + type + "\"; a perfdash report stream has only \"" + kReportType +
               "\" and \"" + kIntervalType + "\"");
    return type;
}

} // namespace

Result<MeasurementResult> readReportJson(std::string_view text, const std::string& source) {
    auto parsed = parseJson(text, source);
    if (!parsed) return parsed.error();
    ReportParser p(source);
    const Node root{*parsed, ""};
    if (readType(p, root, false) == kIntervalType) p.fail("this is one interval line of a --json -t stream, not a report");
    MeasurementResult result = readReport(p, root);
    if (p.error()) return p.makeFailure();
    return result;
}

Result<MeasurementResult> readReportFile(const std::string& path) {
    auto text = readFile(path);
    if (!text) return makeError("cannot read report '" + path + "' (check the path and its permissions)");
    return readReportJson(*text, path);
}

Result<ReportStreamItem> readReportStreamLine(std::string_view line, const std::string& source) {
    auto parsed = parseJson(line, source);
    if (!parsed) return parsed.error();
    ReportParser p(source);
    const Node root{*parsed, ""};
    const std::string type = readType(p, root, true);
    if (p.error()) return p.makeFailure();
    if (type == kReportType) {
        MeasurementResult report = readReport(p, root);
        if (p.error()) return p.makeFailure();
        return ReportStreamItem{std::move(report)};
    }
    readSchema(p, root);
    IntervalLine interval;
    interval.locations = readLocations(p, p.member(root, "locations"));
    interval.interval = readInterval(p, root, interval.locations.size());
    if (p.error()) return p.makeFailure();
    return ReportStreamItem{std::move(interval)};
}

} // namespace perfdash
