#pragma once
// Scaled counts of one period (an interval or the whole run) → the groups'
// events and metrics per location and in aggregate. The same arithmetic for
// the live timeline, the final totals, the CLI and the GUI.
#include <vector>

#include "core/groups/MetricEvaluator.h"
#include "core/measurement/MeasurementPlan.h"
#include "core/result/MeasurementResult.h"

namespace perfdash {

class ResultBuilder {
public:
    // Compiles the metric formulas of every planned group (they were checked
    // when the group was loaded, so this does not fail for library groups).
    // openFailures: per event-set slot, why the backend could not open it
    // (empty when it did): such events are reported as not counted.
    static Result<ResultBuilder> create(const MeasurementPlan& plan, std::vector<LocationInfo> locations,
                                        MetricEnvironment constants, std::vector<std::string> openFailures = {});

    // counts: scaled values per location and event-set slot
    // (counts[location * eventSet.size() + slot]); seconds: the period's length.
    std::vector<GroupResult> build(const std::vector<CountValue>& counts, double seconds);

    const std::vector<LocationInfo>& locations() const { return locations_; }

private:
    ResultBuilder(const MeasurementPlan& plan, std::vector<LocationInfo> locations, MetricEnvironment constants,
                  std::vector<std::string> openFailures, std::vector<MetricEvaluator> evaluators);
    EventResult eventResult(const PlannedEvent& event, const std::vector<CountValue>& counts) const;
    CoreTypeTotal coreTypeTotal(const PlannedEvent& planned, const PlannedEvent::CoreTypePart& part,
                                const EventResult& event, const std::vector<CountValue>& counts) const;

    const MeasurementPlan* plan_;
    std::vector<LocationInfo> locations_;
    MetricEnvironment constants_;
    std::vector<std::string> openFailures_;
    std::vector<MetricEvaluator> evaluators_; // one per planned group
};

} // namespace perfdash
