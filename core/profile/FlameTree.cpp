#include "core/profile/FlameTree.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_map>

#include "core/util/IdMap.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

// Node ids of a tree being grown: a child found by its parent and name.
class Grower {
public:
    explicit Grower(FlameTree& tree) : tree_(tree) {}
    void reserve(size_t nodes) {
        children_.reserve(nodes);
        tree_.nodes.reserve(nodes + 1);
    }

    uint32_t name(const std::string& text) {
        auto [it, added] = nameIds_.try_emplace(text, static_cast<uint32_t>(tree_.names.size()));
        if (added) tree_.names.push_back(text);
        return it->second;
    }
    uint32_t child(uint32_t parent, uint32_t name) {
        const auto [id, added] = children_.tryEmplace((uint64_t(parent) << 32) | name, static_cast<uint32_t>(tree_.nodes.size()));
        if (added) {
            FlameNode node;
            node.name = name;
            node.parent = parent;
            node.depth = tree_.nodes[parent].depth + 1;
            tree_.depth = std::max<size_t>(tree_.depth, node.depth);
            tree_.nodes.push_back(node);
        }
        return id;
    }

private:
    FlameTree& tree_;
    std::unordered_map<std::string, uint32_t> nameIds_;
    IdMap children_;
};

std::string figure(double v) { return std::isfinite(v) ? printfString("%.4g", v) : "n/a"; }

} // namespace

namespace {

// A view's nodes, before their sums: each slot's rows (summed) end at leafOf.
struct Grown {
    FlameTree tree; // names, nodes (not yet linked) and columns
    std::vector<double> slotSums; // slots × columns
    std::vector<uint32_t> leafOf; // per slot: its node, or kNotShown
};
constexpr uint32_t kNotShown = UINT32_MAX;

Grown grow(const Profile& p, const ProfileSelection& selection, CallTreeView view, const std::string& function,
           const std::string& rootName) {
    Grown out;
    FlameTree& tree = out.tree;
    tree.columns = p.columns().count();
    Grower grow(tree);
    tree.nodes.emplace_back().name = grow.name(rootName);
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
    std::set<uint64_t> states; // the (process, stack state) pairs: each the root of a copy of the profile's tree
    std::vector<double>& slotSums = out.slotSums;
    std::vector<uint32_t> processOf(p.threads.size(), UINT32_MAX); // each thread's process name, once
    std::vector<uint32_t> processIndex;                            // by name: its dense table, or kSparse
    constexpr size_t kDense = 8;
    constexpr uint32_t kNone = UINT32_MAX;
    std::vector<std::vector<uint32_t>> dense;
    IdMap sparse;
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
        const auto next = uint32_t(slots.size());
        uint32_t slot;
        if (processIndex[process] != kNone) {
            uint32_t& known = dense[processIndex[process]][size_t(k.node) * 2 + (complete ? 0 : 1)];
            if (known == kNone) known = next;
            slot = known;
        } else {
            slot = sparse.tryEmplace((uint64_t(k.node) << 32) | (uint64_t(process) << 1) | (complete ? 0 : 1), next).first;
        }
        if (slot == next) {
            states.insert((uint64_t(process) << 1) | (complete ? 0 : 1));
            slots.push_back({k.node, process, complete});
            slotSums.resize(slotSums.size() + count, 0.0);
        }
        double* into = slotSums.data() + size_t(slot) * count;
        const double* row = p.row(r);
        for (size_t c = 0; c < count; ++c) into[c] += row[c];
    }
    dense.clear();

