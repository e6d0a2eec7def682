#include "core/events/EventTable.h"

#include <linux/perf_event.h>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>

#include "core/util/DataPaths.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

// A number written as JSON number or as a string ("0xa3", "4").
uint64_t numberField(const nlohmann::json& entry, const char* key) {
    const auto& value = entry.at(key);
    if (value.is_number_unsigned()) return value.get<uint64_t>();
    if (value.is_string()) {
        const std::string text = value.get<std::string>();
        if (auto n = parseUnsigned(text)) return *n;
        throw std::invalid_argument(std::string("'") + key + "' is not a number: " + text);
    }
    throw std::invalid_argument(std::string("'") + key + "' must be a number or a string holding one");
}

// Case ignored, '.' read as '_': the one normalisation of resources/events/README.md.
std::string normalised(std::string_view name) {
    std::string out = toLower(name);
    for (char& c : out)
        if (c == '.') c = '_';
    return out;
}

struct Modifiers {
    std::optional<uint64_t> cmask, offcore;
    bool inv = false, edge = false, any = false, user = false, kernel = false;
};

// The flag modifiers take no value or "=1"; "=0" leaves them off.
Result<bool> flag(const std::string& key, const std::string& value, std::string_view spec) {
    if (value.empty() || value == "1") return true;
    if (value == "0") return false;
    return makeError("'" + std::string(spec) + "': modifier " + key + "=" + value + " takes 0 or 1");
}

Result<Modifiers> parseModifiers(const std::vector<std::string>& parts, std::string_view spec) {
    Modifiers m;
    for (const auto& part : parts) {
        const auto eq = part.find('=');
        const std::string key = toLower(part.substr(0, eq));
        const std::string value = eq == std::string::npos ? "" : part.substr(eq + 1);
        if (key == "c") {
            auto n = parseUnsigned(value);
            if (!n || *n > 0xff)
                return makeError("'" + std::string(spec) + "': counter mask c=" + value + " must be 0 to 255");
            m.cmask = *n;
            continue;
        }
        if (key == "offcore_rsp") {
            auto n = parseUnsigned(value);
            if (!n) return makeError("'" + std::string(spec) + "': offcore_rsp=" + value + " is not a number");
            m.offcore = *n;
            continue;
        }
        bool* target = key == "i" ? &m.inv : key == "e" ? &m.edge : key == "t" ? &m.any : key == "u" ? &m.user
                       : key == "k" ? &m.kernel : nullptr;
        if (!target)
            return makeError("'" + std::string(spec) + "': modifier '" + part +
                             "' does not apply to an event of perfdash's event tables; they take c=N, e, i, t, u, k, offcore_rsp=N");
        auto on = flag(key, value, spec);
        if (!on) return on.error();
        *target = *on;
    }
    return m;
}

struct Found {
    const EventTable* table = nullptr;
    const TableEvent* event = nullptr;
};

// The one entry `name` matches in the first table that has it; an error when
// that table has several.
std::optional<Result<Found>> findIn(const std::vector<const EventTable*>& tables, std::string_view name) {
    for (const EventTable* table : tables) {
        const auto matches = table->find(name);
        if (matches.empty()) continue;
        if (matches.size() > 1) {
            std::vector<std::string> names;
            for (const auto* m : matches) names.push_back(m->name);
            return Result<Found>(makeError("'" + std::string(name) + "' is ambiguous in event table " + table->name() +
                                           ": it could be " + join(names, " or ") + "; write the one you mean"));
        }
        return Result<Found>(Found{table, matches.front()});
    }
    return std::nullopt;
}

// The vendor event an alias stands for, with the alias's modifiers: its `of`
// events must each be in the tables exactly once and share an event code;
// their unit masks are OR-ed (as likwid programs such names).
struct AliasTarget {
    const EventTable* table = nullptr;
    TableEvent event;
};
Result<AliasTarget> aliasTarget(const std::vector<const EventTable*>& tables, const EventTable& aliasTable,
                                const TableEvent& alias) {
    AliasTarget out;
    for (const auto& name : alias.of) {
        auto found = findIn(tables, name);
        if (!found || !*found || !(*found)->event->of.empty() || (*found)->event->likwidOwn)
            return makeError("event table " + aliasTable.name() + ": '" + alias.name + "' stands for '" + name +
                             "', which the architecture's tables do not have exactly once");
        const TableEvent& e = *(*found)->event;
        if (!out.table) {
            out = {(*found)->table, e};
            continue;
        }
        if (e.event != out.event.event || e.config1 || out.event.config1 || e.cmask != out.event.cmask ||
            e.inv != out.event.inv || e.edge != out.event.edge || e.any != out.event.any)
            return makeError("event table " + aliasTable.name() + ": '" + alias.name + "' combines " +
                             join(alias.of, " and ") + ", which differ in more than their unit masks");
        out.event.umask |= e.umask;
        out.event.name += "+" + e.name.substr(e.name.find('.') + 1);
    }
    if (alias.hasCmask) out.event.cmask = alias.cmask;
    if (alias.hasInv) out.event.inv = alias.inv;
    if (alias.hasEdge) out.event.edge = alias.edge;
    if (alias.hasAny) out.event.any = alias.any;
    return out;
}

} // namespace

