// perfdash-cli merge's core (core/report/ReportMerge.h) on hand-made runs of
// one job: hosts with different CPU counts, totals summed over every
// location, aggregates computed again from the sums, each run's own metrics
// kept for the statistics across hosts; a run given twice, runs that counted
// other things and a single run refused; the merged report through JSON,
// CSV and the text report.
#include <QtTest>

#include "ReportSamples.h"
#include "core/groups/FormulaConstants.h"
#include "core/report/ReportCsv.h"
#include "core/report/ReportJson.h"
#include "core/report/ReportJsonReader.h"
#include "core/report/ReportMerge.h"
#include "core/report/TextReport.h"

using namespace perfdash;
using namespace perfdash::samples;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// One rank's run of the CPI group on `cpus` CPUs: each CPU retired `instructions`
// and ran twice as many cycles; `seconds` long, on `host` at 2 GHz.
MeasurementResult rankRun(const std::string& host, int rank, int cpus, double instructions, double seconds) {
    MeasurementResult r;
    r.version = "0.1.0";
    r.startedAt = "2024-05-01T10:00:0" + std::to_string(rank) + "+02:00";
    r.machine = {{"hostname", host}};
    MetricEnvironment env;
    env.inverseClock = 1 / 2e9;
    env.numCpus = cpus;
    env.numSockets = 1;
    env.numNumaDomains = 1;
    r.machine[kFormulaConstantsKey] = formulaConstantsToJson(env);
    r.config.mode = "launch";
    r.config.command = {"./solver"};
    r.config.groups = {"CPI"};
    r.config.mpiRank = rank;
    r.durationS = seconds;
    r.exitStatus = 0;
    std::vector<CountValue> instr, cycles;
    std::vector<double> cpi, ips, mhz;
    for (int c = 0; c < cpus; ++c) {
        r.locations.push_back({LocationKind::Cpu, c});
        instr.push_back({instructions, 1});
        cycles.push_back({2 * instructions, 1});
        cpi.push_back(2.0);
        ips.push_back(instructions / seconds);
        mhz.push_back(1e-6 * 2 * instructions / seconds);
    }
    GroupResult g;
    g.name = "CPI";
    g.events.push_back(counted("FIXC0", "INSTR_RETIRED_ANY", instr));
    g.events.push_back(counted("FIXC1", "CPU_CLK_UNHALTED_CORE", cycles));
    g.metrics.push_back(metric("CPI", "FIXC1/FIXC0", cpi, 2.0));
    g.metrics.push_back(metric("Instructions per second", "FIXC0/time", ips, cpus * instructions / seconds));
    g.metrics.push_back(metric("Clock [MHz]", "1.E-06*FIXC1/time/num_cpus", mhz, 1e-6 * 2 * instructions / seconds));
    r.groups.push_back(std::move(g));
    return r;
}

double total(const MeasurementResult& r, size_t event) { return r.groups[0].events[event].total.value; }
double aggregate(const MeasurementResult& r, size_t metric) { return r.groups[0].metrics[metric].aggregate; }

} // namespace

