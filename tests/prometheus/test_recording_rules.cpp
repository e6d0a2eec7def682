// Group formulas as PromQL recording rules: the exact translation (CPI),
// muparser's precedence kept, what cannot be translated reported with its
// reason, a gauge (likwid's TMP0) taken as its reading, not a rate, and
// promtool's verdict on the rule file of real groups; promtool's rule tests
// evaluate the rules of likwid's ENERGY group over the series the exposition
// names.
#include <QtTest>

#include "PromTool.h"
#include "core/groups/GroupFileParser.h"
#include "core/groups/GroupLibrary.h"
#include "core/groups/MetricEvaluator.h"
#include "core/prometheus/Exposition.h"
#include "core/prometheus/RecordingRules.h"
#include "core/util/Strings.h"

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

// likwid's own ENERGY group of an Intel client (Ice Lake), whose "Temperature [C]" is TMP0.
PerformanceGroup likwidEnergyGroup() {
    const std::string path =
        qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() + "/likwid/upstream/ICL/ENERGY.txt";
    auto group = loadGroupFile(path);
    if (!group) qFatal("cannot load %s: %s", path.c_str(), group.error().message.c_str());
    return std::move(*group);
}

std::string gaugeSelector(const std::string& group, const std::string& counter, const std::string& by,
                          const std::string& window) {
    return "avg by (" + by + ") (last_over_time({__name__=~\"perfdash_reading(_[a-z0-9_]+)?\",group=\"" + group +
           "\",counter=\"" + counter + "\"}[" + window + "]))";
}

