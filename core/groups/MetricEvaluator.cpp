#include "core/groups/MetricEvaluator.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>

#include <muParser.h>

#include "core/util/Strings.h"

namespace perfdash {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Binary operators of our own instead of muparser's built-ins: x/0 must be
// NaN (muparser gives inf, and 1/(x/0) would then be a silent 0), and x^0
// must not turn a missing x into 1.
double divide(double a, double b) { return b == 0 ? kNaN : a / b; }
double add(double a, double b) { return a + b; }
double subtract(double a, double b) { return a - b; }
double multiply(double a, double b) { return a * b; }
double power(double a, double b) { return std::isnan(a) || std::isnan(b) ? kNaN : std::pow(a, b); }

// muparser's min/max drop a NaN argument depending on its position; a
// missing input must make the result missing.
double nanAwareMin(const double* v, int n) {
    double r = v[0];
    for (int i = 0; i < n; ++i) {
        if (std::isnan(v[i])) return kNaN;
        r = std::min(r, v[i]);
    }
    return r;
}
double nanAwareMax(const double* v, int n) {
    double r = v[0];
    for (int i = 0; i < n; ++i) {
        if (std::isnan(v[i])) return kNaN;
        r = std::max(r, v[i]);
    }
    return r;
}
double sum(const double* v, int n) {
    double r = 0;
    for (int i = 0; i < n; ++i) r += v[i];
    return r;
}
double average(const double* v, int n) { return sum(v, n) / n; }
double floorOf(double v) { return std::floor(v); }
double ceilOf(double v) { return std::ceil(v); }
double cubeRoot(double v) { return std::cbrt(v); }
double arcSine(double v) { return std::asin(v); }
double arcCosine(double v) { return std::acos(v); }
double arcTangent(double v) { return std::atan(v); }

bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// A counter written with options ("PMC3:EDGEDETECT") is a name in likwid's
// formulas. muparser names cannot hold ':' or '=', so such names are replaced
// by a same-length spelling ("PMC3_EDGEDETECT"): error positions stay valid.
std::string plainSpelling(const std::string& name) {
    std::string out = name;
    for (auto& c : out)
        if (!isNameChar(c)) c = '_';
    return out;
}

std::string replaceName(const std::string& formula, const std::string& from, const std::string& to) {
    std::string out = formula;
    size_t pos = 0;
    while ((pos = out.find(from, pos)) != std::string::npos) {
        const size_t end = pos + from.size();
        const bool startsName = pos == 0 || !isNameChar(out[pos - 1]);
        const bool endsName = end == out.size() || !isNameChar(out[end]);
        if (startsName && endsName) out.replace(pos, from.size(), to);
        pos = end;
    }
    return out;
}

// Name-like words include ':' and '=' so that an unknown "PMC3:EDGEDETECT"
// is quoted whole.
bool inWord(char c) { return isNameChar(c) || c == ':' || c == '=' || c == '.'; }

// The word that starts at `pos` (where muparser reports an unknown token).
std::string wordFrom(const std::string& formula, size_t pos) {
    size_t e = std::min(pos, formula.size());
    while (e < formula.size() && inWord(formula[e])) ++e;
    return formula.substr(std::min(pos, e), e - std::min(pos, e));
}

// The word that contains `pos`.
std::string wordAround(const std::string& formula, size_t pos) {
    size_t b = std::min(pos, formula.size());
    while (b > 0 && inWord(formula[b - 1])) --b;
    return wordFrom(formula, b);
}

void setUpLanguage(mu::Parser& p) {
    p.EnableBuiltInOprt(false);
    p.DefineOprt("+", add, mu::prADD_SUB, mu::oaLEFT, true);
    p.DefineOprt("-", subtract, mu::prADD_SUB, mu::oaLEFT, true);
    p.DefineOprt("*", multiply, mu::prMUL_DIV, mu::oaLEFT, true);
    p.DefineOprt("/", divide, mu::prMUL_DIV, mu::oaLEFT, true);
    p.DefineOprt("^", power, mu::prPOW, mu::oaRIGHT, true);
    p.DefineFun("min", nanAwareMin);
    p.DefineFun("max", nanAwareMax);
    p.DefineFun("sum", sum);
    p.DefineFun("avg", average);
    p.DefineFun("floor", floorOf);
    p.DefineFun("ceil", ceilOf);
    p.DefineFun("cbrt", cubeRoot);
    p.DefineFun("arcsin", arcSine);
    p.DefineFun("arccos", arcCosine);
    p.DefineFun("arctan", arcTangent);
    p.DefineConst("true", 1.0);
    p.DefineConst("false", 0.0);
}

} // namespace

const std::vector<FormulaName>& formulaVariables() {
    static const std::vector<FormulaName> names = {
        {"time", "seconds the counts cover: the interval, or the whole run"},
        {"inverseClock", "1 / nominal core clock in Hz (cycles * inverseClock = seconds at nominal clock)"},
        {"num_sockets", "number of sockets"},
        {"num_numadomains", "number of NUMA domains"},
        {"num_cpus", "number of CPUs the values cover"},
        {"true", "1 (as in likwid)"},
        {"false", "0 (as in likwid)"},
    };
    return names;
}

