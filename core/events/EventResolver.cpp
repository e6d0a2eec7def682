#include "core/events/EventResolver.h"

#include <algorithm>
#include <cctype>
#include <linux/perf_event.h>

#include "core/events/EventList.h"
#include "core/events/GenericEvents.h"
#include "core/events/HwCacheEvents.h"
#include "core/events/LikwidNativeName.h"
#include "core/events/Loongson2fEvents.h"
#include "core/events/PerfModifiers.h"
#include "core/events/PmuTerms.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

bool isRawCode(std::string_view base) {
    if (base.size() < 2 || base.size() > 17 || base[0] != 'r') return false;
    for (char c : base.substr(1))
        if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

std::string withModifiers(std::string name, const std::string& modifiers) {
    return modifiers.empty() ? name : name + ":" + modifiers;
}

} // namespace

std::string describePmuEvent(const SysfsPmu& pmu, const PmuNamedEvent& event) {
    std::string text = "Event of the kernel PMU '" + pmu.name + "': " + event.terms;
    if (!event.unit.empty()) text += " (in " + event.unit + ")";
    return text;
}

std::string describeTracepoint(std::string_view subsystem) {
    return "Kernel tracepoint of the '" + std::string(subsystem) + "' subsystem";
}

EventResolver::EventResolver(const EventPaths& paths)
    : sysfsRoot_(paths.sysfsRoot), pmus_(SysfsPmus::scan(paths.sysfsRoot)), tracefs_(Tracefs::locate(paths.tracefsRoots)),
      machinesModels_(paths.sysfsRoot == "/sys") {}

std::string EventResolver::corePmuName() const { return pmus_.core() ? pmus_.core()->name : "cpu"; }

Result<ResolvedEvent> EventResolver::resolve(std::string_view spec) const { return resolve(spec, nullptr); }

Result<ResolvedEvent> EventResolver::resolveOn(std::string_view spec, const std::string& model) const {
    return resolve(spec, &model);
}

Result<ResolvedEvent> EventResolver::resolve(std::string_view specView, const std::string* model) const {
    const std::string spec = trim(specView);
    if (spec.empty()) return makeError("empty event name; see 'perfdash-cli list' for the events known here");

    // The numbered steps are the order documented in EventResolver.h.
    if (auto loongson = resolveLoongson2fEvent(spec)) return std::move(*loongson); // 0
    if (spec.find("::") != std::string::npos) // 1
        return resolveLibpfm(spec, spec, LibpfmTable::instance().encode(spec));
    if (spec.find('/') != std::string::npos) return resolveSysfs(spec); // 2

    const auto colon = spec.find(':');
    const std::string base = spec.substr(0, colon);
    const std::string modifiers = colon == std::string::npos ? "" : spec.substr(colon + 1);
    const bool mayHaveModifiers = colon == std::string::npos || isPerfModifierString(modifiers);
    const bool isTracepoint = colon != std::string::npos && tracefs_.hasEvent(base, modifiers);
    // A perf event name with a bad modifier ("cycles:x") is reported as such,
    // unless the whole string is a tracepoint.
    const bool perfSyntax = mayHaveModifiers || !isTracepoint;

    ResolvedEvent ev;
    ev.spec = spec;
    auto finish = [&](ResolvedEvent& e) -> Result<ResolvedEvent> {
        if (auto st = applyPerfModifiers(modifiers, spec, e.encoding); !st) return st.error();
        return e;
    };

    if (auto generic = findGenericEvent(base); generic && perfSyntax) { // 3
        ev.name = withModifiers(std::string(generic->name), modifiers);
        ev.source = generic->source;
        ev.pmu = generic->source == EventSource::Hardware ? corePmuName() : "software";
        ev.description = std::string(generic->description);
        ev.encoding.type = generic->perfType();
        ev.encoding.config = generic->config;
        return finish(ev);
    }
    if (auto cache = decodeHwCacheName(base); cache && perfSyntax) { // 4
        if (!*cache) return cache->error();
        ev.source = EventSource::HardwareCache;
        ev.pmu = corePmuName();
        ev.encoding.type = PERF_TYPE_HW_CACHE;
        ev.encoding.config = cache->value();
        ev.name = withModifiers(base, modifiers);
        for (const auto& c : hwCacheEvents()) {
            if (c.config != ev.encoding.config) continue;
            ev.name = withModifiers(c.name, modifiers);
            ev.description = c.description;
        }
        return finish(ev);
    }
    if (isRawCode(base) && perfSyntax) { // 5
        ev.source = EventSource::Raw;
        ev.pmu = corePmuName();
        ev.encoding.type = PERF_TYPE_RAW;
        ev.encoding.config = parseUnsigned("0x" + base.substr(1)).value_or(0);
        ev.name = withModifiers(base, modifiers);
        ev.description = "Raw event code " + hex(ev.encoding.config) + " of the core PMU (PERF_TYPE_RAW)";
        return finish(ev);
    }
    if (isTracepoint) { // 6
        auto id = tracefs_.eventId(base, modifiers);
        if (!id) return id.error();
        ev.source = EventSource::Tracepoint;
        ev.pmu = "tracepoint";
        ev.name = spec;
        ev.description = describeTracepoint(base);
        ev.encoding.type = PERF_TYPE_TRACEPOINT;
        ev.encoding.config = *id;
        return ev;
    }
    if (auto native = resolveNative(spec, model)) return std::move(*native); // 7
    if (const SysfsPmu* core = pmus_.core(); core && core->event(base) && mayHaveModifiers) // 8
        return resolveNamedPmuEvent(spec, *core, base, modifiers);
    if (model) return unknownOnModel(spec, *model);
    return unknownEvent(spec);
}

