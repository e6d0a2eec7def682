#pragma once
// The METRICS formulas of a group, compiled once (muparser) and evaluated
// many times: per interval, per CPU or thread, for hours of data. Variables
// are bound to storage owned here, so an evaluation copies the slot values
// in and runs the byte code: no parsing, no allocation, no string work.
//
// Formulas use likwid's calculator language: + - * / ^, parentheses, numbers
// such as 64, 1.E-06, 1.0E-09, 1E9, the EVENTSET's counter names (also as
// written with their options, e.g. PMC3:EDGEDETECT), the variables and
// functions listed by formulaVariables() and formulaFunctions().
//
// "Not available" is NaN, never 0: a slot that was not counted (pass NaN), a
// division by zero, an infinite or NaN intermediate all give NaN.
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/groups/PerformanceGroup.h"
#include "core/util/Outcome.h"

namespace perfdash {

// The values a formula may use besides the slots. Leave a member NaN when it
// is unknown: every metric that uses it becomes "n/a".
struct MetricEnvironment {
    static constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();
    double time = kUnknown;           // `time`: seconds the counts cover (the interval, or the run)
    double inverseClock = kUnknown;   // `inverseClock`: 1 / nominal core clock in Hz
    double numSockets = kUnknown;     // `num_sockets`
    double numNumaDomains = kUnknown; // `num_numadomains`
    double numCpus = kUnknown;        // `num_cpus`: CPUs the location covers
};

// A name a formula may use, with what it means (help texts, error messages).
struct FormulaName {
    std::string name;
    std::string meaning;
};
const std::vector<FormulaName>& formulaVariables(); // time, inverseClock, num_*, true, false
const std::vector<FormulaName>& formulaFunctions(); // min, max, sum, avg, abs, sqrt, log, ...

class MetricEvaluator {
public:
    // Compiles every metric of the group against its slots. Errors (syntax,
    // unknown name, a counter named like a function) name the file, the line,
    // the metric and what is expected, one problem per line of the message.
    static Result<MetricEvaluator> compile(const PerformanceGroup& group);

    MetricEvaluator(MetricEvaluator&&) noexcept;
    MetricEvaluator& operator=(MetricEvaluator&&) noexcept;
    ~MetricEvaluator();

    size_t slotCount() const;
    size_t metricCount() const;
    // The slots metric `metric`'s formula reads, ascending.
    const std::vector<size_t>& inputs(size_t metric) const;
    // Whether any metric's formula reads the formula variable `name`
    // (formulaVariables(): time, inverseClock, num_*), as muparser parsed it.
    bool reads(const std::string& name) const;

    // slotValues: one count per slot, in EVENTSET order (NaN = not counted);
    // missing trailing values count as NaN. out: receives one value per metric
    // (at most out.size()). Not thread-safe: give each thread its own evaluator.
    void evaluate(std::span<const double> slotValues, const MetricEnvironment& env, std::span<double> out);
    std::vector<double> evaluate(std::span<const double> slotValues, const MetricEnvironment& env);

private:
    struct Impl;
    explicit MetricEvaluator(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

} // namespace perfdash
