#include "core/measurement/UncoreSlot.h"

#include <algorithm>
#include <cctype>

#include "core/events/HwmonTemperature.h"
#include "core/events/PowercapEnergy.h"
#include "core/groups/LikwidEventOptions.h"
#include "core/groups/LikwidUncore.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

// The instances of a PMU family, in numeric order: "uncore_imc" is the
// family's only instance where the kernel registers one box, else
// uncore_imc_0, uncore_imc_1, ... (sorted as numbers, so _10 follows _9).
std::vector<const SysfsPmu*> instances(const SysfsPmus& pmus, const std::string& family) {
    std::vector<std::pair<uint64_t, const SysfsPmu*>> numbered;
    for (const auto& p : pmus.all()) {
        if (p.name == family) {
            numbered.emplace_back(0, &p);
            continue;
        }
        if (!p.name.starts_with(family + "_")) continue;
        const std::string_view number = std::string_view(p.name).substr(family.size() + 1);
        const bool digits = !number.empty() && std::all_of(number.begin(), number.end(), [](char c) {
            return std::isdigit(static_cast<unsigned char>(c));
        });
        // uncore_imc_free_running_0 is another family than uncore_imc.
        if (digits)
            if (auto n = parseUnsigned(number)) numbered.emplace_back(*n, &p);
    }
    std::sort(numbered.begin(), numbered.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<const SysfsPmu*> out;
    for (const auto& [n, p] : numbered) out.push_back(p);
    return out;
}

std::string formatNames(const SysfsPmu& pmu) {
    std::vector<std::string> names;
    for (const auto& f : pmu.formats) names.push_back(f.name);
    return names.empty() ? "none" : join(names, ", ");
}

std::string spell(const EventOption& o) { return o.value.empty() ? o.name : o.name + "=" + o.value; }

// likwid's options as "term=value" of this PMU, in the order written.
Result<std::vector<std::string>> optionTerms(const UncoreTable& table, const GroupSlot& slot, const SysfsPmu& pmu) {
    std::vector<std::string> out;
    for (const auto& option : slot.options) {
        if (Status valid = validateLikwidOption(option); !valid)
            return makeError("counter " + slot.counter + ": " + valid.error().message);
        const auto* candidates = table.optionTerms(option.name);
        const std::string* term = nullptr;
        if (candidates)
            for (const auto& t : *candidates)
                if (pmu.format(t)) {
                    term = &t;
                    break;
                }
        if (!term)
            return makeError("counter " + slot.counter + ": likwid option " + spell(option) + " has no format term on "
                             "PMU " + pmu.name + " (its terms: " + formatNames(pmu) + ")" +
                             (candidates ? ", which would need " + join(*candidates, " or ") : std::string()) +
                             "; drop the option or write the event in perf syntax");
        out.push_back(option.value.empty() ? *term : *term + "=" + option.value);
    }
    return out;
}

// What likwid's counter numbers of a unit look like: PWR3, MBOX0FIX.
std::string counterName(const LikwidCounter& c, int number) {
    return number < 0 ? c.box + std::to_string(c.boxIndex) + "FIX" : c.box + std::to_string(number);
}

// The table's entries for this slot on this architecture and counter, in
// table order; an error says why none applies.
Result<std::vector<const UncoreEventEntry*>> applicableEntries(const UncoreTable& table, const GroupArch* arch,
                                                               const GroupSlot& slot, const LikwidCounter& counter,
                                                               const std::string& unit) {
    // An entry that only says why the event is not mapped on some
    // architectures maps it nowhere else.
    auto all = table.entries(counter.box, slot.event);
    std::erase_if(all, [&](const UncoreEventEntry* e) {
        return !e->unmapped.empty() && !e->appliesTo(arch ? arch->name : std::string(), arch ? arch->vendor : std::string());
    });
    if (all.empty())
        return makeError("counter " + slot.counter + ": perfdash's table of " + unit +
                         " events (resources/likwid/uncore.json) has no '" + slot.event + "'");
    std::vector<const UncoreEventEntry*> onArch;
    for (const auto* e : all)
        if (e->appliesTo(arch ? arch->name : std::string(), arch ? arch->vendor : std::string())) onArch.push_back(e);
    if (onArch.empty()) {
        std::vector<std::string> where;
        for (const auto* e : all) where.push_back(e->archs.empty() ? e->vendor + " CPUs" : join(e->archs, ", "));
        return makeError("counter " + slot.counter + ": " + slot.event + " on " + counter.box + " is mapped for " +
                         join(where, "; ") + " only, not for " +
                         (arch ? "architecture " + arch->name : std::string("an unknown architecture (give --arch)")));
    }
    // likwid ties some events to one counter of the unit (PWR_DRAM_ENERGY is
    // PWR3 on Intel, a DRAM clock to the box's fixed counter: -1).
    std::vector<const UncoreEventEntry*> onCounter;
    for (const auto* e : onArch)
        if (!e->counter || *e->counter == counter.index) onCounter.push_back(e);
    if (onCounter.empty()) {
        const std::string name = counterName(counter, *onArch.front()->counter);
        return makeError("counter " + slot.counter + ": likwid counts " + slot.event + " on " + name +
                         " only; write " + name + " " + slot.event);
    }
    return onCounter;
}

// The PMU instance of the slot's box among `boxes` (the entry's family here):
// the n-th, or the table's n-th where the kernel also numbers boxes this CPU lacks.
// A box beyond the instances this machine has of a unit it does have is
// absent (makeAbsent), not a failure: likwid's Sapphire Rapids files add up
// MBOX0 to MBOX11 where the CPU has 8 memory channels, and likwid itself
// skips such a counter and reads it as 0. This is the one place that decides it.
Result<const SysfsPmu*> boxInstance(const std::vector<const SysfsPmu*>& boxes, const UncoreEventEntry& e,
                                    const GroupSlot& slot, const LikwidCounter& counter, const GroupArch* arch) {
    const std::string box = counter.box + std::to_string(counter.boxIndex);
    const auto absent = [&]() {
        return makeAbsent(box + " is absent on this machine: it has " + std::to_string(boxes.size()) + " " + e.pmu +
                          " PMU" + (boxes.size() == 1 ? "" : "s") + " (" + counter.box + "0" +
                          (boxes.size() == 1 ? "" : " to " + counter.box + std::to_string(boxes.size() - 1)) +
                          "), so counter " + slot.counter + " counts nothing here");
    };
    const auto index = static_cast<size_t>(counter.boxIndex);
    if (e.instances.empty()) {
        if (index >= boxes.size()) return absent();
        return boxes[index];
    }
    if (index >= e.instances.size())
        return makeError("counter " + slot.counter + " names " + box + ", but likwid's " +
                         (arch ? arch->name : std::string()) + " has " + std::to_string(e.instances.size()) + ": " +
                         counter.box + "0 to " + counter.box + std::to_string(e.instances.size() - 1));
    // A negative entry: likwid's box of that number is another unit (KNL's
    // MBOX3 and MBOX7 are the memory controllers' UCLK boxes).
    if (e.instances[index] < 0)
        return makeError("counter " + slot.counter + " names " + box + ", which on likwid's " +
                         (arch ? arch->name : std::string()) + " is not a " + e.pmu + " box for " + slot.event);
    const auto instance = static_cast<size_t>(e.instances[index]);
    if (instance >= boxes.size()) return absent();
    return boxes[instance];
}

// The entry's event on `pmu`, likwid's options as its format terms (an
// option replaces the entry's term of the same name), in likwid's units.
Result<ResolvedEvent> encodeOn(const EventResolver& events, const UncoreTable& table, const UncoreEventEntry& e,
                               const SysfsPmu& pmu, const GroupSlot& slot) {
    if (!e.alias.empty() && !pmu.event(e.alias))
        return makeError("counter " + slot.counter + ": " + slot.event + " is the kernel's " + e.pmu + " event '" +
                         e.alias + "', which PMU " + pmu.name + " does not list here (" +
                         events.pmus().devicesDir() + "/" + pmu.name + "/events)");
    auto options = optionTerms(table, slot, pmu);
    if (!options) return options.error();
    const auto key = [](const std::string& term) { return term.substr(0, term.find('=')); };
    std::vector<std::string> terms;
    for (auto& term : split(e.alias.empty() ? e.terms : e.alias, ','))
        if (std::none_of(options->begin(), options->end(), [&](const std::string& o) { return key(o) == key(term); }))
            terms.push_back(std::move(term));
    terms.insert(terms.end(), options->begin(), options->end());
    auto resolved = events.resolveOn(pmu.name + "/" + join(terms, ",") + "/", std::string());
    if (!resolved) return makeError("counter " + slot.counter + " (" + slot.event + "): " + resolved.error().message);
    resolved->spec = slot.event;
    if (!e.source.empty()) resolved->description = e.source;
    if (e.likwidOwn) {
        resolved->codeSource = ResolvedEvent::kLikwidCodeSource;
        resolved->codeNote = slot.event + ": likwid's code " + (e.alias.empty() ? e.terms : e.alias) + " on " + e.pmu +
                             ", not in a vendor document available here (" + e.vendorHas + ")";
        resolved->description = resolved->codeNote + (e.source.empty() ? std::string() : ". " + e.source);
    }
    if (e.raw && (resolved->scale != 1.0 || !resolved->unit.empty())) {
        // likwid's formulas take raw counts (64-byte lines for MBOX), not the kernel's MiB.
        resolved->description += "; counted raw, without the kernel's scale to " + resolved->unit;
        resolved->scale = 1.0;
        resolved->unit.clear();
    }
    return resolved;
}

// likwid's thermal sensor: no perf PMU has it, the kernel's hardware monitors do.
Result<ResolvedEvent> coreTemperatureSlot(const EventResolver& events, const GroupSlot& slot,
                                          const LikwidCounter& counter) {
    if (slot.event != counter.coreTemperature)
        return makeError("counter " + slot.counter + ": likwid's thermal sensor has one event, " +
                         counter.coreTemperature + ", not '" + slot.event + "'");
    if (!slot.options.empty())
        return makeError("counter " + slot.counter + ": a temperature sensor takes no options (" +
                         spell(slot.options.front()) + "); drop them");
    auto sensors = findCoreTemperatureSensors(events.sysfsRoot());
    if (!sensors) return makeError("counter " + slot.counter + " (" + slot.event + "): " + sensors.error().message);
    return coreTemperatureEvent(*sensors, slot.event);
}

// A RAPL counter read through the powercap framework's zone of its domain,
// where no perf PMU here has it (core/events/PowercapEnergy.h).
Result<ResolvedEvent> powercapSlot(const EventResolver& events, const UncoreEventEntry& e, const GroupSlot& slot) {
    if (!slot.options.empty())
        return makeError("counter " + slot.counter + ": a RAPL energy counter takes no options (" +
                         spell(slot.options.front()) + "); drop them");
    auto energy = powercapEnergyEvent(events.sysfsRoot(), e.powercap, slot.event);
    if (!energy) return energy.error();
    energy->description = "likwid's " + slot.event + " (" + e.source + "), which no perf PMU counts here: " +
                          energy->description;
    return energy;
}

// Why the slot does not count through perf (`perfReason`), with why not
// through powercap either where the entry's domain has a zone to look for.
Result<ResolvedEvent> orPowercap(const EventResolver& events, const UncoreEventEntry* e, const GroupSlot& slot,
                                 const std::string& perfReason) {
    if (!e || e->powercap.empty()) return makeError(perfReason);
    auto energy = powercapSlot(events, *e, slot);
    if (energy) return energy;
    return makeError(perfReason + "; nor through powercap: " + energy.error().message);
}

} // namespace

