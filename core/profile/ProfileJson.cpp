#include "core/profile/ProfileJson.h"

#include <cmath>
#include <functional>

#include "core/groups/FormulaConstants.h"
#include "core/report/ReportJson.h"
#include "core/report/ReportJsonReader.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

using json = nlohmann::json;

// A sum: an integer where it is one (counts, samples), else a double.
json number(double v) {
    if (!std::isfinite(v)) return nullptr;
    if (v == std::floor(v) && std::abs(v) < 9007199254740992.0) return static_cast<int64_t>(v);
    return v;
}

std::string dumpLine(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

// "name": [ one element per line ], each made and written in turn, so that a
// table of a million rows never exists as a million JSON values.
void appendTable(std::string& out, const char* name, size_t count, const std::function<json(size_t)>& element) {
    out += ",\n    \"";
    out += name;
    out += "\": [";
    for (size_t i = 0; i < count; ++i) {
        out += i ? ",\n      " : "\n      ";
        out += dumpLine(element(i));
    }
    out += count == 0 ? "]" : "\n    ]";
}

std::vector<std::string> columnNames(const Profile& p, const ProfileColumns& c) {
    std::vector<std::string> names(c.count());
    names[ProfileColumns::kSamples] = "samples";
    names[ProfileColumns::kWeight] = "weight";
    std::vector<std::string> vars;
    for (size_t e = 0; e < c.events; ++e) {
        names[c.event(e)] = p.events[e].counter;
        vars.push_back(p.events[e].counter);
    }
    names[c.time()] = "time_ns";
    vars.push_back("time_ns");
    if (c.moments)
        for (size_t a = 0; a < vars.size(); ++a)
            for (size_t b = a; b < vars.size(); ++b) names[c.moment(a, b)] = vars[a] + "*" + vars[b];
    return names;
}

} // namespace

void appendProfileJson(std::string& out, const Profile& p) {
    json head = json::object();
    head["format"] = kProfileFormatVersion;
    head["interval_s"] = p.intervalS;
    head["duration_s"] = p.durationS;
    head["sampling"] = {{"leader", p.sampling.leader},
                        {"leader_counter", p.sampling.leaderCounter},
                        {"rate", p.sampling.rate},
                        {"call_graph", p.sampling.callGraph},
                        {"follow", p.sampling.follow},
                        {"notices", p.sampling.notices},
                        {"warnings", p.sampling.warnings},
                        {"lost", p.sampling.lost}};
    json events = json::array();
    for (const ProfileEvent& e : p.events)
        events.push_back({{"counter", e.counter}, {"event", e.event}, {"in_samples", e.inSamples}, {"note", e.note}});
    head["events"] = events;
    json metrics = json::array();
    for (const ProfileMetric& m : p.metrics) metrics.push_back({{"name", m.name}, {"formula", m.formula}});
    head["metrics"] = metrics;
    head[kFormulaConstantsKey] = formulaConstantsToJson(p.constants);
    json stacks = json::array();
    for (const auto& [reason, count] : p.stackReasons) stacks.push_back({{"reason", reason}, {"samples", count}});
    head["stack_reasons"] = stacks;
    head["regions"] = p.regions;
    head["region_sets"] = p.regionSets;
    head["columns"] = columnNames(p, p.columns());
    if (p.instructionsKept) head["instruction_columns"] = columnNames(p, p.instructionColumns());

    // The head's members, then the tables one element per line.
    out += "{";
    bool first = true;
    for (auto it = head.begin(); it != head.end(); ++it) {
        out += first ? "\n    " : ",\n    ";
        first = false;
        out += dumpLine(json(it.key())) + ": " + dumpLine(it.value());
    }
    appendTable(out, "strings", p.strings.size(), [&](size_t i) { return json(p.strings[i]); });
    appendTable(out, "modules", p.modules.size(), [&](size_t i) {
        const ProfileModule& m = p.modules[i];
        return json{{"path", m.path}, {"build_id", m.buildId}, {"debug_file", m.debugFile}, {"problem", m.problem}};
    });
    appendTable(out, "frames", p.frames.size(), [&](size_t i) {
        const ProfileFrame& f = p.frames[i];
        return json{f.function, f.module, f.file, f.line, f.flags};
    });
    appendTable(out, "nodes", p.nodes.size() - 1, [&](size_t i) { return json{p.nodes[i + 1].parent, p.nodes[i + 1].frame}; });
    appendTable(out, "threads", p.threads.size(), [&](size_t i) {
        const ProfileThread& t = p.threads[i];
        return json{{"pid", t.pid}, {"tid", t.tid}, {"comm", t.comm}};
    });
    const size_t count = p.columns().count();
    appendTable(out, "rows", p.rows(), [&](size_t r) {
        const RowKey& k = p.keys[r];
        json row = {k.interval, k.thread, k.regions, k.node, static_cast<int>(k.stack)};
        const double* v = p.row(r);
        for (size_t c = 0; c < count; ++c) row.push_back(number(v[c]));
        return row;
    });
    if (p.instructionsKept) {
        appendTable(out, "codes", p.codes.size(), [&](size_t i) {
            const ProfileCode& c = p.codes[i];
            return json{c.function, c.module, c.start, c.size};
        });
        appendTable(out, "instructions", p.instructions.size(), [&](size_t i) {
            return json{p.instructions[i].code, p.instructions[i].address};
        });
        const size_t instructionCount = p.instructionColumns().count();
        appendTable(out, "instruction_rows", p.instructionKeys.size(), [&](size_t r) {
            const RowKey& k = p.instructionKeys[r];
            json row = {k.interval, k.thread, k.regions, k.node};
            const double* v = p.instructionRow(r);
            for (size_t c = 0; c < instructionCount; ++c) row.push_back(number(v[c]));
            return row;
        });
    }
    out += "\n  }";
}