const std::vector<FormulaName>& formulaFunctions() {
    static const std::vector<FormulaName> names = {
        {"min(a, b, ...)", "smallest argument (n/a if any is n/a)"},
        {"max(a, b, ...)", "largest argument (n/a if any is n/a)"},
        {"sum(a, b, ...)", "sum of the arguments"},
        {"avg(a, b, ...)", "mean of the arguments"},
        {"abs(x)", "absolute value"},
        {"sqrt(x)", "square root"},
        {"cbrt(x)", "cube root"},
        {"log(x), ln(x)", "natural logarithm (as in likwid's calculator)"},
        {"log10(x), log2(x)", "logarithm to base 10 or 2"},
        {"exp(x)", "e to the power x"},
        {"floor(x), ceil(x), rint(x)", "round down, up, to nearest"},
        {"sign(x)", "-1, 0 or 1"},
        {"sin cos tan asin acos atan (arcsin arccos arctan) sinh cosh tanh", "trigonometry, radians"},
        {"_pi, _e", "the constants pi and e"},
    };
    return names;
}

namespace {

// Sized once by the compiler; the parsers hold pointers into slots and env.
struct CompiledFormulas {
    std::vector<double> slots;
    MetricEnvironment env;
    std::vector<std::unique_ptr<mu::Parser>> metrics;
    std::vector<std::vector<size_t>> inputs; // per metric: the slots its formula reads
    std::set<std::string> variablesRead;     // the formula variables any metric reads
};

class Compiler {
public:
    Compiler(const PerformanceGroup& group, CompiledFormulas& impl) : group_(group), impl_(impl) {}

    std::vector<std::string> run() {
        impl_.slots.assign(group_.events.size(), kNaN);
        collectNames();
        if (!problems_.empty()) return problems_;
        for (const auto& metric : group_.metrics) compileMetric(metric);
        return problems_;
    }

private:
    void problem(int line, const std::string& message) {
        problems_.push_back(group_.sourceFile + ":" + std::to_string(line) + ": " + message);
    }

    void bind(mu::Parser& p) {
        for (const auto& [name, slot] : slotByName_) p.DefineVar(name, &impl_.slots[slot]);
        p.DefineVar("time", &impl_.env.time);
        p.DefineVar("inverseClock", &impl_.env.inverseClock);
        p.DefineVar("num_sockets", &impl_.env.numSockets);
        p.DefineVar("num_numadomains", &impl_.env.numNumaDomains);
        p.DefineVar("num_cpus", &impl_.env.numCpus);
    }

    // Every name the formula language already uses, so a counter cannot shadow one.
    static std::vector<std::string> reservedNames() {
        mu::Parser p;
        setUpLanguage(p);
        std::vector<std::string> out;
        for (const auto& v : formulaVariables()) out.push_back(v.name);
        for (const auto& [name, callback] : p.GetFunDef()) out.push_back(name);
        for (const auto& [name, value] : p.GetConst()) out.push_back(name);
        return out;
    }

