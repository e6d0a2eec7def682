#include "core/measurement/SlotResolver.h"

#include "core/events/ArmCommonEvents.h"
#include "core/events/EventTable.h"
#include "core/events/HybridCoreEvent.h"
#include "core/events/LibpfmTable.h"
#include "core/util/Strings.h"
#include "core/groups/LikwidCounters.h"
#include "core/groups/LikwidEventOptions.h"
#include "core/measurement/UncoreSlot.h"

namespace perfdash {

namespace {

// A fixed counter read from the kernel's msr PMU (AMD's APERF, MPERF, IRPerfCount).
Result<ResolvedEvent> msrEvent(const EventResolver& events, const GroupSlot& slot, const FixedCounterEvent& fixed) {
    const std::string name = "msr/" + fixed.msr + "/";
    if (!slot.options.empty())
        return makeError("counter " + slot.counter + " (" + slot.event + ", read as " + name +
                         ") takes no likwid options: drop them");
    const SysfsPmu* msr = events.pmus().find("msr");
    if (!msr)
        return makeError("counter " + slot.counter + " (" + slot.event + ") is read through the kernel's msr PMU (" +
                         name + "), which " + events.pmus().devicesDir() + " does not have here");
    if (msr->event(fixed.msr)) return events.resolve(name);
    // The kernel lists msr events only where this CPU has the register; the
    // encoding (the msr PMU's type, the register's index) is the same anywhere.
    ResolvedEvent ev;
    ev.spec = slot.event;
    ev.name = name;
    ev.source = EventSource::SysfsPmu;
    ev.pmu = msr->name;
    ev.description = fixed.means + " (the msr PMU here does not list '" + fixed.msr +
                     "': this CPU has no such register, so it does not count here)";
    ev.encoding.type = msr->type;
    ev.encoding.config = fixed.msrConfig;
    return ev;
}

} // namespace

namespace {

// The libpfm4 model `wanted` where this libpfm4 has it, else empty.
std::string presentModel(const std::string& wanted) {
    return !wanted.empty() && LibpfmTable::instance().findPmu(wanted) ? wanted : std::string();
}

// Arm's common architectural and microarchitectural events (PMUv3 event
// numbers 0x00-0x3F): the same number on every Armv8 core, so a name libpfm4
// spells otherwise (its Cortex-A57 model's BRANCH_PRED for BR_PRED) or an
// arch without a table still reads. Only where this machine's (or the
// tree's) core PMU is an Armv8/Armv9 PMUv3, as an event of that PMU. Whether
// the core implements it is the availability check's question
// (ArmCommonEvents.h).
std::optional<Result<ResolvedEvent>> armCommonEvent(const EventResolver& events, const std::string& spec) {
    const SysfsPmu* core = events.pmus().core();
    if (!core || !isArmPmuv3(core->name)) return std::nullopt;
    static const std::vector<std::string> kCommon{"arm/armv8-common"};
    auto found = resolveTableEvent(spec, kCommon);
    if (!found || !*found) return found;
    (*found)->pmu = core->name;
    (*found)->encoding.type = core->type;
    return found;
}

} // namespace

SlotResolver::SlotResolver(const EventResolver& events, std::string arch)
    : events_(events), archName_(std::move(arch)), arch_(findGroupArch(archName_)) {
    if (!arch_) return;
    model_ = presentModel(arch_->coreModel());
    for (const auto& type : arch_->coreTypes) typeModels_.push_back(presentModel(type.coreModel()));
}

SlotResolver::CoreCodes SlotResolver::archCodes() const {
    return {arch_ ? &arch_->tables : nullptr, model_, arch_ ? arch_->coreModel() : std::string()};
}

Result<ResolvedEvent> SlotResolver::resolveEvent(const std::string& spec) const {
    return resolveEventOn(spec, archCodes());
}

Result<ResolvedEvent> SlotResolver::resolveEventOn(const std::string& spec, const CoreCodes& codes) const {
    if (!archName_.empty() && !groupArchTable()) return groupArchTable().error();
    if (!arch_) {
        auto resolved = events_.resolve(spec);
        if (resolved) return resolved;
        if (auto common = armCommonEvent(events_, spec)) return std::move(*common);
        return resolved;
    }
    // The arch's event tables first: they hold the vendors' codes (Intel's
    // perfmon data, AMD's, Arm's and IBM's lists), and where libpfm4 4.13
    // differs from them the vendor is right (docs/likwid.md lists the cases).
    // libpfm4, where the arch has a model here, for every other name: perf's
    // generic names, pmu/.../, raw codes, and native names no table has.
    if (auto fromTable = resolveTableEvent(spec, *codes.tables)) return std::move(*fromTable);
    auto resolved = events_.resolveOn(spec, codes.model);
    if (resolved) return resolved;
    if (auto common = armCommonEvent(events_, spec)) return std::move(*common);
    std::string message = resolved.error().message;
    if (codes.model.empty()) {
        message += " Architecture " + arch_->name + ": " +
                   (codes.modelWanted.empty()
                        ? arch_->noPfm
                        : "this libpfm4 has no model '" + codes.modelWanted +
                              "' (libpfm4 builds carry the tables of their own CPU family only)") +
                   ".";
    }
    if (!codes.tables->empty()) {
        message += " The architecture's event tables (" + join(*codes.tables, ", ") + ") do not have it either";
        // Neither the vendor nor likwid defines the name here: name the
        // candidates, never pick one (a near name may count something else).
        std::vector<std::string> names;
        for (const auto& name : *codes.tables)
            if (const auto& table = EventTable::load(name))
                for (const auto& e : table->events()) names.push_back(e.name);
        const auto close = closestMatches(split(spec, ':').front(), names, 3);
        message += close.empty() ? "." : "; their closest names: " + join(close, ", ") + ".";
    }
    return makeError(message);
}

Result<ResolvedEvent> SlotResolver::resolve(const GroupSlot& slot) const { return resolveOn(slot, archCodes()); }

Result<ResolvedEvent> SlotResolver::resolveOn(const GroupSlot& slot, const CoreCodes& codes) const {
    if (arch_ && arch_->gpu)
        return makeError("'" + arch_->name + "' is one of likwid's GPU group sets; perfdash counts CPU events only");
    const auto classified = classifyLikwidCounter(slot.counter);
    if (!classified) return classified.error();
    const LikwidCounter& counter = *classified;
    if (counter.kind == LikwidCounter::Kind::Box) {
        // A name the resolver knows in its own right (PWR0 power/energy-pkg/) counts as written.
        if (slot.options.empty())
            if (auto own = events_.resolveOn(slot.event, std::string())) return own;
        return resolveUncoreSlot(events_, arch_, slot, counter);
    }
    auto spec = perfEventString(slot);
    if (!spec) return spec.error();
    const std::string written = *spec;
    if (counter.kind == LikwidCounter::Kind::Fixed && arch_) {
        auto fixed = fixedCounterEvent(arch_->vendor, counter.index, slot.event);
        if (!fixed) return fixed.error();
        if (*fixed && !(*fixed)->msr.empty()) return msrEvent(events_, slot, **fixed);
        // The options (as libpfm4 modifiers) follow the event in the spec.
        // Without a libpfm4 model the event tables read likwid's name itself.
        if (*fixed && !codes.model.empty()) spec = (*fixed)->libpfm + spec->substr(slot.event.size());
    }
    auto resolved = resolveEventOn(*spec, codes);
    if (resolved) resolved->spec = written;
    return resolved;
}

std::vector<CoreTypeEvent> SlotResolver::resolveCoreTypes(const GroupSlot& slot) const {
    const SysfsPmus& pmus = events_.pmus();
    const auto classified = classifyLikwidCounter(slot.counter);
    // Not hybrid here (a machine with its E-cores off registers one `cpu`
    // PMU), or a unit's counter: one event, as resolve() reads it.
    if (!arch_ || arch_->coreTypes.empty() || pmus.hybridCores().empty() ||
        (classified && classified->kind == LikwidCounter::Kind::Box))
        return {{std::string(), resolve(slot)}};
    std::vector<CoreTypeEvent> out;
    for (size_t t = 0; t < arch_->coreTypes.size(); ++t) {
        const HybridCoreType& type = arch_->coreTypes[t];
        auto resolved = resolveOn(slot, {&type.tables, typeModels_[t], type.coreModel()});
        // Software, tracepoint, uncore: one event for every CPU; a core PMU
        // written out (cpu_atom/event=0x3c/): that PMU's CPUs only.
        if (resolved && (!isCoreEvent(*resolved, pmus) || writtenForHybridCore(*resolved, pmus)))
            return onEveryHybridCore(std::move(resolved), pmus);
        const SysfsPmu* pmu = pmus.find(type.pmu);
        if (!pmu || pmu->coreCpus.empty()) {
            out.push_back({type.pmu, makeError("slot " + slot.counter + " (" + slot.event + ") on the " + type.label +
                                               "s: " + pmus.devicesDir() + " has no hybrid core PMU '" + type.pmu +
                                               "' with a cpus file")});
            continue;
        }
        if (!resolved) {
            out.push_back({type.pmu, makeError("on the " + type.label + "s (" + type.pmu + "): " +
                                               resolved.error().message)});
            continue;
        }
        out.push_back({type.pmu, onHybridCore(std::move(*resolved), *pmu)});
    }
    return out;
}

} // namespace perfdash
