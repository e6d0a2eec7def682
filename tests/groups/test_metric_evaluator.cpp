// METRICS formulas: likwid's number forms, operators, functions and variables,
// errors with file and line at load time, and NaN ("n/a") instead of 0.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "core/groups/GroupFileParser.h"
#include "core/groups/MetricEvaluator.h"

using namespace perfdash;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A group with counters PMC0..PMC2 (plus `extraSlots` lines) and one metric
// per formula, named m0, m1, ...; m0 is on line 7 (8 with one extra slot).
PerformanceGroup groupWith(const std::vector<std::string>& formulas, const std::string& extraSlots = "") {
    std::string text = "SHORT test\nEVENTSET\nPMC0 instructions\nPMC1 cycles\nPMC2 task-clock\n" + extraSlots +
                       "METRICS\n";
    for (size_t i = 0; i < formulas.size(); ++i) text += "m" + std::to_string(i) + "  " + formulas[i] + "\n";
    auto g = parseGroupText(text, "test.txt", "TEST");
    if (!g) qFatal("bad test group: %s", g.error().message.c_str());
    return std::move(g).value();
}

MetricEnvironment environment() {
    MetricEnvironment env;
    env.time = 2.0;
    env.inverseClock = 1.0 / 2.5e9;
    env.numSockets = 2;
    env.numNumaDomains = 4;
    env.numCpus = 16;
    return env;
}

// Evaluates one formula with PMC0..PMC2 = counts.
double eval(const std::string& formula, std::vector<double> counts = {1, 2, 3},
            MetricEnvironment env = environment()) {
    auto evaluator = MetricEvaluator::compile(groupWith({formula}));
    if (!evaluator) qFatal("formula '%s' did not compile: %s", formula.c_str(), evaluator.error().message.c_str());
    return evaluator->evaluate(counts, env).at(0);
}

std::string compileError(const std::vector<std::string>& formulas, const std::string& extraSlots = "") {
    auto evaluator = MetricEvaluator::compile(groupWith(formulas, extraSlots));
    return evaluator ? std::string("(compiled without error)") : evaluator.error().message;
}

} // namespace

class TestMetricEvaluator : public QObject {
    Q_OBJECT
private slots:
    void numberFormsOfLikwidFiles_data() {
        QTest::addColumn<QString>("formula");
        QTest::addColumn<double>("expected");
        QTest::newRow("1.E-06") << "1.E-06" << 1e-6;
        QTest::newRow("1.0E-09") << "1.0E-09" << 1e-9;
        QTest::newRow("1E9") << "1E9" << 1e9;
        QTest::newRow("1.0E+03") << "1.0E+03" << 1e3;
        QTest::newRow("1e-3") << "1e-3" << 1e-3;
        QTest::newRow("64.0") << "64.0" << 64.0;
        QTest::newRow(".5") << ".5" << 0.5;
        QTest::newRow("likwid bandwidth") << "1.0E-06*(PMC0+PMC1+PMC2)*64.0/time" << 1e-6 * 6 * 64 / 2;
    }
    void numberFormsOfLikwidFiles() {
        QFETCH(QString, formula);
        QFETCH(double, expected);
        QCOMPARE(eval(formula.toStdString()), expected);
    }

    void operatorPrecedence_data() {
        QTest::addColumn<QString>("formula");
        QTest::addColumn<double>("expected");
        QTest::newRow("* before +") << "2+3*4" << 14.0;
        QTest::newRow("parentheses") << "(2+3)*4" << 20.0;
        QTest::newRow("/ left-assoc") << "8/2/2" << 2.0;
        QTest::newRow("- left-assoc") << "8-2-2" << 4.0;
        QTest::newRow("^ right-assoc") << "2^3^2" << 512.0;
        QTest::newRow("^ before unary -") << "-2^2" << -4.0;
        QTest::newRow("unary - after *") << "2*-3" << -6.0;
        QTest::newRow("with counters") << "PMC2-PMC1/PMC0*2" << -1.0;
    }
    void operatorPrecedence() {
        QFETCH(QString, formula);
        QFETCH(double, expected);
        QCOMPARE(eval(formula.toStdString()), expected);
    }

