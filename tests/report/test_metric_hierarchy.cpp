// A group's metric hierarchy in reports: which metrics are marked (the
// threshold, and 'with parent' only under a marked parent), the tree the
// text report prints, and the JSON fields that carry it, read back as written.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "ReportSamples.h"
#include "core/report/MetricTree.h"
#include "core/report/ReportJson.h"
#include "core/report/ReportJsonReader.h"
#include "core/report/TextReport.h"

using namespace perfdash;
using json = nlohmann::json;

namespace {

MetricResult node(std::string name, double value, std::string parent = {},
                  std::optional<MetricLimit> threshold = std::nullopt) {
    MetricResult m = samples::metric(std::move(name), "PMC0", {value}, value);
    m.parent = std::move(parent);
    m.threshold = threshold;
    return m;
}

MetricLimit above(double v, bool withParent = false) { return {MetricLimit::Direction::Above, v, withParent}; }

// A top-down run on one CPU: Frontend bound past its threshold, Fetch latency
// past its own under it, Bad speculation not, Branch mispredicts past its own
// but under an unmarked parent, Retiring below its 'below' threshold.
MeasurementResult tmaResult() {
    MeasurementResult r = samples::smallResult();
    GroupResult& g = r.groups.front();
    g.name = "TMA";
    g.metrics = {samples::metric("CPI", "FIXC1/FIXC0", {2.0, 0.5}, 0.875),
                 node("Frontend bound [%]", 40, "", above(15)),
                 node("Fetch latency [%]", 30, "Frontend bound [%]", above(10, true)),
                 node("Fetch bandwidth [%]", 10, "Frontend bound [%]", above(20)),
                 node("Bad speculation [%]", 12, "", above(15)),
                 node("Branch mispredicts [%]", 11, "Bad speculation [%]", above(10, true)),
                 node("Machine clears [%]", 1, "Bad speculation [%]"),
                 node("Retiring [%]", 48, "", MetricLimit{MetricLimit::Direction::Below, 50, false})};
    for (auto& m : g.metrics) m.perLocation.resize(r.locations.size(), m.aggregate);
    return r;
}

} // namespace

class TestMetricHierarchy : public QObject {
    Q_OBJECT
private slots:
    void marksPastTheThresholdAndUnderAMarkedParent() {
        std::vector<MetricNode> nodes;
        const MeasurementResult r = tmaResult();
        for (const auto& m : r.groups[0].metrics) nodes.push_back({m.name, m.parent, m.threshold, m.aggregate});
        const std::vector<bool> marked = markedMetrics(nodes);
        const std::vector<bool> expected{false, true, true, false, false, false, false, true};
        QCOMPARE(marked, expected);
    }

    void nothingIsMarkedWithoutAValue() {
        const std::vector<bool> marked =
            markedMetrics({{"A", "", above(1), std::nan("")}, {"B", "A", above(1, true), 5}});
        QCOMPARE(marked, (std::vector<bool>{false, false}));
    }

    void aCycleInADamagedReportLeavesItsMembersUnmarked() {
        const std::vector<bool> marked =
            markedMetrics({{"A", "B", above(1, true), 5}, {"B", "A", above(1, true), 5}, {"C", "", above(1), 5}});
        QCOMPARE(marked, (std::vector<bool>{false, false, true}));
    }

    void printsTheTreeIndentedWithMarksAndLegend() {
        const std::string tree = formatMetricTree(tmaResult().groups[0]);
        QVERIFY2(tree.starts_with("Metric hierarchy (aggregate"), tree.c_str());
        // CPI has no place in the hierarchy.
        QVERIFY2(tree.find("CPI") == std::string::npos, tree.c_str());
        // Children indented under their parent, in file order, with threshold and mark.
        const auto row = [&](const std::string& cells) { return tree.find(cells) != std::string::npos; };
        QVERIFY2(row("| Frontend bound [%]       |    40 |          > 15 | << |"), tree.c_str());
        QVERIFY2(row("|   Fetch latency [%]      |    30 | > 10 & parent | << |"), tree.c_str());
        QVERIFY2(row("|   Fetch bandwidth [%]    |    10 |          > 20 |    |"), tree.c_str());
        QVERIFY2(row("| Bad speculation [%]      |    12 |          > 15 |    |"), tree.c_str());
        // Past 10, but its parent is not past 15: no mark.
        QVERIFY2(row("|   Branch mispredicts [%] |    11 | > 10 & parent |    |"), tree.c_str());
        QVERIFY2(row("|   Machine clears [%]     |     1 |               |    |"), tree.c_str());
        QVERIFY2(row("| Retiring [%]             |    48 |          < 50 | << |"), tree.c_str());
        QVERIFY(tree.find("Fetch latency") < tree.find("Fetch bandwidth"));
        QVERIFY(tree.find("Fetch bandwidth") < tree.find("Bad speculation"));
        QVERIFY2(tree.find("<< marks a value past the vendor's threshold ('& parent': only while its parent is "
                           "marked too).") != std::string::npos,
                 tree.c_str());
    }