namespace {

void appendProfileMember(std::string& out, const Profile& profile) {
    out += ",\n  \"profile\": ";
    appendProfileJson(out, profile);
}

} // namespace

std::string formatSessionJson(const MeasurementResult& result, const Profile& profile) {
    std::string report = formatReportJson(result); // "{\n  ...\n}\n"
    const size_t end = report.rfind('}');
    report.erase(end);
    while (!report.empty() && (report.back() == '\n' || report.back() == ' ')) report.pop_back();
    // Appended in place: a long run's rows are tens of MB, held once.
    appendProfileMember(report, profile);
    report += "\n}\n";
    return report;
}

std::string profileSessionMember(const Profile& profile) {
    std::string member;
    appendProfileMember(member, profile);
    return member;
}

namespace {

// Reads fields with every failure named: the first one sticks.
class Reader {
public:
    explicit Reader(std::string source) : source_(std::move(source)) {}
    bool failed() const { return !error_.empty(); }
    Error error() const { return makeError(source_ + ": profile: " + error_); }

    void fail(const std::string& what) {
        if (error_.empty()) error_ = what;
    }
    const json* member(const json& object, const char* name, json::value_t type) {
        if (!object.is_object()) {
            fail("not an object where " + std::string(name) + " was expected");
            return nullptr;
        }
        auto it = object.find(name);
        if (it == object.end()) {
            fail("the member '" + std::string(name) + "' is missing");
            return nullptr;
        }
        const bool ok = type == json::value_t::number_float ? it->is_number()
                        : type == json::value_t::number_unsigned ? it->is_number_unsigned() || (it->is_number_integer() && it->get<int64_t>() >= 0)
                                                                 : it->type() == type;
        if (!ok) {
            fail("'" + std::string(name) + "' has the wrong type");
            return nullptr;
        }
        return &*it;
    }
    std::string text(const json& object, const char* name) {
        const json* v = member(object, name, json::value_t::string);
        return v ? v->get<std::string>() : std::string();
    }
    double real(const json& object, const char* name) {
        const json* v = member(object, name, json::value_t::number_float);
        return v ? v->get<double>() : 0.0;
    }
    std::vector<std::string> texts(const json& object, const char* name) {
        std::vector<std::string> out;
        const json* v = member(object, name, json::value_t::array);
        if (!v) return out;
        for (const json& e : *v) {
            if (!e.is_string()) {
                fail("'" + std::string(name) + "' holds something other than text");
                return {};
            }
            out.push_back(e.get<std::string>());
        }
        return out;
    }
    const json& array(const json& object, const char* name) {
        static const json kEmpty = json::array();
        const json* v = member(object, name, json::value_t::array);
        return v ? *v : kEmpty;
    }
    // An integer in [low, high) at element i of an array; `what` names it.
    int64_t index(const json& element, size_t i, int64_t low, int64_t high, const std::string& what) {
        if (element.size() <= i || !element[i].is_number_integer()) {
            fail(what + " is not an integer");
            return low;
        }
        const int64_t v = element[i].get<int64_t>();
        if (v < low || v >= high) {
            fail(what + " is " + std::to_string(v) + ", outside " + std::to_string(low) + ".." + std::to_string(high - 1));
            return low;
        }
        return v;
    }
    // An unsigned 64-bit integer (an address, a size) at element i of an array.
    uint64_t unsignedAt(const json& element, size_t i, const std::string& what) {
        if (element.size() <= i || !(element[i].is_number_unsigned() ||
                                     (element[i].is_number_integer() && element[i].get<int64_t>() >= 0))) {
            fail(what + " is not an integer of at least 0");
            return 0;
        }
        return element[i].get<uint64_t>();
    }

private:
    std::string source_;
    std::string error_;
};

// A table of rows: `keyFields` key fields (interval, thread, region set,
// then the node or the instruction, below `nodes`, then for call paths the
// stack state), then a value per column. `what` names the table in messages.
void readRows(Reader& in, const Profile& p, const json& rows, const char* what, size_t keyFields, int64_t nodes,
              const std::vector<std::string>& columns, std::vector<RowKey>& keys, std::vector<double>& values) {
    const size_t count = columns.size();
    keys.reserve(rows.size());
    values.reserve(rows.size() * count);
    for (const json& r : rows) {
        if (in.failed()) break;
        if (!r.is_array() || r.size() != keyFields + count) {
            in.fail(std::string(what) + " " + std::to_string(keys.size()) + " does not have the " +
                    std::to_string(keyFields) + " key fields and " + std::to_string(count) + " columns");
            break;
        }
        RowKey k;
        const std::string at = std::string(what) + " " + std::to_string(keys.size()) + "'s ";
        k.interval = static_cast<uint32_t>(in.index(r, 0, 0, INT32_MAX, at + "interval"));
        k.thread = static_cast<uint32_t>(in.index(r, 1, 0, static_cast<int64_t>(p.threads.size()), at + "thread"));
        k.regions = static_cast<uint32_t>(in.index(r, 2, 0, static_cast<int64_t>(p.regionSets.size()), at + "regions"));
        k.node = static_cast<uint32_t>(in.index(r, 3, 0, nodes, at + (keyFields == 5 ? "node" : "instruction")));
        if (keyFields == 5) k.stack = static_cast<StackState>(in.index(r, 4, 0, static_cast<int64_t>(kStackStates), at + "stack"));
        if ((k.interval + 1) * p.intervalS > p.durationS + 1e-6 * p.intervalS)
            in.fail(at + "interval lies past duration_s");
        for (size_t c = 0; c < count; ++c) {
            const json& v = r[keyFields + c];
            if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0) {
                in.fail(at + "column " + columns[c] + " is not a count");
                break;
            }
            values.push_back(v.get<double>());
        }
        keys.push_back(k);
    }
}

