// The roofline in reports: the SVG of the synthetic FLOPS_DP + MEM session
// (its roofs with where they come from, its points labelled with what they
// are), the HTML report's section, and perfdash-cli report --roofline with
// its errors (no ceilings, wrong suffix) naming the fix.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "core/report/HtmlReport.h"
#include "core/report/ReportJsonReader.h"
#include "core/report/RooflineReport.h"
#include "core/util/Strings.h"

using namespace perfdash;

namespace {

std::string fixtures() { return qEnvironmentVariable("PERFDASH_FIXTURES").toStdString(); }
std::string sessionPath() { return fixtures() + "/report/synthetic-roofline-2cpu.json"; }
std::string ceilingsPath() { return fixtures() + "/ceilings/synthetic-2thread.json"; }

bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

struct CliRun {
    int exitCode = -1;
    std::string err;
};

// perfdash-cli with its user data directory in `dataHome` (where it looks for the dashboard's ceilings).
CliRun runCli(const QStringList& args, const QString& dataHome) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("XDG_DATA_HOME", dataHome);
    p.setProcessEnvironment(env);
    p.start(qEnvironmentVariable("PERFDASH_CLI"), args);
    if (!p.waitForFinished(60000)) return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardError().toStdString()};
}

} // namespace

class TestRooflineReport : public QObject {
    Q_OBJECT
private slots:
    void svgHasTheRoofsAndTheLabelledPoints() {
        auto session = readReportFile(sessionPath());
        QVERIFY(session.ok());
        auto ceilings = readRooflineCeilings(ceilingsPath());
        QVERIFY(ceilings.ok());
        const SvgDrawing d = renderRooflineSvg(*session, *ceilings, "run.json", {720, 0, true});
        const std::string& svg = d.svg;
        QVERIFY(svg.starts_with("<?xml"));
        QVERIFY(contains(svg, "xmlns=\"http://www.w3.org/2000/svg\""));
        QVERIFY(contains(svg, "Roofline of run.json"));
        // The synthetic session and the synthetic ceilings say so.
        QVERIFY(contains(svg, "Synthetic data: made up by tests/fixtures/report/make-synthetic-roofline.py"));
        QVERIFY(contains(svg, ">SYNTHETIC: written by hand")); // the ceilings' note, at the start of its line
        // Four memory roofs and three compute roofs, each labelled with its origin.
        QCOMPARE(count(svg, "<g class=\"roof memory\""), 4);
        QCOMPARE(count(svg, "<g class=\"roof compute\""), 3);
        QVERIFY(contains(svg, "DRAM 14 GB/s (triad, 2 threads) measured here at 2.90 GHz"));
        QVERIFY(contains(svg, "DP avx2 70 GFLOP/s (fma, 2 threads) measured here at 2.90 GHz"));
        // One whole-run point, two regions, a trail of 40 intervals.
        QCOMPARE(count(svg, "<g class=\"point whole-run\""), 1);
        QCOMPARE(count(svg, "<g class=\"point region\""), 2);
        QCOMPARE(count(svg, "<g class=\"point interval\""), 40);
        QCOMPARE(count(svg, "<polyline class=\"trail\""), 1);
        QVERIFY(contains(svg, "data-name=\"stream_triad\""));
        QVERIFY(contains(svg, "data-name=\"dgemm\""));
        // What the points are.
        QVERIFY(contains(svg, "DP FLOPs counted (FLOPS_DP: DP [MFLOP/s])"));
        QVERIFY(contains(svg, "DRAM bytes: socket-wide, other processes included (MEM: Memory bandwidth [MBytes/s])"));
        // The streaming region sits under the DRAM roof: 0.1 FLOP/B gets 1.4 GFLOP/s at most.
        QVERIFY(contains(svg, "stream_triad: 0.1 FLOP/B, 1.24 GFLOP/s: 88% of the 1.41 GFLOP/s attainable there, bound by DRAM bandwidth"));
        QVERIFY(contains(svg, "dgemm: 20.5 FLOP/B, 42.2 GFLOP/s: 60% of the 70 GFLOP/s attainable there, bound by the DP avx2 peak"));
        QVERIFY(d.height > 400);
    }

    // 1200 intervals: every second one is drawn, and the last; the chart says so.
    void longTrailIsThinned() {
        auto session = readReportFile(sessionPath());
        QVERIFY(session.ok());
        std::vector<IntervalResult> many;
        for (int copy = 0; copy < 30; ++copy)
            for (IntervalResult interval : session->intervals) {
                interval.t += copy * 20.0;
                many.push_back(std::move(interval));
            }
        session->intervals = std::move(many);
        auto ceilings = readRooflineCeilings(ceilingsPath());
        QVERIFY(ceilings.ok());
        const std::string svg = renderRooflineSvg(*session, *ceilings, "long.json").svg;
        QCOMPARE(count(svg, "<g class=\"point interval\""), 600 + 1);
        QVERIFY(contains(svg, "one interval in 2 of its 1200, and the last"));
        QVERIFY(contains(svg, "t = 600 s:")); // the last is drawn
    }

