#include "core/perfdata/PerfDataMetrics.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>

#include "core/events/GenericEvents.h"
#include "core/groups/GroupLibrary.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

// The member counting the slot's event that no other slot took, or -1.
int memberOf(const GroupSlot& slot, const std::vector<const PerfDataEvent*>& members, const std::vector<int>& taken) {
    if (!slot.options.empty()) return -1;
    const auto generic = findGenericEvent(slot.event);
    for (size_t m = 0; m < members.size(); ++m) {
        if (std::find(taken.begin(), taken.end(), static_cast<int>(m)) != taken.end()) continue;
        const PerfDataEvent& e = *members[m];
        if (generic ? generic->perfType() == e.attr.type && generic->config == e.attr.config : e.name == slot.event)
            return static_cast<int>(m);
    }
    return -1;
}

// Each slot's member, or why some have none.
Result<std::vector<int>> bind(const PerformanceGroup& group, const std::vector<const PerfDataEvent*>& members) {
    std::vector<int> memberOfSlot;
    std::vector<std::string> missing;
    for (const GroupSlot& slot : group.events) {
        memberOfSlot.push_back(memberOf(slot, members, memberOfSlot));
        if (memberOfSlot.back() < 0)
            missing.push_back(slot.counterSpec + " (" + slot.event +
                              (slot.options.empty() ? ")" : ", with likwid options perf did not use)"));
    }
    std::vector<std::string> names;
    for (const PerfDataEvent* e : members) names.push_back(e->name);
    if (missing.empty()) {
        // Formulas over events counted at different privilege levels (cycles:u
        // and instructions) would mix what each counted: refused.
        auto levels = [](const perf_event_attr& a) {
            return std::array{a.exclude_user, a.exclude_kernel, a.exclude_hv, a.exclude_idle, a.exclude_host,
                              a.exclude_guest};
        };
        for (int m : memberOfSlot)
            if (levels(members[static_cast<size_t>(m)]->attr) != levels(members[static_cast<size_t>(memberOfSlot[0])]->attr))
                return makeError("group " + group.name + " (" + group.sourceFile + "): the file's events " +
                                 join(names, ", ") + " count different privilege levels (perf's modifiers :u, :k, "
                                 "...), so its formulas would mix them: record them with the same modifiers");
        return memberOfSlot;
    }
    return makeError("group " + group.name + " (" + group.sourceFile + "): no event of the file's sampled group (" +
                     join(names, ", ") + ") for " + join(missing, ", ") +
                     "; its formulas need every slot: give a group whose events the file has");
}

} // namespace

Result<std::vector<PerformanceGroup>> readPerfDataMetricGroups(const std::string& dir) {
    std::vector<std::string> files;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
        if (entry.path().extension() == ".txt") files.push_back(entry.path().string());
    if (ec) return makeError(dir + ": " + ec.message() + " (perfdash's data directory is incomplete: reinstall it)");
    std::sort(files.begin(), files.end());
    std::vector<PerformanceGroup> groups;
    for (const std::string& file : files) {
        auto group = loadGroupFile(file);
        if (!group) return group.error();
        groups.push_back(std::move(*group));
    }
    return groups;
}

Result<PerfDataColumns> perfDataColumns(const PerfDataMetricGroups& groups,
                                        const std::vector<const PerfDataEvent*>& members) {
    const PerformanceGroup* group = nullptr;
    std::vector<int> memberOfSlot;
    if (groups.chosen) {
        auto bound = bind(*groups.chosen, members);
        if (!bound) return bound.error();
        group = &*groups.chosen;
        memberOfSlot = std::move(*bound);
    } else {
        for (const PerformanceGroup& candidate : groups.builtIn)
            if (auto bound = bind(candidate, members)) {
                group = &candidate;
                memberOfSlot = std::move(*bound);
                break;
            }
    }
    PerfDataColumns out;
    for (const PerfDataEvent* e : members) out.events.push_back({e->name, e->name, true, ""});
    if (!group) return out;
    std::vector<std::string> slots;
    for (size_t s = 0; s < group->events.size(); ++s) {
        ProfileEvent& event = out.events[static_cast<size_t>(memberOfSlot[s])];
        event.counter = group->events[s].counter;
        slots.push_back(event.counter + " = " + event.event);
    }
    // The members no slot names: an identifier a formula could not mistake for a slot.
    for (size_t m = 0; m < members.size(); ++m) {
        if (std::find(memberOfSlot.begin(), memberOfSlot.end(), static_cast<int>(m)) != memberOfSlot.end()) continue;
        std::string& counter = out.events[m].counter;
        for (char& c : counter)
            if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
        while (std::any_of(out.events.begin(), out.events.end(),
                           [&](const ProfileEvent& e) { return &e != &out.events[m] && e.counter == counter; }))
            counter += '_';
    }
    std::vector<std::string> names;
    for (const GroupMetric& metric : group->metrics) {
        out.metrics.push_back({metric.name, metric.formula});
        names.push_back(metric.name);
    }
    out.notice = "metrics: " + join(names, ", ") + " by the formulas of group " + group->name + " (" +
                 group->sourceFile + ") over " + join(slots, ", ");
    return out;
}

} // namespace perfdash