    void collectNames() {
        const auto reserved = reservedNames();
        for (size_t i = 0; i < group_.events.size(); ++i) {
            const GroupSlot& slot = group_.events[i];
            if (std::find(reserved.begin(), reserved.end(), slot.counter) != reserved.end()) {
                problem(slot.line, "counter '" + slot.counter +
                                       "' has the name of a formula variable or function; rename the counter");
                continue;
            }
            addName(slot.counter, i, slot.line);
            if (slot.counterSpec != slot.counter) {
                aliases_.emplace_back(slot.counterSpec, plainSpelling(slot.counterSpec));
                addName(aliases_.back().second, i, slot.line);
            }
            counterList_.push_back(slot.counterSpec);
        }
        // Longest first, so "PMC3:EDGEDETECT:THRESHOLD=1" is not cut at "PMC3:EDGEDETECT".
        std::sort(aliases_.begin(), aliases_.end(),
                  [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
    }

    void addName(const std::string& name, size_t slot, int line) {
        auto [it, inserted] = slotByName_.emplace(name, slot);
        if (!inserted && it->second != slot)
            problem(line, "counter name '" + name + "' clashes with the counter on line " +
                              std::to_string(group_.events[it->second].line) + "; rename one of them");
    }

    std::string knownNames() const {
        std::vector<std::string> vars;
        for (const auto& v : formulaVariables()) vars.push_back(v.name);
        return "formulas can use the EVENTSET counters (" + join(counterList_, ", ") + "), " + join(vars, ", ") +
               " and functions such as min, max, sum, avg, abs, sqrt, log, exp, floor, ceil";
    }

    void unknownName(const GroupMetric& metric, const std::string& name) {
        std::vector<std::string> candidates = counterList_;
        for (const auto& v : formulaVariables()) candidates.push_back(v.name);
        std::string message = "metric '" + metric.name + "': unknown name '" + name + "' in formula '" +
                              metric.formula + "'";
        if (auto close = closestMatches(name, candidates, 3); !close.empty())
            message += " (did you mean " + join(close, " or ") + "?)";
        problem(metric.line, message + "; " + knownNames());
    }

    void compileMetric(const GroupMetric& metric) {
        std::string expression = metric.formula;
        for (const auto& [spelled, plain] : aliases_) expression = replaceName(expression, spelled, plain);
        if (expression.find('?') != std::string::npos)
            return problem(metric.line, "metric '" + metric.name + "': conditional expressions (a ? b : c) are "
                                        "not supported in formula '" + metric.formula + "'");
        if (const size_t colon = expression.find(':'); colon != std::string::npos)
            return unknownName(metric, wordAround(metric.formula, colon));

        auto parser = std::make_unique<mu::Parser>();
        try {
            setUpLanguage(*parser);
            bind(*parser);
            parser->SetExpr(expression);
            parser->Eval(); // muparser parses lazily; make it parse now, at load time
            if (parser->GetNumResults() != 1)
                return problem(metric.line, "metric '" + metric.name + "': formula '" + metric.formula + "' has " +
                                                std::to_string(parser->GetNumResults()) +
                                                " comma-separated results; expected one expression");
        } catch (const mu::ParserError& e) {
            const size_t pos = e.GetPos() < 0 ? 0 : static_cast<size_t>(e.GetPos());
            const std::string word = wordFrom(metric.formula, pos);
            const bool isName = !word.empty() && !std::isdigit(static_cast<unsigned char>(word[0]));
            if (e.GetCode() == mu::ecUNASSIGNABLE_TOKEN && isName) return unknownName(metric, word);
            return problem(metric.line, "metric '" + metric.name + "': syntax error in formula '" + metric.formula +
                                            "'" + (e.GetPos() >= 0 ? " at character " + std::to_string(pos + 1) : "") +
                                            ": " + e.GetMsg());
        }
        impl_.inputs.push_back(slotsRead(*parser));
        for (const auto& [name, address] : parser->GetUsedVar())
            if (!slotByName_.contains(name)) impl_.variablesRead.insert(name);
        impl_.metrics.push_back(std::move(parser));
    }

    // The formula's variables that are slots (each bound to its slot's storage).
    std::vector<size_t> slotsRead(const mu::Parser& parser) const {
        std::vector<size_t> slots;
        for (const auto& [name, address] : parser.GetUsedVar())
            for (size_t s = 0; s < impl_.slots.size(); ++s)
                if (address == &impl_.slots[s]) slots.push_back(s);
        std::sort(slots.begin(), slots.end());
        slots.erase(std::unique(slots.begin(), slots.end()), slots.end());
        return slots;
    }

    const PerformanceGroup& group_;
    CompiledFormulas& impl_;
    std::map<std::string, size_t> slotByName_;               // formula name -> slot index
    std::vector<std::pair<std::string, std::string>> aliases_; // "PMC3:EDGEDETECT" -> "PMC3_EDGEDETECT"
    std::vector<std::string> counterList_;                   // as written, for messages
    std::vector<std::string> problems_;
};

} // namespace

struct MetricEvaluator::Impl : CompiledFormulas {};

MetricEvaluator::MetricEvaluator(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
MetricEvaluator::MetricEvaluator(MetricEvaluator&&) noexcept = default;
MetricEvaluator& MetricEvaluator::operator=(MetricEvaluator&&) noexcept = default;
MetricEvaluator::~MetricEvaluator() = default;

Result<MetricEvaluator> MetricEvaluator::compile(const PerformanceGroup& group) {
    auto impl = std::make_unique<Impl>();
    if (auto problems = Compiler(group, *impl).run(); !problems.empty()) return makeError(join(problems, "\n"));
    return MetricEvaluator(std::move(impl));
}

size_t MetricEvaluator::slotCount() const { return impl_->slots.size(); }
size_t MetricEvaluator::metricCount() const { return impl_->metrics.size(); }
const std::vector<size_t>& MetricEvaluator::inputs(size_t metric) const { return impl_->inputs.at(metric); }
bool MetricEvaluator::reads(const std::string& name) const { return impl_->variablesRead.contains(name); }

void MetricEvaluator::evaluate(std::span<const double> slotValues, const MetricEnvironment& env,
                               std::span<double> out) {
    const size_t given = std::min(slotValues.size(), impl_->slots.size());
    std::copy_n(slotValues.begin(), given, impl_->slots.begin());
    std::fill(impl_->slots.begin() + static_cast<long>(given), impl_->slots.end(), kNaN);
    impl_->env = env;
    const size_t n = std::min(out.size(), impl_->metrics.size());
    for (size_t i = 0; i < n; ++i) {
        double v = kNaN;
        try {
            v = impl_->metrics[i]->Eval();
        } catch (const mu::ParserError&) {
            // Compiled byte code does not throw; if muparser ever does, the value is unknown, not 0.
        }
        out[i] = std::isfinite(v) ? v : kNaN;
    }
}

std::vector<double> MetricEvaluator::evaluate(std::span<const double> slotValues, const MetricEnvironment& env) {
    std::vector<double> out(impl_->metrics.size(), kNaN);
    evaluate(slotValues, env, out);
    return out;
}

} // namespace perfdash
