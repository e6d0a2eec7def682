// Every built-in TMA group computes the top-down breakdown its vendor
// defines: counts are built from a breakdown known by construction (all
// slots retiring, half of them frontend-bound, a mix of everything), and
// each metric must come out as that breakdown, the level-2 pairs summing to
// their level-1 parent and level 1 to 100 % (relative error 1e-9). The
// hierarchy each file declares is checked against the same tree.
#include <QtTest>

#include <cmath>
#include <functional>
#include <map>

#include "core/groups/GroupLibrary.h"
#include "core/groups/MetricEvaluator.h"
#include "core/util/DataPaths.h"

using namespace perfdash;

namespace {

// Shares of all slots (0..1). Level 2: the first child of each level-1
// metric; its sibling is the rest of the parent.
struct Breakdown {
    double frontend = 0, fetchLatency = 0;
    double badSpeculation = 0, mispredicts = 0;
    double backend = 0, memory = 0;
    double retiring = 0, heavy = 0;
    double smt = 0; // AMD only: slots given to the other thread
};

using Counts = std::map<std::string, double>; // counter -> count

constexpr double kCycles = 1e9;

// Intel Skylake-SP: 4 slots per cycle from general-purpose events.
Counts skylakeXCounts(const Breakdown& b) {
    const double slotCount = 4 * kCycles;
    Counts c{{"FIXC1", kCycles}, {"FIXC2", kCycles}};
    c["PMC0"] = b.frontend * slotCount;                        // IDQ_UOPS_NOT_DELIVERED.CORE
    c["PMC4"] = b.fetchLatency * slotCount / 4;                // cycles with no uop delivered
    c["PMC2"] = b.retiring * slotCount;                        // retire slots
    c["PMC3"] = 0.25 * b.badSpeculation * slotCount / 4;       // recovery cycles: a quarter of bad speculation
    c["PMC1"] = c["PMC2"] + 0.75 * b.badSpeculation * slotCount; // issued, never retired: the rest
    const double mispredictShare = b.badSpeculation > 0 ? b.mispredicts / b.badSpeculation : 0.5;
    c["PMC5"] = 1000 * mispredictShare;
    c["PMC6"] = 1000 * (1 - mispredictShare);
    const double memoryShare = b.backend > 0 ? b.memory / b.backend : 0.5;
    c["PMC9"] = 0.8e9, c["PMC10"] = 0.2e9, c["PMC11"] = 0.25e9; // stalls total, 1 and 2 ports used
    const double base = c["PMC9"] + c["PMC10"] + b.retiring * c["PMC11"];
    c["PMC8"] = 0.1 * memoryShare * base; // bound on stores
    c["PMC7"] = memoryShare * (base + c["PMC8"]) - c["PMC8"];
    c["PMC12"] = 0.1e9; // macro-fused
    c["FIXC0"] = c["PMC2"] + c["PMC12"] - b.heavy * slotCount;
    return c;
}

// PERF_METRICS level 1 as the kernel reports it: slots of each kind, summing to
// all slots. Intel moves the dropped uops from frontend to bad speculation and
// 5 slots per clear from bad speculation to backend: the raw shares are built
// so that the corrected ones are the breakdown.
void perfMetricsLevel1(Counts& c, const Breakdown& b, double slotCount, double dropped, double clears) {
    c["FIXC3"] = slotCount;
    c["TMA0"] = b.retiring * slotCount;
    c["TMA2"] = b.frontend * slotCount + dropped;
    c["TMA3"] = b.backend * slotCount - 5 * clears;
    c["TMA1"] = slotCount - c["TMA0"] - c["TMA2"] - c["TMA3"];
}

// Intel Ice Lake-SP: PERF_METRICS level 1, level 2 from general-purpose events (5 slots per cycle).
Counts icelakeXCounts(const Breakdown& b) {
    const double slotCount = 5 * kCycles;
    Counts c{{"FIXC0", kCycles}, {"FIXC1", kCycles}, {"FIXC2", kCycles}};
    c["PMC0"] = 0.1 * b.badSpeculation * slotCount;     // uops dropped
    c["PMC1"] = 0.02 * b.badSpeculation * slotCount / 5; // clears
    perfMetricsLevel1(c, b, slotCount, c["PMC0"], c["PMC1"]);
    c["PMC2"] = (b.fetchLatency * slotCount + c["PMC0"]) / 5; // cycles with no uop delivered
    const double mispredictShare = b.badSpeculation > 0 ? b.mispredicts / b.badSpeculation : 0.5;
    c["PMC3"] = 1000 * mispredictShare;
    c["PMC4"] = 1000 * (1 - mispredictShare);
    const double memoryShare = b.backend > 0 ? b.memory / b.backend : 0.5;
    c["PMC7"] = 0.8e9, c["PMC8"] = 0.2e9, c["PMC9"] = 0.25e9;
    const double base = c["PMC7"] + c["PMC8"] + b.retiring * c["PMC9"];
    c["PMC6"] = 0.1 * memoryShare * base;
    c["PMC5"] = memoryShare * (base + c["PMC6"]) - c["PMC6"];
    // Heavy operations: microcode uops (uops retired per issued x MS uops) plus multi-uop decodes.
    c["PMC10"] = 0.9e9, c["PMC11"] = 1e9;
    // Half of the heavy operations from decoder 0's multi-uop instructions, half from microcode.
    const double decoderShare = b.retiring > 0 ? 0.5 * b.heavy / b.retiring : 0;
    c["PMC15"] = 1e9, c["PMC13"] = 2e8, c["PMC14"] = c["PMC13"] - decoderShare * c["PMC15"];
    c["PMC12"] = 0.5 * b.heavy * slotCount / 0.9;
    return c;
}

// Intel Sapphire Rapids and Alder Lake P-cores: levels 1 and 2 from PERF_METRICS (6 slots per cycle).
Counts perfMetricsCounts(const Breakdown& b) {
    const double slotCount = 6 * kCycles;
    Counts c{{"FIXC0", kCycles}, {"FIXC1", kCycles}, {"FIXC2", kCycles}};
    c["PMC0"] = 0.1 * b.badSpeculation * slotCount; // uops dropped
    perfMetricsLevel1(c, b, slotCount, c["PMC0"], 0);
    c["TMA4"] = b.heavy * slotCount;
    c["TMA5"] = b.mispredicts * slotCount;
    c["TMA6"] = b.fetchLatency * slotCount + c["PMC0"];
    c["TMA7"] = b.memory * slotCount;
    return c;
}

// AMD Zen 4 (6 dispatch slots per cycle) and Zen 5 (8).
std::function<Counts(const Breakdown&)> zenCounts(double width) {
    return [width](const Breakdown& b) {
        const double slotCount = width * kCycles;
        Counts c{{"PMC0", kCycles}};
        c["PMC1"] = b.frontend * slotCount;
        c["PMC6"] = b.fetchLatency * slotCount / width; // cycles with no op from the frontend
        c["PMC2"] = b.backend * slotCount;
        c["PMC3"] = b.smt * slotCount;
        c["PMC5"] = b.retiring * slotCount;                     // retired ops
        c["PMC4"] = c["PMC5"] + b.badSpeculation * slotCount;  // dispatched ops
        const double mispredictShare = b.badSpeculation > 0 ? b.mispredicts / b.badSpeculation : 0.5;
        c["PMC7"] = 1000 * mispredictShare;
        c["PMC8"] = 1000 * (1 - mispredictShare);
        c["PMC9"] = 1e8; // cycles the oldest op was not complete
        c["PMC10"] = c["PMC9"] * (b.backend > 0 ? b.memory / b.backend : 0.5);
        c["PMC11"] = c["PMC5"] > 0 ? b.heavy * slotCount : 1e6; // microcode ops
        return c;
    };
}

struct Names {
    const char* frontend[3];
    const char* badSpeculation[3];
    const char* backend[3];
    const char* retiring[3];
};
const Names kIntel{{"Frontend bound [%]", "Fetch latency [%]", "Fetch bandwidth [%]"},
                   {"Bad speculation [%]", "Branch mispredicts [%]", "Machine clears [%]"},
                   {"Backend bound [%]", "Memory bound [%]", "Core bound [%]"},
                   {"Retiring [%]", "Heavy operations [%]", "Light operations [%]"}};
const Names kAmd{{"Frontend bound [%]", "Frontend latency [%]", "Frontend bandwidth [%]"},
                 {"Bad speculation [%]", "Branch mispredicts [%]", "Pipeline restarts [%]"},
                 {"Backend bound [%]", "Memory bound [%]", "CPU bound [%]"},
                 {"Retiring [%]", "Microcode retiring [%]", "Fastpath retiring [%]"}};

struct Arch {
    const char* dir;
    std::function<Counts(const Breakdown&)> counts;
    const Names* names;
    bool smt;
};

const Arch kArchs[] = {{"skylakeX", skylakeXCounts, &kIntel, false},
                       {"icelakeX", icelakeXCounts, &kIntel, false},
                       {"sapphirerapids", perfMetricsCounts, &kIntel, false},
                       {"alderlake", perfMetricsCounts, &kIntel, false},
                       {"zen4", zenCounts(6), &kAmd, true},
                       {"zen5", zenCounts(8), &kAmd, true}};

bool close(double actual, double expected) {
    return std::isfinite(actual) && std::abs(actual - expected) <= 1e-9 * std::max(1.0, std::abs(expected));
}

Breakdown scenario(const QString& name, bool smt) {
    Breakdown b;
    if (name == "all retiring") {
        b.retiring = 1;
    } else if (name == "half frontend-bound") {
        b.frontend = 0.5, b.fetchLatency = 0.3, b.retiring = 0.5, b.heavy = 0.05;
    } else { // a mix of every kind
        b.frontend = 0.2, b.fetchLatency = 0.15;
        b.badSpeculation = 0.1, b.mispredicts = 0.075;
        b.backend = 0.3, b.memory = 0.12;
        b.retiring = 0.4 - (smt ? 0.05 : 0), b.heavy = 0.05;
        b.smt = smt ? 0.05 : 0;
    }
    return b;
}

} // namespace