    void runWithoutPointsShowsTheRoofsAndSaysWhy() {
        auto session = readReportFile(fixtures() + "/report/synthetic-tma-4cpu.json");
        QVERIFY(session.ok());
        auto ceilings = readRooflineCeilings(ceilingsPath());
        QVERIFY(ceilings.ok());
        const std::string svg = renderRooflineSvg(*session, *ceilings, "tma.json").svg;
        QCOMPARE(count(svg, "<g class=\"roof "), 7);
        QCOMPARE(count(svg, "<g class=\"point "), 0);
        QVERIFY(contains(svg, "No points: this run has no FLOP rate"));
        QVERIFY(contains(svg, "Missing: No FLOP rate: the run counted neither FLOPS_DP nor FLOPS_SP (measure with -g FLOPS_DP)"));
    }

    void htmlReportHasARooflineSection() {
        auto session = readReportFile(sessionPath());
        QVERIFY(session.ok());
        HtmlReportOptions options;
        options.ceilings = readRooflineCeilings(ceilingsPath());
        const std::string html = formatHtmlReport(*session, options);
        QVERIFY(contains(html, "<h2>Roofline</h2>"));
        QVERIFY(contains(html, "<svg class=\"roofline\""));
        QVERIFY(contains(html, "<td class=\"label\">whole run</td>"));
        QVERIFY(contains(html, "<td class=\"label\">dgemm</td>"));
        QVERIFY(contains(html, "socket-wide, other processes included"));
        // Without ceilings the section says how to get them; without the groups there is no section.
        options.ceilings = Result<RooflineCeilings>(makeError(noCeilingsMessage("/home/u/.local/share/perfdash/ceilings.json")));
        const std::string without = formatHtmlReport(*session, options);
        QVERIFY(contains(without, "<h2>Roofline</h2>"));
        QVERIFY(contains(without, "No roofline: no ceilings to draw the roofline against"));
        QVERIFY(!contains(without, "<svg class=\"roofline\""));
        auto tma = readReportFile(fixtures() + "/report/synthetic-tma-4cpu.json");
        QVERIFY(tma.ok());
        options.ceilings = readRooflineCeilings(ceilingsPath());
        QVERIFY(!contains(formatHtmlReport(*tma, options), "<h2>Roofline</h2>"));
    }

    void cliWritesTheSvgAndNamesTheFix() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString session = QString::fromStdString(sessionPath());
        const QString out = dir.filePath("roof.svg");

        // No --ceilings and none saved by the dashboard: the error says where it looked and what to run.
        const CliRun none = runCli({"report", session, "--roofline", "-o", out}, dir.path());
        QVERIFY2(none.exitCode == 1, none.err.c_str());
        QVERIFY2(contains(none.err, dir.path().toStdString() + "/perfdash/ceilings.json") &&
                     contains(none.err, "perfdash-cli ceilings --json -o") && contains(none.err, "--ceilings FILE"),
                 none.err.c_str());
        QVERIFY(!QFile::exists(out));

        const CliRun suffix = runCli({"report", session, "--roofline", "-o", dir.filePath("roof.png")}, dir.path());
        QVERIFY2(suffix.exitCode == 2 && contains(suffix.err, "give -o FILE.svg"), suffix.err.c_str());

        const CliRun wrote = runCli({"report", session, "--roofline", "--ceilings", QString::fromStdString(ceilingsPath()),
                                     "-o", out}, dir.path());
        QVERIFY2(wrote.exitCode == 0 && contains(wrote.err, "written to " + out.toStdString()) &&
                     contains(wrote.err, "synthetic data"), wrote.err.c_str());
        const auto svg = readFile(out.toStdString());
        QVERIFY(svg && contains(*svg, "<g class=\"point whole-run\"") && contains(*svg, "class=\"roof memory\""));

        // The dashboard's saved ceilings serve when --ceilings is not given.
        QVERIFY(QDir().mkpath(dir.filePath("perfdash")));
        QVERIFY(QFile::copy(QString::fromStdString(ceilingsPath()), dir.filePath("perfdash/ceilings.json")));
        const CliRun saved = runCli({"report", session, "--roofline", "-o", dir.filePath("again.svg")}, dir.path());
        QVERIFY2(saved.exitCode == 0, saved.err.c_str());

        // The HTML report takes --ceilings too; a broken ceilings file is named.
        const CliRun html = runCli({"report", session, "--ceilings", QString::fromStdString(ceilingsPath()), "-o",
                                    dir.filePath("run.html")}, dir.path());
        QVERIFY2(html.exitCode == 0, html.err.c_str());
        const auto page = readFile(dir.filePath("run.html").toStdString());
        QVERIFY(page && contains(*page, "<svg class=\"roofline\""));
        const CliRun broken = runCli({"report", session, "--roofline", "--ceilings", session, "-o", out}, dir.path());
        QVERIFY2(broken.exitCode == 1 && contains(broken.err, session.toStdString()) && contains(broken.err, "no ceilings file"),
                 broken.err.c_str());
    }
};

QTEST_GUILESS_MAIN(TestRooflineReport)
#include "test_roofline_report.moc"