// The sampled instructions' tables, where the session has them (its
// instruction_columns says so: sessions of perfdash before them have none).
void readInstructions(Reader& in, const json& value, Profile& p) {
    if (!value.contains("instruction_columns")) return;
    p.instructionsKept = true;
    const std::vector<std::string> columns = in.texts(value, "instruction_columns");
    if (!in.failed() && columns.size() != p.instructionColumns().count()) {
        in.fail("instruction_columns has " + std::to_string(columns.size()) + " columns, where its events make " +
                std::to_string(p.instructionColumns().count()));
        return;
    }
    for (const json& c : in.array(value, "codes")) {
        if (in.failed()) return;
        if (!c.is_array() || c.size() != 4) {
            in.fail("a code is not [function, module, start, size]");
            return;
        }
        ProfileCode code;
        code.function = static_cast<uint32_t>(in.index(c, 0, 1, static_cast<int64_t>(p.strings.size()), "a code's function"));
        code.module = static_cast<int32_t>(in.index(c, 1, 0, static_cast<int64_t>(p.modules.size()), "a code's module"));
        code.start = in.unsignedAt(c, 2, "a code's start");
        code.size = in.unsignedAt(c, 3, "a code's size");
        if (code.size > UINT64_MAX - code.start) in.fail("a code's start and size pass the end of the address space");
        p.codes.push_back(code);
    }
    for (const json& i : in.array(value, "instructions")) {
        if (in.failed()) return;
        if (!i.is_array() || i.size() != 2) {
            in.fail("an instruction is not [code, address]");
            return;
        }
        ProfileInstruction instruction;
        instruction.code = static_cast<uint32_t>(in.index(i, 0, 0, static_cast<int64_t>(p.codes.size()), "an instruction's code"));
        instruction.address = in.unsignedAt(i, 1, "an instruction's address");
        if (in.failed()) return;
        const ProfileCode& code = p.codes[instruction.code];
        if (code.size > 0 && (instruction.address < code.start || instruction.address - code.start >= code.size))
            in.fail("an instruction's address lies outside its function's code");
        p.instructions.push_back(instruction);
    }
    readRows(in, p, in.array(value, "instruction_rows"), "instruction row", 4, static_cast<int64_t>(p.instructions.size()),
             columns, p.instructionKeys, p.instructionValues);
}

} // namespace

