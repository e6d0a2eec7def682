#include <QtTest>

#include "ReportSamples.h"
#include "core/report/HtmlReport.h"
#include "core/report/MarkupText.h"
#include "core/report/ReportCharts.h"
#include "core/report/ReportTables.h"
#include "core/presentation/RunContext.h"

using namespace perfdash;

namespace {

bool contains(const std::string& haystack, const std::string& needle) { return haystack.find(needle) != std::string::npos; }

size_t count(const std::string& haystack, const std::string& needle) {
    size_t n = 0;
    for (size_t at = haystack.find(needle); at != std::string::npos; at = haystack.find(needle, at + 1)) ++n;
    return n;
}

const std::string kScript = "<script>alert(1)</script>";
const std::string kEscapedScript = "&lt;script&gt;alert(1)&lt;/script&gt;";

// Every place where a user or a measured program chooses the text.
MeasurementResult hostileResult() {
    MeasurementResult r = samples::richResult();
    r.config.mode = "launch";
    r.config.command = {"/opt/" + kScript, "--name=<img src=x onerror=alert(2)>"};
    r.config.groups = {kScript};
    r.config.events = {"<b>ev</b>"};
    r.machine = {{"hostname", "<script>host()</script>"}, {"kernel", "6.1 <i>x</i>"}};
    r.warnings = {"warning <script>w()</script>"};
    r.groups[0].name = "<g>" + kScript;
    r.groups[0].shortDescription = "desc <script>d()</script>";
    r.groups[0].metrics[0].name = "metric " + kScript;
    r.groups[0].events[0].event = "event " + kScript;
    r.groups[0].events[0].unit = "<u>";
    r.groups[1].events[3].reason = "reason <script>r()</script>";
    for (auto& i : r.intervals) {
        i.groups[0].name = r.groups[0].name;
        i.groups[0].metrics[0].name = r.groups[0].metrics[0].name;
    }
    return r;
}

} // namespace

class TestHtmlReport : public QObject {
    Q_OBJECT
private slots:
    void escapesEveryUserControlledText() {
        const std::string html = formatHtmlReport(hostileResult());
        // Not one script element anywhere, in any letter case.
        QString lower = QString::fromStdString(html).toLower();
        QVERIFY(!lower.contains("<script"));
        QVERIFY(!contains(html, "<img src=x"));
        QVERIFY(!contains(html, "<b>ev</b>"));
        QVERIFY(!contains(html, "<i>x</i>"));
        // ... and every one of them is shown, as text.
        QVERIFY(contains(html, kEscapedScript)); // program name, group, metric, event
        QVERIFY(contains(html, "&lt;img src=x onerror=alert(2)&gt;")); // argument
        QVERIFY(contains(html, "&lt;script&gt;host()&lt;/script&gt;"));
        QVERIFY(contains(html, "warning &lt;script&gt;w()&lt;/script&gt;"));
        QVERIFY(contains(html, "metric " + kEscapedScript));
        QVERIFY(contains(html, "event " + kEscapedScript + " [&lt;u&gt;]"));
        QVERIFY(contains(html, "reason &lt;script&gt;r()&lt;/script&gt;"));
        QVERIFY(contains(html, "desc &lt;script&gt;d()&lt;/script&gt;"));
        QVERIFY(contains(html, "&lt;b&gt;ev&lt;/b&gt;"));
        // The command line in full; the title names the program file, which is what follows the last '/'.
        QVERIFY(contains(html, "<td>&#39;/opt/" + kEscapedScript + "&#39; &#39;--name=&lt;img src=x onerror=alert(2)&gt;&#39;</td>"));
        QVERIFY(contains(html, "<title>perfdash report: script&gt;</title>"));
    }

    void escapeMarkupCoversAttributesAndBadBytes() {
        QCOMPARE(escapeMarkup("a&b<c>d\"e'f"), std::string("a&amp;b&lt;c&gt;d&quot;e&#39;f"));
        QCOMPARE(escapeMarkup("caf\xc3\xa9 \xe2\x82\xac"), std::string("caf\xc3\xa9 \xe2\x82\xac")); // valid UTF-8 stays
        QCOMPARE(escapeMarkup("\xff\xc0\xaf"), std::string("\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD")); // invalid, overlong
        QCOMPARE(escapeMarkup("\xed\xa0\x80"), std::string("\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD")); // a surrogate
        QCOMPARE(escapeMarkup(std::string("a\0b\x1b", 4)), std::string("a\xEF\xBF\xBD" "b\xEF\xBF\xBD"));
        QCOMPARE(escapeMarkup("tab\tnew\nline"), std::string("tab\tnew\nline"));
    }

