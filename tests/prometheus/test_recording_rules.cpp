// Group formulas as PromQL recording rules: the exact translation (CPI),
// muparser's precedence kept, what cannot be translated reported with its
// reason, and promtool's verdict on the rule file of real groups.
#include <QtTest>

#include "PromTool.h"
#include "core/groups/GroupFileParser.h"
#include "core/groups/GroupLibrary.h"
#include "core/groups/MetricEvaluator.h"
#include "core/prometheus/RecordingRules.h"

using namespace perfdash;

namespace {

PerformanceGroup builtinGroup(const std::string& relativePath) {
    const std::string path = qEnvironmentVariable("PERFDASH_DATA_DIR").toStdString() + "/groups/" + relativePath;
    auto group = loadGroupFile(path);
    if (!group) qFatal("cannot load %s: %s", path.c_str(), group.error().message.c_str());
    return std::move(*group);
}

PerformanceGroup twoSlots(const std::string& formula) {
    auto g = parseGroupText("SHORT t\nEVENTSET\nA instructions\nB cycles\nMETRICS\nm  " + formula + "\n", "t.txt", "T");
    if (!g) qFatal("bad test group: %s", g.error().message.c_str());
    return std::move(*g);
}

std::string selector(const std::string& group, const std::string& counter, const std::string& by,
                     const std::string& window) {
    return "sum by (" + by + ") (rate({__name__=~\"perfdash_event(_[a-z0-9_]+)?_total\",group=\"" + group +
           "\",counter=\"" + counter + "\"}[" + window + "]))";
}

std::string translated(const std::string& formula) {
    auto t = translateFormula(twoSlots(formula), formula, {"host"}, "1m");
    return t ? *t : "error: " + t.error().message;
}

} // namespace

class TestRecordingRules : public QObject {
    Q_OBJECT

private slots:
    void cpiIsCyclesOverInstructions() {
        const PerformanceGroup cpi = builtinGroup("generic/CPI.txt");
        auto rule = translateFormula(cpi, "PMC1/PMC0", {"host", "cpu"}, "1m");
        QVERIFY2(rule, rule ? "" : rule.error().message.c_str());
        QCOMPARE(*rule, "(" + selector("CPI", "PMC1", "host, cpu", "1m") + " / " +
                            selector("CPI", "PMC0", "host, cpu", "1m") + ")");

        const RecordingRules rules = formatRecordingRules({cpi}, "30s");
        const std::string cpiRule = "      - record: host_cpu:perfdash_cpi_cpi:rate30s\n"
                                    "        expr: '(" + selector("CPI", "PMC1", "host, cpu", "30s") + " / " +
                                    selector("CPI", "PMC0", "host, cpu", "30s") + ")'\n"
                                    "        labels:\n          group: 'CPI'\n          metric: 'CPI'\n";
        QVERIFY2(rules.yaml.find(cpiRule) != std::string::npos, rules.yaml.c_str());
        QVERIFY(rules.yaml.find("record: host:perfdash_cpi_cpi:rate30s") != std::string::npos);
        // Runtime is the period itself and CPU time an amount over it: neither has a value per window.
        QCOMPARE(rules.untranslated.size(), size_t(2));
        QCOMPARE(rules.untranslated[0].metric, std::string("Runtime [s]"));
        QCOMPARE(rules.untranslated[1].metric, std::string("CPU time [s]"));
        QVERIFY(rules.untranslated[1].reason.find("amount over the measured period") != std::string::npos);
        QVERIFY(rules.yaml.find("# not translated: CPU time [s] = 1.0E-09*PMC2: ") != std::string::npos);
    }

    // For agents run with --cgroup: every rule keeps the cgroup label, and no rule sums cgroups together.
    void perCgroupRulesKeepTheCgroup() {
        const PerformanceGroup cpi = builtinGroup("generic/CPI.txt");
        const RecordingRules rules = formatRecordingRules({cpi}, "30s", true);
        const std::string perCpu = "      - record: host_cgroup_cpu:perfdash_cpi_cpi:rate30s\n"
                                   "        expr: '(" + selector("CPI", "PMC1", "host, cgroup, cpu", "30s") + " / " +
                                   selector("CPI", "PMC0", "host, cgroup, cpu", "30s") + ")'\n";
        const std::string perCgroup = "      - record: host_cgroup:perfdash_cpi_cpi:rate30s\n"
                                      "        expr: '(" + selector("CPI", "PMC1", "host, cgroup", "30s") + " / " +
                                      selector("CPI", "PMC0", "host, cgroup", "30s") + ")'\n";
        QVERIFY2(rules.yaml.find(perCpu) != std::string::npos, rules.yaml.c_str());
        QVERIFY2(rules.yaml.find(perCgroup) != std::string::npos, rules.yaml.c_str());
        QVERIFY2(rules.yaml.find("record: host_cpu:") == std::string::npos &&
                     rules.yaml.find("record: host:") == std::string::npos,
                 rules.yaml.c_str());
        size_t sums = 0;
        for (size_t at = 0; (at = rules.yaml.find("sum by (", at)) != std::string::npos; ++at, ++sums)
            QVERIFY2(rules.yaml.compare(at, 22, "sum by (host, cgroup, ") == 0 ||
                         rules.yaml.compare(at, 21, "sum by (host, cgroup)") == 0,
                     rules.yaml.c_str());
        QCOMPARE(sums, size_t(12)); // CPI, IPC and Clock: two slots each, at two levels
        QCOMPARE(rules.untranslated.size(), size_t(2)); // as per CPU: Runtime and CPU time, listed once
    }

