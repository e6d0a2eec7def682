#include "core/events/EventCatalog.h"

#include "core/events/GenericEvents.h"
#include "core/events/HwCacheEvents.h"
#include "core/events/LibpfmTable.h"
#include "core/events/Loongson2fEvents.h"
#include "core/util/Strings.h"

namespace perfdash {

EventCatalog::EventCatalog(const EventPaths& paths)
    : EventCatalog(std::make_shared<EventResolver>(paths), nullptr) {}

EventCatalog::EventCatalog(std::shared_ptr<const EventResolver> resolver, std::shared_ptr<AvailabilityCheck> availability)
    : resolver_(std::move(resolver)), availability_(std::move(availability)) {
    if (!availability_) availability_ = AvailabilityCheck::forThisMachine(resolver_->pmus());
    build();
    resolvedCache_.resize(entries_.size());
    availabilityCache_.resize(entries_.size());
}

void EventCatalog::build() {
    const std::string core = resolver_->corePmuName();
    auto addGeneric = [&](const GenericEvent& e, const std::string& pmu) {
        EventCatalogEntry entry{std::string(e.name), {}, e.source, pmu, std::string(e.description)};
        if (!e.alias.empty()) entry.aliases.emplace_back(e.alias);
        entries_.push_back(std::move(entry));
    };
    for (const auto& e : hardwareEvents()) addGeneric(e, core);
    for (const auto& c : hwCacheEvents()) entries_.push_back({c.name, {}, EventSource::HardwareCache, core, c.description});
    for (const auto& e : softwareEvents()) addGeneric(e, "software");
    notes_.push_back({EventSource::Raw, "r<hex>[:mods] counts a raw event code of the core PMU '" + core +
                                            "' (PERF_TYPE_RAW, config = the hex value), e.g. r00c0:u"});

    for (const auto& pmu : resolver_->pmus().all()) {
        for (const auto& e : pmu.events)
            entries_.push_back({pmu.name + "/" + e.name + "/", {}, EventSource::SysfsPmu, pmu.name,
                                describePmuEvent(pmu, e)});
        for (const auto& skipped : pmu.skippedFormats)
            notes_.push_back({EventSource::SysfsPmu, "PMU '" + pmu.name + "': ignored format file " + skipped});
    }

    const Tracefs& tracefs = resolver_->tracefs();
    if (!tracefs.mounted()) notes_.push_back({EventSource::Tracepoint, "no tracepoints: " + tracefs.notMountedReason()});
    for (auto& name : tracefs.eventNames()) {
        const std::string subsystem = name.substr(0, name.find(':'));
        entries_.push_back({std::move(name), {}, EventSource::Tracepoint, "tracepoint", describeTracepoint(subsystem)});
    }

    for (const auto& e : loongson2fEvents()) {
        const std::string name = std::string(kLoongson2fPmu) + "::" + std::string(e.name);
        auto resolved = resolveLoongson2fEvent(name);
        entries_.push_back({name, {}, EventSource::Loongson2f, std::string(kLoongson2fPmu), (*resolved)->description});
    }
    notes_.push_back({EventSource::Loongson2f,
                      "Loongson 2E/2F events are counted with --backend loongson through perfdash's pcounter kernel "
                      "module (core/backends/loongson/kmod); one event of counter 0 and one of counter 1 at a time"});

    const LibpfmTable& pfm = LibpfmTable::instance();
    if (!pfm.initStatus()) {
        notes_.push_back({EventSource::Libpfm, pfm.initStatus().error().message});
        return;
    }
    const auto& events = pfm.events();
    entries_.reserve(entries_.size() + events.size());
    for (const auto& e : events) {
        const LibpfmPmu& model = pfm.pmus()[e.pmu];
        entries_.push_back({model.name + "::" + e.name, {}, EventSource::Libpfm, model.name, e.description, e.index});
    }
    notes_.push_back({EventSource::Libpfm,
                      "libpfm4 knows " + std::to_string(pfm.pmus().size()) + " PMU models (" +
                          std::to_string(pfm.presentPmuCount()) + " detected here) with " +
                          std::to_string(events.size()) +
                          " events; events of models not present are encoded for reference but cannot be counted"});
}

bool EventCatalog::isAbsentModel(const EventCatalogEntry& entry) const {
    if (entry.source != EventSource::Libpfm) return false;
    const LibpfmPmu* model = LibpfmTable::instance().findPmu(entry.pmu);
    return model && !model->present;
}

size_t EventCatalog::absentModelEntryCount() const {
    size_t n = 0;
    for (const auto& e : entries_) n += isAbsentModel(e) ? 1 : 0;
    return n;
}

std::vector<size_t> EventCatalog::search(const EventCatalogFilter& filter) const {
    const std::string pmu = toLower(filter.pmu);
    std::vector<size_t> out;
    for (size_t i = 0; i < entries_.size(); ++i) {
        const EventCatalogEntry& e = entries_[i];
        if (filter.source && e.source != *filter.source) continue;
        if (!pmu.empty() && toLower(e.pmu) != pmu) continue;
        if (!filter.includeAbsentModels && isAbsentModel(e)) continue;
        if (!filter.pattern.empty()) {
            bool hit = containsIgnoreCase(e.name, filter.pattern) || containsIgnoreCase(e.description, filter.pattern);
            for (const auto& a : e.aliases) hit = hit || containsIgnoreCase(a, filter.pattern);
            if (!hit) continue;
        }
        out.push_back(i);
    }
    return out;
}

Result<ResolvedEvent> EventCatalog::resolved(size_t index) const {
    {
        std::lock_guard lock(cacheMutex_);
        if (resolvedCache_.at(index)) return *resolvedCache_[index];
    }
    auto result = resolver_->resolve(entries_[index].name);
    std::lock_guard lock(cacheMutex_);
    resolvedCache_[index] = result;
    return result;
}

Availability EventCatalog::availability(size_t index) const {
    {
        std::lock_guard lock(cacheMutex_);
        if (availabilityCache_.at(index)) return *availabilityCache_[index];
    }
    const EventCatalogEntry& entry = entries_[index];
    const auto absent = entry.source == EventSource::Libpfm ? LibpfmTable::instance().absence(entry.pmu) : std::nullopt;
    Availability a;
    if (absent) {
        a = *absent;
    } else if (entry.source == EventSource::Tracepoint) {
        a = tracepointClassAvailability();
    } else if (auto ev = resolved(index)) {
        a = availabilityOf(*ev);
    } else {
        const bool needsUnitMask = entry.libpfmEvent >= 0 && LibpfmTable::instance().needsUnitMask(entry.libpfmEvent);
        a = {Availability::State::Unsupported, ev.error().message,
             needsUnitMask ? "needs a unit mask" : "cannot be encoded"};
    }
    std::lock_guard lock(cacheMutex_);
    availabilityCache_[index] = a;
    return a;
}

Availability EventCatalog::tracepointClassAvailability() const {
    std::call_once(tracepointOnce_, [this] {
        std::optional<size_t> representative;
        for (size_t i = 0; i < entries_.size(); ++i) {
            if (entries_[i].source != EventSource::Tracepoint) continue;
            if (!representative || entries_[i].name == "sched:sched_switch") representative = i;
        }
        if (!representative) return;
        auto ev = resolved(*representative);
        tracepointClass_ = ev ? availabilityOf(*ev)
                              : Availability{Availability::State::Unsupported, ev.error().message, "cannot be encoded"};
        if (!tracepointClass_.reason.empty())
            tracepointClass_.reason = "tracepoints (tried " + entries_[*representative].name +
                                      "): " + tracepointClass_.reason;
    });
    return tracepointClass_;
}

Availability EventCatalog::availabilityOf(const ResolvedEvent& event) const { return availability_->check(event); }

} // namespace perfdash