    // The notes of the text report, as notes under the tables: each slot of
    // likwid's own code, each metric computed from one.
    void notesLikwidsOwnCodes() {
        const std::string html = formatHtmlReport(samples::likwidCodeResult());
        QVERIFY(contains(html, "<p class=\"note\">" + escapeMarkup("PMC1 " + std::string(samples::kLikwidCodeNote)) +
                                   ".</p>"));
        QVERIFY(contains(html, "<p class=\"note\">" +
                                   escapeMarkup("'Used cycles ratio [%]': computed with likwid's own code for PMC1 "
                                                "(no vendor list for this CPU has it).") +
                                   "</p>"));
        QVERIFY(!contains(formatHtmlReport(samples::smallResult()), "likwid&#39;s own code"));
    }

    void isSelfContained() {
        const std::string html = formatHtmlReport(samples::richResult());
        QVERIFY(!contains(html, "http://"));
        QVERIFY(!contains(html, "https://"));
        QVERIFY(!contains(html, "src="));
        QVERIFY(!contains(html, "href"));
        QVERIFY(!contains(html, "url("));
        QVERIFY(!contains(html, "@import"));
        QVERIFY(contains(html, "default-src 'none'")); // nothing may load or run even if a name slipped through
        QVERIFY(contains(html, "<style>"));
        // The charts are inline SVG: a timeline per metric and a bar chart per metric (3 CPUs).
        const size_t charts = reportCharts(samples::richResult()).size();
        QCOMPARE(charts, size_t(4 /* metrics */ * 2 + 1 /* the custom group's event timeline */));
        QCOMPARE(count(html, "<svg"), charts);
    }

    void containsEveryTableValue() {
        const MeasurementResult r = samples::richResult();
        const std::string html = formatHtmlReport(r);
        size_t cells = 0;
        for (size_t g = 0; g < r.groups.size(); ++g) {
            const GroupTables t = groupTables(r, g);
            QVERIFY(contains(html, escapeMarkup(t.title)));
            for (const ReportTable* table : {&t.events, &t.eventStatistics, &t.metrics, &t.metricStatistics}) {
                for (const auto& header : table->headers) QVERIFY2(contains(html, "<th>" + escapeMarkup(header) + "</th>"), header.c_str());
                for (const auto& row : table->rows)
                    for (const auto& cell : row) {
                        QVERIFY2(contains(html, ">" + escapeMarkup(cell) + "</td>"), cell.c_str());
                        ++cells;
                    }
                for (const auto& note : table->notes) QVERIFY2(contains(html, escapeMarkup(note)), note.c_str());
            }
        }
        QVERIFY(cells > 50);
        // Values the text report shows too, spot-checked by hand.
        QVERIFY(contains(html, ">2469134 (62.5%)</td>"));
        QVERIFY(contains(html, ">not counted</td>"));
        QVERIFY(contains(html, ">n/a</td>"));
        QVERIFY(contains(html, ">Metric, with &quot;quotes&quot;</td>"));
        for (const auto& [label, value] : reportHeaderLines(r)) QVERIFY2(contains(html, escapeMarkup(value)), value.c_str());
    }

    void marksPartialSumsAndExplainsEventCharts() {
        const MeasurementResult r = samples::gapsResult();
        const std::string html = formatHtmlReport(r);
        // The Sum of "some" lacks cpu2: marked partial, in its own style, never the bare sum.
        QVERIFY(contains(html, "<td class=\"num partial\" align=\"right\">\u2265 600 (partial: 2 of 3 locations)</td>"));
        QVERIFY(!contains(html, ">600<"));
        QVERIFY(contains(html, "<td class=\"num\" align=\"right\">8000 (50.0%)</td>")); // multiplexed: scaled, with coverage
        // GAPS has no metrics, so its events are charted; each chart says what its line does not.
        const std::vector<ReportChart> charts = reportCharts(r);
        QCOMPARE(charts.size(), size_t(3));
        QVERIFY(contains(charts[0].drawing.svg, "no value in 2 intervals"));
        QVERIFY(contains(charts[0].drawing.svg, "no values (n/a)"));
        QVERIFY(contains(charts[1].drawing.svg, "n/a in 2 intervals where only some locations had a value"));
        QVERIFY(contains(charts[2].drawing.svg, "multiplexed: scaled up from as little as 50.0% of the time"));
        MeasurementResult notCounted = r;
        for (auto* groups : {&notCounted.groups, &notCounted.intervals[0].groups, &notCounted.intervals[1].groups})
            (*groups)[0].events[0] = samples::notCounted("PMC0", "idle", samples::kVirtualisedPmu, 3);
        QVERIFY(contains(reportCharts(notCounted)[0].drawing.svg,
                         std::string("not counted: ") + samples::kVirtualisedPmu));
    }

