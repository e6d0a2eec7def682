// `perfdash-cli list` and `perfdash-cli describe`: the event catalog and the
// resolver, as tables for people and JSON for scripts.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <linux/perf_event.h>
#include <nlohmann/json.hpp>

#include "app/cli/ArchOption.h"
#include "app/cli/CommandLine.h"
#include "app/cli/Commands.h"
#include "core/events/EventCatalog.h"
#include "core/events/EventList.h"
#include "core/events/LibpfmTable.h"
#include "core/groups/GroupArch.h"
#include "core/measurement/SlotResolver.h"
#include "core/util/Strings.h"

namespace perfdash::cli {

namespace {

using nlohmann::json;

constexpr int kJsonSchema = 1;

CommandLine& addRootOptions(CommandLine& cl) {
    return cl
        .option({"", "--sysfs", "DIR", "read PMUs from DIR/bus/event_source/devices instead of /sys (a copied tree)"})
        .option({"", "--tracefs", "DIR", "read tracepoints from DIR instead of the mounted tracefs"});
}

EventPaths pathsFrom(const ParsedArgs& args) {
    EventPaths paths;
    if (auto sysfs = args.value("--sysfs")) paths.sysfsRoot = *sysfs;
    if (auto tracefs = args.value("--tracefs")) paths.tracefsRoots = {*tracefs};
    return paths;
}

json availabilityJson(const Availability& a) {
    return {{"available", a.countable()}, {"availability", toString(a.state)}, {"reason", a.reason},
            {"brief", a.brief}};
}

std::string availabilityCell(const Availability& a) {
    switch (a.state) {
    case Availability::State::Countable: return "countable";
    case Availability::State::Restricted: return "restricted: " + a.brief;
    case Availability::State::Unsupported: return a.brief.empty() ? "unsupported" : a.brief;
    case Availability::State::Unchecked: return a.brief;
    }
    return "?";
}

std::string sourceHeading(EventSource source) {
    switch (source) {
    case EventSource::Hardware: return "Hardware events (PERF_TYPE_HARDWARE)";
    case EventSource::HardwareCache: return "Hardware cache events (PERF_TYPE_HW_CACHE)";
    case EventSource::Software: return "Software events (PERF_TYPE_SOFTWARE)";
    case EventSource::Tracepoint: return "Tracepoints (PERF_TYPE_TRACEPOINT)";
    case EventSource::SysfsPmu: return "Kernel PMU events (sysfs)";
    case EventSource::Raw: return "Raw events (PERF_TYPE_RAW)";
    case EventSource::Libpfm: return "libpfm4 native events";
    case EventSource::Loongson2f: return "Loongson 2E/2F events (--backend loongson)";
    case EventSource::Hwmon: return "Hardware monitor sensors (/sys/class/hwmon; gauges)";
    case EventSource::Powercap: return "RAPL energy counters of the powercap framework (/sys/class/powercap)";
    }
    return "?";
}

constexpr EventSource kSourceOrder[] = {EventSource::Hardware, EventSource::HardwareCache, EventSource::Software,
                                        EventSource::SysfsPmu,  EventSource::Raw,           EventSource::Tracepoint,
                                        EventSource::Libpfm,   EventSource::Loongson2f};

struct ListRow {
    const EventCatalogEntry* entry;
    Availability availability;
};

// "cache/cpu", "pmu/msr", "libpfm/skl"; just "software" where the PMU is named like the source.
std::string originOf(const EventCatalogEntry& e) {
    const std::string source = toString(e.source);
    return e.pmu == source ? source : source + "/" + e.pmu;
}

// `unfiltered`: the whole catalog was asked for, so notes of empty sections are shown too.
void printTable(const std::vector<ListRow>& rows, const EventCatalog& catalog,
                const std::optional<EventSource>& onlySource, bool unfiltered, size_t hiddenAbsent) {
    size_t nameWidth = 4, originWidth = 10, stateWidth = 9;
    auto nameOf = [](const EventCatalogEntry& e) {
        std::string name = e.name;
        for (const auto& a : e.aliases) name += " OR " + a;
        return name;
    };
    for (const auto& r : rows) {
        nameWidth = std::max(nameWidth, std::min<size_t>(nameOf(*r.entry).size(), 44));
        originWidth = std::max(originWidth, std::min<size_t>(originOf(*r.entry).size(), 28));
        stateWidth = std::max(stateWidth, availabilityCell(r.availability).size());
    }
    auto pad = [](const std::string& s, size_t w) { return s.size() >= w ? s + "  " : s + std::string(w + 2 - s.size(), ' '); };
    for (EventSource source : kSourceOrder) {
        if (onlySource && *onlySource != source) continue;
        std::vector<const ListRow*> group;
        for (const auto& r : rows)
            if (r.entry->source == source) group.push_back(&r);
        std::vector<std::string> notes;
        for (const auto& n : catalog.notes())
            if (n.source == source) notes.push_back(n.text);
        if (source == EventSource::Libpfm && hiddenAbsent > 0)
            notes.push_back(std::to_string(hiddenAbsent) +
                            " matching events of libpfm4 models not present here are hidden; add --source libpfm "
                            "or --pmu MODEL to show them");
        const bool hiddenHere = source == EventSource::Libpfm && hiddenAbsent > 0;
        const bool asked = unfiltered || (onlySource && *onlySource == source);
        if (group.empty() && !hiddenHere && (notes.empty() || !asked)) continue;
        std::printf("\n%s\n", sourceHeading(source).c_str());
        if (!group.empty())
            std::printf("  %s%s%s%s\n", pad("NAME", nameWidth).c_str(), pad("SOURCE/PMU", originWidth).c_str(),
                        pad("AVAILABLE", stateWidth).c_str(), "DESCRIPTION");
        for (const ListRow* r : group) {
            const std::string origin = originOf(*r->entry);
            std::printf("  %s%s%s%s\n", pad(nameOf(*r->entry), nameWidth).c_str(), pad(origin, originWidth).c_str(),
                        pad(availabilityCell(r->availability), stateWidth).c_str(), r->entry->description.c_str());
        }
        for (const auto& n : notes) std::printf("  note: %s\n", n.c_str());
    }
    std::printf("\n%zu event%s listed\n", rows.size(), rows.size() == 1 ? "" : "s");
}

const char* perfTypeName(uint32_t type) {
    switch (type) {
    case PERF_TYPE_HARDWARE: return "PERF_TYPE_HARDWARE";
    case PERF_TYPE_SOFTWARE: return "PERF_TYPE_SOFTWARE";
    case PERF_TYPE_TRACEPOINT: return "PERF_TYPE_TRACEPOINT";
    case PERF_TYPE_HW_CACHE: return "PERF_TYPE_HW_CACHE";
    case PERF_TYPE_RAW: return "PERF_TYPE_RAW";
    case PERF_TYPE_BREAKPOINT: return "PERF_TYPE_BREAKPOINT";
    case kNotAPerfEventType: return "none: not a perf_event event, a direct backend counts it";
    default: return "dynamic PMU type";
    }
}

std::string cpuListText(const std::vector<int>& cpus) {
    std::vector<std::string> parts;
    for (int c : cpus) parts.push_back(std::to_string(c));
    return join(parts, ",");
}

json describeJson(const ResolvedEvent& ev, const Availability& a) {
    const PerfEncoding& e = ev.encoding;
    json j = {{"schema", kJsonSchema},
              {"name", ev.name},
              {"spec", ev.spec},
              {"source", toString(ev.source)},
              {"pmu", ev.pmu},
              {"description", ev.description},
              {"type", e.type},
              {"type_name", perfTypeName(e.type)},
              {"config", e.config},
              {"config_hex", hex(e.config)},
              {"config1", e.config1},
              {"config2", e.config2},
              {"exclude_user", e.excludeUser},
              {"exclude_kernel", e.excludeKernel},
              {"exclude_hv", e.excludeHv},
              {"exclude_idle", e.excludeIdle},
              {"exclude_host", e.excludeHost},
              {"exclude_guest", e.excludeGuest},
              {"precise_ip", e.preciseIp},
              {"scale", ev.scale},
              {"unit", ev.unit},
              {"cpus", ev.cpus}};
    // Whose code it is (codeOrigin); likwid's own with what the vendor's list has instead.
    j["code_source"] = codeOrigin(ev);
    if (ev.likwidCode()) j["code_note"] = ev.codeNote;
    j.update(availabilityJson(a));
    if (ev.source == EventSource::Libpfm) {
        json attrs = json::array();
        for (const auto& attr : LibpfmTable::instance().attributesOf(ev.name))
            attrs.push_back({{"name", attr.name},
                             {"kind", attr.kind == LibpfmAttribute::Kind::UnitMask ? "umask" : "modifier"},
                             {"description", attr.description},
                             {"default", attr.isDefault}});
        j["attributes"] = attrs;
    }
    return j;
}

void printDescription(const ResolvedEvent& ev, const Availability& a) {
    const PerfEncoding& e = ev.encoding;
    auto line = [](const char* key, const std::string& value) { std::printf("  %-13s %s\n", key, value.c_str()); };
    std::printf("%s\n", ev.name.c_str());
    line("source", std::string(toString(ev.source)) + " (PMU " + ev.pmu + ")");
    line("code", ev.likwidCode() ? "likwid's own: " + ev.codeNote : "the " + std::string(codeOrigin(ev)) + "'s");
    if (!ev.description.empty()) line("description", ev.description);
    line("type", std::to_string(e.type) + " (" + perfTypeName(e.type) + ")");
    line("config", hex(e.config));
    line("config1", hex(e.config1));
    line("config2", hex(e.config2));
    line("exclude", std::string("user=") + (e.excludeUser ? "1" : "0") + " kernel=" + (e.excludeKernel ? "1" : "0") +
                        " hv=" + (e.excludeHv ? "1" : "0") + " idle=" + (e.excludeIdle ? "1" : "0") +
                        " host=" + (e.excludeHost ? "1" : "0") + " guest=" + (e.excludeGuest ? "1" : "0"));
    line("precise_ip", std::to_string(e.preciseIp));
    if (ev.scale != 1.0 || !ev.unit.empty()) {
        char scale[64];
        std::snprintf(scale, sizeof scale, "%.17g", ev.scale);
        line("scale", std::string(scale) + (ev.unit.empty() ? "" : " " + ev.unit));
    }
    if (!ev.cpus.empty()) line("cpus", cpuListText(ev.cpus) + " (system-wide counting only)");
    line("availability", std::string(toString(a.state)) + (a.reason.empty() ? "" : ": " + a.reason));
    if (ev.source != EventSource::Libpfm) return;
    std::vector<std::string> modifiers;
    bool header = false;
    for (const auto& attr : LibpfmTable::instance().attributesOf(ev.name)) {
        if (attr.kind == LibpfmAttribute::Kind::Modifier) {
            modifiers.push_back(attr.name);
            continue;
        }
        if (!header) std::printf("  unit masks:\n");
        header = true;
        std::printf("    %-28s %s%s\n", attr.name.c_str(), attr.isDefault ? "(default) " : "", attr.description.c_str());
    }
    if (!modifiers.empty()) line("modifiers", join(modifiers, ", "));
}

CommandLine listCommandLine() {
    CommandLine cl("list", "[PATTERN]", "list the events perfdash knows and whether each is countable here",
                   "Lists the events perfdash knows and whether each can be counted here. PATTERN matches names, "
                   "aliases and descriptions (case-insensitive). Events of libpfm4 PMU models that are not present "
                   "on this machine are shown with --source libpfm or --pmu MODEL.");
    cl.option({"", "--source", "SOURCE", "only hardware, cache, software, tracepoint, pmu, raw or libpfm"})
        .option({"", "--pmu", "NAME", "only events of this PMU (sysfs PMU, libpfm4 model, cpu, software, tracepoint)"})
        .option({"", "--available", "", "only events that can be counted here (fully or restricted)"})
        .option({"", "--json", "", "print JSON instead of a table"});
    return addRootOptions(cl);
}

int listCommand(const ParsedArgs& args) {
    if (args.positional().size() > 1)
        return fail("'list' takes at most one PATTERN, got " + std::to_string(args.positional().size()) +
                        "; quote a pattern with spaces",
                    kExitUsage);

    EventCatalogFilter filter;
    if (!args.positional().empty()) filter.pattern = args.positional().front();
    if (auto source = args.value("--source")) {
        EventSource s;
        if (!parseEventSource(*source, s))
            return fail("unknown --source '" + *source +
                            "'; use one of hardware, cache, software, tracepoint, pmu, raw, libpfm",
                        kExitUsage);
        filter.source = s;
    }
    if (auto pmu = args.value("--pmu")) filter.pmu = *pmu;
    filter.includeAbsentModels = filter.source == EventSource::Libpfm || !filter.pmu.empty();

    const EventCatalog catalog(pathsFrom(args));
    std::vector<ListRow> rows;
    for (size_t i : catalog.search(filter)) {
        Availability a = catalog.availability(i);
        if (args.has("--available") && !a.countable()) continue;
        rows.push_back({&catalog.entries()[i], std::move(a)});
    }
    size_t hiddenAbsent = 0;
    if (!filter.includeAbsentModels) {
        EventCatalogFilter withAbsent = filter;
        withAbsent.includeAbsentModels = true;
        hiddenAbsent = args.has("--available") ? 0 : catalog.search(withAbsent).size() - catalog.search(filter).size();
    }

    if (args.has("--json")) {
        json events = json::array();
        for (const auto& r : rows) {
            json j = {{"name", r.entry->name},         {"aliases", r.entry->aliases}, {"source", toString(r.entry->source)},
                      {"pmu", r.entry->pmu},           {"description", r.entry->description}};
            j.update(availabilityJson(r.availability));
            events.push_back(std::move(j));
        }
        json notes = json::array();
        for (const auto& n : catalog.notes())
            if (!filter.source || n.source == *filter.source)
                notes.push_back({{"source", toString(n.source)}, {"text", n.text}});
        json out = {{"schema", kJsonSchema}, {"events", events}, {"notes", notes},
                    {"hidden_absent_model_events", hiddenAbsent}};
        std::cout << out.dump(2) << "\n";
        return kExitOk;
    }
    const bool unfiltered = filter.pattern.empty() && !filter.source && filter.pmu.empty();
    printTable(rows, catalog, filter.source, unfiltered, hiddenAbsent);
    return kExitOk;
}

CommandLine describeCommandLine() {
    CommandLine cl("describe", "EVENT...",
                   "show how an event string resolves (perf_event_attr) and whether it is countable",
                   "Shows how each event string resolves: the perf_event_attr fields, where the event comes from, "
                   "and whether it can be counted here (and why not). Events are interpreted in this order: "
                   "model::EVENT (libpfm4), pmu/terms/ (sysfs PMU), perf generic and cache names, r<hex>, "
                   "subsystem:tracepoint, libpfm4 native names of the models present here, then named events of "
                   "the core PMU. Native names may also be written in likwid's spelling EVENT_UMASK "
                   "(L2_LINES_IN_ALL). A single EVENT gives one JSON object, several give an array.");
    cl.option({"", "--json", "", "print JSON instead of text"});
    addArchOption(cl, "read native and likwid event names as on this architecture",
                  "the libpfm4 models present on this machine");
    return addRootOptions(cl);
}

int describeCommand(const ParsedArgs& args) {
    if (args.positional().empty())
        return fail("'describe' needs an EVENT, e.g. 'perfdash-cli describe dTLB-load-misses'", kExitUsage);

    std::vector<std::string> specs;
    for (const auto& arg : args.positional()) {
        auto items = splitEventList(arg);
        if (!items) return fail(items.error().message, kExitUsage);
        specs.insert(specs.end(), items->begin(), items->end());
    }
    auto resolver = std::make_shared<EventResolver>(pathsFrom(args));
    auto availability = AvailabilityCheck::forThisMachine(resolver->pmus());
    const auto arch = archOverrideOf(args);
    if (!arch) return fail(arch.error().message, kExitUsage);
    const SlotResolver names(*resolver, *arch ? (*arch)->arch : std::string());
    json all = json::array();
    for (size_t i = 0; i < specs.size(); ++i) {
        auto ev = names.resolveEvent(specs[i]);
        if (!ev) return fail(ev.error().message);
        const Availability a = availability->check(*ev);
        if (args.has("--json")) {
            all.push_back(describeJson(*ev, a));
        } else {
            if (i) std::printf("\n");
            printDescription(*ev, a);
        }
    }
    if (args.has("--json")) std::cout << (all.size() == 1 ? all.front() : all).dump(2) << "\n";
    return kExitOk;
}

} // namespace

const Subcommand kListCommand{listCommandLine, listCommand};
const Subcommand kDescribeCommand{describeCommandLine, describeCommand};

} // namespace perfdash::cli
