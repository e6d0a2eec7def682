#pragma once
// Two runs' functions side by side (hotspot's issue #37, open since 2016):
// each function of either run with its self share before and now, the
// change in share points ± its standard error, its samples and the group's
// metrics in both. A function is the same in both runs by its name and its
// module's file name: the two runs may have been built or installed in
// different places.
#include <string>
#include <vector>

#include "core/profile/ProfileMetrics.h"
#include "core/profile/ProfileViews.h"

namespace perfdash {

struct FunctionChange {
    std::string name;
    std::string module;                 // the module's file name
    bool inBaseline = false, inSession = false;
    Share baselineSelf, self;           // 0 where the function is not in that run
    double baselineSamples = 0, samples = 0;
    double change = 0;                  // self share now minus before
    double changeError = 0;             // its standard error: the two runs' errors, taken as independent
    std::vector<MetricValue> baselineMetrics, metrics; // empty where not in that run
};

// Ordered by the size of the change, largest first, then by samples, then by name.
std::vector<FunctionChange> compareFunctions(const std::vector<FunctionRow>& baseline, const std::vector<FunctionRow>& session);

// Two runs' selections compared function by function (`report --functions
// --baseline`, the dashboard's comparison of two sessions): the changes,
// with the metrics side by side only where both runs sampled the same group.
struct FunctionComparison {
    std::vector<FunctionChange> changes;
    std::vector<std::string> metrics; // compared in both; none where the groups differ
    bool differentGroups = false;     // both runs have metrics, but not the same ones
};
// An error where a run's formulas do not compile (the baseline's says so).
Result<FunctionComparison> compareRuns(const Profile& baseline, const ProfileSelection& baselineSelection,
                                       const Profile& session, const ProfileSelection& selection);

} // namespace perfdash