class TestReportMerge : public QObject {
    Q_OBJECT

private slots:
    void hostsWithDifferentCpuCounts() {
        auto merged = mergeReports({{"run-a-0.json", rankRun("node-a", 0, 2, 1e9, 2.0)},
                                    {"run-b-1.json", rankRun("node-b", 1, 3, 2e9, 4.0)}});
        QVERIFY2(merged, merged ? "" : merged.error().message.c_str());
        QCOMPARE(merged->locations.size(), size_t(5));
        QCOMPARE(merged->locations[0].host, std::string("node-a"));
        QCOMPARE(merged->locations[4].host, std::string("node-b"));
        QCOMPARE(merged->locations[4].id, 2);
        QCOMPARE(merged->locations[4].rank.value(), 1);
        QCOMPARE(total(*merged, 0), 2e9 + 6e9);
        QCOMPARE(total(*merged, 1), 4e9 + 12e9);
        QCOMPARE(merged->groups[0].events[0].perLocation.size(), size_t(5));
        QCOMPARE(merged->durationS, 4.0); // the job's span: the longest run
        QCOMPARE(merged->startedAt, std::string("2024-05-01T10:00:00+02:00"));
        // Aggregates from the job's sums: CPI is still 2; the job retired 8e9 instructions in 4 s.
        QCOMPARE(aggregate(*merged, 0), 2.0);
        QCOMPARE(aggregate(*merged, 1), 8e9 / 4.0);
        // The clock: 16e9 cycles in 4 s over 5 CPUs, at the hosts' common clock constant.
        QVERIFY(std::fabs(aggregate(*merged, 2) - 1e-6 * 16e9 / 4.0 / 5) < 1e-9);
        // Each location keeps its own run's value.
        QCOMPARE(merged->groups[0].metrics[1].perLocation[0], 1e9 / 2.0);
        QCOMPARE(merged->groups[0].metrics[1].perLocation[4], 2e9 / 4.0);
        QCOMPARE(merged->hosts.size(), size_t(2));
        QCOMPARE(merged->hosts[1].host, std::string("node-b"));
        QCOMPARE(merged->hosts[1].locations, size_t(3));
        QCOMPARE(merged->hosts[1].metrics[0][1], 6e9 / 4.0);
        QCOMPARE(merged->hosts[1].source, std::string("run-b-1.json"));
        QVERIFY(merged->replay); // not measured now

        // One column per run in the text report: its CPUs summed, its own metrics, statistics across hosts.
        const MeasurementResult view = perHostView(*merged);
        QCOMPARE(view.locations.size(), size_t(2));
        QCOMPARE(view.groups[0].events[0].perLocation[1].value, 6e9);
        QCOMPARE(view.groups[0].metrics[1].perLocation[0], 2e9 / 2.0);
        const std::string text = formatTextReport(*merged);
        QVERIFY2(contains(text, "Merged:") && contains(text, "2 runs"), text.c_str());
        QVERIFY2(contains(text, "node-b rank 1"), text.c_str());
        QVERIFY2(contains(text, "Slowest: run 2 (node-b rank 1, 4.000 s); fastest: run 1 (node-a rank 0, 2.000 s)"),
                 text.c_str());
        QVERIFY2(contains(text, "INSTR_RETIRED_ANY STAT") && contains(text, "CPI STAT"), text.c_str()); // across runs
        QVERIFY2(!contains(text, "HWThread"), text.c_str());   // not one column per CPU of every host
        // CSV keeps every location, named by host.
        const std::string csv = formatReportCsv(*merged);
        QVERIFY2(contains(csv, ",node-b:cpu2,"), csv.c_str());
    }

    void mergedReportsReadBack() {
        auto merged = mergeReports({{"a.json", rankRun("node-a", 0, 2, 1e9, 2.0)},
                                    {"b.json", rankRun("node-b", 1, 1, 3e9, 3.0)}});
        QVERIFY(merged);
        auto read = readReportJson(formatReportJson(*merged), "merged.json");
        QVERIFY2(read, read ? "" : read.error().message.c_str());
        QCOMPARE(read->hosts.size(), size_t(2));
        QCOMPARE(read->hosts[1].rank.value(), 1);
        QCOMPARE(read->hosts[1].durationS, 3.0);
        QCOMPARE(read->hosts[0].metrics[0][1], 2e9 / 2.0);
        QCOMPARE(read->locations[2].host, std::string("node-b"));
        QCOMPARE(read->locations[2].rank.value(), 1);
        QCOMPARE(formatReportJson(*read), formatReportJson(*merged)); // exactly what was written
        // A merged report cannot be merged again: its runs' own reports can.
        auto again = mergeReports({{"merged.json", *read}, {"c.json", rankRun("node-c", 2, 1, 1e9, 1.0)}});
        QVERIFY(!again);
        QVERIFY2(contains(again.error().message, "merged.json is already a merged report"),
                 again.error().message.c_str());
        // hosts must account for the locations.
        auto j = nlohmann::json::parse(formatReportJson(*merged));
        j["hosts"][0]["locations"] = 7;
        auto bad = readReportJson(j.dump(), "edited.json");
        QVERIFY(!bad);
        QVERIFY2(contains(bad.error().message, "edited.json") && contains(bad.error().message, "hosts"),
                 bad.error().message.c_str());
    }

