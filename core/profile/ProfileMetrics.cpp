#include "core/profile/ProfileMetrics.h"

#include <cmath>
#include <memory>

#include "core/util/Strings.h"

namespace perfdash {

Result<ProfileMetrics> ProfileMetrics::compile(const Profile& profile) {
    ProfileMetrics m;
    m.columns_ = profile.columns();
    m.constants_ = profile.constants;
    for (const ProfileEvent& e : profile.events) m.inSamples_.push_back(e.inSamples);
    if (profile.metrics.empty()) return m;
    PerformanceGroup group;
    group.name = "profile";
    group.sourceFile = "the session's group";
    for (const ProfileEvent& e : profile.events) group.events.push_back({e.counter, e.counter, e.event, {}, 0});
    for (const ProfileMetric& metric : profile.metrics) {
        group.metrics.push_back({metric.name, metric.formula, 0});
        m.names_.push_back(metric.name);
    }
    auto evaluator = MetricEvaluator::compile(group);
    if (!evaluator) return evaluator.error();
    m.evaluator_.push_back(std::make_unique<MetricEvaluator>(std::move(*evaluator)));
    return m;
}

int ProfileMetrics::find(const std::string& name) const {
    for (size_t i = 0; i < names_.size(); ++i)
        if (toLower(names_[i]) == toLower(name)) return static_cast<int>(i);
    return -1;
}

void ProfileMetrics::evaluateAt(std::span<const double> sums, std::vector<double>& out) {
    std::vector<double> slots(columns_.events);
    for (size_t e = 0; e < columns_.events; ++e)
        slots[e] = inSamples_[e] ? sums[columns_.event(e)] : MetricEnvironment::kUnknown;
    MetricEnvironment env = constants_;
    env.time = sums[columns_.time()] / 1e9;
    out.assign(names_.size(), MetricEnvironment::kUnknown);
    evaluator_.front()->evaluate(slots, env, out);
}

std::vector<MetricValue> ProfileMetrics::evaluate(std::span<const double> sums) {
    std::vector<MetricValue> values(names_.size());
    if (names_.empty()) return values;
    std::vector<double> at;
    evaluateAt(sums, at);
    const double n = sums[ProfileColumns::kSamples];

    // The gradient of every metric over the variables (events in the samples, then time), by central differences.
    const size_t vars = columns_.variables();
    auto column = [&](size_t v) { return v < columns_.events ? columns_.event(v) : columns_.time(); };
    std::vector<std::vector<double>> gradient(vars, std::vector<double>(names_.size(), 0.0));
    std::vector<double> moved(sums.begin(), sums.end()), up, down;
    for (size_t v = 0; v < vars; ++v) {
        if (v < columns_.events && !inSamples_[v]) continue;
        const size_t c = column(v);
        const double h = std::max(std::abs(sums[c]) * 1e-6, 1e-3);
        moved[c] = sums[c] + h;
        evaluateAt(moved, up);
        moved[c] = sums[c] - h;
        evaluateAt(moved, down);
        moved[c] = sums[c];
        for (size_t k = 0; k < names_.size(); ++k) gradient[v][k] = (up[k] - down[k]) / (2 * h);
    }
    for (size_t k = 0; k < names_.size(); ++k) {
        values[k].value = at[k];
        double variance = 0;
        if (columns_.moments && n > 0) {
            for (size_t a = 0; a < vars; ++a)
                for (size_t b = 0; b < vars; ++b) {
                    const double ga = gradient[a][k], gb = gradient[b][k];
                    if (ga == 0 || gb == 0) continue;
                    const double cov = sums[columns_.moment(a, b)] - sums[column(a)] * sums[column(b)] / n;
                    variance += ga * gb * cov;
                }
            values[k].error = std::sqrt(std::max(variance, 0.0));
        }
        values[k].few = n < kMinSamples || !std::isfinite(values[k].error) || !std::isfinite(at[k]);
    }
    return values;
}

Share shareOf(double weight, double totalWeight, double totalSamples) {
    Share s;
    if (totalWeight <= 0 || totalSamples <= 0) return s;
    s.value = weight / totalWeight;
    s.error = std::sqrt(std::max(s.value * (1 - s.value), 0.0) / totalSamples);
    return s;
}

} // namespace perfdash
