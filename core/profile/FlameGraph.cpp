#include "core/profile/FlameGraph.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/util/Strings.h"

namespace perfdash {

namespace {

struct Box {
    std::vector<double> sums;
    std::vector<double> self; // samples that end here
    std::map<std::string, Box> children;
};

std::string xml(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    }
    return out;
}

void add(std::vector<double>& into, const double* row, size_t count) {
    if (into.empty()) into.assign(count, 0.0);
    for (size_t c = 0; c < count; ++c) into[c] += row[c];
}

size_t depthOf(const Box& b) {
    size_t d = 0;
    for (const auto& [name, child] : b.children) d = std::max(d, depthOf(child));
    return d + 1;
}

// From blue (low) through yellow to red (high), t in [0, 1].
std::string colour(double t) {
    t = std::clamp(t, 0.0, 1.0);
    const double r = t < 0.5 ? 80 + 350 * t : 255;
    const double g = t < 0.5 ? 120 + 200 * t : 220 - 300 * (t - 0.5);
    const double b = t < 0.5 ? 230 - 300 * t : 80 - 100 * (t - 0.5);
    return printfString("rgb(%d,%d,%d)", int(std::clamp(r, 0.0, 255.0)), int(std::clamp(g, 0.0, 255.0)),
                        int(std::clamp(b, 0.0, 255.0)));
}

std::string figure(double v) {
    if (!std::isfinite(v)) return "n/a";
    return printfString("%.4g", v);
}

class Renderer {
public:
    Renderer(ProfileMetrics& metrics, const FlameGraphOptions& options, double totalSamples, double totalWeight,
             size_t depth)
        : metrics_(metrics), options_(options), totalSamples_(totalSamples), totalWeight_(totalWeight), depth_(depth) {}

    // The value a box is coloured by, and whether it is precise enough to colour.
    std::pair<double, bool> value(const Box& b) {
        if (options_.metric < 0) {
            const double self = b.self.empty() ? 0 : b.self[ProfileColumns::kWeight];
            const double all = b.sums[ProfileColumns::kWeight];
            return {all > 0 ? self / all : 0.0, all > 0};
        }
        const MetricValue v = metrics_.evaluate(b.sums)[static_cast<size_t>(options_.metric)];
        return {v.value, std::isfinite(v.value) && !v.few};
    }
    void range(const Box& b) {
        for (const auto& [name, child] : b.children) {
            if (width(child) >= options_.minWidth) {
                const auto [v, ok] = value(child);
                if (ok) {
                    low_ = std::min(low_, v);
                    high_ = std::max(high_, v);
                }
            }
            range(child);
        }
    }
    double width(const Box& b) const {
        return b.sums[ProfileColumns::kSamples] / totalSamples_ * (options_.width - 2 * kPad);
    }
    void draw(const std::string& name, const Box& b, double x, size_t level, std::string& out) {
        const double w = width(b);
        if (w < options_.minWidth) return;
        const double y = kTop + (depth_ - 1 - level) * kFrame;
        const double samples = b.sums[ProfileColumns::kSamples];
        const Share share = shareOf(b.sums[ProfileColumns::kWeight], totalWeight_, totalSamples_);
        std::string title = name + " (" + printfString("%.0f", samples) + " samples, " +
                            printfString("%.2f", share.value * 100) + " %";
        std::string fill = "rgb(200,200,200)";
        if (level > 0 || options_.metric >= 0) {
            const auto [v, ok] = value(b);
            if (options_.metric >= 0) {
                const MetricValue m = metrics_.evaluate(b.sums)[static_cast<size_t>(options_.metric)];
                title += ", " + metrics_.names()[static_cast<size_t>(options_.metric)] + " " + figure(m.value);
                if (std::isfinite(m.error)) title += " ± " + figure(m.error);
                if (m.few && std::isfinite(m.value)) title += ", too few samples to tell";
            } else {
                title += ", self " + printfString("%.2f", v * 100) + " %";
            }
            if (ok) fill = colour(high_ > low_ ? (v - low_) / (high_ - low_) : 0.5);
        }
        title += ")";
        out += printfString("<g><title>%s</title><rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\" fill=\"%s\" "
                            "rx=\"2\"/>",
                            xml(title).c_str(), x, y, w, kFrame - 1, fill.c_str());
        const size_t chars = static_cast<size_t>(std::max(0.0, (w - 6) / 7));
        if (chars >= 3) {
            std::string label = name.size() <= chars ? name : name.substr(0, chars - 2) + "..";
            out += printfString("<text x=\"%.2f\" y=\"%.1f\">%s</text>", x + 3, y + kFrame - 5, xml(label).c_str());
        }
        out += "</g>\n";
        double childX = x;
        for (const auto& [childName, child] : b.children) {
            draw(childName, child, childX, level + 1, out);
            childX += width(child);
        }
    }
    double low() const { return low_; }
    double high() const { return high_; }