class TestTmaGroups : public QObject {
    Q_OBJECT
private slots:
    void breakdownKnownByConstruction_data() {
        QTest::addColumn<int>("arch");
        QTest::addColumn<QString>("scenario");
        for (int a = 0; a < int(std::size(kArchs)); ++a)
            for (const char* s : {"all retiring", "half frontend-bound", "a mix of every kind"})
                QTest::newRow((std::string(kArchs[a].dir) + ": " + s).c_str()) << a << QString(s);
    }
    void breakdownKnownByConstruction() {
        QFETCH(int, arch);
        QFETCH(QString, scenario);
        const Arch& a = kArchs[arch];
        const Breakdown b = ::scenario(scenario, a.smt);
        auto group = loadGroupFile(dataDir() + "/groups/" + a.dir + "/TMA.txt");
        QVERIFY2(group.ok(), group.ok() ? "" : group.error().message.c_str());
        const Counts counts = a.counts(b);
        std::vector<double> values;
        for (const auto& slot : group->events) {
            const auto it = counts.find(slot.counter);
            QVERIFY2(it != counts.end(), ("the test gives no count for " + slot.counter).c_str());
            QVERIFY2(it->second >= 0, ("negative count for " + slot.counter).c_str());
            values.push_back(it->second);
        }
        auto evaluator = MetricEvaluator::compile(*group);
        QVERIFY(evaluator.ok());
        MetricEnvironment env;
        env.time = 1;
        env.inverseClock = 1.0 / 2e9;
        const std::vector<double> computed = evaluator->evaluate(values, env);
        std::map<std::string, double> m;
        for (size_t i = 0; i < computed.size(); ++i) m[group->metrics[i].name] = computed[i];

        const Names& n = *a.names;
        const std::pair<const char* const*, std::array<double, 2>> families[] = {
            {n.frontend, {b.frontend, b.fetchLatency}},
            {n.badSpeculation, {b.badSpeculation, b.mispredicts}},
            {n.backend, {b.backend, b.memory}},
            {n.retiring, {b.retiring, b.heavy}}};
        double level1 = 0;
        for (const auto& [names, shares] : families) {
            for (int i = 0; i < 3; ++i) QVERIFY2(m.count(names[i]), names[i]);
            const double parent = m[names[0]], first = m[names[1]], second = m[names[2]];
            const double expected[3] = {100 * shares[0], 100 * shares[1], 100 * (shares[0] - shares[1])};
            for (int i = 0; i < 3; ++i)
                QVERIFY2(close(m[names[i]], expected[i]),
                         qPrintable(QString("%1 is %2, expected %3").arg(names[i]).arg(m[names[i]], 0, 'g', 17).arg(expected[i])));
            QVERIFY2(close(first + second, parent), names[0]); // the level-2 pair sums to its parent
            level1 += parent;
        }
        if (a.smt) {
            QVERIFY(close(m["SMT contention [%]"], 100 * b.smt));
            level1 += m["SMT contention [%]"];
        }
        QVERIFY2(close(level1, 100), qPrintable(QString("level 1 sums to %1").arg(level1, 0, 'g', 17)));
    }

