// The overview's data from core/presentation: metric thresholds (the shipped file
// and the parser's refusals) and a run's one-line context with its limitations.
#include <QtTest>

#include "report/ReportSamples.h"
#include "core/presentation/MetricThresholds.h"
#include "core/presentation/RunContext.h"

using namespace perfdash;

namespace {
bool contains(const std::vector<std::string>& lines, const std::string& part) {
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) { return l.find(part) != std::string::npos; });
}
} // namespace

class TestRunSummary : public QObject {
    Q_OBJECT
private slots:
    void theShippedThresholdsParse() {
        const Result<MetricThresholds> t =
            loadMetricThresholds(qEnvironmentVariable("PERFDASH_DATA_DIR").toStdString() + "/metrics/thresholds.json");
        QVERIFY2(t.ok(), t.ok() ? "" : t.error().message.c_str());
        const MetricThreshold* cpi = t->find("CPI", "CPI");
        QVERIFY(cpi);
        QCOMPARE(cpi->rate(0.7), Rating::Good);
        QCOMPARE(cpi->rate(1.5), Rating::Warning);
        QCOMPARE(cpi->rate(2.0), Rating::Bad);
        QCOMPARE(cpi->rate(std::nan("")), Rating::None);
        const MetricThreshold* ipc = t->find("CPI", "IPC");
        QVERIFY(ipc && !ipc->higherIsWorse);
        QCOMPARE(ipc->rate(0.4), Rating::Bad);
        QCOMPARE(ipc->rate(2.0), Rating::Good);
        // A rule tied to a group applies there only.
        QVERIFY(t->find("SOFTWARE", "Major page faults [1/s]"));
        QVERIFY(!t->find("MYGROUP", "Major page faults [1/s]"));
        QVERIFY(!t->find("SOFTWARE", "Page faults [1/s]"));
    }
    void aGroupRuleComesBeforeAGeneralOne() {
        const auto t = parseMetricThresholds(R"({"schema": 1, "thresholds": [
            {"metric": "CPI", "worse": "higher", "warn": 1, "bad": 2},
            {"group": "MINE", "metric": "CPI", "worse": "higher", "warn": 5, "bad": 9}]})", "t.json");
        QVERIFY(t.ok());
        QCOMPARE(t->find("MINE", "CPI")->warn, 5.0);
        QCOMPARE(t->find("OTHER", "CPI")->warn, 1.0);
    }
    void badFilesAreRefusedWithTheReason() {
        const std::vector<std::pair<std::string, std::string>> cases{
            {"{", "not valid JSON"},
            {R"({"schema": 2, "thresholds": []})", "schema 1"},
            {R"({"schema": 1})", "no \"thresholds\""},
            {R"({"schema": 1, "thresholds": [{"worse": "higher", "warn": 1, "bad": 2}]})", "threshold 1 has no \"metric\""},
            {R"({"schema": 1, "thresholds": [{"metric": "X", "worse": "up", "warn": 1, "bad": 2}]})", "\"worse\" must be"},
            {R"({"schema": 1, "thresholds": [{"metric": "X", "worse": "higher", "warn": "1", "bad": 2}]})", "\"warn\" must be a number"},
            {R"({"schema": 1, "thresholds": [{"metric": "X", "worse": "higher", "warn": 3, "bad": 2}]})", "beyond \"warn\""},
        };
        for (const auto& [text, expected] : cases) {
            const auto t = parseMetricThresholds(text, "my.json");
            QVERIFY2(!t.ok(), text.c_str());
            QVERIFY2(t.error().message.find("my.json: ") == 0, t.error().message.c_str());
            QVERIFY2(t.error().message.find(expected) != std::string::npos, t.error().message.c_str());
        }
        QVERIFY(!loadMetricThresholds("/nonexistent/thresholds.json").ok());
    }
    void theContextLineSaysWhatRanWhereAndHow() {
        MeasurementResult r = samples::smallResult();
        r.machine = {{"kernel", "6.1.0"}, {"topology", {{"cpu", {{"modelName", "AMD EPYC"}}}, {"hwThreads", 2}}}};
        const RunContext c = describeRun(r);
        QCOMPARE(QString::fromStdString(c.line),
                 QStringLiteral("stream --size 1 GB · launched, CPUs 0-1 · 1.50 s · exit status 0 · AMD EPYC, 2 "
                                "hardware threads, Linux 6.1.0 · perf backend · group CPI"));
        // A run that does not name its backend (an older agent's) reads without one, not with a guess.
        r.config.backend.clear();
        QVERIFY2(describeRun(r).line.find("backend") == std::string::npos, describeRun(r).line.c_str());
    }
    void limitationsCarryTheirReasons() {
        MeasurementResult r = samples::smallResult(); // FIXC1 multiplexed at 62.5 % on CPU 0, PMC0 not counted
        r.replay = true;
        r.config.userSpaceOnly = true;
        r.machine = {{"capabilities",
                      {{{"id", "hardware_pmu"}, {"applicable", true}, {"available", false}, {"detail", "no PMU in this VM"}}}}};
        const RunContext c = describeRun(r);
        QVERIFY(contains(c.limitations, "Recorded data: replayed from a saved session (recorded 2024-05-01T10:00:00+02:00)"));
        QVERIFY(contains(c.limitations, "No hardware PMU: no PMU in this VM"));
        QVERIFY(contains(c.limitations, "User space only"));
        QVERIFY(contains(c.limitations, "Multiplexed: 1 event(s)"));
        QVERIFY(contains(c.limitations, "Not counted: 1 event(s)"));
        QVERIFY(contains(c.limitations, "L1D_REPLACEMENT: PMU not available due to virtualization"));

        MeasurementResult clean = samples::smallResult();
        std::erase_if(clean.groups[0].events, [](const EventResult& e) { return !e.counted; });
        for (auto& e : clean.groups[0].events) e.total.coverage = 1;
        QVERIFY(describeRun(clean).limitations.empty());
    }
    // A merged report (perfdash-cli merge) names its runs, not one machine, and says it was put together.
    void mergedRunsAreNamed() {
        MeasurementResult r = samples::smallResult();
        r.replay = true;
        for (int rank = 0; rank < 2; ++rank) {
            HostRun run;
            run.host = "node" + std::to_string(rank + 1);
            run.rank = rank;
            r.hosts.push_back(run);
        }
        const RunContext c = describeRun(r);
        QVERIFY2(c.line.find("2 runs on node1, node2 (ranks 0, 1)") != std::string::npos, c.line.c_str());
        QVERIFY(contains(c.limitations, "Merged: 2 runs of a parallel job"));
        QVERIFY(!contains(c.limitations, "Recorded data")); // said once, as merged
    }
    void attachedAndSystemWideRuns() {
        MeasurementResult r;
        r.config.mode = "attach";
        r.config.pid = 77;
        r.durationS = 12.25;
        r.interrupted = true;
        QVERIFY(describeRun(r).line.starts_with("process 77 · attached, any CPU · 12.2 s (stopped before the end)"));
        r.config.mode = "system";
        r.config.cpuList = "0-3";
        QVERIFY(describeRun(r).line.starts_with("all processes (system-wide) · CPUs 0-3"));
        // A run that goes on (an agent's) has no length yet: none is said, rather than a wrong one.
        r.durationS = kNotAvailable;
        QVERIFY2(describeRun(r).line.starts_with("all processes (system-wide) · CPUs 0-3 · machine not recorded"),
                 describeRun(r).line.c_str());
        // Counted for cgroups only (serve --cgroup: a location per cgroup and CPU): their tasks, not all processes.
        for (const char* cgroup : {"system.slice/job42.scope", "user.slice"})
            for (int cpu = 0; cpu < 2; ++cpu) {
                r.locations.emplace_back(LocationKind::Cpu, cpu);
                r.locations.back().cgroup = cgroup;
            }
        QVERIFY2(describeRun(r).line.starts_with("the tasks of cgroups system.slice/job42.scope, user.slice · CPUs 0-3"),
                 describeRun(r).line.c_str());
        r.locations.resize(2);
        QVERIFY2(describeRun(r).line.starts_with("the tasks of cgroup system.slice/job42.scope · CPUs 0-3"),
                 describeRun(r).line.c_str());
    }
};

QTEST_APPLESS_MAIN(TestRunSummary)
#include "test_run_summary.moc"