    void functions_data() {
        QTest::addColumn<QString>("formula");
        QTest::addColumn<double>("expected");
        QTest::newRow("min") << "min(PMC2,PMC0,PMC1)" << 1.0;
        QTest::newRow("max") << "max(PMC0,PMC2,PMC1)" << 3.0;
        QTest::newRow("sum") << "sum(PMC0,PMC1,PMC2)" << 6.0;
        QTest::newRow("avg") << "avg(PMC0,PMC1,PMC2)" << 2.0;
        QTest::newRow("abs") << "abs(PMC0-PMC2)" << 2.0;
        QTest::newRow("sqrt") << "sqrt(16)" << 4.0;
        QTest::newRow("cbrt") << "cbrt(27)" << 3.0;
        QTest::newRow("log is natural, as in likwid") << "log(_e^2)" << 2.0;
        QTest::newRow("ln") << "ln(_e)" << 1.0;
        QTest::newRow("log10") << "log10(1000)" << 3.0;
        QTest::newRow("log2") << "log2(8)" << 3.0;
        QTest::newRow("exp") << "exp(0)" << 1.0;
        QTest::newRow("floor") << "floor(2.7)" << 2.0;
        QTest::newRow("ceil") << "ceil(2.1)" << 3.0;
        QTest::newRow("rint") << "rint(2.6)" << 3.0;
        QTest::newRow("sign") << "sign(-3)" << -1.0;
        QTest::newRow("sin") << "sin(0)" << 0.0;
        QTest::newRow("arcsin") << "arcsin(1)" << std::numbers::pi / 2;
        QTest::newRow("arctan") << "arctan(1)" << std::numbers::pi / 4;
        QTest::newRow("_pi") << "_pi" << std::numbers::pi;
    }
    void functions() {
        QFETCH(QString, formula);
        QFETCH(double, expected);
        QCOMPARE(eval(formula.toStdString()), expected);
    }

    void variables_data() {
        QTest::addColumn<QString>("formula");
        QTest::addColumn<double>("expected");
        QTest::newRow("time") << "time" << 2.0;
        QTest::newRow("inverseClock") << "1/inverseClock" << 2.5e9;
        QTest::newRow("likwid clock") << "1.E-06*(PMC1/PMC0)/inverseClock" << 5000.0;
        QTest::newRow("num_sockets") << "num_sockets" << 2.0;
        QTest::newRow("num_numadomains") << "num_numadomains" << 4.0;
        QTest::newRow("num_cpus") << "num_cpus" << 16.0;
        QTest::newRow("true") << "true" << 1.0;
        QTest::newRow("false") << "false+PMC0" << 1.0;
    }
    void variables() {
        QFETCH(QString, formula);
        QFETCH(double, expected);
        QCOMPARE(eval(formula.toStdString()), expected);
    }

    void divisionByZeroIsNotAvailable() {
        QVERIFY(std::isnan(eval("PMC0/PMC1", {1, 0, 3})));
        QVERIFY(std::isnan(eval("PMC1/PMC0", {0, 0, 3})));
        // muparser would give 1/inf = 0 here: a silent zero.
        QVERIFY(std::isnan(eval("1/(PMC0/PMC1)", {1, 0, 3})));
        QVERIFY(std::isnan(eval("1-PMC0/PMC1", {5, 0, 3})));
        QVERIFY(std::isnan(eval("min(PMC0/PMC1,5)", {1, 0, 3})));
        QVERIFY(std::isnan(eval("PMC0/time", {1, 2, 3}, MetricEnvironment{})));
    }

    void infinityIsNotAvailable() {
        QVERIFY(std::isnan(eval("1E308*PMC2*10")));
        QVERIFY(std::isnan(eval("PMC0", {std::numeric_limits<double>::infinity(), 2, 3})));
        QVERIFY(std::isnan(eval("log(0)")));
    }

    void missingInputIsNotAvailable_data() {
        QTest::addColumn<QString>("formula");
        QTest::newRow("ratio") << "PMC1/PMC0";
        QTest::newRow("times zero") << "PMC0*0";
        QTest::newRow("to the power 0") << "PMC0^0";
        QTest::newRow("min first") << "min(PMC0,1)";
        QTest::newRow("min last") << "min(1,PMC0)";
        QTest::newRow("max") << "max(PMC1,PMC0)";
        QTest::newRow("sum") << "sum(PMC1,PMC0)";
        QTest::newRow("abs") << "abs(PMC0)";
        QTest::newRow("unknown environment") << "PMC1*num_cpus";
    }
    void missingInputIsNotAvailable() {
        QFETCH(QString, formula);
        MetricEnvironment env = environment();
        env.numCpus = MetricEnvironment::kUnknown;
        QVERIFY(std::isnan(eval(formula.toStdString(), {kNaN, 2, 3}, env)));
        // and the same formula is available once the input is
        MetricEnvironment known = environment();
        QVERIFY(std::isfinite(eval(formula.toStdString(), {4, 2, 3}, known)));
    }

