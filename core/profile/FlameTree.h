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
#include <string>
#include <vector>

#include "core/profile/Profile.h"
#include "core/profile/ProfileMetrics.h"
#include "core/profile/ProfileViews.h"

namespace perfdash {

struct FlameNode {
    uint32_t name = 0;   // into FlameTree::names
    uint32_t parent = 0; // the root's is itself (0)
    uint32_t depth = 0;  // the root's is 0
    double x = 0;        // samples left of it, from the root's left edge
    std::vector<uint32_t> children; // in name order
};

struct FlameTree {
    std::vector<std::string> names;
    std::vector<FlameNode> nodes; // [0] is the root; a parent comes before its children
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
    // Keeps of each node's sums only its samples and weight, what drawing
    // and shares need once its values are evaluated (flameValues): a large
    // tree then takes a fraction of the memory.
    void keepSamplesAndWeight();
};

// rootName names the root ("all").
FlameTree flameTree(const Profile& profile, const ProfileSelection& selection, const std::string& rootName);

// The same samples as other trees, each sample once:
enum class CallTreeView {
    TopDown,  // flameTree's: process, then outermost frame first
    BottomUp, // the innermost frame first (where samples ended), then its callers
    Callees,  // of a function: what it called, from its outermost call on the stack
    Callers,  // of a function: who called its outermost call, nearest first, "[incomplete stack]" last
};
// For Callees and Callers only the samples with `function` on the stack
// count, and the root is that function.
FlameTree callTree(const Profile& profile, const ProfileSelection& selection, CallTreeView view,
                   const std::string& function, const std::string& rootName);

// What a node is coloured by: a metric of the group over its samples, or its
// self share (the part of its weight in its own code). `known` is false
// where the value is not known or rests on too few samples.
struct FlameValue {
    MetricValue metric;
    bool known = false;
};
// Per colouring, a value per node: [0] the self share, [1 + m] metric m; a
// node of fewer than ProfileMetrics::kMinSamples samples gets no metric
// value, only `few` (too few samples to tell).
using FlameColourings = std::vector<std::vector<FlameValue>>;
FlameColourings flameValues(const FlameTree& tree, ProfileMetrics& metrics);

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