Error EventResolver::unknownOnModel(const std::string& spec, const std::string& model) const {
    if (model.empty())
        return makeError("unknown event '" + spec + "': not a perf, kernel PMU or tracepoint name, and there is no "
                         "libpfm4 model to read it as a native event.");
    return makeError("unknown event '" + spec + "': the libpfm4 model " + model +
                     " has no such event, neither in libpfm4's spelling (EVENT:UMASK) nor in likwid's (EVENT_UMASK); "
                     "see 'perfdash-cli list --pmu " + model + "' for its events.");
}

std::optional<Result<ResolvedEvent>> EventResolver::resolveNative(const std::string& spec,
                                                                  const std::string* model) const {
    const LibpfmTable& pfm = LibpfmTable::instance();
    const auto colon = spec.find(':');
    const std::string base = spec.substr(0, colon);
    const std::string modifiers = colon == std::string::npos ? "" : spec.substr(colon);
    // The core models to read a native name on: the one named, else those libpfm4 detects
    // here, but none for a copied tree, which describes another machine.
    std::vector<std::string> models;
    if (model) {
        if (!model->empty()) models.push_back(*model);
    } else if (machinesModels_) {
        if (auto native = pfm.encodeOnPresentPmus(spec)) {
            const std::string qualified = native->ok() ? native->value().pmu + "::" + spec : spec;
            return resolveLibpfm(spec, qualified, std::move(*native));
        }
        for (const auto& p : pfm.pmus())
            if (p.present && p.core) models.push_back(p.name);
    }
    for (const auto& m : models) {
        const std::string exact = m + "::" + spec;
        if (pfm.hasEvent(m + "::" + base)) return resolveLibpfm(spec, exact, pfm.encode(exact));
        auto likwid = likwidNativeName(m, base);
        if (!likwid) continue;
        if (!*likwid) return Result<ResolvedEvent>(likwid->error());
        const std::string qualified = m + "::" + likwid->value() + modifiers;
        return resolveLibpfm(spec, qualified, pfm.encode(qualified));
    }
    // The OS's generic events in libpfm4's spelling (PERF_COUNT_HW_CPU_CYCLES)
    // mean the same on every CPU, so they keep their meaning on any model.
    if (model ? !model->empty() : !machinesModels_)
        for (const auto& p : pfm.pmus())
            if (p.present && p.osGeneric && pfm.hasEvent(p.name + "::" + base))
                return resolveLibpfm(spec, p.name + "::" + spec, pfm.encode(p.name + "::" + spec));
    return std::nullopt;
}

Result<ResolvedEvent> EventResolver::resolveLibpfm(const std::string& spec, const std::string& qualified,
                                                   Result<LibpfmEncoding> encoded) const {
    if (!encoded) return encoded.error();
    ResolvedEvent ev;
    ev.spec = spec;
    ev.source = EventSource::Libpfm;
    ev.pmu = encoded->pmu;
    ev.name = qualified;
    ev.description = encoded->description;
    ev.encoding = encoded->encoding;
    return ev;
}

Result<ResolvedEvent> EventResolver::resolveSysfs(const std::string& spec) const {
    const auto open = spec.find('/');
    const auto close = spec.rfind('/');
    const std::string pmuName = spec.substr(0, open);
    if (close == open)
        return makeError("'" + spec + "' has no closing '/'; a PMU event is written 'pmu/term=value,.../'");
    const SysfsPmu* pmu = pmus_.find(pmuName);
    if (!pmu) {
        auto close = closestMatches(pmuName, pmus_.names());
        return makeError("'" + spec + "': no PMU named '" + pmuName + "' in " + pmus_.devicesDir() +
                         "; PMUs here: " + join(pmus_.names(), ", ") +
                         (close.empty() ? std::string() : " (closest: " + join(close, ", ") + ")"));
    }
    std::string modifiers = spec.substr(close + 1);
    if (modifiers.starts_with(":")) modifiers.erase(0, 1);
    return resolveNamedPmuEvent(spec, *pmu, spec.substr(open + 1, close - open - 1), modifiers);
}