    void unknownNameIsReportedWithLine() {
        const std::string message = compileError({"PMC0/PMC1", "PMC9/PMC0"});
        QVERIFY2(message.find("test.txt:8: metric 'm1': unknown name 'PMC9'") != std::string::npos, message.c_str());
        QVERIFY2(message.find("did you mean PMC0") != std::string::npos, message.c_str());
        QVERIFY2(message.find("EVENTSET counters (PMC0, PMC1, PMC2)") != std::string::npos, message.c_str());
    }

    void unknownFunctionIsReportedWithLine() {
        const std::string message = compileError({"median(PMC0,PMC1)"});
        QVERIFY2(message.find("test.txt:7:") != std::string::npos, message.c_str());
        QVERIFY2(message.find("'median'") != std::string::npos, message.c_str());
    }

    void syntaxErrorsAreReportedWithLine_data() {
        QTest::addColumn<QString>("formula");
        QTest::newRow("open parenthesis") << "(PMC0+PMC1";
        QTest::newRow("trailing operator") << "PMC0+";
        QTest::newRow("stray parenthesis") << "PMC0)";
        QTest::newRow("two operators") << "PMC0*/PMC1";
        QTest::newRow("too many arguments") << "sqrt(PMC0,PMC1)";
        QTest::newRow("comparison") << "PMC0<PMC1";
    }
    void syntaxErrorsAreReportedWithLine() {
        QFETCH(QString, formula);
        const std::string message = compileError({"PMC0", formula.toStdString()});
        QVERIFY2(message.find("test.txt:8: metric 'm1': syntax error in formula '" + formula.toStdString() + "'") !=
                     std::string::npos,
                 message.c_str());
    }

    void everyBadFormulaIsReported() {
        const std::string message = compileError({"PMC9", "PMC0", "(PMC1"});
        QVERIFY2(message.find("test.txt:7:") != std::string::npos, message.c_str());
        QVERIFY2(message.find("test.txt:9:") != std::string::npos, message.c_str());
        QVERIFY2(message.find("test.txt:8:") == std::string::npos, message.c_str());
    }

    void conditionalsAndListsAreRejected() {
        QVERIFY(compileError({"PMC0?PMC1:PMC2"}).find("conditional") != std::string::npos);
        QVERIFY(compileError({"PMC0,PMC1"}).find("2 comma-separated results") != std::string::npos);
    }

    void counterWithOptionsIsANameToo() {
        auto group = groupWith({"PMC1/PMC3:EDGEDETECT", "PMC1/PMC3"}, "PMC3:EDGEDETECT UOPS_ISSUED:STALL_CYCLES\n");
        auto evaluator = MetricEvaluator::compile(group);
        QVERIFY2(evaluator.ok(), evaluator.ok() ? "" : evaluator.error().message.c_str());
        const auto values = evaluator->evaluate(std::vector<double>{1, 12, 3, 4}, environment());
        QCOMPARE(values.at(0), 3.0);
        QCOMPARE(values.at(1), 3.0);
        // an option the EVENTSET does not have is an unknown name, quoted whole
        const std::string message = compileError({"PMC1/PMC1:EDGEDETECT"});
        QVERIFY2(message.find("unknown name 'PMC1:EDGEDETECT'") != std::string::npos, message.c_str());
    }

    // The slots each formula reads (a package unit's location held by another
    // CPU makes exactly the metrics that read it held there too, GroupMetrics).
    void inputsAreTheSlotsAFormulaReads() {
        auto group = groupWith({"PMC1/PMC0", "time*2", "PMC2+PMC2/PMC3:EDGEDETECT", "max(PMC1,PMC0)"},
                               "PMC3:EDGEDETECT UOPS_ISSUED:STALL_CYCLES\n");
        auto evaluator = MetricEvaluator::compile(group);
        QVERIFY2(evaluator.ok(), evaluator.ok() ? "" : evaluator.error().message.c_str());
        QCOMPARE(evaluator->inputs(0), (std::vector<size_t>{0, 1}));
        QVERIFY(evaluator->inputs(1).empty());
        QCOMPARE(evaluator->inputs(2), (std::vector<size_t>{2, 3}));
        QCOMPARE(evaluator->inputs(3), (std::vector<size_t>{0, 1}));
        // Asking does not change what the formulas compute.
        QCOMPARE(evaluator->evaluate(std::vector<double>{2, 12, 3, 4}, environment()).at(0), 6.0);
    }

