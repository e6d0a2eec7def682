#include "core/prometheus/RecordingRules.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <numbers>

#include "core/groups/LikwidCounters.h"
#include "core/prometheus/Exposition.h"

namespace perfdash {

namespace {

// The counts of every unit family (Exposition.h); a group's slot is one series per location.
constexpr const char* kEventFamilies = "perfdash_event(_[a-z0-9_]+)?_total";
// The readings of every gauge family (Exposition.h), e.g. perfdash_reading_celsius.
constexpr const char* kReadingFamilies = "perfdash_reading(_[a-z0-9_]+)?";

// Per slot of a group: whether it is a gauge (likwid's TMP0), whose reading is taken as it is, not as a rate.
std::vector<bool> gaugeSlots(const PerformanceGroup& group) {
    std::vector<bool> out;
    for (const GroupSlot& slot : group.events) out.push_back(isGaugeCounter(slot.counter));
    return out;
}

// A formula as a tree; only what translates to PromQL gets one.
struct Node {
    enum class Kind { Number, Slot, Time, Negate, Binary, Function } kind;
    double number = 0;
    size_t slot = 0;
    char op = 0;          // Binary: + - * / ^
    std::string function; // Function: its PromQL name
    std::unique_ptr<Node> left, right;
};
using NodePtr = std::unique_ptr<Node>;

NodePtr makeNode(Node::Kind kind) {
    auto n = std::make_unique<Node>();
    n->kind = kind;
    return n;
}

// muparser's precedence: + - below * / below unary minus below ^ (right-associative).
class FormulaParser {
public:
    FormulaParser(const PerformanceGroup& group, std::string_view text) : group_(group), text_(text) {}

    Result<NodePtr> parse() {
        auto node = sum();
        if (!node) return node;
        skipSpace();
        if (pos_ != text_.size()) return unexpected();
        return node;
    }

private:
    void skipSpace() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
    }
    bool accept(char c) {
        skipSpace();
        if (pos_ < text_.size() && text_[pos_] == c) {
            ++pos_;
            return true;
        }
        return false;
    }
    Error unexpected() const {
        if (pos_ >= text_.size()) return makeError("the formula ends early");
        return makeError("'" + std::string(text_.substr(pos_)) + "' is not a formula part that translates");
    }

    Result<NodePtr> binaryChain(Result<NodePtr> (FormulaParser::*operand)(), std::string_view ops) {
        auto left = (this->*operand)();
        if (!left) return left;
        NodePtr node = std::move(*left);
        for (;;) {
            skipSpace();
            if (pos_ >= text_.size() || ops.find(text_[pos_]) == std::string_view::npos) return node;
            const char op = text_[pos_++];
            auto right = (this->*operand)();
            if (!right) return right;
            NodePtr parent = makeNode(Node::Kind::Binary);
            parent->op = op;
            parent->left = std::move(node);
            parent->right = std::move(*right);
            node = std::move(parent);
        }
    }
    Result<NodePtr> sum() { return binaryChain(&FormulaParser::product, "+-"); }
    Result<NodePtr> product() { return binaryChain(&FormulaParser::unary, "*/"); }

    Result<NodePtr> unary() {
        if (accept('-')) {
            auto operand = unary();
            if (!operand) return operand;
            NodePtr n = makeNode(Node::Kind::Negate);
            n->left = std::move(*operand);
            return n;
        }
        if (accept('+')) return unary();
        return power();
    }

    Result<NodePtr> power() {
        auto base = primary();
        if (!base) return base;
        if (!accept('^')) return base;
        auto exponent = unary();
        if (!exponent) return exponent;
        NodePtr n = makeNode(Node::Kind::Binary);
        n->op = '^';
        n->left = std::move(*base);
        n->right = std::move(*exponent);
        return n;
    }

