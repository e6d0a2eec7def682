#include "core/profile/FlameGraph.h"

#include <algorithm>
#include <cmath>

#include "core/report/MarkupText.h"
#include "core/util/Strings.h"

namespace perfdash {

namespace {

std::string figure(double v) {
    if (!std::isfinite(v)) return "n/a";
    return printfString("%.4g", v);
}

constexpr double kPad = 10;
constexpr double kFrame = 17;
constexpr double kTop = 60;

// Metric m's values, or (m < 0) the self shares.
std::vector<FlameValue> valuesOf(ColouredTree& drawn, int metric) {
    if (metric >= 0) return std::move(drawn.values[static_cast<size_t>(metric)]);
    std::vector<FlameValue> shares(drawn.tree.nodes.size());
    for (uint32_t n = 0; n < shares.size(); ++n) shares[n] = selfShare(drawn.tree, n);
    return shares;
}

nlohmann::ordered_json nodeJson(const FlameTree& tree, uint32_t node, const std::vector<FlameValue>& values,
                                const std::string& metricName) {
    const double* root = tree.sumsOf(0);
    nlohmann::ordered_json out = {
        {"name", tree.nameOf(node)},
        {"value", tree.samples(node)},
        {"share", shareOf(tree.sumsOf(node)[ProfileColumns::kWeight], root[ProfileColumns::kWeight],
                          root[ProfileColumns::kSamples]).value}};
    if (!metricName.empty()) {
        const MetricValue& v = values[node].metric;
        auto number = [](double x) { return std::isfinite(x) ? nlohmann::ordered_json(x) : nlohmann::ordered_json(nullptr); };
        out["metric"] = {{"name", metricName}, {"value", number(v.value)}, {"error", number(v.error)},
                         {"too_few_samples", v.few}};
    }
    nlohmann::ordered_json children = nlohmann::ordered_json::array();
    for (uint32_t c : tree.children(node)) children.push_back(nodeJson(tree, c, values, metricName));
    out["children"] = children;
    return out;
}

} // namespace

nlohmann::ordered_json flameGraphJson(const Profile& profile, const ProfileSelection& selection,
                                      ProfileMetrics& metrics, int metric, const FlameTree* baseline) {
    ColouredTree drawn = colouredTree(profile, selection, CallTreeView::TopDown, {}, "all", baseline ? nullptr : &metrics);
    const FlameTree& tree = drawn.tree;
    if (baseline) return nodeJson(tree, 0, flameChanges(tree, *baseline), kChangeName);
    const std::vector<FlameValue> values = valuesOf(drawn, metric);
    return nodeJson(tree, 0, values, metric < 0 ? std::string() : metrics.names()[static_cast<size_t>(metric)]);
}

std::string flameGraphSvg(const Profile& p, const ProfileSelection& selection, ProfileMetrics& metrics,
                          const FlameGraphOptions& options) {
    ColouredTree drawn = colouredTree(p, selection, CallTreeView::TopDown, {}, "all (" + selection.description + ")",
                                         options.baseline ? nullptr : &metrics);
    const FlameTree& tree = drawn.tree;
    const std::vector<FlameValue> values =
        options.baseline ? flameChanges(tree, *options.baseline) : valuesOf(drawn, options.metric);
    const std::string metricName = options.baseline       ? std::string(kChangeName)
                                   : options.metric < 0 ? std::string()
                                                        : metrics.names()[static_cast<size_t>(options.metric)];
    const double scale = (options.width - 2 * kPad) / tree.samples(0);
    auto shown = [&](uint32_t n) { return tree.samples(n) * scale >= options.minWidth; };

    // The colours span the values of the boxes drawn, the root's apart.
    double low = INFINITY, high = -INFINITY;
    for (uint32_t n = 1; n < tree.nodes.size(); ++n)
        if (values[n].known && shown(n)) {
            low = std::min(low, values[n].metric.value);
            high = std::max(high, values[n].metric.value);
        }
    // A change is coloured around no change: as much red for a gain as blue for the same loss.
    if (options.baseline && std::isfinite(low)) {
        high = std::max({std::abs(low), std::abs(high), 1e-9});
        low = -high;
    }
    const double height = kTop + (tree.depth + 1) * kFrame + 30;
    const std::string coloured = metricName.empty() ? "self share" : metricName;
    const double percent = metricName.empty() ? 100 : 1;
    const std::string unit = metricName.empty() ? " %" : "";
    std::string legend = "Colour: " + coloured;
    if (std::isfinite(low))
        legend += " from " + figure(low * percent) + unit + " (blue) to " + figure(high * percent) + unit + " (red)";
    if (options.baseline)
        legend += " (blue: a smaller share than in the baseline, red: a larger one; a path only in the baseline has "
                  "no box)";
    else
        legend += "; grey: not known, or too few samples to tell";
    legend += ". Width: samples. Each box's tooltip has its figures.";

    std::string out = printfString("<?xml version=\"1.0\" standalone=\"no\"?>\n"
                                   "<svg version=\"1.1\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
                                   "xmlns=\"http://www.w3.org/2000/svg\">\n",
                                   options.width, height, options.width, height);
    out += "<style>text { font-family: monospace; font-size: 11px; pointer-events: none; } "
           "rect:hover { stroke: black; stroke-width: 0.5; }</style>\n";
    out += printfString("<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"white\"/>\n", options.width, height);
    out += printfString("<text x=\"%.0f\" y=\"20\" text-anchor=\"middle\" style=\"font-size: 15px\">%s</text>\n",
                        options.width / 2, escapeMarkup(options.title).c_str());
    out += printfString("<text x=\"%.0f\" y=\"40\">%s</text>\n", kPad, escapeMarkup(legend).c_str());
    // Parents before children, as the SVG's painter's order wants; children above their caller.
    for (uint32_t n = 0; n < tree.nodes.size(); ++n) {
        if (!shown(n)) continue;
        const FlameNode& node = tree.nodes[n];
        const double x = kPad + node.x * scale, w = tree.samples(n) * scale;
        const double y = kTop + double(tree.depth - node.depth) * kFrame;
        std::string fill = "rgb(200,200,200)";
        if (n > 0 && values[n].known) {
            const auto [r, g, b] = flameColour(high > low ? (values[n].metric.value - low) / (high - low) : 0.5);
            fill = printfString("rgb(%d,%d,%d)", r, g, b);
        }
        out += printfString("<g><title>%s</title><rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\" "
                            "fill=\"%s\" rx=\"2\"/>",
                            escapeMarkup(flameNodeText(tree, n, values[n], metricName)).c_str(), x, y, w, kFrame - 1, fill.c_str());
        const size_t chars = static_cast<size_t>(std::max(0.0, (w - 6) / 7));
        if (chars >= 3) {
            const std::string& name = tree.nameOf(n);
            const std::string label = name.size() <= chars ? name : name.substr(0, chars - 2) + "..";
            out += printfString("<text x=\"%.2f\" y=\"%.1f\">%s</text>", x + 3, y + kFrame - 5, escapeMarkup(label).c_str());
        }
        out += "</g>\n";
    }
    out += "</svg>\n";
    return out;
}

} // namespace perfdash