    // The formula variables the metrics read, as parsed: what decides whether a
    // run needs the nominal clock (MeasurementPlan::needsNominalClock).
    void readsTheVariablesAFormulaUses() {
        auto evaluator = MetricEvaluator::compile(groupWith({"PMC1*inverseClock", "time*2"}));
        QVERIFY2(evaluator.ok(), evaluator.ok() ? "" : evaluator.error().message.c_str());
        QVERIFY(evaluator->reads("inverseClock"));
        QVERIFY(evaluator->reads("time"));
        QVERIFY(!evaluator->reads("num_cpus"));
        // A counter is not a formula variable, whatever its name.
        QVERIFY(!evaluator->reads("PMC1"));
        auto none = MetricEvaluator::compile(groupWith({"PMC1/PMC0"}));
        QVERIFY2(none.ok(), none.ok() ? "" : none.error().message.c_str());
        QVERIFY(!none->reads("inverseClock"));
        QVERIFY(!none->reads("time"));
    }

    void counterCannotShadowTheLanguage() {
        const std::string message = compileError({"PMC0"}, "time task-clock\n");
        QVERIFY2(message.find("test.txt:6: counter 'time'") != std::string::npos, message.c_str());
        QVERIFY(compileError({"PMC0"}, "sum instructions\n").find("counter 'sum'") != std::string::npos);
    }

    void evaluatesManyTimesWithFreshValues() {
        auto evaluator = MetricEvaluator::compile(groupWith({"PMC1/PMC0", "PMC2*time"}));
        QVERIFY(evaluator.ok());
        QCOMPARE(evaluator->slotCount(), size_t(3));
        QCOMPARE(evaluator->metricCount(), size_t(2));
        MetricEnvironment env = environment();
        std::vector<double> out(2);
        for (int i = 1; i <= 1000; ++i) {
            env.time = i;
            const std::vector<double> counts = {double(i), double(2 * i), 3};
            evaluator->evaluate(counts, env, out);
            QCOMPARE(out[0], 2.0);
            QCOMPARE(out[1], 3.0 * i);
        }
        // A later missing value is not hidden by an earlier one.
        evaluator->evaluate(std::vector<double>{kNaN, 2, 3}, env, out);
        QVERIFY(std::isnan(out[0]));
    }

    void missingTrailingSlotsAndShortOutput() {
        auto evaluator = MetricEvaluator::compile(groupWith({"PMC0+1", "PMC2+1"}));
        QVERIFY(evaluator.ok());
        const auto values = evaluator->evaluate(std::vector<double>{1}, environment());
        QCOMPARE(values.at(0), 2.0);
        QVERIFY(std::isnan(values.at(1)));
        std::vector<double> one(1, -1);
        evaluator->evaluate(std::vector<double>{5, 5, 5}, environment(), one);
        QCOMPARE(one[0], 6.0);
    }

    void movedEvaluatorKeepsItsBindings() {
        auto compiled = MetricEvaluator::compile(groupWith({"PMC0*PMC1"}));
        QVERIFY(compiled.ok());
        MetricEvaluator moved = std::move(compiled).value();
        std::vector<MetricEvaluator> many;
        many.push_back(std::move(moved));
        QCOMPARE(many[0].evaluate(std::vector<double>{3, 4, 0}, environment()).at(0), 12.0);
    }

    void listsTheLanguage() {
        std::vector<std::string> names;
        for (const auto& v : formulaVariables()) names.push_back(v.name);
        for (const char* expected : {"time", "inverseClock", "num_sockets", "num_numadomains", "num_cpus"})
            QVERIFY(std::find(names.begin(), names.end(), expected) != names.end());
        QVERIFY(formulaFunctions().size() >= 10);
    }
};

QTEST_APPLESS_MAIN(TestMetricEvaluator)
#include "test_metric_evaluator.moc"