    Result<NodePtr> primary() {
        skipSpace();
        if (accept('(')) {
            auto inner = sum();
            if (!inner) return inner;
            if (!accept(')')) return unexpected();
            return inner;
        }
        if (pos_ < text_.size() && (std::isdigit(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '.'))
            return number();
        if (pos_ < text_.size() && (std::isalpha(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
            return name();
        return unexpected();
    }

    Result<NodePtr> number() {
        const size_t start = pos_;
        auto digits = [&] {
            while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
        };
        digits();
        if (pos_ < text_.size() && text_[pos_] == '.') ++pos_;
        digits();
        if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
            ++pos_;
            if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
            digits();
        }
        const std::string literal(text_.substr(start, pos_ - start));
        char* end = nullptr;
        const double value = std::strtod(literal.c_str(), &end);
        if (end != literal.c_str() + literal.size()) return makeError("'" + literal + "' is not a number");
        NodePtr n = makeNode(Node::Kind::Number);
        n->number = value;
        return n;
    }

    Result<NodePtr> name() {
        const size_t start = pos_;
        // Counter names may carry likwid options: PMC3:EDGEDETECT.
        while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_' ||
                                       (text_[pos_] == ':' && pos_ + 1 < text_.size() &&
                                        std::isalpha(static_cast<unsigned char>(text_[pos_ + 1])))))
            ++pos_;
        const std::string word(text_.substr(start, pos_ - start));
        for (size_t s = 0; s < group_.events.size(); ++s)
            if (group_.events[s].counter == word || group_.events[s].counterSpec == word) {
                NodePtr n = makeNode(Node::Kind::Slot);
                n->slot = s;
                return n;
            }
        if (word == "time") return makeNode(Node::Kind::Time);
        if (accept('(')) return function(word);
        if (word == "_pi" || word == "_e") {
            NodePtr n = makeNode(Node::Kind::Number);
            n->number = word == "_pi" ? std::numbers::pi : std::numbers::e;
            return n;
        }
        return makeError("'" + word + "' is not exported by the agent, so PromQL cannot use it");
    }

    Result<NodePtr> function(const std::string& word) {
        static const std::vector<std::pair<std::string, std::string>> kFunctions = {
            {"abs", "abs"},   {"sqrt", "sqrt"},   {"exp", "exp"},   {"ln", "ln"},       {"log", "ln"},
            {"log2", "log2"}, {"log10", "log10"}, {"floor", "floor"}, {"ceil", "ceil"}};
        std::string promql;
        for (const auto& [ours, theirs] : kFunctions)
            if (word == ours) promql = theirs;
        if (promql.empty()) return makeError("the function " + word + "() has no PromQL counterpart here");
        auto argument = sum();
        if (!argument) return argument;
        if (!accept(')')) return makeError(word + "() takes one argument here");
        NodePtr n = makeNode(Node::Kind::Function);
        n->function = promql;
        n->left = std::move(*argument);
        return n;
    }

    const PerformanceGroup& group_;
    std::string_view text_;
    size_t pos_ = 0;
};

double evaluate(const Node& n, const std::vector<double>& slots, double time) {
    switch (n.kind) {
    case Node::Kind::Number: return n.number;
    case Node::Kind::Slot: return slots[n.slot];
    case Node::Kind::Time: return time;
    case Node::Kind::Negate: return -evaluate(*n.left, slots, time);
    case Node::Kind::Binary: {
        const double a = evaluate(*n.left, slots, time), b = evaluate(*n.right, slots, time);
        switch (n.op) {
        case '+': return a + b;
        case '-': return a - b;
        case '*': return a * b;
        case '/': return a / b;
        default: return std::pow(a, b);
        }
    }
    case Node::Kind::Function: {
        const double x = evaluate(*n.left, slots, time);
        if (n.function == "abs") return std::fabs(x);
        if (n.function == "sqrt") return std::sqrt(x);
        if (n.function == "exp") return std::exp(x);
        if (n.function == "ln") return std::log(x);
        if (n.function == "log2") return std::log2(x);
        if (n.function == "log10") return std::log10(x);
        if (n.function == "floor") return std::floor(x);
        return std::ceil(x);
    }
    }
    return std::nan("");
}

bool usesSlot(const Node& n) {
    if (n.kind == Node::Kind::Slot) return true;
    return (n.left && usesSlot(*n.left)) || (n.right && usesSlot(*n.right));
}

// Unchanged when every count and the time are scaled alike: a ratio or a rate,
// whose value per second is its value over any window. A gauge's reading is
// no count: a longer window leaves it as it is.
bool isIntensive(const Node& n, const std::vector<bool>& gauge) {
    const size_t slotCount = gauge.size();
    std::vector<double> slots(slotCount), scaled(slotCount);
    constexpr double kScale = 3.7;
    for (size_t i = 0; i < slotCount; ++i) {
        slots[i] = 1000.0 + 37.25 * static_cast<double>(i);
        scaled[i] = gauge[i] ? slots[i] : slots[i] * kScale;
    }
    const double a = evaluate(n, slots, 2.5), b = evaluate(n, scaled, 2.5 * kScale);
    return std::isfinite(a) && std::isfinite(b) && std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b));
}

std::string promqlNumber(double v) {
    char buffer[32];
    auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
    return std::string(buffer, end);
}

// A PromQL string literal's content.
std::string promqlString(std::string_view s) { return escapeLabelValue(s); }

// What a formula's parts become in PromQL: the group's slots, aggregated by `by`, over `window`.
struct PromqlContext {
    const PerformanceGroup& group;
    std::vector<bool> gauge; // per slot
    std::string by;
    std::string window;
};