    // Then each slot's call path in the view's order, its frames' labels found once.
    std::vector<uint32_t> labels(p.frames.size(), UINT32_MAX);
    std::vector<uint32_t> paths, ends(slots.size(), 0); // slot sl's path: paths[ends[sl - 1], ends[sl])
    std::vector<uint32_t>& leafOf = out.leafOf;
    leafOf.assign(slots.size(), 0); // an empty path ends at the root (Callees: the function's own samples)
    std::vector<uint32_t> path;
    for (size_t sl = 0; sl < slots.size(); ++sl) {
        const auto [node, process, complete] = slots[sl];
        p.pathOf(node, path);
        for (uint32_t& f : path) {
            if (labels[f] == UINT32_MAX) labels[f] = grow.name(frameLabel(p, f));
            f = labels[f];
        }
        // The outermost call of the chosen function: a recursion counts once.
        const auto first = std::find(path.begin(), path.end(), chosen);
        const bool through = first != path.end();
        const bool chosenOnly = view == CallTreeView::Callees || view == CallTreeView::Callers;
        if (chosenOnly && !through) {
            ends[sl] = uint32_t(paths.size());
            leafOf[sl] = kNotShown;
            continue;
        }
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
        paths.insert(paths.end(), path.begin(), path.end());
        ends[sl] = uint32_t(paths.size());
    }
    // The nodes then: no more than the paths' frames, nor (top down) the profile's nodes under each process and
    // stack state. A table grown by doubling wrote twice the memory, and on a virtual machine each page first
    // written costs microseconds.
    grow.reserve(view == CallTreeView::TopDown ? std::min(paths.size(), (p.nodes.size() + 2) * states.size()) : paths.size());
    for (size_t sl = 0, from = 0; sl < slots.size(); from = ends[sl++]) {
        if (leafOf[sl] == kNotShown) continue;
        uint32_t at = 0;
        for (size_t i = from; i < ends[sl]; ++i) at = grow.child(at, paths[i]);
        leafOf[sl] = at;
    }
    return out;
}

// Each node's sums of `columns` of the slots' columns: those that end at it, then those through it.
std::vector<double> summed(const Grown& g, size_t columns) {
    const size_t count = g.tree.columns;
    std::vector<double> sums(g.tree.nodes.size() * columns, 0.0);
    for (size_t sl = 0; sl < g.leafOf.size(); ++sl) {
        if (g.leafOf[sl] == kNotShown) continue;
        const double* from = g.slotSums.data() + sl * count;
        double* into = sums.data() + size_t(g.leafOf[sl]) * columns;
        for (size_t c = 0; c < columns; ++c) into[c] += from[c];
    }
    return sums;
}

// From each node's own sums, its subtree's: a parent comes before its children, so one pass from the back.
void addSubtrees(const FlameTree& tree, std::vector<double>& sums, size_t columns) {
    for (size_t n = tree.nodes.size(); n-- > 1;) {
        const double* from = sums.data() + n * columns;
        double* into = sums.data() + size_t(tree.nodes[n].parent) * columns;
        for (size_t c = 0; c < columns; ++c) into[c] += from[c];
    }
}

std::vector<double> selfColumns(const std::vector<double>& ends, size_t columns, size_t nodes) {
    std::vector<double> self(nodes * FlameTree::kSelfColumns);
    for (size_t n = 0; n < nodes; ++n)
        for (size_t c = 0; c < FlameTree::kSelfColumns; ++c) self[n * FlameTree::kSelfColumns + c] = ends[n * columns + c];
    return self;
}

void setValue(FlameValue& v, const MetricValue& m) {
    v.metric = m;
    v.known = std::isfinite(m.value) && !m.few;
}

} // namespace

FlameValue selfShare(const FlameTree& tree, uint32_t node) {
    const double all = tree.sumsOf(node)[ProfileColumns::kWeight];
    FlameValue v;
    setValue(v, {all > 0 ? tree.selfOf(node)[ProfileColumns::kWeight] / all : 0.0, 0.0, !(all > 0)});
    return v;
}

FlameTree callTree(const Profile& p, const ProfileSelection& selection, CallTreeView view, const std::string& function,
                   const std::string& rootName) {
    Grown g = grow(p, selection, view, function, rootName);
    FlameTree& tree = g.tree;
    std::vector<double> sums = summed(g, tree.columns);
    tree.self = selfColumns(sums, tree.columns, tree.nodes.size());
    addSubtrees(tree, sums, tree.columns);
    tree.sums = std::move(sums);
    tree.link();
    return std::move(tree);
}

