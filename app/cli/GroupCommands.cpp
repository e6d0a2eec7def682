// perfdash-cli groups [NAME] and perfdash-cli check-group FILE...
#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli/ArchOption.h"
#include "app/cli/CommandLine.h"
#include "app/cli/Commands.h"
#include "core/groups/GroupArch.h"
#include "core/groups/GroupLibrary.h"
#include "core/groups/LikwidEventOptions.h"
#include "core/groups/MetricEvaluator.h"
#include "core/result/MeasurementResult.h"
#include "core/events/PowercapEnergy.h"
#include "core/measurement/MachineContext.h"
#include "core/measurement/SlotResolver.h"
#include "core/topology/TopologyJson.h"
#include "core/util/Strings.h"

namespace perfdash::cli {

namespace {

using nlohmann::json;

// Prints rows as left-aligned columns separated by two spaces.
void printTable(const std::vector<std::vector<std::string>>& rows) {
    std::vector<size_t> widths;
    for (const auto& row : rows)
        for (size_t i = 0; i < row.size(); ++i) {
            if (widths.size() <= i) widths.push_back(0);
            widths[i] = std::max(widths[i], row[i].size());
        }
    for (const auto& row : rows) {
        std::string line;
        for (size_t i = 0; i < row.size(); ++i) {
            line += row[i];
            if (i + 1 < row.size()) line += std::string(widths[i] - row[i].size() + 2, ' ');
        }
        std::printf("  %s\n", line.c_str());
    }
}

// One "perfdash-cli: error: ..." line per line of a (multi-line) message.
int failEachLine(const std::string& message, int status = kExitFailure) {
    for (const auto& line : split(message, '\n')) fail(line, status);
    return status;
}

json entryJson(const GroupEntry& e) {
    json j = {{"name", e.name},         {"short", e.shortDescription}, {"arch", e.arch},
              {"origin", toString(e.origin)}, {"file", e.file},        {"overrides", e.overrides}};
    if (!e.problem.empty()) j["problem"] = e.problem;
    return j;
}

int listGroups(const GroupLibrary& library, const CpuArchIdentification& arch, bool asJson) {
    const auto entries = library.list();
    if (asJson) {
        json groups = json::array();
        for (const auto& e : entries) groups.push_back(entryJson(e));
        std::printf("%s\n", json{{"archs", library.archs()},
                                 {"cpuArch", toJson(arch)},
                                 {"searchDirs", library.searchDirs()},
                                 {"groups", groups}}
                                .dump(2)
                                .c_str());
        return kExitOk;
    }
    std::printf("Performance groups for %s:\n", join(library.archs(), ", ").c_str());
    // Where the choice of groups may be wrong, say so before listing them.
    if (arch.uncertain() || arch.arch.empty())
        std::printf("Architecture %s: see 'perfdash-cli topology' for why; --arch ARCH names another\n",
                    arch.summary().c_str());
    std::vector<std::vector<std::string>> rows = {{"NAME", "ARCH", "SOURCE", "DESCRIPTION"}};
    for (const auto& e : entries) {
        const std::string description =
            e.problem.empty() ? e.shortDescription : "BROKEN, see: perfdash-cli check-group " + e.file;
        rows.push_back({e.name, e.arch, toString(e.origin), description});
    }
    printTable(rows);
    // A native built-in replacing a generic one is the design; a user's file
    // replacing a built-in is worth pointing out.
    for (const auto& e : entries)
        if (e.origin != GroupOrigin::BuiltIn)
            for (const auto& hidden : e.overrides)
                std::printf("%s: %s overrides %s\n", e.name.c_str(), e.file.c_str(), hidden.c_str());
    std::printf("Searched, first match wins: %s\n", join(library.searchDirs(), ", ").c_str());
    if (entries.empty()) std::printf("No group files found.\n");
    return kExitOk;
}

json groupJson(const PerformanceGroup& g, const std::optional<GroupEntry>& entry) {
    json events = json::array();
    for (const auto& s : g.events) {
        json options = json::array();
        for (const auto& o : s.options) options.push_back({{"name", o.name}, {"value", o.value}});
        json e = {{"counter", s.counter}, {"counterSpec", s.counterSpec}, {"event", s.event},
                  {"options", options},   {"line", s.line}};
        if (auto str = perfEventString(s)) e["eventString"] = *str;
        else e["eventStringError"] = str.error().message;
        events.push_back(e);
    }
    json metrics = json::array();
    for (const auto& m : g.metrics) metrics.push_back({{"name", m.name}, {"formula", m.formula}, {"line", m.line}});
    return {{"name", g.name},
            {"short", g.shortDescription},
            {"long", g.longDescription},
            {"file", g.sourceFile},
            {"origin", entry ? toString(entry->origin) : toString(GroupOrigin::File)},
            {"arch", entry ? entry->arch : std::string()},
            {"overrides", entry ? entry->overrides : std::vector<std::string>{}},
            {"requireNoHt", g.requireNoHt},
            {"events", events},
            {"metrics", metrics}};
}

void printGroup(const PerformanceGroup& g, const std::optional<GroupEntry>& entry) {
    std::printf("%s: %s\n", g.name.c_str(), g.shortDescription.c_str());
    if (entry)
        std::printf("File: %s (%s, %s)\n", g.sourceFile.c_str(), toString(entry->origin), entry->arch.c_str());
    else
        std::printf("File: %s\n", g.sourceFile.c_str());
    if (g.requireNoHt) std::printf("REQUIRE_NOHT: meaningful only with SMT (hyper-threading) off\n");

    std::printf("\nEvents:\n");
    std::vector<std::vector<std::string>> rows = {{"COUNTER", "EVENT", "EVENT STRING"}};
    std::vector<std::string> notes;
    for (const auto& s : g.events) {
        std::vector<std::string> options;
        for (const auto& o : s.options) options.push_back(o.value.empty() ? o.name : o.name + "=" + o.value);
        const std::string event = options.empty() ? s.event : s.event + " [" + join(options, ", ") + "]";
        auto str = perfEventString(s);
        if (!str) notes.push_back(g.sourceFile + ":" + std::to_string(s.line) + ": " + str.error().message);
        rows.push_back({s.counterSpec, event, str ? *str : "n/a"});
    }
    printTable(rows);
    for (const auto& note : notes) std::printf("  note: %s\n", note.c_str());

    std::printf("\nMetrics:\n");
    rows = {{"NAME", "FORMULA"}};
    for (const auto& m : g.metrics) rows.push_back({m.name, m.formula});
    printTable(rows);

    if (!g.longDescription.empty()) std::printf("\n%s\n", g.longDescription.c_str());
    if (entry)
        for (const auto& hidden : entry->overrides) std::printf("\nThis file overrides %s\n", hidden.c_str());
}

int showGroup(const GroupLibrary& library, const std::string& nameOrPath, bool asJson) {
    auto group = library.load(nameOrPath);
    if (!group) return failEachLine(group.error().message);
    std::optional<GroupEntry> entry;
    if (!GroupLibrary::looksLikePath(nameOrPath)) entry = library.find(nameOrPath);
    if (asJson) std::printf("%s\n", groupJson(*group, entry).dump(2).c_str());
    else printGroup(*group, entry);
    return kExitOk;
}

// The event column as written: the event with its likwid options.
std::string writtenEvent(const GroupSlot& slot) {
    std::string out = slot.event;
    for (const auto& o : slot.options) out += ":" + (o.value.empty() ? o.name : o.name + "=" + o.value);
    return out;
}

struct CheckedSlot {
    const GroupSlot* slot;
    Result<ResolvedEvent> event;
};

json slotJson(const CheckedSlot& c) {
    json j = {{"counter", c.slot->counter}, {"event", writtenEvent(*c.slot)}};
    if (!c.event) {
        // A box this machine lacks: its term counts nothing, the metrics use the boxes it has.
        if (c.event.error().absent) j["absent"] = true;
        j["reason"] = c.event.error().message;
        return j;
    }
    j["resolved"] = c.event->name;
    j["pmu"] = c.event->pmu;
    // Whose code it is; likwid's own (no vendor list has it) with what the vendor's list has instead.
    j["source"] = codeOrigin(*c.event);
    if (c.event->likwidCode()) j["codeNote"] = c.event->codeNote;
    if (c.event->gauge()) {
        // No perf event: a reading of a sysfs file per CPU (a temperature), min/max/avg over CPUs, never summed.
        j["gauge"] = true;
        j["unit"] = c.event->unit;
        j["description"] = c.event->description;
        json readings = json::array();
        for (const auto& in : c.event->sysfsInputs) readings.push_back({{"cpu", in.cpu}, {"file", in.path}});
        j["readings"] = std::move(readings);
        return j;
    }
    if (c.event->source == EventSource::Powercap) {
        // No perf event either: a counter file per package (RAPL through powercap), differences summed.
        j["powercap"] = true;
        j["unit"] = c.event->unit;
        j["description"] = c.event->description;
        json files = json::array();
        for (const auto& in : c.event->sysfsInputs)
            if (std::find(c.event->cpus.begin(), c.event->cpus.end(), in.cpu) != c.event->cpus.end())
                files.push_back({{"cpu", in.cpu}, {"file", in.path}, {"wraps_at", in.range}});
        j["counters"] = std::move(files);
        return j;
    }
    j["type"] = c.event->encoding.type;
    j["config"] = hex(c.event->encoding.config);
    j["config1"] = hex(c.event->encoding.config1);
    j["config2"] = hex(c.event->encoding.config2);
    return j;
}

// config, and config1/config2 where an event uses them (uncore filters).
std::string configCell(const PerfEncoding& e) {
    std::string cell = hex(e.config);
    if (e.config1) cell += " config1=" + hex(e.config1);
    if (e.config2) cell += " config2=" + hex(e.config2);
    return cell;
}

// What became of each slot, whose code it is (codeOrigin), the free-length
// column last; under the table, each code of likwid's own with its note.
void printSlots(const std::vector<CheckedSlot>& checked) {
    std::vector<std::vector<std::string>> rows = {{"COUNTER", "EVENT", "PMU", "TYPE", "CONFIG", "SOURCE", "RESOLVED"}};
    std::vector<std::string> likwidCodes;
    for (const auto& c : checked) {
        if (c.event && c.event->gauge())
            rows.push_back({c.slot->counter, writtenEvent(*c.slot), c.event->pmu, "hwmon",
                            "gauge in " + c.event->unit + ", " + std::to_string(c.event->sysfsInputs.size()) +
                                " CPU(s) with a reading",
                            codeOrigin(*c.event), c.event->name});
        else if (c.event && c.event->source == EventSource::Powercap)
            rows.push_back({c.slot->counter, writtenEvent(*c.slot), c.event->pmu, "powercap",
                            "energy_uj in " + c.event->unit + ", " + std::to_string(c.event->cpus.size()) +
                                " package(s)",
                            codeOrigin(*c.event), c.event->name});
        else if (c.event)
            rows.push_back({c.slot->counter, writtenEvent(*c.slot), c.event->pmu,
                            std::to_string(c.event->encoding.type), configCell(c.event->encoding),
                            codeOrigin(*c.event), c.event->name});
        else
            rows.push_back({c.slot->counter, writtenEvent(*c.slot), "-", "-", "-", "-",
                            (c.event.error().absent ? "absent (n/a): " : "unresolved: ") + c.event.error().message});
        if (c.event && c.event->likwidCode()) likwidCodes.push_back(c.slot->counter + " " + c.event->codeNote);
    }
    printTable(rows);
    for (const auto& code : likwidCodes) std::printf("likwid's code: %s\n", code.c_str());
}

// What became of a slot that the metrics reading it must say.
struct SlotNotes {
    bool absent = false; // a box this machine lacks
    bool likwid = false; // likwid's own code (on any core type)
};

// The metrics whose formula reads a box this machine lacks or a slot of
// likwid's own code, each with the note a measured run's metric carries
// (metricNote): [{metric, note}].
json metricNotes(const PerformanceGroup& g, const std::vector<SlotNotes>& slots) {
    json notes = json::array();
    if (std::none_of(slots.begin(), slots.end(), [](const SlotNotes& s) { return s.absent || s.likwid; }))
        return notes;
    auto evaluator = MetricEvaluator::compile(g);
    if (!evaluator) return notes; // the group loaded, so its formulas compile; nothing to add otherwise
    for (size_t m = 0; m < g.metrics.size(); ++m) {
        MetricResult inputs;
        for (size_t slot : evaluator->inputs(m)) {
            if (slot >= slots.size()) continue;
            if (slots[slot].absent) inputs.absentInputs.push_back(g.events[slot].counter);
            if (slots[slot].likwid) inputs.likwidCodeInputs.push_back(g.events[slot].counter);
        }
        if (const std::string note = metricNote(inputs); !note.empty())
            notes.push_back({{"metric", g.metrics[m].name}, {"note", note}});
    }
    return notes;
}

// What check-group finds beyond format and formula errors. These are
// warnings: the file is valid (a slip in it was read as meant), but some
// event is unknown or, on this machine's own architecture, does not count
// here (a group for another CPU is still a valid file).
std::vector<std::string> eventWarnings(const PerformanceGroup& g, const std::vector<CheckedSlot>& checked,
                                       MachineContext& machine, bool otherArch) {
    std::vector<std::string> warnings = g.warnings; // slips in the file, read as meant
    for (const auto& c : checked) {
        const std::string where = g.sourceFile + ":" + std::to_string(c.slot->line) + ": ";
        if (!c.event) {
            // Messages about the counter name it themselves ("counter MBOX0C1 ...").
            const std::string& message = c.event.error().message;
            const bool namesCounter = message.starts_with("counter " + c.slot->counter);
            warnings.push_back(where + (namesCounter ? "" : c.slot->counter + " ") + message);
            continue;
        }
        if (otherArch || c.event->gauge()) continue; // a gauge resolved only where its files are
        if (c.event->source == EventSource::Powercap) {
            // Not a perf event: what it needs is to read its zones' energy_uj (root only since Linux 5.10).
            for (const auto& in : c.event->sysfsInputs)
                if (auto why = powercapUnreadable(in.path)) {
                    warnings.push_back(where + c.slot->counter + " " + c.event->name + " cannot be counted here: " +
                                       *why);
                    break;
                }
            continue;
        }
        const Availability availability = machine.availability().check(*c.event);
        if (!availability.countable())
            warnings.push_back(where + c.slot->counter + " " + c.event->name + " cannot be counted here: " +
                               availability.reason);
    }
    return warnings;
}

// groups and check-group take the same options.
CommandLine groupCommandLine(std::string command, std::string operands, std::string summary, std::string description) {
    CommandLine cl(std::move(command), std::move(operands), std::move(summary), std::move(description));
    cl.option({"", "--json", "", "print JSON instead of text"});
    addArchOption(cl, "the groups of this architecture, their events read as on it (the generic groups are "
                      "searched last)");
    cl.option({"", "--sysfs", "DIR",
               "read the kernel's PMUs (uncore, RAPL, msr) from DIR/bus/event_source/devices instead of /sys, e.g. a "
               "copy of another machine's tree"});
    return cl;
}

CommandLine groupsCommandLine() {
    return groupCommandLine("groups", "[NAME|FILE]", "list the performance groups, or show one",
                            "Without NAME: list the performance groups available for this CPU and where each comes "
                            "from.\nWith NAME (or a path to a group file): show its events, formulas and description.");
}

int groupsCommand(const ParsedArgs& args) {
    if (args.positional().size() > 1)
        return fail("'perfdash-cli groups' takes at most one group name; see 'perfdash-cli groups --help'",
                    kExitUsage);
    auto paths = machinePathsOf(args, args.value("--sysfs"));
    if (!paths) return fail(paths.error().message, kExitUsage);
    MachineContext machine(std::move(*paths));
    const GroupLibrary& library = machine.groups();
    const bool asJson = args.has("--json");
    if (args.positional().empty()) return listGroups(library, machine.cpuArch(), asJson);
    return showGroup(library, args.positional().front(), asJson);
}

CommandLine checkGroupCommandLine() {
    return groupCommandLine("check-group", "FILE|NAME...", "parse and validate group files without measuring",
                            "Parse and validate performance group files without measuring: the file format and "
                            "every formula. Problems are reported as FILE:LINE; the exit status is 1 if any file "
                            "has one.");
}

int checkGroupCommand(const ParsedArgs& args) {
    if (args.positional().empty())
        return fail("'perfdash-cli check-group' needs at least one group file; see 'perfdash-cli check-group --help'",
                    kExitUsage);
    auto paths = machinePathsOf(args, args.value("--sysfs"));
    if (!paths) return fail(paths.error().message, kExitUsage);
    MachineContext machine(std::move(*paths));
    const GroupLibrary& library = machine.groups();
    const bool asJson = args.has("--json");
    // A named architecture may not be this machine's: whether its events count here is then beside the point.
    const bool otherArch = !machine.cpuArch().overriddenBy.empty();
    const SlotResolver& naming = machine.slotResolver();

    int status = kExitOk;
    json results = json::array();
    std::vector<std::string> archWarnings;
    if (const GroupArch* a = naming.arch(); a && !a->coreTypes.empty() && machine.resolver().pmus().hybridCores().empty())
        archWarnings.push_back(a->name + " is a hybrid CPU, but " + machine.resolver().pmus().devicesDir() +
                               " has no hybrid core PMUs (" + a->coreTypes.front().pmu + ", ...): each slot is read "
                               "once, with " + a->coreTypes.front().label + " codes, as on such a CPU with only one "
                               "core type enabled; give --sysfs a hybrid machine's tree to see every core type's");
    if (!asJson)
        for (const auto& w : archWarnings) warn(w);
    for (const auto& target : args.positional()) {
        auto group = library.load(target);
        json result = {{"target", target}, {"ok", group.ok()}};
        if (!group) {
            status = kExitFailure;
            result["errors"] = split(group.error().message, '\n');
            if (!asJson) failEachLine(group.error().message);
        } else {
            std::vector<CheckedSlot> checked;
            std::vector<SlotNotes> slotNotes; // per slot
            // A hybrid CPU's core slot is checked on each core type (one row each).
            for (const auto& slot : group->events) {
                SlotNotes& here = slotNotes.emplace_back();
                for (auto& onType : naming.resolveCoreTypes(slot)) {
                    here.absent = here.absent || (!onType.event && onType.event.error().absent);
                    here.likwid = here.likwid || (onType.event && onType.event->likwidCode());
                    checked.push_back({&slot, std::move(onType.event)});
                }
            }
            const json notes = metricNotes(*group, slotNotes);
            auto warnings = eventWarnings(*group, checked, machine, otherArch);
            if (asJson) warnings.insert(warnings.begin(), archWarnings.begin(), archWarnings.end());
            json slotList = json::array();
            for (const auto& c : checked) slotList.push_back(slotJson(c));
            result["file"] = group->sourceFile;
            result["slots"] = slotList;
            result["events"] = group->events.size();
            result["metrics"] = group->metrics.size();
            result["warnings"] = warnings;
            if (!notes.empty()) result["metric_notes"] = notes;
            if (!asJson) {
                for (const auto& w : warnings) warn(w);
                std::printf("%s: ok (%zu events, %zu metrics)\n", group->sourceFile.c_str(), group->events.size(),
                            group->metrics.size());
                printSlots(checked);
                for (const auto& n : notes)
                    std::printf("note: '%s' is %s\n", n["metric"].get<std::string>().c_str(),
                                n["note"].get<std::string>().c_str());
            }
        }
        results.push_back(result);
    }
    if (asJson) std::printf("%s\n", json{{"results", results}}.dump(2).c_str());
    return status;
}

} // namespace

const Subcommand kGroupsCommand{groupsCommandLine, groupsCommand};
const Subcommand kCheckGroupCommand{checkGroupCommandLine, checkGroupCommand};

} // namespace perfdash::cli
