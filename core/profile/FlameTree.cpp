#include "core/profile/FlameTree.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "core/util/Strings.h"

namespace perfdash {

namespace {

// Node ids of a tree being grown: a child found by its parent and name.
class Grower {
public:
    explicit Grower(FlameTree& tree) : tree_(tree) {}

    uint32_t name(const std::string& text) {
        auto [it, added] = nameIds_.try_emplace(text, static_cast<uint32_t>(tree_.names.size()));
        if (added) tree_.names.push_back(text);
        return it->second;
    }
    uint32_t child(uint32_t parent, uint32_t name) {
        const uint64_t key = (uint64_t(parent) << 32) | name;
        auto [it, added] = children_.try_emplace(key, static_cast<uint32_t>(tree_.nodes.size()));
        if (added) {
            FlameNode node;
            node.name = name;
            node.parent = parent;
            node.depth = tree_.nodes[parent].depth + 1;
            tree_.depth = std::max<size_t>(tree_.depth, node.depth);
            tree_.nodes.push_back(node);
            tree_.nodes[parent].children.push_back(it->second);
        }
        return it->second;
    }

private:
    FlameTree& tree_;
    std::unordered_map<std::string, uint32_t> nameIds_;
    std::unordered_map<uint64_t, uint32_t> children_;
};

std::string figure(double v) { return std::isfinite(v) ? printfString("%.4g", v) : "n/a"; }

} // namespace

FlameTree flameTree(const Profile& p, const ProfileSelection& selection, const std::string& rootName) {
    return callTree(p, selection, CallTreeView::TopDown, {}, rootName);
}

FlameTree callTree(const Profile& p, const ProfileSelection& selection, CallTreeView view, const std::string& function,
                   const std::string& rootName) {
    FlameTree tree;
    tree.columns = p.columns().count();
    Grower grow(tree);
    tree.nodes.push_back(FlameNode{grow.name(rootName), 0, 0, 0, {}});
    const uint32_t incomplete = grow.name("[incomplete stack]");
    const uint32_t chosen = grow.name(function);

    const size_t count = tree.columns;
    // First the rows summed per (profile node, process, stack state): a long
    // run repeats its call paths interval after interval and thread after
    // thread. The slots of the first processes are found in dense tables
    // over the profile's nodes (a lookup a row, no hashing); more processes
    // (a system-wide run) share a map.
    struct Slot {
        uint32_t node, process;
        bool complete;
    };
    std::vector<Slot> slots;
    std::vector<double> slotSums;
    std::vector<uint32_t> processOf(p.threads.size(), UINT32_MAX); // each thread's process name, once
    std::vector<uint32_t> processIndex;                            // by name: its dense table, or kSparse
    constexpr size_t kDense = 8;
    constexpr uint32_t kNone = UINT32_MAX;
    std::vector<std::vector<uint32_t>> dense;
    std::unordered_map<uint64_t, uint32_t> sparse;
    for (size_t r : selection.rows) {
        const RowKey& k = p.keys[r];
        uint32_t& process = processOf[k.thread];
        if (process == kNone) {
            const ProfileThread& t = p.threads[k.thread];
            process = grow.name(t.comm.empty() ? "[pid " + std::to_string(t.pid) + "]" : t.comm);
        }
        if (processIndex.size() <= process) processIndex.resize(process + 1, kNone);
        if (processIndex[process] == kNone && dense.size() < kDense) {
            processIndex[process] = uint32_t(dense.size());
            dense.emplace_back(p.nodes.size() * 2, kNone);
        }
        const bool complete = k.stack == StackState::Complete;
        uint32_t* slot = processIndex[process] != kNone
                             ? &dense[processIndex[process]][size_t(k.node) * 2 + (complete ? 0 : 1)]
                             : &sparse.try_emplace((uint64_t(k.node) << 32) | (uint64_t(process) << 1) | (complete ? 0 : 1), kNone)
                                    .first->second;
        if (*slot == kNone) {
            *slot = uint32_t(slots.size());
            slots.push_back({k.node, process, complete});
            slotSums.resize(slotSums.size() + count, 0.0);
        }
        double* into = slotSums.data() + size_t(*slot) * count;
        const double* row = p.row(r);
        for (size_t c = 0; c < count; ++c) into[c] += row[c];
    }
    dense.clear();

    // Then each slot's call path in the view's order, its frames' labels found once.
    std::vector<uint32_t> labels(p.frames.size(), UINT32_MAX);
    std::vector<uint32_t> leafOf(slots.size(), kNone); // kNone: not in this view
    std::vector<uint32_t> path;
    for (size_t sl = 0; sl < slots.size(); ++sl) {
        const auto [node, process, complete] = slots[sl];
        path.clear();
        for (uint32_t f : p.pathOf(node)) {
            if (labels[f] == UINT32_MAX) labels[f] = grow.name(frameLabel(p, f));
            path.push_back(labels[f]);
        }
        // The outermost call of the chosen function: a recursion counts once.
        const auto first = std::find(path.begin(), path.end(), chosen);
        const bool through = first != path.end();
        const bool chosenOnly = view == CallTreeView::Callees || view == CallTreeView::Callers;
        if (chosenOnly && !through) continue;
        switch (view) {
        case CallTreeView::TopDown:
            path.insert(path.begin(), process);
            if (!complete) path.insert(path.begin() + 1, incomplete);
            break;
        case CallTreeView::BottomUp: std::reverse(path.begin(), path.end()); break;
        case CallTreeView::Callees: path.erase(path.begin(), first + 1); break;
        case CallTreeView::Callers:
            path.erase(first, path.end());
            std::reverse(path.begin(), path.end());
            if (!complete) path.push_back(incomplete);
            break;
        }
        uint32_t at = 0;
        for (uint32_t label : path) at = grow.child(at, label);
        leafOf[sl] = at;
    }
    // The sums once every node is known: one allocation of the final size.
    std::vector<double> ends(tree.nodes.size() * count, 0.0); // per node: the slots that end at it, summed
    for (size_t sl = 0; sl < slots.size(); ++sl) {
        if (leafOf[sl] == kNone) continue;
        const double* from = slotSums.data() + sl * count;
        double* into = ends.data() + size_t(leafOf[sl]) * count;
        for (size_t c = 0; c < count; ++c) into[c] += from[c];
    }
    tree.self.resize(tree.nodes.size() * FlameTree::kSelfColumns);
    for (size_t n = 0; n < tree.nodes.size(); ++n)
        for (size_t c = 0; c < FlameTree::kSelfColumns; ++c) tree.self[n * FlameTree::kSelfColumns + c] = ends[n * count + c];
    // A parent comes before its children, so one pass from the back sums every subtree.
    tree.sums = std::move(ends);
    for (size_t n = tree.nodes.size(); n-- > 1;) {
        const double* from = tree.sums.data() + n * count;
        double* into = tree.sums.data() + size_t(tree.nodes[n].parent) * count;
        for (size_t c = 0; c < count; ++c) into[c] += from[c];
    }
    for (FlameNode& node : tree.nodes) {
        std::sort(node.children.begin(), node.children.end(),
                  [&](uint32_t a, uint32_t b) { return tree.nameOf(a) < tree.nameOf(b); });
        double x = node.x;
        for (uint32_t c : node.children) {
            tree.nodes[c].x = x;
            x += tree.samples(c);
        }
    }
    return tree;
}

void FlameTree::keepSamplesAndWeight() {
    if (columns <= kSelfColumns) return;
    std::vector<double> kept(nodes.size() * kSelfColumns);
    for (size_t n = 0; n < nodes.size(); ++n)
        for (size_t c = 0; c < kSelfColumns; ++c) kept[n * kSelfColumns + c] = sums[n * columns + c];
    sums = std::move(kept);
    columns = kSelfColumns;
}

FlameColourings flameValues(const FlameTree& tree, ProfileMetrics& metrics) {
    FlameColourings out(1 + metrics.count(), std::vector<FlameValue>(tree.nodes.size()));
    auto set = [](FlameValue& v, const MetricValue& m) {
        v.metric = m;
        v.known = std::isfinite(m.value) && !m.few;
    };
    std::vector<double> sums(tree.columns);
    for (uint32_t n = 0; n < tree.nodes.size(); ++n) {
        const double all = tree.sumsOf(n)[ProfileColumns::kWeight];
        set(out[0][n], {all > 0 ? tree.selfOf(n)[ProfileColumns::kWeight] / all : 0.0, 0.0, !(all > 0)});
        // Most boxes of a large profile hold a few samples: their metrics, too few to tell, are not evaluated
        // (MetricValue's defaults: unknown, few), which keeps a million samples' trees quick to sum.
        if (metrics.count() == 0 || tree.samples(n) < ProfileMetrics::kMinSamples) continue;
        sums.assign(tree.sumsOf(n), tree.sumsOf(n) + tree.columns);
        const std::vector<MetricValue> values = metrics.evaluate(sums);
        for (size_t m = 0; m < values.size(); ++m) set(out[1 + m][n], values[m]);
    }
    return out;
}

std::vector<FlameValue> flameChanges(const FlameTree& tree, const FlameTree& baseline) {
    // A node of either tree by its path of names from the root (the roots' own names apart).
    auto paths = [](const FlameTree& t) {
        std::vector<std::string> out(t.nodes.size());
        for (uint32_t n = 1; n < t.nodes.size(); ++n) out[n] = out[t.nodes[n].parent] + '\n' + t.nameOf(n);
        return out;
    };
    std::unordered_map<std::string, uint32_t> before;
    const std::vector<std::string> basePaths = paths(baseline);
    for (uint32_t n = 0; n < baseline.nodes.size(); ++n) before.emplace(basePaths[n], n);
    auto share = [](const FlameTree& t, uint32_t n) {
        const double* root = t.sumsOf(0);
        return shareOf(t.sumsOf(n)[ProfileColumns::kWeight], root[ProfileColumns::kWeight], root[ProfileColumns::kSamples]);
    };
    const std::vector<std::string> nowPaths = paths(tree);
    std::vector<FlameValue> out(tree.nodes.size());
    for (uint32_t n = 0; n < tree.nodes.size(); ++n) {
        const Share now = share(tree, n);
        const auto it = before.find(nowPaths[n]);
        const Share then = it == before.end() ? Share{} : share(baseline, it->second);
        out[n].metric = {100 * (now.value - then.value), 100 * std::sqrt(now.error * now.error + then.error * then.error), false};
        out[n].known = true;
    }
    return out;
}

std::string flameNodeText(const FlameTree& tree, uint32_t node, const FlameValue& value, const std::string& metricName) {
    const double* s = tree.sumsOf(node);
    const double* root = tree.sumsOf(0);
    const Share share = shareOf(s[ProfileColumns::kWeight], root[ProfileColumns::kWeight], root[ProfileColumns::kSamples]);
    std::string text = tree.nameOf(node) + " (" + printfString("%.0f", s[ProfileColumns::kSamples]) + " samples, " +
                       printfString("%.2f", share.value * 100) + " % of the selection";
    if (metricName.empty()) {
        text += ", self " + printfString("%.2f", value.metric.value * 100) + " %";
    } else if (value.metric.few && !std::isfinite(value.metric.value)) {
        text += ", " + metricName + " ? (too few samples to tell)";
    } else {
        text += ", " + metricName + " " + figure(value.metric.value);
        if (std::isfinite(value.metric.error)) text += " ± " + figure(value.metric.error);
        if (value.metric.few && std::isfinite(value.metric.value)) text += ", too few samples to tell";
    }
    return text + ")";
}

std::array<int, 3> flameColour(double t) {
    t = std::clamp(t, 0.0, 1.0);
    const double r = t < 0.5 ? 80 + 350 * t : 255;
    const double g = t < 0.5 ? 120 + 200 * t : 220 - 300 * (t - 0.5);
    const double b = t < 0.5 ? 230 - 300 * t : 80 - 100 * (t - 0.5);
    auto channel = [](double v) { return static_cast<int>(std::clamp(v, 0.0, 255.0)); };
    return {channel(r), channel(g), channel(b)};
}

} // namespace perfdash
