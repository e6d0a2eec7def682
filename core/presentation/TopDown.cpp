#include "core/presentation/TopDown.h"

#include "core/presentation/NumberFormat.h"

namespace perfdash {

std::vector<TopDownCategory> topDownShape(const GroupResult& group) {
    const auto& metrics = group.metrics;
    std::vector<TopDownCategory> shape;
    for (size_t i = 0; i < metrics.size(); ++i) {
        if (!metrics[i].parent.empty()) continue;
        TopDownCategory category{i, {}};
        for (size_t c = 0; c < metrics.size(); ++c)
            if (metrics[c].parent == metrics[i].name && c != i) category.children.push_back(c);
        if (!category.children.empty()) shape.push_back(std::move(category));
    }
    return shape;
}

std::optional<size_t> topDownGroup(const std::vector<GroupResult>& groups) {
    for (size_t g = 0; g < groups.size(); ++g)
        if (!topDownShape(groups[g]).empty()) return g;
    return std::nullopt;
}

std::vector<TopDownBar> topDownBars(const GroupResult& group, const std::vector<TopDownCategory>& shape,
                                    const std::vector<double>& values) {
    std::vector<TopDownBar> bars;
    for (const TopDownCategory& category : shape) {
        bars.push_back({category.metric, 1, kNotAvailable, std::nullopt, false});
        for (size_t child : category.children) bars.push_back({child, 2, kNotAvailable, std::nullopt, false});
    }
    const std::vector<bool> marked = metricsPastThreshold(group, values);
    for (TopDownBar& bar : bars) {
        bar.value = bar.metric < values.size() ? values[bar.metric] : kNotAvailable;
        bar.threshold = group.metrics[bar.metric].threshold;
        bar.marked = marked[bar.metric];
    }
    return bars;
}

std::vector<bool> metricsPastThreshold(const GroupResult& group, const std::vector<double>& values) {
    std::vector<MetricNode> nodes;
    nodes.reserve(group.metrics.size());
    for (size_t i = 0; i < group.metrics.size(); ++i) {
        const MetricResult& m = group.metrics[i];
        nodes.push_back({m.name, m.parent, m.threshold, i < values.size() ? values[i] : kNotAvailable});
    }
    return markedMetrics(nodes);
}

std::vector<double> aggregateValues(const GroupResult& group) {
    std::vector<double> values;
    values.reserve(group.metrics.size());
    for (const MetricResult& m : group.metrics) values.push_back(m.aggregate);
    return values;
}

std::string thresholdText(const MetricLimit& threshold) {
    return std::string(threshold.direction == MetricLimit::Direction::Above ? "> " : "< ") +
           formatNumber(threshold.value) + (threshold.withParent ? " & parent" : "");
}

} // namespace perfdash