std::string toPromql(const Node& n, const PromqlContext& c) {
    switch (n.kind) {
    case Node::Kind::Number: return promqlNumber(n.number);
    case Node::Kind::Slot: {
        const std::string series = "group=\"" + promqlString(c.group.name) + "\",counter=\"" +
                                   promqlString(c.group.events[n.slot].counter) + "\"}[" + c.window + "]";
        // A gauge's value over a period is its reading at the period's end, and over locations their average
        // (GaugeStats.h): the window's last reading, averaged over the CPUs aggregated.
        if (c.gauge[n.slot])
            return "avg by (" + c.by + ") (last_over_time({__name__=~\"" + kReadingFamilies + "\"," + series + "))";
        return "sum by (" + c.by + ") (rate({__name__=~\"" + kEventFamilies + "\"," + series + "))";
    }
    case Node::Kind::Time: return "1";
    case Node::Kind::Negate: return "-(" + toPromql(*n.left, c) + ")";
    case Node::Kind::Binary:
        // x / time is x per second: the rates already are.
        if (n.op == '/' && n.right->kind == Node::Kind::Time) return toPromql(*n.left, c);
        return "(" + toPromql(*n.left, c) + " " + n.op + " " + toPromql(*n.right, c) + ")";
    case Node::Kind::Function: return n.function + "(" + toPromql(*n.left, c) + ")";
    }
    return {};
}

// A YAML single-quoted scalar.
std::string yamlQuoted(std::string_view s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
    return out + "'";
}

std::string oneLine(std::string s) {
    for (char& c : s)
        if (c == '\n' || c == '\r') c = ' ';
    return s;
}

} // namespace

Result<std::string> translateFormula(const PerformanceGroup& group, const std::string& formula,
                                     const std::vector<std::string>& aggregationLabels, const std::string& window) {
    auto tree = FormulaParser(group, formula).parse();
    if (!tree) return tree.error();
    const Node& root = **tree;
    if (!usesSlot(root)) return makeError("it uses no counter");
    PromqlContext context{group, gaugeSlots(group), "", window};
    if (!isIntensive(root, context.gauge))
        return makeError("it is an amount over the measured period, not a rate or a ratio, so it has no value per "
                         "rate window (graph increase() of its counters instead)");
    for (const std::string& label : aggregationLabels) context.by += (context.by.empty() ? "" : ", ") + label;
    return toPromql(root, context);
}

RecordingRules formatRecordingRules(const std::vector<PerformanceGroup>& groups, const std::string& window,
                                    bool perCgroup) {
    // The finest level first (its untranslated metrics are the ones listed); a coarser level's metric applies the
    // formula to its CPUs' summed rates, as perfdash's aggregate does.
    using Levels = std::vector<std::pair<std::string, std::vector<std::string>>>;
    static const Levels kCpuLevels = {{"host_cpu", {"host", "cpu"}}, {"host", {"host"}}};
    static const Levels kCgroupLevels = {{"host_cgroup_cpu", {"host", "cgroup", "cpu"}},
                                         {"host_cgroup", {"host", "cgroup"}}};
    const Levels& levels = perCgroup ? kCgroupLevels : kCpuLevels;
    RecordingRules rules;
    std::string& y = rules.yaml;
    y += "# Prometheus recording rules for the counters of 'perfdash-cli serve', made by 'perfdash-cli "
         "prometheus-rules'.\n# Each computes a group's metric over the rate window " + window +
         (perCgroup ? ", per cgroup and CPU (host_cgroup_cpu:) and per cgroup (host_cgroup:), for agents run with "
                      "--cgroup.\n"
                    : ", per CPU (host_cpu:) and per host (host:).\n") +
         "# A gauge (likwid's TMP0, a temperature) enters as its last reading in the window, not as a rate.\n"
         "groups:\n";
    for (const PerformanceGroup& group : groups) {
        y += "  - name: " + yamlQuoted("perfdash_" + metricNameFragment(group.name)) + "\n    rules:\n";
        bool any = false;
        for (const GroupMetric& metric : group.metrics) {
            for (const auto& [level, labels] : levels) {
                auto expr = translateFormula(group, metric.formula, labels, window);
                if (!expr) {
                    if (level == levels.front().first) {
                        rules.untranslated.push_back({group.name, metric.name, expr.error().message});
                        y += "      # not translated: " + oneLine(metric.name) + " = " + oneLine(metric.formula) +
                             ": " + oneLine(expr.error().message) + "\n";
                    }
                    break;
                }
                any = true;
                y += "      - record: " + level + ":perfdash_" + metricNameFragment(group.name) + "_" +
                     metricNameFragment(metric.name) + ":rate" + window + "\n";
                y += "        expr: " + yamlQuoted(*expr) + "\n";
                y += "        labels:\n          group: " + yamlQuoted(group.name) +
                     "\n          metric: " + yamlQuoted(metric.name) + "\n";
            }
        }
        if (!any) y += "      []\n";
    }
    return rules;
}

} // namespace perfdash