Result<Profile> readProfileJson(const json& value, const std::string& source) {
    Reader in(source);
    Profile p;
    if (!value.is_object()) return makeError(source + ": profile: not an object");
    const json* format = in.member(value, "format", json::value_t::number_unsigned);
    if (format && format->get<int64_t>() > kProfileFormatVersion)
        return makeError(source + ": its profile is of format " + std::to_string(format->get<int64_t>()) +
                         ", newer than this perfdash reads (" + std::to_string(kProfileFormatVersion) +
                         "): update perfdash");
    p.intervalS = in.real(value, "interval_s");
    p.durationS = in.real(value, "duration_s");
    if (!in.failed() && (!(p.intervalS > 0) || !(p.durationS >= 0) || !std::isfinite(p.durationS)))
        in.fail("interval_s must be above 0 and duration_s at least 0");
    if (const json* s = in.member(value, "sampling", json::value_t::object)) {
        p.sampling.leader = in.text(*s, "leader");
        p.sampling.leaderCounter = in.text(*s, "leader_counter");
        p.sampling.rate = in.text(*s, "rate");
        p.sampling.callGraph = in.text(*s, "call_graph");
        p.sampling.follow = in.text(*s, "follow");
        p.sampling.notices = in.texts(*s, "notices");
        p.sampling.warnings = in.texts(*s, "warnings");
        if (const json* lost = in.member(*s, "lost", json::value_t::number_unsigned)) p.sampling.lost = lost->get<uint64_t>();
    }
    for (const json& e : in.array(value, "events")) {
        ProfileEvent event;
        event.counter = in.text(e, "counter");
        event.event = in.text(e, "event");
        if (const json* b = in.member(e, "in_samples", json::value_t::boolean)) event.inSamples = b->get<bool>();
        event.note = in.text(e, "note");
        p.events.push_back(std::move(event));
    }
    for (const json& m : in.array(value, "metrics")) p.metrics.push_back({in.text(m, "name"), in.text(m, "formula")});
    if (auto constants = formulaConstantsFromMachine(value)) p.constants = *constants;
    for (const json& r : in.array(value, "stack_reasons")) {
        const json* n = in.member(r, "samples", json::value_t::number_unsigned);
        p.stackReasons.emplace_back(in.text(r, "reason"), n ? n->get<uint64_t>() : 0);
    }
    p.regions = in.texts(value, "regions");
    p.regionSets.clear();
    for (const json& set : in.array(value, "region_sets")) {
        std::vector<uint32_t> ids;
        if (!set.is_array()) in.fail("a region set is not an array");
        else
            for (size_t i = 0; i < set.size(); ++i)
                ids.push_back(static_cast<uint32_t>(
                    in.index(set, i, 0, static_cast<int64_t>(p.regions.size()), "a region set's region")));
        p.regionSets.push_back(std::move(ids));
    }
    if (p.regionSets.empty() || !p.regionSets[0].empty()) in.fail("region_sets must start with the empty set");
    const std::vector<std::string> columns = in.texts(value, "columns");
    if (in.failed()) return in.error();
    if (columns.size() != p.columns().count())
        return makeError(source + ": profile: " + std::to_string(columns.size()) + " columns, where its events and "
                         "metrics make " + std::to_string(p.columns().count()));

    p.strings = in.texts(value, "strings");
    if (p.strings.empty() || !p.strings[0].empty()) in.fail("strings must start with the empty string");
    const auto strings = static_cast<int64_t>(p.strings.size());
    for (const json& m : in.array(value, "modules"))
        p.modules.push_back({in.text(m, "path"), in.text(m, "build_id"), in.text(m, "debug_file"), in.text(m, "problem")});
    const auto modules = static_cast<int64_t>(p.modules.size());
    for (const json& f : in.array(value, "frames")) {
        if (in.failed()) break;
        if (!f.is_array() || f.size() != 5) {
            in.fail("a frame is not [function, module, file, line, flags]");
            break;
        }
        ProfileFrame frame;
        frame.function = static_cast<uint32_t>(in.index(f, 0, 0, strings, "a frame's function"));
        frame.module = static_cast<int32_t>(in.index(f, 1, -1, modules, "a frame's module"));
        frame.file = static_cast<uint32_t>(in.index(f, 2, 0, strings, "a frame's file"));
        frame.line = static_cast<int32_t>(in.index(f, 3, 0, INT32_MAX, "a frame's line"));
        frame.flags = static_cast<uint8_t>(in.index(f, 4, 0, 4, "a frame's flags"));
        p.frames.push_back(frame);
    }
    const auto frames = static_cast<int64_t>(p.frames.size());
    for (const json& n : in.array(value, "nodes")) {
        if (in.failed()) break;
        if (!n.is_array() || n.size() != 2) {
            in.fail("a node is not [parent, frame]");
            break;
        }
        // A parent comes before its children: no cycle, and every path ends at the root.
        const auto parent = in.index(n, 0, 0, static_cast<int64_t>(p.nodes.size()), "a node's parent");
        p.nodes.push_back({static_cast<uint32_t>(parent), static_cast<uint32_t>(in.index(n, 1, 0, frames, "a node's frame"))});
    }
    for (const json& t : in.array(value, "threads")) {
        ProfileThread thread;
        if (const json* v = in.member(t, "pid", json::value_t::number_float)) thread.pid = v->is_number_integer() ? v->get<int>() : -1;
        if (const json* v = in.member(t, "tid", json::value_t::number_float)) thread.tid = v->is_number_integer() ? v->get<int>() : -1;
        thread.comm = in.text(t, "comm");
        p.threads.push_back(std::move(thread));
    }
    readRows(in, p, in.array(value, "rows"), "row", 5, static_cast<int64_t>(p.nodes.size()), columns, p.keys, p.values);
    readInstructions(in, value, p);
    if (in.failed()) return in.error();
    return p;
}

