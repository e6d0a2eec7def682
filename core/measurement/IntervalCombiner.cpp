#include "core/measurement/IntervalCombiner.h"

namespace perfdash {

IntervalCombiner::IntervalCombiner(const MeasurementPlan& plan, ResultBuilder& builder, size_t every)
    : plan_(&plan), builder_(&builder), every_(every == 0 ? 1 : every),
      sums_(builder.locations().size() * plan.eventSet.size()), latest_(sums_.size()) {}

std::optional<IntervalResult> IntervalCombiner::add(const IntervalResult& interval) {
    if (every_ == 1) return interval;
    const size_t slots = plan_->eventSet.size();
    // An event in several groups shares one slot: its first appearance is added, once.
    std::vector<bool> seen(slots, false);
    for (size_t g = 0; g < plan_->groups.size() && g < interval.groups.size(); ++g) {
        const auto& planned = plan_->groups[g].events;
        const auto& results = interval.groups[g].events;
        for (size_t e = 0; e < planned.size() && e < results.size(); ++e) {
            const int slot = planned[e].eventSetSlot;
            if (slot < 0 || seen[static_cast<size_t>(slot)]) continue;
            seen[static_cast<size_t>(slot)] = true;
            // The builder applies the event's sysfs scale (RAPL counts to joules): undone here, so it applies once.
            const double scale = planned[e].scale != 0 ? planned[e].scale : 1.0;
            const auto& perLocation = results[e].perLocation;
            if (planned[e].gauge) {
                // A gauge's value for the joined interval is its reading at the end (GaugeStats.h).
                for (size_t l = 0; l < perLocation.size() && l < builder_->locations().size(); ++l)
                    latest_[l * slots + static_cast<size_t>(slot)] = {perLocation[l].value / scale,
                                                                        perLocation[l].coverage};
                continue;
            }
            for (size_t l = 0; l < perLocation.size() && l < builder_->locations().size(); ++l) {
                // A location's value goes back into the slots the builder reads
                // it from (PlannedEvent::slotsAt): a CPU's into its one slot, a
                // task's into each core type's slot as that type's part
                // (CoreTypeTotal::perLocation), so that the builder's sum and
                // split are the values again.
                const std::vector<int> at = planned[e].slotsAt(builder_->locations()[l]);
                for (size_t i = 0; i < at.size(); ++i) {
                    if (at[i] < 0) continue;
                    seen[static_cast<size_t>(at[i])] = true;
                    CountValue value = perLocation[l];
                    if (at.size() > 1)
                        value = i < results[e].coreTypes.size() && l < results[e].coreTypes[i].perLocation.size()
                                    ? results[e].coreTypes[i].perLocation[l]
                                    : CountValue{};
                    sums_[l * slots + static_cast<size_t>(at[i])].add(CountValue{value.value / scale, value.coverage},
                                                                      interval.dt);
                }
            }
        }
    }
    dt_ += interval.dt;
    if (++added_ < every_) return std::nullopt;

    std::vector<CountValue> counts(sums_.size());
    for (size_t i = 0; i < sums_.size(); ++i)
        counts[i] = plan_->eventSet[i % slots].event.gauge() ? latest_[i] : sums_[i].total();
    IntervalResult joined;
    joined.t = interval.t;
    joined.dt = dt_;
    joined.groups = builder_->build(counts, dt_);
    added_ = 0;
    dt_ = 0;
    sums_.assign(sums_.size(), CountSum{});
    latest_.assign(latest_.size(), CountValue{});
    return joined;
}

} // namespace perfdash