    void hierarchyMatchesTheVendorTree_data() {
        QTest::addColumn<int>("arch");
        for (int a = 0; a < int(std::size(kArchs)); ++a) QTest::newRow(kArchs[a].dir) << a;
    }
    void hierarchyMatchesTheVendorTree() {
        QFETCH(int, arch);
        const Arch& a = kArchs[arch];
        auto group = loadGroupFile(dataDir() + "/groups/" + a.dir + "/TMA.txt");
        QVERIFY(group.ok());
        std::map<std::string, const GroupMetric*> byName;
        for (const auto& m : group->metrics) byName[m.name] = &m;
        const Names& n = *a.names;
        for (const auto* family : {n.frontend, n.badSpeculation, n.backend, n.retiring}) {
            QVERIFY(byName.count(family[0]));
            QVERIFY2(byName[family[0]]->parent.empty(), family[0]);
            for (int i = 1; i < 3; ++i) {
                QVERIFY(byName.count(family[i]));
                QCOMPARE(byName[family[i]]->parent, std::string(family[0]));
            }
            // Intel gives every node a threshold; AMD publishes none.
            for (int i = 0; i < 3; ++i)
                QCOMPARE(byName[family[i]]->threshold.has_value(), a.names == &kIntel);
        }
    }

    void intelThresholds() {
        auto group = loadGroupFile(dataDir() + "/groups/sapphirerapids/TMA.txt");
        QVERIFY(group.ok());
        std::map<std::string, MetricLimit> t;
        for (const auto& m : group->metrics)
            if (m.threshold) t[m.name] = *m.threshold;
        // Intel's TMA 5.2 thresholds, in percent of slots.
        const std::pair<const char*, std::pair<double, bool>> expected[] = {
            {"Frontend bound [%]", {15, false}},    {"Fetch latency [%]", {10, true}},
            {"Fetch bandwidth [%]", {20, false}},   {"Bad speculation [%]", {15, false}},
            {"Branch mispredicts [%]", {10, true}}, {"Machine clears [%]", {10, true}},
            {"Backend bound [%]", {20, false}},     {"Memory bound [%]", {20, true}},
            {"Core bound [%]", {10, true}},         {"Retiring [%]", {70, false}},
            {"Light operations [%]", {60, false}},  {"Heavy operations [%]", {10, false}}};
        QCOMPARE(t.size(), std::size(expected));
        for (const auto& [name, limit] : expected) {
            QVERIFY2(t.count(name), name);
            QCOMPARE(t[name].direction, MetricLimit::Direction::Above);
            QCOMPARE(t[name].value, limit.first);
            QCOMPARE(t[name].withParent, limit.second);
        }
    }
};

QTEST_APPLESS_MAIN(TestTmaGroups)
#include "test_tma_groups.moc"
