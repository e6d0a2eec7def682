// The top-down breakdown shared by the GUI and the HTML report: which
// metrics are level 1 and 2, how they are marked, its SVG drawing, and the
// HTML report of the synthetic TMA session (labelled as synthetic).
#include <QtTest>

#include "core/report/HtmlReport.h"
#include "core/report/ReportCharts.h"
#include "core/report/ReportJson.h"
#include "core/report/ReportJsonReader.h"
#include "core/presentation/RunContext.h"
#include "core/report/SvgChart.h"
#include "core/presentation/TopDown.h"

using namespace perfdash;

namespace {

MetricResult node(std::string name, double value, std::string parent = {},
                  std::optional<MetricLimit> threshold = std::nullopt) {
    MetricResult m{std::move(name), "PMC0", {value}, value, {}};
    m.parent = std::move(parent);
    m.threshold = threshold;
    return m;
}

MetricLimit above(double v, bool withParent = false) { return {MetricLimit::Direction::Above, v, withParent}; }

// CPI is no part of the hierarchy; Orphan has no children, so it is no category.
GroupResult tmaGroup() {
    GroupResult g;
    g.name = "TMA";
    g.metrics = {node("CPI", 0.9),
                 node("Frontend bound [%]", 40, "", above(15)),
                 node("Fetch latency [%]", 30, "Frontend bound [%]", above(10, true)),
                 node("Fetch bandwidth [%]", 10, "Frontend bound [%]", above(20)),
                 node("Backend bound [%]", 12, "", above(20)),
                 node("Memory bound [%]", 11, "Backend bound [%]", above(10, true)),
                 node("Orphan [%]", 5)};
    return g;
}

std::string fixture(const char* name) { return qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() + "/report/" + name; }

int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

} // namespace

class TestTopDown : public QObject {
    Q_OBJECT
private slots:
    void levelsFromTheHierarchy() {
        const std::vector<TopDownCategory> shape = topDownShape(tmaGroup());
        QCOMPARE(shape.size(), size_t(2));
        QCOMPARE(shape[0].metric, size_t(1));
        QCOMPARE(shape[0].children, (std::vector<size_t>{2, 3}));
        QCOMPARE(shape[1].metric, size_t(4));
        QCOMPARE(shape[1].children, (std::vector<size_t>{5}));
        GroupResult flat;
        flat.metrics = {node("CPI", 1), node("Clock [MHz]", 2)};
        QVERIFY(topDownShape(flat).empty());
        QCOMPARE(topDownGroup({flat, tmaGroup()}), std::optional<size_t>(1));
        QCOMPARE(topDownGroup({flat}), std::nullopt);
    }

    void barsMarkedAsTheTreeMarksThem() {
        const GroupResult g = tmaGroup();
        const std::vector<TopDownBar> bars = topDownBars(g, topDownShape(g), aggregateValues(g));
        QCOMPARE(bars.size(), size_t(5));
        std::vector<size_t> order;
        std::vector<bool> marked;
        for (const auto& b : bars) order.push_back(b.metric), marked.push_back(b.marked);
        QCOMPARE(order, (std::vector<size_t>{1, 2, 3, 4, 5}));
        // Memory bound is past its 10 but its parent (12 < 20) is not: not marked.
        QCOMPARE(marked, (std::vector<bool>{true, true, false, false, false}));
        QCOMPARE(bars[1].level, 2);
        // Other values (a time range): n/a is never marked.
        std::vector<double> values(g.metrics.size(), kNotAvailable);
        values[4] = 25, values[5] = 15;
        const std::vector<TopDownBar> range = topDownBars(g, topDownShape(g), values);
        QVERIFY(!range[0].marked && std::isnan(range[0].value));
        QVERIFY(range[3].marked && range[4].marked);
        QCOMPARE(thresholdText(above(10, true)), std::string("> 10 & parent"));
    }

    void svgMarksAndThresholds() {
        BreakdownChart chart{"TMA: top-down breakdown", "whole run", {}};
        chart.bars = {{"Frontend bound", 1, 40, 15, "> 15", true},
                      {"Fetch latency", 2, 30, 10, "> 10 & parent", true},
                      {"Fetch bandwidth", 2, kNotAvailable, 20, "> 20", false},
                      {"Retiring", 1, 48, kNotAvailable, "", false}};
        const std::string svg = renderBreakdownSvg(chart).svg;
        QCOMPARE(count(svg, "<g class=\"bar level-1"), 2);
        QCOMPARE(count(svg, "<g class=\"bar level-2"), 2);
        QCOMPARE(count(svg, " marked\""), 2);
        QCOMPARE(count(svg, "class=\"threshold\""), 3);
        QCOMPARE(count(svg, "<rect"), 1 + 3); // the background, and a bar per value
        QVERIFY(svg.find("past &gt; 10 &amp; parent") != std::string::npos);
        QVERIFY(svg.find("n/a") != std::string::npos);
    }

    // The fixture is made up (tests/fixtures/report/make-synthetic-tma.py): it says so, and so does every report of it.
    void syntheticSessionIsLabelledAndBrokenDown() {
        auto loaded = readReportFile(fixture("synthetic-tma-4cpu.json"));
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().message.c_str());
        const MeasurementResult& r = *loaded;
        QVERIFY(r.synthetic.find("make-synthetic-tma.py") != std::string::npos);
        const RunContext context = describeRun(r);
        QVERIFY(!context.limitations.empty());
        QVERIFY(context.limitations.front().starts_with("Synthetic data: not measured on any machine"));
        // Written again, it stays labelled.
        auto again = readReportJson(formatReportJson(r), "again");
        QVERIFY(again.ok());
        QCOMPARE(again->synthetic, r.synthetic);

        const auto chart = groupTopDown(r, 0);
        QVERIFY(chart.has_value());
        QCOMPARE(count(chart->drawing.svg, "<g class=\"bar level-1"), 4);
        QCOMPARE(count(chart->drawing.svg, "<g class=\"bar level-2"), 8);
        // Whole run: Backend bound 34 % past 20, Memory bound 21 % past 20 under it, Core bound 12.8 % past 10.
        QCOMPARE(count(chart->drawing.svg, " marked\""), 3);
        const std::string html = formatHtmlReport(r);
        QVERIFY(html.find("Synthetic data: not measured on any machine") != std::string::npos);
        QVERIFY(html.find("TMA: top-down breakdown") != std::string::npos);
        // The key figures take the group's thresholds where thresholds.json has no rule.
        QVERIFY(html.find("<tr class=\"warning\"><td class=\"label\">Backend bound</td>") != std::string::npos);
        QVERIFY(html.find("watch: past the vendor&#39;s threshold (&gt; 20)") != std::string::npos);
        QVERIFY(html.find("<tr><td class=\"label\">Frontend bound</td>") != std::string::npos);
        QVERIFY(html.find("fine: within the vendor") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestTopDown)
#include "test_top_down.moc"