bool writeText(const QString& path, const std::string& text) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text.data(), static_cast<qint64>(text.size())) ==
                                                  static_cast<qint64>(text.size());
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

    // A temperature is a reading: the window's last one, averaged over the CPUs aggregated, never a rate.
    void gaugeEntersAsItsReading() {
        const PerformanceGroup energy = likwidEnergyGroup();
        auto rule = translateFormula(energy, "TMP0", {"host", "cpu"}, "1m");
        QVERIFY2(rule, rule ? "" : rule.error().message.c_str());
        QCOMPARE(*rule, gaugeSelector("ENERGY", "TMP0", "host, cpu", "1m"));

        const RecordingRules rules = formatRecordingRules({energy}, "30s");
        const std::string perCpu = "      - record: host_cpu:perfdash_energy_temperature_c:rate30s\n"
                                   "        expr: '" + gaugeSelector("ENERGY", "TMP0", "host, cpu", "30s") + "'\n"
                                   "        labels:\n          group: 'ENERGY'\n          metric: 'Temperature [C]'\n";
        const std::string perHost = "      - record: host:perfdash_energy_temperature_c:rate30s\n"
                                    "        expr: '" + gaugeSelector("ENERGY", "TMP0", "host", "30s") + "'\n";
        QVERIFY2(rules.yaml.find(perCpu) != std::string::npos, rules.yaml.c_str());
        QVERIFY2(rules.yaml.find(perHost) != std::string::npos, rules.yaml.c_str());
        // Power is a rate of the energy counter, CPI a ratio; the energies are amounts over the period and the
        // run times need what the agent does not export.
        QVERIFY2(rules.yaml.find("record: host_cpu:perfdash_energy_power_w:rate30s") != std::string::npos,
                 rules.yaml.c_str());
        QVERIFY2(rules.yaml.find("record: host_cpu:perfdash_energy_cpi:rate30s") != std::string::npos,
                 rules.yaml.c_str());
        QStringList untranslated;
        for (const UntranslatedMetric& u : rules.untranslated) untranslated << QString::fromStdString(u.metric);
        QCOMPARE(untranslated, QStringList({"Runtime (RDTSC) [s]", "Runtime unhalted [s]", "Clock [MHz]",
                                            "Energy [J]", "Energy PP0 [J]", "Energy DRAM [J]", "Energy PLATFORM [J]"}));

        // Per cgroup: the cgroup label kept, as for counters.
        const RecordingRules cgroup = formatRecordingRules({energy}, "30s", true);
        QVERIFY2(cgroup.yaml.find("expr: '" + gaugeSelector("ENERGY", "TMP0", "host, cgroup, cpu", "30s") + "'") !=
                     std::string::npos,
                 cgroup.yaml.c_str());
    }

    // A gauge in a formula with counts: a rate times a temperature is still a rate, a count times one is an
    // amount; the gauge's reading is never scaled with the window.
    void gaugeInFormulas() {
        auto g = parseGroupText("SHORT t\nEVENTSET\nPWR0 PWR_PKG_ENERGY\nTMP0 TEMP_CORE\nMETRICS\nm  TMP0\n", "t.txt",
                                "T");
        QVERIFY(g);
        const std::string power = selector("T", "PWR0", "host", "1m"), temp = gaugeSelector("T", "TMP0", "host", "1m");
        auto translate = [&](const std::string& formula) {
            auto t = translateFormula(*g, formula, {"host"}, "1m");
            return t ? *t : "error: " + t.error().message;
        };
        QCOMPARE(translate("PWR0/time/TMP0"), "(" + power + " / " + temp + ")");
        QCOMPARE(translate("TMP0*2-32"), "((" + temp + " * 2) - 32)");
        QVERIFY2(translate("PWR0*TMP0").find("amount over the measured period") != std::string::npos,
                 translate("PWR0*TMP0").c_str());
        // Not a gauge by its event but by its counter: any other slot name is a count.
        auto other = parseGroupText("SHORT t\nEVENTSET\nT0 TEMP_CORE\nMETRICS\nm  T0\n", "t.txt", "T");
        QVERIFY(other);
        QVERIFY(!translateFormula(*other, "T0", {"host"}, "1m"));
    }

    // promtool evaluates the ENERGY group's rules over the series the exposition writes for its counters and
    // its gauge (names and labels taken from formatExposition's text, so that the rules' selectors are checked
    // against what the agent serves). Readings are the fixture tree's (tests/fixtures/likwid/sysfs-skx: 46 and
    // 47 °C), then 46.5 on CPU 0; energy rises by 15 J per 15 s scrape on CPU 0 and 30 J on CPU 1.
    void promtoolEvaluatesTheGaugeRules() {
        if (testing::promtoolPath().isEmpty())
            QSKIP("promtool is not installed (Debian package prometheus, packaging/debian-packages.txt)");
        auto reading = [](double celsius) { return CountValue{celsius, 1}; };
        IntervalResult interval;
        interval.dt = 15;
        GroupResult group;
        group.name = "ENERGY";
        EventResult temp;
        temp.counter = "TMP0";
        temp.event = "hwmon/coretemp/core_temperature/";
        temp.unit = "°C";
        temp.counted = temp.gauge = true;
        temp.perLocation = {reading(46), reading(47)};
        EventResult energy;
        energy.counter = "PWR0";
        energy.event = "power/energy-pkg/";
        energy.unit = "Joules";
        energy.counted = true;
        energy.perLocation = {{15, 1}, {30, 1}};
        group.events = {temp, energy};
        interval.groups = {group};
        CounterTotals totals;
        totals.add(interval);
        CpuLabels cpu0, cpu1;
        cpu0.cpu = 0;
        cpu1.cpu = 1;
        const std::string exposition = formatExposition({"h", {cpu0, cpu1}, totals}, ExpositionFormat::PrometheusText);
        std::vector<std::string> series; // "name{labels}" of each sample, in the exposition's order
        for (const std::string& line : split(exposition, '\n'))
            if (line.starts_with("perfdash_reading_celsius{") || line.starts_with("perfdash_event_joules_total{"))
                series.push_back(line.substr(0, line.rfind(' ')));
        QCOMPARE(series.size(), size_t(4)); // energy of CPUs 0 and 1, then their temperatures
        QVERIFY2(series[2].starts_with("perfdash_reading_celsius{host=\"h\",cpu=\"0\""), exposition.c_str());

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const RecordingRules rules = formatRecordingRules({likwidEnergyGroup()}, "1m");
        QVERIFY(writeText(dir.filePath("rules.yml"), rules.yaml));
        const std::string labels = "group=\"ENERGY\"";
        const std::string perCpu = "          - labels: 'host_cpu:perfdash_energy_temperature_c:rate1m{host=\"h\",";
        const std::string tests =
            "rule_files: ['rules.yml']\n"
            "evaluation_interval: 15s\n"
            "tests:\n"
            "  - interval: 15s\n"
            "    input_series:\n"
            "      - series: '" + series[0] + "'\n        values: '0+15x12'\n"
            "      - series: '" + series[1] + "'\n        values: '0+30x12'\n"
            "      - series: '" + series[2] + "'\n        values: '46x7 46.5x4'\n"
            "      - series: '" + series[3] + "'\n        values: '47x12'\n"
            "    promql_expr_test:\n"
            // 46.5 at 2m: the window's last reading, not its average (46.1: four readings of 46, one of 46.5).
            "      - expr: host_cpu:perfdash_energy_temperature_c:rate1m\n"
            "        eval_time: 2m\n"
            "        exp_samples:\n" +
            perCpu + "cpu=\"0\",metric=\"Temperature [C]\"," + labels + "}'\n            value: 46.5\n" +
            perCpu + "cpu=\"1\",metric=\"Temperature [C]\"," + labels + "}'\n            value: 47\n"
            // The host's: its CPUs' average.
            "      - expr: host:perfdash_energy_temperature_c:rate1m\n"
            "        eval_time: 2m\n"
            "        exp_samples:\n"
            "          - labels: 'host:perfdash_energy_temperature_c:rate1m{host=\"h\",metric=\"Temperature [C]\"," +
            labels + "}'\n            value: 46.75\n"
            // Before the new reading came.
            "      - expr: host_cpu:perfdash_energy_temperature_c:rate1m{cpu=\"0\"}\n"
            "        eval_time: 1m45s\n"
            "        exp_samples:\n" +
            perCpu + "cpu=\"0\",metric=\"Temperature [C]\"," + labels + "}'\n            value: 46\n"
            // Beside it, a counter's rule: the CPUs' energy rates summed, 1 W + 2 W.
            "      - expr: host:perfdash_energy_power_w:rate1m\n"
            "        eval_time: 2m\n"
            "        exp_samples:\n"
            "          - labels: 'host:perfdash_energy_power_w:rate1m{host=\"h\",metric=\"Power [W]\"," + labels +
            "}'\n            value: 3\n";
        QVERIFY(writeText(dir.filePath("tests.yml"), tests));
        const testing::PromToolRun run = testing::promtool({"test", "rules", dir.filePath("tests.yml")});
        QVERIFY2(run.ran && run.exitCode == 0, (run.output + "\n" + tests + "\n" + rules.yaml).c_str());
    }

    void promtoolAcceptsTheRules() {
        if (testing::promtoolPath().isEmpty())
            QSKIP("promtool is not installed (Debian package prometheus, packaging/debian-packages.txt)");
        std::vector<PerformanceGroup> groups = {builtinGroup("generic/CPI.txt"), builtinGroup("generic/SOFTWARE.txt")};
        const GroupLibrary library(GroupLibrary::defaultRoots(), {"skylake", "generic"});
        for (const std::string name : {"BRANCH", "L3", "CACHE"})
            if (auto g = library.load(name)) groups.push_back(std::move(*g));
        groups.push_back(likwidEnergyGroup()); // likwid's, whose Temperature [C] is the gauge TMP0
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