    void theTextReportShowsTheTreeOnlyForAHierarchy() {
        const std::string text = formatTextReport(tmaResult());
        QVERIFY2(text.find("Metric hierarchy") != std::string::npos, text.c_str());
        QVERIFY(text.find("Metric hierarchy") > text.find("CPI STAT")); // after the metric tables
        QVERIFY(formatTextReport(samples::smallResult()).find("Metric hierarchy") == std::string::npos);
        QCOMPARE(formatMetricTree(samples::smallResult().groups[0]), std::string());
    }

    void aLegendSaysWhenNothingIsPast() {
        GroupResult g;
        g.metrics = {node("Frontend bound [%]", 5, "", above(15)), node("Fetch latency [%]", 1, "Frontend bound [%]")};
        const std::string tree = formatMetricTree(g);
        QVERIFY2(tree.find("; no value is past it here.") != std::string::npos, tree.c_str());
        QVERIFY2(tree.find("|   Fetch latency [%]") != std::string::npos, tree.c_str());
    }

    void jsonCarriesParentAndThreshold() {
        const json j = json::parse(formatReportJson(tmaResult()));
        const json& metrics = j["groups"][0]["metrics"];
        QVERIFY(!metrics[0].contains("parent")); // CPI: as before
        QVERIFY(!metrics[0].contains("threshold"));
        QVERIFY(!metrics[1].contains("parent"));
        QCOMPARE(metrics[1]["threshold"], json({{"direction", "above"}, {"value", 15.0}, {"with_parent", false}}));
        QCOMPARE(metrics[2]["parent"], json("Frontend bound [%]"));
        QCOMPARE(metrics[2]["threshold"]["with_parent"], json(true));
        QVERIFY(!metrics[6].contains("threshold"));
        QCOMPARE(metrics[7]["threshold"]["direction"], json("below"));
    }

    void jsonRoundTrip() {
        const MeasurementResult original = tmaResult();
        const std::string first = formatReportJson(original);
        auto read = readReportJson(first, "tma.json");
        QVERIFY2(read, read ? "" : read.error().message.c_str());
        QCOMPARE(formatReportJson(*read), first);
        const auto& before = original.groups[0].metrics;
        const auto& after = read->groups[0].metrics;
        QCOMPARE(after.size(), before.size());
        for (size_t i = 0; i < before.size(); ++i) {
            QCOMPARE(after[i].parent, before[i].parent);
            QCOMPARE(after[i].threshold, before[i].threshold);
        }
        QCOMPARE(formatMetricTree(read->groups[0]), formatMetricTree(original.groups[0]));
    }

    void refusesADamagedThreshold() {
        json j = json::parse(formatReportJson(tmaResult()));
        j["groups"][0]["metrics"][1]["threshold"]["direction"] = "sideways";
        auto bad = readReportJson(j.dump(), "tma.json");
        QVERIFY(!bad);
        QVERIFY2(bad.error().message.find("groups[0].metrics[1].threshold.direction' is 'sideways'; expected 'above' "
                                          "or 'below'") != std::string::npos,
                 bad.error().message.c_str());
        j = json::parse(formatReportJson(tmaResult()));
        j["groups"][0]["metrics"][1]["threshold"]["value"] = nullptr;
        bad = readReportJson(j.dump(), "tma.json");
        QVERIFY(!bad);
        QVERIFY2(bad.error().message.find("threshold.value' is not a number") != std::string::npos,
                 bad.error().message.c_str());
    }
};

QTEST_APPLESS_MAIN(TestMetricHierarchy)
#include "test_metric_hierarchy.moc"
