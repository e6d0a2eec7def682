#include "core/interchange/Speedscope.h"

#include <cmath>
#include <unordered_map>

#include "core/interchange/ExportValues.h"
#include "core/profile/FlameTree.h"

namespace perfdash {

namespace {

// A function's source file by the name its frames are shown with: the first one known.
std::unordered_map<std::string, std::string> filesByLabel(const Profile& p) {
    std::unordered_map<std::string, std::string> out;
    for (uint32_t f = 0; f < p.frames.size(); ++f)
        if (p.frames[f].file != 0) out.try_emplace(frameLabel(p, f), p.string(p.frames[f].file));
    return out;
}

std::string title(const ExportSource& source, const ProfileSelection& selection) {
    std::string out = source.name.empty() ? std::string("perfdash profile") : source.name;
    out += ": " + selection.description;
    if (!source.synthetic.empty()) out += " (synthetic: " + source.synthetic + ")";
    return out;
}

} // namespace

nlohmann::ordered_json speedscopeJson(const Profile& p, const ProfileSelection& selection,
                                      const SpeedscopeOptions& options) {
    using ojson = nlohmann::ordered_json;
    const FlameTree tree = callTree(p, selection, CallTreeView::TopDown, {}, "all");
    const std::vector<ExportValue> values = exportValues(p);

    // The tree's names as frames, each once, in the order the stacks meet them.
    const auto files = filesByLabel(p);
    ojson frames = ojson::array();
    std::vector<int64_t> frameOfName(tree.names.size(), -1);
    auto frameOf = [&](uint32_t node) {
        int64_t& f = frameOfName[tree.nodes[node].name];
        if (f < 0) {
            f = static_cast<int64_t>(frames.size());
            ojson frame = {{"name", tree.nameOf(node)}};
            if (const auto it = files.find(tree.nameOf(node)); it != files.end()) frame["file"] = it->second;
            frames.push_back(std::move(frame));
        }
        return f;
    };

    // A stack per node with samples of its own: what is left of its sums
    // once its children's are taken away, for every value alike.
    ojson stacks = ojson::array();
    std::vector<ojson> weights(values.size(), ojson::array());
    std::vector<double> totals(values.size(), 0.0);
    std::vector<double> own(tree.columns);
    for (uint32_t n = 1; n < tree.nodes.size(); ++n) {
        own.assign(tree.sumsOf(n), tree.sumsOf(n) + tree.columns);
        for (uint32_t c : tree.children(n))
            for (size_t col = 0; col < tree.columns; ++col) own[col] -= tree.sumsOf(c)[col];
        if (own[ProfileColumns::kSamples] <= 0) continue;
        std::vector<int64_t> stack;
        for (uint32_t at = n; at != 0; at = tree.nodes[at].parent) stack.push_back(frameOf(at));
        stacks.push_back(ojson(std::vector<int64_t>(stack.rbegin(), stack.rend())));
        for (size_t v = 0; v < values.size(); ++v) {
            weights[v].push_back(std::llround(own[values[v].column])); // sums of whole counts
            totals[v] += own[values[v].column];
        }
    }

    ojson profiles = ojson::array();
    for (size_t v = 0; v < values.size(); ++v)
        profiles.push_back({{"type", "sampled"},
                            {"name", values[v].name},
                            {"unit", values[v].nanoseconds ? "nanoseconds" : "none"},
                            {"startValue", 0},
                            {"endValue", totals[v]},
                            {"samples", stacks},
                            {"weights", std::move(weights[v])}});
    return {{"$schema", "https://www.speedscope.app/file-format-schema.json"},
            {"shared", {{"frames", std::move(frames)}}},
            {"profiles", std::move(profiles)},
            {"name", title(options.source, selection)},
            {"activeProfileIndex", kExportWeight},
            {"exporter", "perfdash " PERFDASH_VERSION}};
}

} // namespace perfdash