    void describesTheMachine() {
        MeasurementResult r = samples::smallResult();
        r.machine = nlohmann::json::parse(R"({
            "topology": {"cpu": {"vendor": "GenuineIntel", "family": 6, "model": 85, "stepping": 4,
                                 "modelName": "Intel(R) Xeon(R) Gold 6130", "source": "cpuid"},
                         "architecture": "x86_64", "sockets": 1, "cores": 2, "hwThreads": 2, "threadsPerCore": 1,
                         "numaDomains": 1,
                         "caches": [{"level": 1, "type": "Data", "sizeBytes": 32768, "associativity": 8, "instances": 2}]},
            "kernel": "6.18.0", "pmu_model": null, "perf_event_paranoid": 2, "cap_perfmon": true,
            "nominal_clock": {"hz": 2100000000, "source": "cpuinfo"},
            "capabilities": [{"id": "hw", "title": "Hardware counters", "available": false, "applicable": true,
                              "detail": "PMU not available due to virtualization", "fix": "run on bare metal"}],
            "site": "lab 3",
            "cpu_arch": {"arch": "zen5", "uncertain": true, "how": "AuthenticAMD family 0x1a model 0x2 from CPUID",
                         "doubts": ["a hypervisor is present", "the brand string is generic"], "notes": [],
                         "overriddenBy": null}})");
        const std::string html = formatHtmlReport(r);
        // The architecture in words, never its JSON object.
        QVERIFY(contains(html, "<th scope=\"row\">likwid architecture</th><td>zen5: AuthenticAMD family 0x1a model 0x2 from "
                               "CPUID. Uncertain: a hypervisor is present; the brand string is generic</td>"));
        QVERIFY(!contains(html, "&quot;arch&quot;"));
        r.machine["cpu_arch"] = nlohmann::json::parse(
            R"({"arch": "skylakeX", "uncertain": false, "how": "", "doubts": [], "notes": [], "overriddenBy": "--arch",
                "detectedArch": null, "detectedUncertain": false})");
        QVERIFY(contains(formatHtmlReport(r), "<td>skylakeX (set by --arch; detected: none)</td>"));
        QVERIFY(contains(html, "Intel(R) Xeon(R) Gold 6130 (GenuineIntel family 6 model 85 stepping 4)"));
        QVERIFY(contains(html, "6.18.0"));
        QVERIFY(contains(html, "1 socket(s), 2 cores, 2 hardware threads, 1 per core, 1 NUMA domain(s)"));
        QVERIFY(contains(html, "L1 Data: 32 KiB, 8-way, 2 instance(s)"));
        QVERIFY(contains(html, "none detected"));
        QVERIFY(contains(html, "2100 MHz (cpuinfo)"));
        QVERIFY(contains(html, "Hardware counters"));
        QVERIFY(contains(html, "run on bare metal"));
        QVERIFY(contains(html, "<th scope=\"row\">site</th><td>lab 3</td>")); // unknown fields are shown as they are
    }

    // A group's seconds per interval ("Runtime [s]") are charted after its rates and ratios, as the Live
    // page orders them: the first chart of a group is one worth reading.
    void secondsPerIntervalChartLast() {
        MeasurementResult r = samples::richResult();
        auto addRuntime = [](GroupResult& g) {
            g.metrics.insert(g.metrics.begin(), samples::metric("Runtime [s]", "time", {0.5, 0.5, 0.5}, 0.5));
        };
        addRuntime(r.groups[0]);
        for (IntervalResult& i : r.intervals) addRuntime(i.groups[0]);
        std::vector<std::string> titles;
        for (const ReportChart& c : reportCharts(r))
            if (c.group == 0 && c.title.ends_with(" over time")) titles.push_back(c.title);
        QCOMPARE(titles, (std::vector<std::string>{"CPI: CPI over time", "CPI: Clock [MHz] over time",
                                                   "CPI: Runtime [s] over time"}));
    }

    void referencesChartImagesForRenderersWithoutSvg() {
        const MeasurementResult r = samples::richResult();
        const std::string html = formatHtmlReport(r, {/*forPrint=*/true});
        QVERIFY(!contains(html, "<svg"));
        const size_t charts = reportCharts(r).size();
        QCOMPARE(count(html, "<img src=\"chart-"), charts);
        QVERIFY(contains(html, "src=\"" + htmlChartResourceName(charts - 1) + "\""));
    }

    void overviewSaysTheRunAndMarksKeyFigures() {
        const MeasurementResult r = samples::richResult();
        HtmlReportOptions options;
        options.thresholds = MetricThresholds({{"CPI", "CPI", true, 0.8, 1.0, "many cycles per instruction"}});
        const std::string html = formatHtmlReport(r, options);
        const size_t overview = html.find("<h2>Overview</h2>");
        QVERIFY(overview != std::string::npos && overview < html.find("<h2>Configuration</h2>"));
        QVERIFY(contains(html, "<p class=\"context\">" + escapeMarkup(describeRun(r).line) + "</p>"));
        // CPI 1.0748 is past the bad mark; the clock has no rule, so no band.
        QVERIFY2(contains(html, "<tr class=\"bad\"><td class=\"label\">CPI</td><td class=\"num\">1.0748</td>"), html.c_str());
        QVERIFY(contains(html, "worth a look: many cycles per instruction"));
        QVERIFY(contains(html, "<td class=\"label\">Clock</td><td class=\"num\">2500</td><td>MHz</td>"));
        // A figure without a value says n/a, with no coverage.
        QVERIFY2(contains(html, "<td class=\"na\">n/a</td>"), html.c_str());
    }

    void perCpuSessionsGetAHeatMap() {
        HtmlReportOptions options = htmlReportOptionsFromData();
        QVERIFY2(options.heatColors.has_value(), options.notes.empty() ? "" : options.notes.front().c_str());
        const MeasurementResult r = samples::richResult(); // three CPUs, a timeline
        const std::string html = formatHtmlReport(r, options);
        QCOMPARE(count(html, "class=\"chart heatmap\""), size_t(2)); // CPI and MEM; `custom` has no metric
        QVERIFY(contains(html, "CPI: CPI per CPU over time"));
        // Not for paper (the PDF draws no SVG), not without a scale, not for one location.
        options.forPrint = true;
        QVERIFY(!contains(formatHtmlReport(r, options), "heatmap"));
        QVERIFY(!contains(formatHtmlReport(r), "heatmap"));
        MeasurementResult one = samples::smallResult();
        one.locations.resize(1);
        QVERIFY(!contains(formatHtmlReport(one, htmlReportOptionsFromData()), "heatmap"));
    }

    void marksIncompleteAndReplayedSessions() {
        MeasurementResult r = samples::smallResult();
        r.incomplete = true;
        r.replay = true;
        const std::string html = formatHtmlReport(r);
        QVERIFY(contains(html, "Incomplete session"));
        QVERIFY(contains(html, "read from a saved report"));
    }

    void showsMarkerRegionsLikeTheTextReport() {
        MeasurementResult r = samples::smallResult();
        r.config.marker = true;
        RegionResult solve;
        solve.name = "solve <b>";
        solve.threads = {{LocationKind::Thread, 4242}, {LocationKind::Thread, 4243}};
        solve.timeS = {0.5, 0.25};
        solve.calls = {10, 7};
        solve.group.name = "SOFTWARE";
        solve.group.events.push_back(samples::counted("FAULTS", "page-faults", {{1000, 1}, {500, 1}}));
        solve.group.metrics.push_back(samples::metric("Page faults [1/s]", "FAULTS/time", {2000, 2000}, 3000));
        r.regions = {solve};
        const std::string html = formatHtmlReport(r);
        QVERIFY(contains(html, "<h2>Region solve &lt;b&gt;, Group 1: SOFTWARE</h2>"));
        QVERIFY(contains(html, "<th>TID 4243</th>"));
        QVERIFY(contains(html, "call count"));
        // The same cells as the text report: regionTables feeds both.
        for (const auto& row : regionTables(solve).group.metricStatistics.rows)
            for (const auto& cell : row) QVERIFY2(contains(html, escapeMarkup(cell)), cell.c_str());
        QVERIFY(contains(html, "<th scope=\"row\">Regions</th><td>1 (solve &lt;b&gt;)"));
    }
};

QTEST_APPLESS_MAIN(TestHtmlReport)
#include "test_html_report.moc"
