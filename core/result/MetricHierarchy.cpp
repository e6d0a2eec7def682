#include "core/result/MetricHierarchy.h"

#include <cmath>
#include <functional>

namespace perfdash {

bool MetricLimit::crossedBy(double v) const {
    if (std::isnan(v)) return false;
    return direction == Direction::Above ? v > value : v < value;
}

const char* directionWord(MetricLimit::Direction direction) {
    return direction == MetricLimit::Direction::Above ? "above" : "below";
}

std::vector<bool> markedMetrics(const std::vector<MetricNode>& nodes) {
    enum class State { Unknown, Visiting, Done };
    std::vector<State> state(nodes.size(), State::Unknown);
    std::vector<bool> marked(nodes.size(), false);
    const auto indexOf = [&](const std::string& name) -> std::optional<size_t> {
        for (size_t i = 0; i < nodes.size(); ++i)
            if (nodes[i].name == name) return i;
        return std::nullopt;
    };
    // Parents first; a cycle (which the group parser refuses, but a damaged
    // report may hold) leaves its members unmarked.
    std::function<bool(size_t)> visit = [&](size_t i) -> bool {
        if (state[i] == State::Done) return marked[i];
        if (state[i] == State::Visiting) return false;
        state[i] = State::Visiting;
        const MetricNode& node = nodes[i];
        bool crossed = node.threshold && node.threshold->crossedBy(node.value);
        if (crossed && node.threshold->withParent) {
            const auto parent = indexOf(node.parent);
            crossed = parent && visit(*parent);
        }
        marked[i] = crossed;
        state[i] = State::Done;
        return marked[i];
    };
    for (size_t i = 0; i < nodes.size(); ++i) visit(i);
    return marked;
}

} // namespace perfdash