Result<ResolvedEvent> EventResolver::resolveNamedPmuEvent(const std::string& spec, const SysfsPmu& pmu,
                                                          const std::string& terms,
                                                          const std::string& modifiers) const {
    auto encoded = encodePmuTerms(pmu, terms);
    if (!encoded) return makeError("'" + spec + "': " + encoded.error().message);
    ResolvedEvent ev;
    ev.spec = spec;
    ev.source = EventSource::SysfsPmu;
    ev.pmu = pmu.name;
    ev.encoding = encoded->encoding;
    ev.scale = encoded->scale;
    ev.unit = encoded->unit;
    ev.cpus = pmu.cpus;
    const PmuNamedEvent* named = encoded->namedEvent.empty() ? nullptr : pmu.event(encoded->namedEvent);
    const bool onlyTheNamedEvent = named && toLower(trim(terms)) == toLower(named->name);
    if (!encoded->displayName.empty()) ev.name = encoded->displayName;
    else if (onlyTheNamedEvent) ev.name = pmu.name + "/" + named->name + "/" + modifiers;
    else ev.name = spec;
    ev.description = named ? describePmuEvent(pmu, *named)
                           : "Event of the kernel PMU '" + pmu.name + "' (type " + std::to_string(pmu.type) +
                                 ") with terms " + terms;
    if (auto st = applyPerfModifiers(modifiers, spec, ev.encoding); !st) return st.error();
    return ev;
}

Error EventResolver::unknownEvent(const std::string& spec) const {
    std::vector<std::string> candidates;
    for (auto table : {hardwareEvents(), softwareEvents()})
        for (const auto& e : table) {
            candidates.emplace_back(e.name);
            if (!e.alias.empty()) candidates.emplace_back(e.alias);
        }
    for (const auto& c : hwCacheEvents()) candidates.push_back(c.name);
    for (const auto& p : pmus_.all())
        for (const auto& e : p.events) candidates.push_back(p.name + "/" + e.name + "/");
    for (auto& t : tracefs_.eventNames()) candidates.push_back(std::move(t));
    const LibpfmTable& pfm = LibpfmTable::instance();
    std::vector<std::string> absentModels;
    const std::string base = spec.substr(0, spec.find(':'));
    for (const auto& e : pfm.events()) {
        const LibpfmPmu& model = pfm.pmus()[e.pmu];
        if (model.present) candidates.push_back(e.name);
        else if (e.name == base && absentModels.size() < 5) absentModels.push_back(model.name);
    }

    std::string message = "unknown event '" + spec + "'";
    std::vector<std::string> close;
    for (auto& c : closestMatches(spec, candidates, 10)) {
        // libpfm4's perf model repeats the generic names in capitals: suggest each name once.
        const bool repeated = std::any_of(close.begin(), close.end(), [&](const std::string& k) { return toLower(k) == toLower(c); });
        if (!repeated && close.size() < 5) close.push_back(std::move(c));
    }
    message += close.empty() ? "." : "; did you mean " + join(close, ", ") + "?";
    const auto colon = spec.find(':');
    const bool tracepointShape = colon != std::string::npos && spec.find(':', colon + 1) == std::string::npos;
    if (tracepointShape && tracefs_.mounted()) {
        std::vector<std::string> inSubsystem;
        for (auto& t : tracefs_.eventNames())
            if (t.starts_with(base + ":")) inSubsystem.push_back(t);
        if (!inSubsystem.empty()) {
            auto near = closestMatches(spec, inSubsystem);
            if (near.empty()) near.assign(inSubsystem.begin(), inSubsystem.begin() + std::min<size_t>(5, inSubsystem.size()));
            message += " The tracepoint subsystem '" + base + "' has " + std::to_string(inSubsystem.size()) +
                       " events, e.g. " + join(near, ", ") + ".";
        }
    }
    if (!absentModels.empty())
        message += " '" + base + "' is an event of libpfm4 models not present here (" + join(absentModels, ", ") +
                   "); qualify it to encode it for one of them, e.g. '" + absentModels.front() + "::" + spec + "'.";
    if (tracepointShape && !tracefs_.mounted()) message += " If it is a tracepoint: " + tracefs_.notMountedReason() + ".";
    message += " See 'perfdash-cli list' for the events known here.";
    return makeError(message);
}

Result<std::vector<ResolvedEvent>> EventResolver::resolveList(std::string_view list) const {
    auto items = splitEventList(list);
    if (!items) return items.error();
    std::vector<ResolvedEvent> out;
    for (const auto& item : *items) {
        auto ev = resolve(item);
        if (!ev) return ev.error();
        out.push_back(std::move(*ev));
    }
    return out;
}

} // namespace perfdash