Result<Session> readSessionJson(std::string_view text, const std::string& source) {
    json root = json::parse(text, nullptr, false);
    if (root.is_discarded() || !root.is_object()) {
        auto report = readReportJson(text, source); // its message says what is wrong with the JSON
        if (!report) return report.error();
        return makeError(source + ": not a session");
    }
    Session session;
    std::optional<json> profile;
    if (auto it = root.find("profile"); it != root.end()) {
        profile = std::move(*it);
        root.erase(it);
    }
    auto result = readReportJson(root.dump(-1, ' ', false, json::error_handler_t::replace), source);
    if (!result) return result.error();
    session.result = std::move(*result);
    if (profile) {
        auto read = readProfileJson(*profile, source);
        if (!read) return read.error();
        session.profile = std::move(*read);
    }
    return session;
}

Result<Session> readSessionFile(const std::string& path) {
    auto text = readFile(path);
    if (!text) return makeError("cannot read the session '" + path + "' (check the path and its permissions)");
    return readSessionJson(*text, path);
}

Result<std::optional<Profile>> readSessionProfile(const std::string& path) {
    auto text = readFile(path);
    if (!text) return makeError("cannot read the session '" + path + "' (check the path and its permissions)");
    // Most sessions are stat's, some large: a text without the member is not parsed again.
    if (text->find("\"profile\"") == std::string::npos) return std::optional<Profile>{};
    const json root = json::parse(*text, nullptr, false);
    if (root.is_discarded() || !root.is_object()) return makeError(path + ": not a session (its JSON does not parse)");
    const auto it = root.find("profile");
    if (it == root.end()) return std::optional<Profile>{};
    auto profile = readProfileJson(*it, path);
    if (!profile) return profile.error();
    return std::optional<Profile>(std::move(*profile));
}

} // namespace perfdash