ColouredTree colouredTree(const Profile& p, const ProfileSelection& selection, CallTreeView view,
                          const std::string& function, const std::string& rootName, ProfileMetrics* metrics) {
    Grown g = grow(p, selection, view, function, rootName);
    FlameTree& tree = g.tree;
    const size_t count = tree.columns;
    constexpr size_t kKept = FlameTree::kSelfColumns;
    std::vector<double> sums = summed(g, kKept);
    tree.self = sums;
    addSubtrees(tree, sums, kKept);
    tree.sums = std::move(sums);
    tree.columns = kKept;
    tree.link();
    ColouredTree out;
    const size_t colourings = metrics ? metrics->count() : 0;
    out.values.assign(colourings, std::vector<FlameValue>(tree.nodes.size()));
    if (colourings == 0 || tree.samples(0) < ProfileMetrics::kMinSamples) {
        out.tree = std::move(tree);
        return out;
    }
    // The metrics of the nodes with enough samples to tell, from all columns summed for them alone: a node's
    // ancestors have at least its samples, so they are a subtree from the root, and each slot's rows go to
    // its deepest such node, then up.
    std::vector<uint32_t> fullOf(tree.nodes.size(), kNotShown);
    std::vector<uint32_t> told; // in node order: a parent before its children
    for (uint32_t n = 0; n < tree.nodes.size(); ++n)
        if (tree.samples(n) >= ProfileMetrics::kMinSamples) {
            fullOf[n] = uint32_t(told.size());
            told.push_back(n);
        }
    std::vector<double> full(told.size() * count, 0.0);
    for (size_t sl = 0; sl < g.leafOf.size(); ++sl) {
        uint32_t at = g.leafOf[sl];
        if (at == kNotShown) continue;
        while (fullOf[at] == kNotShown) at = tree.nodes[at].parent;
        const double* from = g.slotSums.data() + sl * count;
        double* into = full.data() + size_t(fullOf[at]) * count;
        for (size_t c = 0; c < count; ++c) into[c] += from[c];
    }
    std::vector<double> node(count);
    for (size_t t = told.size(); t-- > 0;) {
        const double* from = full.data() + t * count;
        if (t > 0) {
            double* into = full.data() + size_t(fullOf[tree.nodes[told[t]].parent]) * count;
            for (size_t c = 0; c < count; ++c) into[c] += from[c];
        }
        node.assign(from, from + count);
        const std::vector<MetricValue> values = metrics->evaluate(node);
        for (size_t m = 0; m < values.size(); ++m) setValue(out.values[m][told[t]], values[m]);
    }
    out.tree = std::move(tree);
    return out;
}

void FlameTree::link() {
    // The children grouped by parent, in node order (a counting sort): each node's count, then the end of its
    // range, then each child put just before its parent's end, from the last node back.
    for (FlameNode& n : nodes) n.firstChild = 0;
    for (size_t n = 1; n < nodes.size(); ++n) ++nodes[nodes[n].parent].firstChild;
    uint32_t end = 0;
    for (FlameNode& n : nodes) {
        end += n.firstChild;
        n.firstChild = end;
    }
    childIds.assign(end, 0);
    for (auto n = uint32_t(nodes.size()); n-- > 1;) childIds[--nodes[nodes[n].parent].firstChild] = n;
    // The names ranked once: siblings are then sorted by a number, not by comparing strings.
    std::vector<uint32_t> order(names.size()), rank(names.size());
    for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return names[a] < names[b]; });
    for (uint32_t i = 0; i < order.size(); ++i) rank[order[i]] = i;
    nodes[0].x = 0;
    for (uint32_t node = 0; node < nodes.size(); ++node) {
        const auto from = childIds.begin() + nodes[node].firstChild, to = from + children(node).size();
        std::sort(from, to, [&](uint32_t a, uint32_t b) { return rank[nodes[a].name] < rank[nodes[b].name]; });
        double x = nodes[node].x; // a parent comes before its children: its own x is known
        for (auto c = from; c != to; ++c) {
            nodes[*c].x = x;
            x += samples(*c);
        }
    }
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
