// What `perfdash-cli stat` prints and returns: tables on stdout and the
// timeline on stderr, the `--json -t` stream, report files by suffix, CSV,
// the launched program's exit status, and a clean stop on Ctrl-C/SIGTERM.
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <csignal>

#include <nlohmann/json.hpp>

#include "cli/StatCli.h"
#include "core/report/ReportJson.h"

using namespace perfdash;
using namespace perfdash::testing;

namespace {

std::string describe(double v) { return std::to_string(v); }

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

// Sum of one event's deltas over the intervals of a stream.
double sumOfDeltas(const std::vector<IntervalLine>& intervals, std::string_view event) {
    double sum = 0;
    for (const auto& line : intervals) sum += total(line.interval.groups, event);
    return sum;
}

} // namespace

class TestStatOutput : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        if (auto why = whyCliTestsCannotRun(); !why.empty()) QSKIP(why.c_str());
    }

    void tablesGoToStdoutAndTheTimelineToStderr() {
        const StatRun run = runStat({"-t", "50ms", "-g", "SOFTWARE", "--", workloadPath(), "spin", "200"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        QVERIFY2(contains(run.out, "TASKCLOCK") && contains(run.out, "CPUs utilised"), run.describe().c_str());
        QVERIFY2(contains(run.out, "Exit status:  0"), run.describe().c_str());
        QVERIFY2(contains(run.err, "t [s]") && contains(run.err, "task-clock"), run.describe().c_str());
        QVERIFY2(!contains(run.out, "t [s]"), run.describe().c_str());
        // The metric table ends in the coverage column, as the GUI's; software events are never multiplexed.
        QVERIFY2(contains(run.out, "| Coverage |"), run.describe().c_str());
        bool utilised = false;
        for (const auto& line : split(run.out, '\n'))
            utilised |= contains(line, "CPUs utilised") && trim(line).ends_with("|   100.0% |");
        QVERIFY2(utilised, run.describe().c_str());
    }

    void jsonIntervalsAddUpToTheTotals() {
        const std::vector<std::string> events = {"task-clock", "page-faults", "context-switches"};
        const StatRun run = runStat({"--json", "-t", "100ms", "-e", "task-clock,page-faults,context-switches", "--",
                                     workloadPath(), "spin", "1000"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        const JsonStream stream = jsonStream(run.out);
        QVERIFY2(stream.error.empty(), (stream.error + "\n" + run.describe()).c_str());
        const MeasurementResult& report = *stream.report;

        // One line per 100 ms of about one second, the last one partial; a
        // deadline the busy machine missed merges two intervals into one.
        const size_t n = stream.intervals.size();
        const auto deadlines = static_cast<size_t>(std::floor(report.durationS / 0.1));
        QVERIFY2(n >= 2 && n <= deadlines + 1, (std::to_string(n) + " intervals in " + describe(report.durationS) + " s").c_str());
        QCOMPARE(report.intervals.size(), n);
        double dtSum = 0, lastT = 0;
        for (const auto& line : stream.intervals) {
            QVERIFY(line.interval.t > lastT);
            lastT = line.interval.t;
            dtSum += line.interval.dt;
            QCOMPARE(line.locations.size(), report.locations.size());
        }
        QVERIFY2(std::abs(dtSum - report.durationS) < 1e-6, (describe(dtSum) + " vs " + describe(report.durationS)).c_str());
        QVERIFY2(std::abs(lastT - report.durationS) < 1e-6, describe(lastT).c_str());
        // Software counts of one process are never scaled: the deltas add up exactly.
        for (const auto& event : events) {
            const double totalCount = total(report.groups, event);
            QVERIFY2(isAvailable(totalCount), event.c_str());
            QCOMPARE(sumOfDeltas(stream.intervals, event), totalCount);
        }
        QVERIFY(total(report.groups, "task-clock") > 0);
    }

    void intervalsOfASleepingProgramAreZeroNotNa() {
        // The task is not scheduled for most intervals: it counted exactly nothing there.
        const StatRun run = runStat({"--json", "-t", "100ms", "-e", "page-faults,task-clock", "--", "sleep", "0.5"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        const JsonStream stream = jsonStream(run.out);
        QVERIFY2(stream.error.empty(), (stream.error + "\n" + run.describe()).c_str());
        QVERIFY(stream.intervals.size() >= 2);
        for (const auto& line : stream.intervals) {
            for (const char* event : {"page-faults", "task-clock"}) {
                const EventResult* e = findEvent(line.interval.groups, event);
                QVERIFY2(e && isAvailable(e->total.value), (std::string(event) + " at t=" + describe(line.interval.t)).c_str());
            }
        }
        QCOMPARE(sumOfDeltas(stream.intervals, "page-faults"), total(stream.report->groups, "page-faults"));
    }

    void jsonStreamKeepsTheProgramsOutputOffStdout() {
        const StatRun run = runStat({"--json", "-t", "50ms", "-e", "task-clock", "--", workloadPath(), "where"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        const JsonStream stream = jsonStream(run.out); // every line of stdout is JSON
        QVERIFY2(stream.error.empty(), (stream.error + "\n" + run.describe()).c_str());
        QVERIFY2(contains(run.err, "cpus "), run.describe().c_str());
    }

    void jsonWithoutIntervalIsOnePrettyReport() {
        const StatRun run = runStat({"--json", "-e", "page-faults", "--", workloadPath(), "pages", "100"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        auto report = jsonReport(run);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QVERIFY(report->intervals.empty());
        QCOMPARE(run.out, formatReportJson(*report)); // exactly the pretty form, nothing else on stdout
    }

    void reportFileRoundTrips() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string pattern = dir.path().toStdString() + "/report_%p.json";
        const StatRun run = runStat({"-o", pattern, "-t", "100ms", "-g", "SOFTWARE", "--", workloadPath(), "pages", "3000"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        QVERIFY2(run.out.empty(), run.describe().c_str()); // the report went to the file
        const size_t said = run.err.find("report written to ");
        QVERIFY2(said != std::string::npos, run.describe().c_str());
        const std::string path = trim(run.err.substr(said + 18, run.err.find('\n', said) - said - 18));

        auto report = readReportFile(path);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        // %p is the measured program's PID.
        QCOMPARE(path, dir.path().toStdString() + "/report_" + std::to_string(report->config.pid) + ".json");
        QCOMPARE(report->config.groups, std::vector<std::string>{"SOFTWARE"});
        QCOMPARE(report->exitStatus.value_or(-1), 0);
        QVERIFY(!report->intervals.empty());
        QVERIFY(total(report->groups, "page-faults") >= 3000);
        // What was read writes back to the same file content.
        QCOMPARE(formatReportJson(*report), *readFile(path));
        // Each metric carries its coverage, whole run and every interval (software events: all of the time).
        const auto j = nlohmann::json::parse(*readFile(path));
        QCOMPARE(j["schema"].get<int>(), kReportSchemaVersion);
        const auto& coverage = j["groups"][0]["metrics"][0]["coverage"];
        QCOMPARE(coverage["aggregate"].get<double>(), 1.0);
        QCOMPARE(coverage["per_location"].size(), j["locations"].size());
        QCOMPARE(j["intervals"][0]["groups"][0]["metrics"][0]["coverage"]["aggregate"].get<double>(), 1.0);
    }

    // A run pinned to two CPUs written as HTML, then shown again from its JSON:
    // the overview and a heat map of its CPUs, and the replay said to be recorded.
    void htmlReportsFromStatAndFromASavedSession() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string html = dir.path().toStdString() + "/run.html", json = dir.path().toStdString() + "/run.json";
        for (const std::string& out : {html, json}) {
            const StatRun run = runStat({"-C", "0-1", "-g", "SOFTWARE", "-t", "50ms", "-o", out, "--", workloadPath(),
                                         "thread-pages", "2", "3000"});
            QVERIFY2(run.exitCode == 0, run.describe().c_str());
        }
        const auto page = readFile(html);
        QVERIFY(page && page->starts_with("<!DOCTYPE html>"));
        QVERIFY2(contains(*page, "<h2>Overview</h2>") && contains(*page, "Page faults"), page->c_str());
        QVERIFY2(contains(*page, "class=\"chart heatmap\"") && contains(*page, "per CPU over time"), page->c_str());
        QVERIFY(!contains(*page, "Recorded data"));

        QProcess again;
        const std::string replayed = dir.path().toStdString() + "/again.html";
        again.start(cliPath(), {"report", QString::fromStdString(json), "-o", QString::fromStdString(replayed)});
        const StatRun wrote = collect(again, 60000);
        QVERIFY2(wrote.exitCode == 0 && contains(wrote.err, "written to " + replayed), wrote.describe().c_str());
        const auto second = readFile(replayed);
        QVERIFY(second && contains(*second, "Recorded data: replayed from a saved session"));
        QVERIFY(contains(*second, "class=\"chart heatmap\""));

        QProcess text;
        text.start(cliPath(), {"report", QString::fromStdString(json)});
        const StatRun shown = collect(text, 60000);
        QVERIFY2(shown.exitCode == 0 && contains(shown.out, "Replay:       yes") && contains(shown.out, "SOFTWARE"),
                 shown.describe().c_str());

        // Usage and input errors name the input and the fix.
        QProcess none;
        none.start(cliPath(), {"report"});
        const StatRun usage = collect(none, 60000);
        QVERIFY2(usage.exitCode == 2 && contains(usage.err, "give one saved session"), usage.describe().c_str());
        QProcess missing;
        missing.start(cliPath(), {"report", "/nonexistent/run.json"});
        const StatRun notThere = collect(missing, 60000);
        QVERIFY2(notThere.exitCode == 1 && contains(notThere.err, "/nonexistent/run.json"), notThere.describe().c_str());
        QProcess pdf;
        pdf.start(cliPath(), {"report", QString::fromStdString(json), "-o", "/tmp/x.pdf"});
        const StatRun badSuffix = collect(pdf, 60000);
        QVERIFY2(badSuffix.exitCode == 1 && contains(badSuffix.err, "use .json, .csv, .txt or .html"),
                 badSuffix.describe().c_str());
    }

    // Two ranks of a job (PMI_RANK as MPICH's launcher sets it) write their own
    // reports with -o run-%h-%r.json, and `merge` makes them one report.
    void ranksOfAJobMerge() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string pattern = dir.path().toStdString() + "/run-%h-%r.json";
        const std::vector<int> pages{2000, 5000};
        std::vector<std::string> files;
        for (int rank = 0; rank < 2; ++rank) {
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert("PMI_RANK", QString::number(rank));
            p.setProcessEnvironment(env);
            p.start(cliPath(), toArgs({"-o", pattern, "-e", "page-faults,task-clock", "--", workloadPath(), "pages",
                                       std::to_string(pages[rank])}));
            const StatRun run = collect(p, 60000);
            QVERIFY2(run.exitCode == 0, run.describe().c_str());
            const size_t said = run.err.find("report written to ");
            QVERIFY2(said != std::string::npos, run.describe().c_str());
            files.push_back(trim(run.err.substr(said + 18, run.err.find('\n', said) - said - 18)));
            QVERIFY2(files.back().ends_with("-" + std::to_string(rank) + ".json"), files.back().c_str());
        }
        const std::string job = dir.path().toStdString() + "/job.json";
        QProcess merge;
        merge.start(cliPath(), {"merge", QString::fromStdString(files[0]), QString::fromStdString(files[1]), "-o",
                                QString::fromStdString(job)});
        const StatRun merged = collect(merge, 60000);
        QVERIFY2(merged.exitCode == 0, merged.describe().c_str());
        auto report = readReportFile(job);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        auto first = readReportFile(files[0]), second = readReportFile(files[1]);
        QVERIFY(first.ok() && second.ok());
        QCOMPARE(report->hosts.size(), size_t(2));
        QCOMPARE(report->hosts[0].rank.value(), 0);
        QCOMPARE(report->hosts[1].rank.value(), 1);
        QCOMPARE(report->hosts[0].host, first->machine["hostname"].get<std::string>()); // the host the run recorded
        QCOMPARE(report->locations.size(), first->locations.size() + second->locations.size());
        // Each rank touched its pages; the job's total is both runs' counts, exactly.
        QVERIFY(total(first->groups, "page-faults") >= pages[0]);
        QVERIFY(total(second->groups, "page-faults") >= pages[1]);
        QCOMPARE(total(report->groups, "page-faults"),
                 total(first->groups, "page-faults") + total(second->groups, "page-faults"));
        QCOMPARE(report->durationS, std::max(first->durationS, second->durationS));

        // Without -o: the text report, one column per run, the runs named.
        QProcess text;
        text.start(cliPath(), {"merge", QString::fromStdString(files[0]), QString::fromStdString(files[1])});
        const StatRun shown = collect(text, 60000);
        QVERIFY2(shown.exitCode == 0 && contains(shown.out, "Runs") && contains(shown.out, "rank 1") &&
                     contains(shown.out, "Slowest: run"),
                 shown.describe().c_str());
        // The same run twice is refused, naming the files.
        QProcess twice;
        twice.start(cliPath(), {"merge", QString::fromStdString(files[0]), QString::fromStdString(files[0])});
        const StatRun refused = collect(twice, 60000);
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(contains(refused.err, "same run"), refused.describe().c_str());
        QProcess missing;
        missing.start(cliPath(), {"merge", QString::fromStdString(files[0]), "/nonexistent/run.json"});
        const StatRun notThere = collect(missing, 60000);
        QCOMPARE(notThere.exitCode, 1);
        QVERIFY2(contains(notThere.err, "/nonexistent/run.json"), notThere.describe().c_str());
    }

    void outputFileFormatFollowsTheSuffix() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string csv = dir.path().toStdString() + "/r.csv", txt = dir.path().toStdString() + "/r.TXT";
        QVERIFY(runStat({"-o", csv, "-e", "task-clock", "--", "true"}).exitCode == 0);
        QVERIFY(runStat({"-o", txt, "-e", "task-clock", "--", "true"}).exitCode == 0);
        QVERIFY(readFile(csv).value_or("").starts_with("schema,kind,"));
        QVERIFY(contains(readFile(txt).value_or(""), "Group 1: custom"));
    }

    void csvStartsWithItsHeaderRow() {
        const StatRun run = runStat({"-O", "-e", "page-faults", "--", workloadPath(), "pages", "100"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        const auto lines = split(run.out, '\n');
        QVERIFY(lines.size() >= 3);
        QCOMPARE(lines[0], std::string("schema,kind,t,dt,group,name,counter,unit,location,value,coverage,reason"));
        bool totalRow = false;
        for (const auto& l : lines) totalRow |= l.starts_with(std::to_string(kReportSchemaVersion) + ",event,") && contains(l, ",page-faults,") && contains(l, ",total,");
        QVERIFY2(totalRow, run.out.c_str());
    }

    void returnsTheProgramsExitStatus() {
        QCOMPARE(runStat({"-e", "task-clock", "--", "sh", "-c", "exit 3"}).exitCode, 3);
        const StatRun killed = runStat({"--json", "-e", "task-clock", "--", "sh", "-c", "kill -KILL $$"});
        QCOMPARE(killed.exitCode, 128 + SIGKILL);
        auto report = jsonReport(killed);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QCOMPARE(report->exitStatus.value_or(-1), 128 + SIGKILL);
        QVERIFY(!report->interrupted);
    }

    void ctrlCStopsCleanlyAndStillReports_data() {
        QTest::addColumn<int>("signal");
        QTest::newRow("SIGINT") << int(SIGINT);
        QTest::newRow("SIGTERM") << int(SIGTERM);
    }

    void ctrlCStopsCleanlyAndStillReports() {
        QFETCH(int, signal);
        QProcess stat;
        stat.setReadChannel(QProcess::StandardError);
        stat.start(cliPath(), toArgs({"-t", "50ms", "-e", "task-clock", "--", "sleep", "30"}));
        // The timeline's first line on stderr: it is measuring.
        QByteArray timeline;
        while (!timeline.contains("task-clock") && stat.waitForReadyRead(10000)) timeline += stat.readAllStandardError();
        QVERIFY2(timeline.contains("task-clock"), timeline.constData());
        QElapsedTimer sinceSignal;
        sinceSignal.start();
        ::kill(static_cast<pid_t>(stat.processId()), signal);
        StatRun run = collect(stat, 10000);
        // "Soon": well before the 30 s the program would have run (2 s is its grace after SIGTERM).
        QVERIFY2(run.exited && sinceSignal.elapsed() < 10000, run.describe().c_str());
        QVERIFY2(contains(run.out, "Interrupted:  yes"), run.describe().c_str());
        QVERIFY2(contains(run.out, "Group 1: custom") && contains(run.out, " task-clock "), run.describe().c_str());
        // The program was still running: perfdash-cli ended it, and returns what that did to it.
        QCOMPARE(run.exitCode, 128 + SIGTERM);
        QVERIFY2(contains(run.out, "Exit status:  " + std::to_string(128 + SIGTERM)), run.describe().c_str());
    }

    void interruptedRunStillWritesItsReportFile() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.path().toStdString() + "/stopped.json";
        QProcess stat;
        stat.setReadChannel(QProcess::StandardError);
        stat.start(cliPath(), toArgs({"-o", path, "-t", "50ms", "-e", "task-clock", "--", "sleep", "30"}));
        QByteArray timeline;
        while (!timeline.contains("task-clock") && stat.waitForReadyRead(10000)) timeline += stat.readAllStandardError();
        QVERIFY(timeline.contains("task-clock"));
        ::kill(static_cast<pid_t>(stat.processId()), SIGINT);
        const StatRun run = collect(stat, 10000);
        QVERIFY2(run.exited, run.describe().c_str());
        auto report = readReportFile(path);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QVERIFY(report->interrupted);
        QVERIFY(!report->intervals.empty());
    }
};

QTEST_GUILESS_MAIN(TestStatOutput)
#include "test_stat_output.moc"