Result<EventTable> EventTable::parse(const std::string& name, const std::string& json) {
    EventTable table;
    table.name_ = name;
    try {
        const auto doc = nlohmann::json::parse(json);
        if (doc.at("schema").get<int>() != 1) throw std::invalid_argument("unsupported schema (this perfdash reads 1)");
        table.source_ = doc.at("source").get<std::string>();
        const std::string arch = doc.at("arch").get<std::string>();
        if (arch == "x86") table.encoding_ = Encoding::X86;
        else if (arch == "armv8_pmuv3") table.encoding_ = Encoding::ArmV8;
        else if (arch == "power") table.encoding_ = Encoding::Power;
        else throw std::invalid_argument("unknown arch '" + arch + "' (x86, armv8_pmuv3 or power)");
        for (const auto& entry : doc.at("events")) {
            TableEvent e;
            e.name = entry.at("name").get<std::string>();
            if (!entry.contains("of")) e.event = numberField(entry, "event");
            else if (entry.at("of").is_string()) e.of.push_back(entry.at("of").get<std::string>());
            else e.of = entry.at("of").get<std::vector<std::string>>();
            if (entry.contains("umask")) e.umask = numberField(entry, "umask");
            if (entry.contains("config1")) e.config1 = numberField(entry, "config1");
            if (entry.contains("config1Mask")) e.config1Mask = numberField(entry, "config1Mask");
            if ((e.hasCmask = entry.contains("cmask"))) e.cmask = numberField(entry, "cmask");
            if ((e.hasInv = entry.contains("inv"))) e.inv = numberField(entry, "inv") != 0;
            if ((e.hasEdge = entry.contains("edge"))) e.edge = numberField(entry, "edge") != 0;
            if ((e.hasAny = entry.contains("any"))) e.any = numberField(entry, "any") != 0;
            if (entry.contains("fixed")) e.fixed = static_cast<int>(numberField(entry, "fixed"));
            if (entry.contains("codeSource")) {
                if (entry.at("codeSource").get<std::string>() != "likwid")
                    throw std::invalid_argument("entry '" + e.name + "': \"codeSource\" may only be \"likwid\"");
                if (!e.of.empty())
                    throw std::invalid_argument("entry '" + e.name + "': an alias ('of') takes the vendor's code, so it has no \"codeSource\"");
                e.likwidOwn = true;
                e.vendorHas = entry.at("vendorHas").get<std::string>();
            }
            table.events_.push_back(std::move(e));
        }
    } catch (const std::exception& e) {
        return makeError("event table " + name + " is not valid: " + e.what());
    }
    return table;
}

const Result<EventTable>& EventTable::load(const std::string& name) {
    static std::mutex mutex;
    static std::map<std::string, Result<EventTable>> cache;
    std::lock_guard lock(mutex);
    if (auto it = cache.find(name); it != cache.end()) return it->second;
    const std::string path = dataDir() + "/events/" + name + ".json";
    auto content = readFile(path);
    auto table = content ? parse(name, *content)
                         : Result<EventTable>(makeError("cannot read event table " + path +
                                                        ": reinstall perfdash or set PERFDASH_DATA_DIR to its "
                                                        "resources directory"));
    if (!table && content) table = Result<EventTable>(makeError(path + ": " + table.error().message));
    return cache.emplace(name, std::move(table)).first->second;
}

std::vector<const TableEvent*> EventTable::find(std::string_view name) const {
    const std::string wanted = normalised(name);
    std::vector<const TableEvent*> out;
    for (const auto& e : events_)
        if (normalised(e.name) == wanted) out.push_back(&e);
    return out;
}

uint64_t tableConfig(EventTable::Encoding encoding, const TableEvent& e) {
    if (encoding != EventTable::Encoding::X86) return e.event;
    // The x86 event select register: event bits 0-7 (AMD's bits 8-11 at
    // 32-35), unit mask 8-15, edge 18, any thread 21, invert 23, counter
    // mask 24-31.
    return (e.event & 0xff) | (e.umask & 0xff) << 8 | uint64_t(e.edge) << 18 | uint64_t(e.any) << 21 |
           uint64_t(e.inv) << 23 | (e.cmask & 0xff) << 24 | ((e.event >> 8) & 0xf) << 32;
}