    static constexpr double kPad = 10;
    static constexpr double kFrame = 17;
    static constexpr double kTop = 60;

private:
    ProfileMetrics& metrics_;
    const FlameGraphOptions& options_;
    double totalSamples_, totalWeight_;
    size_t depth_;
    double low_ = INFINITY, high_ = -INFINITY;
};

} // namespace

namespace {

Box buildTree(const Profile& p, const ProfileSelection& selection) {
    Box root;
    const size_t count = p.columns().count();
    for (size_t r : selection.rows) {
        const RowKey& k = p.keys[r];
        const double* row = p.row(r);
        add(root.sums, row, count);
        const ProfileThread& t = p.threads[k.thread];
        Box* at = &root.children[t.comm.empty() ? "[pid " + std::to_string(t.pid) + "]" : t.comm];
        add(at->sums, row, count);
        if (k.stack != StackState::Complete) {
            at = &at->children["[incomplete stack]"];
            add(at->sums, row, count);
        }
        for (uint32_t f : p.pathOf(k.node)) {
            at = &at->children[frameLabel(p, f)];
            add(at->sums, row, count);
        }
        add(at->self, row, count);
    }
    return root;
}

nlohmann::ordered_json boxJson(const std::string& name, const Box& b, ProfileMetrics& metrics, int metric,
                               double totalWeight, double totalSamples) {
    nlohmann::ordered_json out = {{"name", name},
                                  {"value", b.sums[ProfileColumns::kSamples]},
                                  {"share", shareOf(b.sums[ProfileColumns::kWeight], totalWeight, totalSamples).value}};
    if (metric >= 0) {
        const MetricValue v = metrics.evaluate(b.sums)[static_cast<size_t>(metric)];
        auto number = [](double x) { return std::isfinite(x) ? nlohmann::ordered_json(x) : nlohmann::ordered_json(nullptr); };
        out["metric"] = {{"name", metrics.names()[static_cast<size_t>(metric)]},
                         {"value", number(v.value)},
                         {"error", number(v.error)},
                         {"too_few_samples", v.few}};
    }
    nlohmann::ordered_json children = nlohmann::ordered_json::array();
    for (const auto& [childName, child] : b.children)
        children.push_back(boxJson(childName, child, metrics, metric, totalWeight, totalSamples));
    out["children"] = children;
    return out;
}

} // namespace

nlohmann::ordered_json flameGraphJson(const Profile& profile, const ProfileSelection& selection,
                                      ProfileMetrics& metrics, int metric) {
    const Box root = buildTree(profile, selection);
    return boxJson("all", root, metrics, metric, root.sums[ProfileColumns::kWeight], root.sums[ProfileColumns::kSamples]);
}

std::string flameGraphSvg(const Profile& p, const ProfileSelection& selection, ProfileMetrics& metrics,
                          const FlameGraphOptions& options) {
    const Box root = buildTree(p, selection);
    const size_t depth = depthOf(root);
    Renderer renderer(metrics, options, root.sums[ProfileColumns::kSamples], root.sums[ProfileColumns::kWeight], depth);
    renderer.range(root);
    const double height = Renderer::kTop + depth * Renderer::kFrame + 30;
    const std::string coloured = options.metric < 0 ? "self share" : metrics.names()[static_cast<size_t>(options.metric)];
    std::string legend = "Colour: " + coloured;
    if (std::isfinite(renderer.low()))
        legend += " from " + figure(options.metric < 0 ? renderer.low() * 100 : renderer.low()) +
                  (options.metric < 0 ? " %" : "") + " (blue) to " +
                  figure(options.metric < 0 ? renderer.high() * 100 : renderer.high()) + (options.metric < 0 ? " %" : "") +
                  " (red)";
    legend += "; grey: not known, or too few samples to tell. Width: samples. Each box's tooltip has its figures.";

    std::string out = printfString("<?xml version=\"1.0\" standalone=\"no\"?>\n"
                                   "<svg version=\"1.1\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
                                   "xmlns=\"http://www.w3.org/2000/svg\">\n",
                                   options.width, height, options.width, height);
    out += "<style>text { font-family: monospace; font-size: 11px; pointer-events: none; } "
           "rect:hover { stroke: black; stroke-width: 0.5; }</style>\n";
    out += printfString("<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"white\"/>\n", options.width, height);
    out += printfString("<text x=\"%.0f\" y=\"20\" text-anchor=\"middle\" style=\"font-size: 15px\">%s</text>\n",
                        options.width / 2, xml(options.title).c_str());
    out += printfString("<text x=\"%.0f\" y=\"40\">%s</text>\n", Renderer::kPad, xml(legend).c_str());
    renderer.draw("all (" + selection.description + ")", root, Renderer::kPad, 0, out);
    out += "</svg>\n";
    return out;
}

} // namespace perfdash
