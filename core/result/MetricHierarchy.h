#pragma once
// A metric's place in a hierarchy of metrics (top-down analysis: Frontend
// bound, below it Fetch latency, ...) and the vendor's threshold past which
// its value deserves a look. Group files declare them in '#@metric' lines
// (resources/groups/README.md); results and reports carry them so that a
// view can nest and mark metrics without the group file.
#include <optional>
#include <string>
#include <vector>

namespace perfdash {

struct MetricLimit {
    enum class Direction { Above, Below }; // which side of the value is past the threshold
    Direction direction = Direction::Above;
    double value = 0;
    // Past the threshold counts only while the parent is past its own too
    // (Intel: "Fetch_Latency > 10 & Frontend_Bound > 15").
    bool withParent = false;

    bool crossedBy(double v) const; // false for n/a (NaN)
    bool operator==(const MetricLimit&) const = default;
};

// "above" or "below": the word group files and reports use.
const char* directionWord(MetricLimit::Direction direction);

// One metric of a hierarchy, as the marking rule needs it.
struct MetricNode {
    std::string name;
    std::string parent;                  // empty: a root
    std::optional<MetricLimit> threshold; // none: never marked
    double value = 0;                    // NaN: n/a
};

// Which metrics are marked: those whose value crosses their threshold and,
// for a threshold `withParent`, whose parent is marked too. Parallel to
// `nodes`; a parent is found by name among `nodes`.
std::vector<bool> markedMetrics(const std::vector<MetricNode>& nodes);

} // namespace perfdash
