#include "core/measurement/ResultBuilder.h"

#include "core/groups/GroupMetrics.h"
#include "core/result/CountSum.h"
#include "core/result/GaugeStats.h"

namespace perfdash {

Result<ResultBuilder> ResultBuilder::create(const MeasurementPlan& plan, std::vector<LocationInfo> locations,
                                            MetricEnvironment constants, std::vector<std::string> openFailures) {
    std::vector<MetricEvaluator> evaluators;
    for (const auto& g : plan.groups) {
        auto evaluator = MetricEvaluator::compile(g.group);
        if (!evaluator) return evaluator.error();
        evaluators.push_back(std::move(*evaluator));
    }
    openFailures.resize(plan.eventSet.size());
    return ResultBuilder(plan, std::move(locations), constants, std::move(openFailures), std::move(evaluators));
}

ResultBuilder::ResultBuilder(const MeasurementPlan& plan, std::vector<LocationInfo> locations,
                             MetricEnvironment constants, std::vector<std::string> openFailures,
                             std::vector<MetricEvaluator> evaluators)
    : plan_(&plan), locations_(std::move(locations)), constants_(constants), openFailures_(std::move(openFailures)),
      evaluators_(std::move(evaluators)) {}

EventResult ResultBuilder::eventResult(const PlannedEvent& event, const std::vector<CountValue>& counts) const {
    EventResult r;
    r.counter = event.counter;
    r.event = event.name;
    r.unit = event.unit;
    r.codeSource = event.codeSource;
    r.codeNote = event.codeNote;
    r.perLocation.resize(locations_.size());
    if (event.eventSetSlot < 0) {
        r.reason = event.availability.reason;
        r.absent = event.absent();
        return r;
    }
    const size_t slotCount = plan_->eventSet.size();
    // A slot that failed to open is not counted anywhere; a hybrid event's
    // other core types may still be.
    auto counted = [&](int slot) { return slot >= 0 && openFailures_[static_cast<size_t>(slot)].empty(); };
    std::vector<int> countedSlots;
    for (const auto& part : event.coreTypes)
        if (counted(part.eventSetSlot)) countedSlots.push_back(part.eventSetSlot);
    if (event.coreTypes.empty() && counted(event.eventSetSlot)) countedSlots.push_back(event.eventSetSlot);
    if (countedSlots.empty()) {
        r.reason = openFailures_[static_cast<size_t>(event.eventSetSlot)];
        return r;
    }
    r.counted = true;
    // A location without a value is unknown (where a task did not run is an
    // exact 0, see CounterDeltas.h): a sum without it is not the total. A
    // hybrid event's value at a CPU is its core type's count; at a task
    // followed on any CPU, the sum of every core type's (scaled together,
    // CounterDeltas.h: taskCoreTypeCounts), unknown if one of them was not
    // counted. A package's unit read on another CPU has no value
    // of its own here, and none is missing from the sum.
    for (size_t l = 0; l < locations_.size(); ++l) {
        if (const auto reader = event.readElsewhere(locations_[l])) {
            r.heldElsewhere.cpu.resize(locations_.size(), -1);
            r.heldElsewhere.cpu[l] = *reader;
            continue;
        }
        const std::vector<int> slots = event.slotsAt(locations_[l]);
        CountSum here;
        for (int slot : slots)
            here.add(counted(slot) ? counts[l * slotCount + static_cast<size_t>(slot)] : CountValue{});
        CountValue v = slots.empty() ? CountValue{} : here.total();
        v.value *= event.scale;
        r.perLocation[l] = v;
    }
    if (event.gauge) {
        r.gauge = true;
        r.gaugeStats = gaugeStats(r.perLocation, r.heldElsewhere);
        r.total = gaugeTotal(r.gaugeStats);
        return r;
    }
    const CountSum total = sumOverLocations(r);
    r.total = total.total();
    r.partialTotal = total.partial();
    for (const auto& part : event.coreTypes) r.coreTypes.push_back(coreTypeTotal(event, part, r, counts));
    return r;
}

// The event's sum over the locations of one core type: its CPUs, and a
// thread's or process's part on that type (already scaled together with the
// other types' parts, CounterDeltas.h: taskCoreTypeCounts).
CoreTypeTotal ResultBuilder::coreTypeTotal(const PlannedEvent& planned, const PlannedEvent::CoreTypePart& part,
                                           const EventResult& event, const std::vector<CountValue>& counts) const {
    CoreTypeTotal t;
    t.coreType = part.corePmu;
    if (part.eventSetSlot < 0 || !openFailures_[static_cast<size_t>(part.eventSetSlot)].empty()) {
        t.reason = part.eventSetSlot < 0 ? part.reason : openFailures_[static_cast<size_t>(part.eventSetSlot)];
        return t;
    }
    const size_t slotCount = plan_->eventSet.size();
    t.perLocation.resize(locations_.size());
    CountSum sum;
    for (size_t l = 0; l < locations_.size(); ++l) {
        if (locations_[l].kind == LocationKind::Cpu) {
            if (locations_[l].coreType != part.corePmu) continue;
            t.perLocation[l] = event.perLocation[l];
        } else {
            t.perLocation[l] = counts[l * slotCount + static_cast<size_t>(part.eventSetSlot)];
            t.perLocation[l].value *= planned.scale;
        }
        sum.add(t.perLocation[l]);
    }
    if (sum.parts() == 0) {
        t.reason = "no CPU of this core type was counted";
        return t;
    }
    t.total = sum.total();
    t.partialTotal = sum.partial();
    return t;
}

std::vector<GroupResult> ResultBuilder::build(const std::vector<CountValue>& counts, double seconds) {
    std::vector<GroupResult> out;
    if (counts.size() != locations_.size() * plan_->eventSet.size()) return out;
    MetricEnvironment env = constants_;
    env.time = seconds;
    for (size_t g = 0; g < plan_->groups.size(); ++g) {
        const PlannedGroup& planned = plan_->groups[g];
        GroupResult result;
        result.name = planned.group.name;
        result.shortDescription = planned.group.shortDescription;
        for (const auto& e : planned.events) result.events.push_back(eventResult(e, counts));

        result.metrics = evaluateMetrics(evaluators_[g], planned.group.metrics, result.events, locations_, env);
        out.push_back(std::move(result));
    }
    return out;
}

} // namespace perfdash
