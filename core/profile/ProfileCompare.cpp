#include "core/profile/ProfileCompare.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/util/PathName.h"

namespace perfdash {

std::vector<FunctionChange> compareFunctions(const std::vector<FunctionRow>& baseline, const std::vector<FunctionRow>& session) {
    std::map<std::pair<std::string, std::string>, FunctionChange> byFunction;
    auto add = [&](const std::vector<FunctionRow>& rows, bool before) {
        for (const FunctionRow& r : rows) {
            FunctionChange& c = byFunction[{r.name, pathFileName(r.module)}];
            c.name = r.name;
            c.module = pathFileName(r.module);
            (before ? c.inBaseline : c.inSession) = true;
            (before ? c.baselineSelf : c.self) = r.selfShare;
            (before ? c.baselineSamples : c.samples) = r.self[ProfileColumns::kSamples];
            (before ? c.baselineMetrics : c.metrics) = r.metrics;
        }
    };
    add(baseline, true);
    add(session, false);
    std::vector<FunctionChange> out;
    for (auto& [key, c] : byFunction) {
        c.change = c.self.value - c.baselineSelf.value;
        c.changeError = std::sqrt(c.self.error * c.self.error + c.baselineSelf.error * c.baselineSelf.error);
        out.push_back(std::move(c));
    }
    // Equal changes (none, between equal runs): the hotter function first.
    std::stable_sort(out.begin(), out.end(), [](const FunctionChange& a, const FunctionChange& b) {
        if (std::abs(a.change) != std::abs(b.change)) return std::abs(a.change) > std::abs(b.change);
        return std::max(a.samples, a.baselineSamples) > std::max(b.samples, b.baselineSamples);
    });
    return out;
}

Result<FunctionComparison> compareRuns(const Profile& baseline, const ProfileSelection& baselineSelection,
                                       const Profile& session, const ProfileSelection& selection) {
    auto before = ProfileMetrics::compile(baseline);
    if (!before) return makeError("the baseline: " + before.error().message);
    auto now = ProfileMetrics::compile(session);
    if (!now) return now.error();
    FunctionComparison c;
    c.changes = compareFunctions(functionTable(baseline, baselineSelection, *before), functionTable(session, selection, *now));
    if (before->names() == now->names()) c.metrics = now->names();
    else c.differentGroups = now->count() > 0;
    return c;
}

} // namespace perfdash