std::optional<Result<ResolvedEvent>> resolveTableEvent(std::string_view specView,
                                                       const std::vector<std::string>& tableNames) {
    std::vector<const EventTable*> tables;
    for (const auto& n : tableNames) {
        const auto& t = EventTable::load(n);
        if (!t) return Result<ResolvedEvent>(t.error());
        tables.push_back(&*t);
    }
    const std::string spec = trim(specView);
    auto parts = split(spec, ':');
    if (parts.empty()) return std::nullopt;
    std::string base = parts.front();
    parts.erase(parts.begin());
    // libpfm4's spelling EVENT:UMASK: a part that is no modifier is a unit mask.
    if (!parts.empty() && parts.front().find('=') == std::string::npos && parts.front().size() > 1) {
        base += "." + parts.front();
        parts.erase(parts.begin());
    }
    auto found = findIn(tables, base);
    if (!found) return std::nullopt;
    if (!*found) return Result<ResolvedEvent>(found->error());
    const EventTable& table = *(*found)->table;
    const TableEvent& entry = *(*found)->event;
    TableEvent event = entry;
    const EventTable* codeTable = &table;
    if (!entry.of.empty()) {
        auto target = aliasTarget(tables, table, entry);
        if (!target) return Result<ResolvedEvent>(target.error());
        codeTable = target->table;
        event = target->event;
    }
    auto mods = parseModifiers(parts, spec);
    if (!mods) return Result<ResolvedEvent>(mods.error());
    const bool counterBits = mods->cmask || mods->inv || mods->edge || mods->any;
    if (counterBits && codeTable->encoding() != EventTable::Encoding::X86)
        return Result<ResolvedEvent>(makeError("'" + spec + "': counter mask, invert, edge and any-thread exist on x86 "
                                               "event select registers only, not for event table " +
                                               codeTable->name()));
    if (mods->cmask) event.cmask = *mods->cmask;
    event.inv = event.inv || mods->inv;
    event.edge = event.edge || mods->edge;
    event.any = event.any || mods->any;
    if (mods->offcore) {
        if (!event.config1Mask)
            return Result<ResolvedEvent>(makeError("'" + spec + "': offcore_rsp (likwid's MATCH0/MATCH1) applies to an "
                                                   "offcore response event only; event table " + table.name() +
                                                   " does not mark '" + entry.name + "' as one"));
        event.config1 = *mods->offcore;
    }
    // The kernel refuses an offcore response value with bits its model does
    // not define (EINVAL at open): say which, before anything is opened.
    if (event.config1Mask && (event.config1 & ~event.config1Mask))
        return Result<ResolvedEvent>(makeError("'" + spec + "': offcore response value " + hex(event.config1) +
                                               " sets bits " + hex(event.config1 & ~event.config1Mask) +
                                               ", which this model does not define (the kernel takes " +
                                               hex(event.config1Mask) + " for this event)"));

    ResolvedEvent ev;
    ev.spec = spec;
    ev.source = EventSource::Raw;
    ev.pmu = codeTable->encoding() == EventTable::Encoding::ArmV8 ? "armv8_pmuv3" : "cpu";
    ev.encoding.type = PERF_TYPE_RAW;
    ev.encoding.config = tableConfig(codeTable->encoding(), event);
    ev.encoding.config1 = event.config1;
    if (mods->user || mods->kernel) {
        ev.encoding.excludeUser = !mods->user;
        ev.encoding.excludeKernel = !mods->kernel;
    }
    ev.name = codeTable->name() + "::" + event.name;
    if (event.cmask) ev.name += ":c=" + std::to_string(event.cmask);
    if (event.inv) ev.name += ":i=1";
    if (event.edge) ev.name += ":e=1";
    if (event.any) ev.name += ":t=1";
    if (mods->offcore) ev.name += ":offcore_rsp=" + hex(event.config1);
    ev.description = "Encoding " + hex(ev.encoding.config) +
                     (event.config1 ? " (config1 " + hex(event.config1) + ")" : std::string()) +
                     (event.fixed >= 0 ? " on fixed counter " + std::to_string(event.fixed) : std::string()) +
                     " from event table " + codeTable->name() + " (" + codeTable->source() + ")";
    if (!entry.of.empty())
        ev.description = "likwid's '" + entry.name + "' (event table " + table.name() + ") is " +
                         join(entry.of, " | ") + " with its counter modifiers. " + ev.description;
    if (entry.likwidOwn) {
        ev.codeSource = ResolvedEvent::kLikwidCodeSource;
        // x86 codes read as likwid writes them (event/umask, counter mask);
        // POWER's raw code is one number.
        ev.codeNote = entry.name + ": likwid's code " + hex(entry.event) +
                      (table.encoding() == EventTable::Encoding::X86 ? "/" + hex(entry.umask) : std::string()) +
                      (entry.hasCmask ? " cmask=" + std::to_string(entry.cmask) : std::string()) +
                      ", not in the vendor's list for this model (" + entry.vendorHas + ")";
        ev.description = ev.codeNote + ". " + ev.description;
    }
    return Result<ResolvedEvent>(std::move(ev));
}

} // namespace perfdash