    void formulasKeepTheirMeaning() {
        const std::string a = selector("T", "A", "host", "1m"), b = selector("T", "B", "host", "1m");
        // A count over the time is its rate: x / time needs no division.
        QCOMPARE(translated("A/time"), a);
        QCOMPARE(translated("1.0E-06*A/time"), "(1e-06 * " + a + ")");
        QCOMPARE(translated("1.E3*(A+B)/B"), "((1000 * (" + a + " + " + b + ")) / " + b + ")");
        // muparser: unary minus binds looser than ^, and ^ groups to the right.
        QCOMPARE(translated("-A^2/B^2"), "(-((" + a + " ^ 2)) / (" + b + " ^ 2))");
        QCOMPARE(translated("(A/B)^2^1"), "((" + a + " / " + b + ") ^ (2 ^ 1))");
        QCOMPARE(translated("abs(A-B)/log(B/A)/B"),
                 "((abs((" + a + " - " + b + ")) / ln((" + b + " / " + a + "))) / " + b + ")");
    }

    // The precedence the translation assumes is muparser's own.
    void muparserAgreesOnPrecedence() {
        PerformanceGroup g = twoSlots("-A^2");
        g.metrics.push_back({"right", "A^B^3", 0});
        auto evaluator = MetricEvaluator::compile(g);
        QVERIFY(evaluator);
        MetricEnvironment env;
        env.time = 1;
        const std::vector<double> values = evaluator->evaluate(std::vector<double>{3, 2}, env);
        QCOMPARE(values[0], -9.0);
        QCOMPARE(values[1], 6561.0); // 3^(2^3), not (3^2)^3
    }

    void untranslatableFormulasSayWhy_data() {
        QTest::addColumn<QString>("formula");
        QTest::addColumn<QString>("reason");
        QTest::newRow("period") << "time" << "uses no counter";
        QTest::newRow("amount") << "A*64" << "amount over the measured period";
        QTest::newRow("clock") << "A*inverseClock/time" << "'inverseClock' is not exported";
        QTest::newRow("cpus") << "A/num_cpus/B" << "'num_cpus' is not exported";
        QTest::newRow("min") << "min(A,B)/B" << "min() has no PromQL counterpart";
        QTest::newRow("syntax") << "A/B)" << "')' is not a formula part";
    }
    void untranslatableFormulasSayWhy() {
        QFETCH(QString, formula);
        QFETCH(QString, reason);
        auto t = translateFormula(twoSlots("A"), formula.toStdString(), {"host"}, "1m");
        QVERIFY(!t);
        QVERIFY2(t.error().message.find(reason.toStdString()) != std::string::npos, t.error().message.c_str());
    }

    void promtoolAcceptsTheRules() {
        if (testing::promtoolPath().isEmpty())
            QSKIP("promtool is not installed (Debian package prometheus, packaging/debian-packages.txt)");
        std::vector<PerformanceGroup> groups = {builtinGroup("generic/CPI.txt"), builtinGroup("generic/SOFTWARE.txt")};
        const GroupLibrary library(GroupLibrary::defaultRoots(), {"skylake", "generic"});
        for (const std::string name : {"BRANCH", "L3", "CACHE"})
            if (auto g = library.load(name)) groups.push_back(std::move(*g));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (const bool perCgroup : {false, true}) {
            const RecordingRules rules = formatRecordingRules(groups, "1m", perCgroup);
            const QString path = dir.filePath(perCgroup ? "cgroup-rules.yml" : "rules.yml");
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(rules.yaml.data(), static_cast<qint64>(rules.yaml.size()));
            file.close();
            const testing::PromToolRun run = testing::promtool({"check", "rules", path});
            QVERIFY2(run.ran && run.exitCode == 0, (run.output + "\n" + rules.yaml).c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestRecordingRules)
#include "test_recording_rules.moc"
