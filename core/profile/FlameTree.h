#pragma once
// The boxes of a flame graph of a profile selection, laid out in samples:
// one node per call path prefix, frames merged by their label at each level
// (as flamegraph.pl merges folded stacks), under the thread's process name
// and, for stacks that did not reach an entry, "[incomplete stack]". A node
// spans [x, x + samples) of the root's samples, children from their caller's
// left edge in name order. The SVG (FlameGraph.h) and the dashboard's flame
// graph draw the same tree, so they agree box for box.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/profile/Profile.h"
#include "core/profile/ProfileMetrics.h"
#include "core/profile/ProfileViews.h"

namespace perfdash {

struct FlameNode {
    uint32_t name = 0;       // into FlameTree::names
    uint32_t parent = 0;     // the root's is itself (0)
    uint32_t depth = 0;      // the root's is 0
    uint32_t firstChild = 0; // its children: FlameTree::childIds from here to the next node's firstChild
    double x = 0;            // samples left of it, from the root's left edge
};

struct FlameTree {
    std::vector<std::string> names;
    std::vector<FlameNode> nodes; // [0] is the root; a parent comes before its children
    // Every node's children, in name order, one node's after another's: a
    // tree of a million nodes is then three allocations, not a million.
    std::vector<uint32_t> childIds;
    size_t columns = 0;
    std::vector<double> sums; // nodes × columns: the rows through each node, summed
    // nodes × kSelfColumns: the samples and weight of the rows that end at it
    // (ProfileColumns::kSamples and kWeight; a node's own figures need no more).
    static constexpr size_t kSelfColumns = 2;
    std::vector<double> self;
    size_t depth = 0; // levels below the root, at most

    const std::string& nameOf(uint32_t node) const { return names[nodes[node].name]; }
    const double* sumsOf(uint32_t node) const { return sums.data() + node * columns; }
    const double* selfOf(uint32_t node) const { return self.data() + node * kSelfColumns; }
    double samples(uint32_t node) const { return sumsOf(node)[ProfileColumns::kSamples]; }
    std::span<const uint32_t> children(uint32_t node) const {
        const uint32_t end = node + 1 < nodes.size() ? nodes[node + 1].firstChild : uint32_t(childIds.size());
        return {childIds.data() + nodes[node].firstChild, end - nodes[node].firstChild};
    }
    // Once nodes (names, parents, depths) and sums are in: each node's
    // children in name order and its x from its caller's left edge.
    void link();
};

// A selection's trees, each sample once; rootName names the root ("all"):
enum class CallTreeView {
    TopDown,  // the flame graph's: process, then outermost frame first
    BottomUp, // the innermost frame first (where samples ended), then its callers
    Callees,  // of a function: what it called, from its outermost call on the stack
    Callers,  // of a function: who called its outermost call, nearest first, "[incomplete stack]" last
};
// For Callees and Callers only the samples with `function` on the stack
// count, and the root is that function. All columns are summed per node
// (what callerTree's metrics need; colouredTree below is what views draw).
FlameTree callTree(const Profile& profile, const ProfileSelection& selection, CallTreeView view,
                   const std::string& function, const std::string& rootName);

// What a node is coloured by: a metric of the group over its samples, or its
// self share (the part of its weight in its own code). `known` is false
// where the value is not known or rests on too few samples.
struct FlameValue {
    MetricValue metric;
    bool known = false;
};
// Per metric m, [m] a value per node; a node of fewer than
// ProfileMetrics::kMinSamples samples gets no value, only `few` (too few
// samples to tell).
using FlameColourings = std::vector<std::vector<FlameValue>>;
// A node's self share, from the tree: what a colouring by it needs stored nowhere.
FlameValue selfShare(const FlameTree& tree, uint32_t node);

// What the views draw (the dashboard's trees, the flame graphs' SVG and
// JSON): callTree's tree keeping per node only its samples and weight (what
// drawing, shares and flameChanges need), and its metrics' values (none
// without `metrics`). All columns are summed only for the nodes with enough
// samples for a metric: a million samples' tree then takes a fraction of
// callTree's memory and time.
struct ColouredTree {
    FlameTree tree;
    FlameColourings values;
};
ColouredTree colouredTree(const Profile& profile, const ProfileSelection& selection, CallTreeView view,
                          const std::string& function, const std::string& rootName, ProfileMetrics* metrics);

// Each node's change of share since another run (a differential flame
// graph): its share of its run's weight minus that of the baseline's node of
// the same path (0 where the baseline has none), in share points, ± the
// standard error of the difference (the two runs' binomial errors, taken as
// independent). As FlameValues, so the views colour by it; kChangeName names it.
inline constexpr const char* kChangeName = "change of share [points]";
std::vector<FlameValue> flameChanges(const FlameTree& tree, const FlameTree& baseline);

// A node's figures in words, as its tooltip and accessible name say them:
// "lib_work (760 samples, 28.80 % of the selection, CPI 1.23 ± 0.05)";
// metricName "" for the self share.
std::string flameNodeText(const FlameTree& tree, uint32_t node, const FlameValue& value,
                          const std::string& metricName);

// The colour of a value t in [0, 1] of the range shown: blue (low) through
// yellow to red (high), as red, green, blue.
std::array<int, 3> flameColour(double t);

} // namespace perfdash
