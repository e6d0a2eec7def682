#include "core/report/MetricTree.h"

#include <functional>

#include "core/presentation/NumberFormat.h"
#include "core/presentation/TopDown.h"
#include "core/util/TextTable.h"

namespace perfdash {

namespace {

bool inHierarchy(const GroupResult& group, const MetricResult& metric) {
    if (!metric.parent.empty() || metric.threshold) return true;
    for (const auto& other : group.metrics)
        if (other.parent == metric.name) return true;
    return false;
}

std::string thresholdText(const MetricResult& metric) {
    return metric.threshold ? thresholdText(*metric.threshold) : std::string();
}

} // namespace

std::string formatMetricTree(const GroupResult& group) {
    std::vector<size_t> members;
    std::vector<MetricNode> nodes;
    for (size_t i = 0; i < group.metrics.size(); ++i) {
        const MetricResult& m = group.metrics[i];
        if (!inHierarchy(group, m)) continue;
        members.push_back(i);
        nodes.push_back({m.name, m.parent, m.threshold, m.aggregate});
    }
    if (members.empty()) return {};
    const std::vector<bool> marked = markedMetrics(nodes);

    TextTable table({{"Metric", TextTable::Align::Left},
                     {"Value", TextTable::Align::Right},
                     {"Threshold", TextTable::Align::Right},
                     {"", TextTable::Align::Left}});
    std::vector<bool> shown(members.size(), false);
    bool anyMarked = false;
    // Children in file order under their parent; `shown` stops a cycle in a
    // damaged report (the group parser refuses cycles).
    std::function<void(size_t, size_t)> add = [&](size_t k, size_t depth) {
        if (shown[k]) return;
        shown[k] = true;
        const MetricResult& m = group.metrics[members[k]];
        anyMarked = anyMarked || marked[k];
        table.addRow({std::string(2 * depth, ' ') + m.name, formatNumber(m.aggregate), thresholdText(m),
                      marked[k] ? kThresholdMark : ""});
        for (size_t c = 0; c < members.size(); ++c)
            if (group.metrics[members[c]].parent == m.name) add(c, depth + 1);
    };
    const auto isRoot = [&](size_t k) {
        const std::string& parent = nodes[k].parent;
        for (const auto& n : nodes)
            if (n.name == parent) return false;
        return true;
    };
    for (size_t k = 0; k < members.size(); ++k)
        if (isRoot(k)) add(k, 0);
    for (size_t k = 0; k < members.size(); ++k) add(k, 0); // members of a cycle, shown flat

    std::string out = "Metric hierarchy (aggregate: the formulas on the counts summed over all locations)\n";
    out += table.render();
    out += std::string(kThresholdMark) + " marks a value past the vendor's threshold ('& parent': only while its "
           "parent is marked too)" + (anyMarked ? "." : "; no value is past it here.") + "\n";
    return out;
}

} // namespace perfdash
