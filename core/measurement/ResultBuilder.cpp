#include "core/measurement/ResultBuilder.h"

#include "core/groups/GroupMetrics.h"
#include "core/result/CountSum.h"

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
    r.perLocation.resize(locations_.size());
    if (event.eventSetSlot < 0) {
        r.reason = event.availability.reason;
        return r;
    }
    const size_t slotCount = plan_->eventSet.size();
    const auto slot = static_cast<size_t>(event.eventSetSlot);
    if (!openFailures_[slot].empty()) {
        r.reason = openFailures_[slot];
        return r;
    }
    r.counted = true;
    // A location without a value is unknown (where a task did not run is an
    // exact 0, see CounterDeltas.h): a sum without it is not the total.
    CountSum total;
    for (size_t l = 0; l < locations_.size(); ++l) {
        CountValue v = counts[l * slotCount + slot];
        v.value *= event.scale;
        r.perLocation[l] = v;
        total.add(v);
    }
    r.total = total.total();
    r.partialTotal = total.partial();
    return r;
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