    // The same run twice is refused; the same numbers from another host double
    // the counts and the rates, and leave ratios and the duration alone.
    // Timelines are not joined (each starts at its own time): each run keeps its own, and hostRun gives a run
    // back as a report of its own with its counts, its own metrics and its timeline.
    void eachRunKeepsItsTimeline() {
        MeasurementResult a = rankRun("node-a", 0, 2, 1e9, 2.0);
        a.intervals.push_back({1.0, 1.0, a.groups});
        auto merged = mergeReports({{"a.json", a}, {"b.json", rankRun("node-b", 1, 4, 3e9, 2.0)}});
        QVERIFY2(merged, merged ? "" : merged.error().message.c_str());
        QVERIFY(merged->intervals.empty());
        const auto read = readReportJson(formatReportJson(*merged), "merged.json");
        QVERIFY2(read, read ? "" : read.error().message.c_str());
        QCOMPARE(read->hosts[0].intervals.size(), size_t(1));
        QVERIFY(read->hosts[1].intervals.empty());
        const MeasurementResult runA = hostRun(*read, 0), runB = hostRun(*read, 1);
        QCOMPARE(runA.locations.size(), size_t(2));
        QCOMPARE(runA.intervals.size(), size_t(1));
        QCOMPARE(runA.intervals[0].groups[0].events[0].perLocation[1].value, 1e9);
        QCOMPARE(runA.groups[0].events[0].total.value, 2e9);
        QCOMPARE(runB.locations.size(), size_t(4));
        QCOMPARE(runB.groups[0].events[1].total.value, 4 * 6e9);
        QCOMPARE(runB.groups[0].metrics[0].aggregate, 2.0);
        QCOMPARE(runB.config.mpiRank, std::optional<int>(1));
        QCOMPARE(runB.machine.value("hostname", ""), std::string("node-b"));
    }

    void nothingDoublesThatShouldNot() {
        const MeasurementResult run = rankRun("node-a", 0, 2, 1e9, 2.0);
        auto twice = mergeReports({{"run.json", run}, {"copy.json", run}});
        QVERIFY(!twice);
        QVERIFY2(contains(twice.error().message, "copy.json") && contains(twice.error().message, "run.json") &&
                     contains(twice.error().message, "same run"),
                 twice.error().message.c_str());
        MeasurementResult elsewhere = run;
        elsewhere.machine["hostname"] = "node-b";
        auto merged = mergeReports({{"run.json", run}, {"b.json", elsewhere}});
        QVERIFY(merged);
        QCOMPARE(total(*merged, 0), 2 * total(run, 0));
        QCOMPARE(aggregate(*merged, 0), aggregate(run, 0));         // CPI
        QCOMPARE(aggregate(*merged, 1), 2 * aggregate(run, 1));     // instructions per second of the job
        QCOMPARE(aggregate(*merged, 2), aggregate(run, 2));         // the clock: per CPU, over twice the CPUs
        QCOMPARE(merged->durationS, run.durationS);
    }

    void refusals() {
        auto one = mergeReports({{"only.json", rankRun("node-a", 0, 2, 1e9, 2.0)}});
        QVERIFY(!one);
        QVERIFY2(contains(one.error().message, "at least two runs"), one.error().message.c_str());

        MeasurementResult other = rankRun("node-b", 1, 2, 1e9, 2.0);
        other.groups[0].events[1].event = "CPU_CLK_UNHALTED_REF";
        auto unlike = mergeReports({{"a.json", rankRun("node-a", 0, 2, 1e9, 2.0)}, {"b.json", other}});
        QVERIFY(!unlike);
        QVERIFY2(contains(unlike.error().message, "b.json counted other things than a.json") &&
                     contains(unlike.error().message, "CPU_CLK_UNHALTED_REF"),
                 unlike.error().message.c_str());

        MeasurementResult mem = rankRun("node-b", 1, 2, 1e9, 2.0);
        mem.groups[0].name = "MEM";
        auto group = mergeReports({{"a.json", rankRun("node-a", 0, 2, 1e9, 2.0)}, {"b.json", mem}});
        QVERIFY(!group);
        QVERIFY2(contains(group.error().message, "MEM"), group.error().message.c_str());
    }

    // A failed rank and a host at another clock: said, never averaged away.
    void exitStatusAndClocks() {
        MeasurementResult failed = rankRun("node-b", 1, 2, 1e9, 2.0);
        failed.exitStatus = 3;
        failed.machine[kFormulaConstantsKey]["inverseClock"] = 1 / 3e9;
        auto merged = mergeReports({{"a.json", rankRun("node-a", 0, 2, 1e9, 2.0)}, {"b.json", failed}});
        QVERIFY(merged);
        QCOMPARE(merged->exitStatus.value(), 3);
        bool said = false;
        for (const auto& w : merged->warnings) said = said || contains(w, "b.json (host node-b, rank 1) exited with status 3");
        QVERIFY(said);
        QCOMPARE(merged->machine[kFormulaConstantsKey]["inverseClock"], nlohmann::json(nullptr));
        QCOMPARE(merged->machine[kFormulaConstantsKey]["num_cpus"].get<double>(), 4.0);
    }
};

QTEST_GUILESS_MAIN(TestReportMerge)
#include "test_report_merge.moc"