Result<ResolvedEvent> resolveUncoreSlot(const EventResolver& events, const GroupArch* arch, const GroupSlot& slot,
                                        const LikwidCounter& counter) {
    const std::string unit = "likwid's " + counter.unit + " (" + counter.box + ")";
    if (!counter.unmapped.empty())
        return makeError("counter " + slot.counter + " is " + unit + " counter: " + counter.unmapped);
    if (!counter.coreTemperature.empty()) return coreTemperatureSlot(events, slot, counter);
    const auto& table = likwidUncoreTable();
    if (!table) return table.error();
    auto entries = applicableEntries(*table, arch, slot, counter, unit);
    if (!entries) return entries.error();
    // The first entry whose PMU family this machine has. A RAPL domain the
    // PMU lacks, or a machine without the PMU, reads the powercap zone where
    // the entry names one.
    std::vector<std::string> missing, said;
    const UncoreEventEntry* withPowercap = nullptr;
    for (const auto* e : *entries) {
        if (!e->unmapped.empty())
            return makeError("counter " + slot.counter + ": " + slot.event + " is not mapped on " +
                             (arch ? arch->name : std::string("this architecture")) + ": " + e->unmapped);
        if (!withPowercap && !e->powercap.empty()) withPowercap = e;
        const auto boxes = instances(events.pmus(), e->pmu);
        if (boxes.empty()) {
            // An arch's own entry and the generic one may name the same family: say it once.
            if (std::find(said.begin(), said.end(), e->pmu) == said.end()) {
                said.push_back(e->pmu);
                missing.push_back(e->kernel.empty() ? e->pmu : e->pmu + " (" + e->kernel + ")");
            }
            continue;
        }
        auto pmu = boxInstance(boxes, *e, slot, counter, arch);
        if (!pmu) return pmu.error();
        auto encoded = encodeOn(events, *table, *e, **pmu, slot);
        // rapl.c gives each model its domains only (no energy-psys on Ice Lake-SP).
        if (!encoded && !e->alias.empty() && !(*pmu)->event(e->alias))
            return orPowercap(events, e, slot, encoded.error().message);
        return encoded;
    }
    return orPowercap(events, withPowercap, slot,
                      "counter " + slot.counter + " is " + unit + " counter, which is the kernel's " +
                          join(missing, " or ") + " PMU; " + events.pmus().devicesDir() + " has none here");
}

} // namespace perfdash
