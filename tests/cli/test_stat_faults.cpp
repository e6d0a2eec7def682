// Faults `perfdash-cli stat` must survive without losing data or hiding
// what happened: a SIGKILL in the middle of a run, a full file system under
// -o, too few file descriptors for the counters, a program that dies of a
// signal. Each waits for evidence (a saved interval, a "ready" line), never
// for a fixed time, so a busy machine only makes it slower.
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <csignal>
#include <sys/resource.h>

#include "cli/StatCli.h"
#include "core/session/SessionFiles.h"
#include "util/FullFileSystem.h"

using namespace perfdash;
using namespace perfdash::testing;

Q_DECLARE_METATYPE(std::vector<std::string>)

namespace {

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

QByteArray fileBytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Interval lines in a session journal (one per line, see SessionJournal.h).
int savedIntervals(const QString& path) { return int(fileBytes(path).count("\n{\"t\":")); }

const MetricResult* findMetric(const GroupResult& g, std::string_view name) {
    for (const auto& m : g.metrics)
        if (m.name == name) return &m;
    return nullptr;
}

// Kills a process when the test ends, passed or not (a program perfdash-cli launched and left behind too).
struct KillOnExit {
    int pid = -1;
    ~KillOnExit() {
        if (pid > 0) ::kill(pid, SIGKILL);
    }
};

// Starts `perfdash-cli stat ARGS` whose file-descriptor limit is `limit`.
StatRun runStatWithFileLimit(const std::vector<std::string>& args, rlim_t limit) {
    QProcess p;
    p.setChildProcessModifier([limit] {
        const rlimit fds = {limit, limit};
        ::setrlimit(RLIMIT_NOFILE, &fds);
    });
    p.start(cliPath(), toArgs(args));
    return collect(p, 60000);
}

} // namespace

class TestStatFaults : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        if (auto why = whyCliTestsCannotRun(); !why.empty()) QSKIP(why.c_str());
    }

    // Exit status 128+N as a shell gives it, and the signal by name.
    void aProgramKilledByASignalIsReportedAsSuch_data() {
        QTest::addColumn<int>("signal");
        QTest::addColumn<QString>("name");
        QTest::newRow("SIGSEGV") << int(SIGSEGV) << "SIGSEGV";
        QTest::newRow("SIGKILL") << int(SIGKILL) << "SIGKILL";
        QTest::newRow("SIGABRT") << int(SIGABRT) << "SIGABRT";
    }
    void aProgramKilledByASignalIsReportedAsSuch() {
        QFETCH(int, signal);
        QFETCH(QString, name);
        const StatRun run = runStat({"--json", "-e", "task-clock", "--", workloadPath(), "raise", std::to_string(signal)});
        QVERIFY2(run.exited, run.describe().c_str());
        QVERIFY2(run.exitCode == 128 + signal, run.describe().c_str());
        const std::string said = "killed by " + name.toStdString();
        QVERIFY2(contains(run.err, "warning: the program was " + said), run.describe().c_str());
        auto report = jsonReport(run);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QCOMPARE(report->exitStatus.value_or(-1), 128 + signal);
        QVERIFY(std::any_of(report->warnings.begin(), report->warnings.end(),
                            [&](const std::string& w) { return contains(w, said); }));
    }

    // An exit code of 139 is not a SIGSEGV.
    void anExitCodeAbove128IsNotCalledASignal() {
        const StatRun run = runStat({"-e", "task-clock", "--", "sh", "-c", "exit 139"});
        QVERIFY2(run.exitCode == 139, run.describe().c_str());
        QVERIFY2(!contains(run.err, "killed by"), run.describe().c_str());
    }

    // SIGKILL mid-run: the report is written atomically at the end, so the
    // old one stays whole; the session saved beside it opens with every
    // interval saved, marked incomplete, with its whole-run figures rebuilt.
    void aRunKilledMidWayLeavesItsSavedIntervalsAndNoHalfReport() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString report = dir.filePath("r.json");
        const QByteArray previous = "{\"the previous report\": true}\n";
        {
            QFile f(report);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(previous);
        }
        const QString journal = report + ".partial.json";
        QProcess p;
        p.start(cliPath(), toArgs({"-t", "100ms", "-g", "SOFTWARE", "-o", report.toStdString(), "--", workloadPath(),
                                   "trickle", "8", "20"}));
        QVERIFY(p.waitForStarted(10000));
        KillOnExit program;
        // Evidence, not a sleep: the journal holds three intervals (it saves once a second).
        const bool saved = QTest::qWaitFor([&] { return savedIntervals(journal) >= 3 || p.state() != QProcess::Running; },
                                           60000);
        QVERIFY2(saved && p.state() == QProcess::Running,
                 ("no intervals saved while it ran:\n" + p.readAllStandardError().toStdString()).c_str());
        p.kill(); // SIGKILL
        QVERIFY(p.waitForFinished(10000));
        QCOMPARE(p.exitStatus(), QProcess::CrashExit);

        QCOMPARE(fileBytes(report), previous);
        const QStringList left = QDir(dir.path()).entryList(QDir::Files);
        QCOMPARE(left, (QStringList{"r.json", "r.json.partial.json"})); // no temporary files

        // The report reader reads it as it is: incomplete, whole-run figures not written yet.
        auto raw = readReportFile(journal.toStdString());
        QVERIFY2(raw.ok(), raw.ok() ? "" : raw.error().message.c_str());
        program.pid = raw->config.pid;
        QVERIFY(raw->incomplete);
        QVERIFY(raw->intervals.size() >= 3);
        QVERIFY(raw->machine.contains("formula_constants"));

        // Opened as a session (the GUI's loader): totals and metrics from the saved intervals.
        auto opened = openSessionFile(journal.toStdString());
        QVERIFY2(opened.ok(), opened.ok() ? "" : opened.error().message.c_str());
        QVERIFY(opened->incomplete);
        QCOMPARE(opened->intervals.size(), raw->intervals.size());
        QCOMPARE(opened->durationS, raw->intervals.back().t);
        QCOMPARE(opened->groups.size(), size_t(1));
        const GroupResult& software = opened->groups[0];
        double faults = 0;
        for (const auto& interval : opened->intervals) faults += total(interval.groups, "page-faults");
        QVERIFY(faults >= 8); // the program touched 8 pages before each pause
        QCOMPARE(total(opened->groups, "page-faults"), faults);
        const MetricResult* runtime = findMetric(software, "Runtime [s]");
        const MetricResult* faultRate = findMetric(software, "Page faults [1/s]");
        QVERIFY(runtime && faultRate);
        QCOMPARE(runtime->aggregate, opened->durationS);
        QCOMPARE(faultRate->aggregate, faults / opened->durationS);
        QVERIFY(std::any_of(opened->warnings.begin(), opened->warnings.end(), [&](const std::string& w) {
            return contains(w, "computed from the " + std::to_string(opened->intervals.size()) + " intervals");
        }));
    }

    // A finished run removes its journal; the report is the whole run.
    void aFinishedRunLeavesOnlyTheReport() {
        QTemporaryDir dir;
        const QString report = dir.filePath("r.json");
        const StatRun run = runStat({"-t", "100ms", "-g", "SOFTWARE", "-o", report.toStdString(), "--", workloadPath(),
                                     "pages", "100"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"r.json"});
        auto read = readReportFile(report.toStdString());
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QVERIFY(!read->incomplete);
    }

    // -o into a full file system: the error names the file and the reason,
    // the exit is non-zero, and a report of that name stays as it was.
    void aFullFileSystemIsAClearErrorAndKeepsTheOldReport_data() {
        QTest::addColumn<bool>("timeline");
        QTest::newRow("report at the end") << false;
        QTest::newRow("journal at the start (-t)") << true;
    }
    void aFullFileSystemIsAClearErrorAndKeepsTheOldReport() {
        QFETCH(bool, timeline);
        FullFileSystem fs;
        if (!fs.whyNot().empty()) QSKIP(fs.whyNot().c_str());
        const QByteArray previous = "{\"the previous report\": true}\n";
        QVERIFY(fs.put("r.json", previous));
        QVERIFY(fs.fill());
        const std::string report = fs.filePath("r.json").toStdString();
        std::vector<std::string> args = {"-g", "SOFTWARE", "-o", report, "--", workloadPath(), "pages", "10"};
        if (timeline) args.insert(args.begin(), {"-t", "100ms"});
        const StatRun run = runStat(args);
        QVERIFY2(run.exited && run.exitCode == 1, run.describe().c_str());
        QVERIFY2(contains(run.err, "perfdash-cli: error: "), run.describe().c_str());
        QVERIFY2(contains(run.err, report), run.describe().c_str());
        QVERIFY2(contains(run.err, "No space left on device"), run.describe().c_str());
        QVERIFY2(contains(run.err, "free space"), run.describe().c_str());
        QCOMPARE(fileBytes(fs.filePath("r.json")), previous);
        QCOMPARE(fs.entries(), QStringList{"r.json"}); // no temporary or partial files
    }

    // Too few file descriptors for the counters of 100 threads: an error that
    // names the limit and the fix, and no report made of the counters that opened.
    void tooFewFileDescriptorsToAttachIsAClearError() {
        QProcess target;
        target.start(QString::fromStdString(workloadPath()), {"attach-target", "100", "1"});
        QVERIFY(target.waitForStarted(10000));
        KillOnExit targetGuard{int(target.processId())};
        QVERIFY(QTest::qWaitFor([&] { return target.canReadLine() || target.state() != QProcess::Running; }, 30000));
        QCOMPARE(target.readLine().trimmed(), QByteArray("ready"));
        const StatRun run = runStatWithFileLimit(
            {"--json", "-g", "SOFTWARE", "-S", "200ms", "--pid", std::to_string(target.processId())}, 64);
        QVERIFY2(run.exited && run.exitCode == 1, run.describe().c_str());
        QVERIFY2(run.out.empty(), run.describe().c_str());
        QVERIFY2(contains(run.err, "perfdash-cli: error: "), run.describe().c_str());
        QVERIFY2(contains(run.err, "too many open files"), run.describe().c_str());
        QVERIFY2(contains(run.err, "the limit is 64 open files per process"), run.describe().c_str());
        QVERIFY2(contains(run.err, "ulimit -n"), run.describe().c_str());
    }

    // Every CPU counted, under every file limit from 4 up: each run either
    // fails with the limit and the fix named (wherever the descriptors ran
    // out: counters, the sampler, the launch) or counts every event. Never a
    // crash, never a report with events missing.
    void everyFileLimitGivesAClearErrorOrAWholeReport_data() {
        QTest::addColumn<std::vector<std::string>>("args");
        const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        const std::string all = cpus == 1 ? "0" : "0-" + std::to_string(cpus - 1);
        using S = std::vector<std::string>;
        QTest::newRow("system-wide") << S{"--json", "-g", "SOFTWARE", "-S", "50ms", "-c", all};
        QTest::newRow("pinned launch") << S{"--json", "-g", "SOFTWARE", "-C", all, "--", workloadPath(), "pages", "1"};
    }
    void everyFileLimitGivesAClearErrorOrAWholeReport() {
        QFETCH(std::vector<std::string>, args);
        int failures = 0;
        for (rlim_t limit = 4; limit <= 80; ++limit) {
            const StatRun run = runStatWithFileLimit(args, limit);
            const std::string context = "limit " + std::to_string(limit) + ": " + run.describe();
            QVERIFY2(run.exited, context.c_str());
            // Below what the dynamic loader needs to load our libraries, perfdash-cli never starts.
            if (run.exitCode == 127 && contains(run.err, "error while loading shared libraries")) continue;
#if defined(__SANITIZE_ADDRESS__)
            // UBSan's vptr check tests whether memory is readable through a
            // pipe of its own; with no descriptor left for it, it reports
            // "invalid vptr ... memory cannot be printed" and exits. That run
            // says nothing about perfdash (sanitizer builds only).
            if (contains(run.err, "object has invalid vptr") && contains(run.err, "memory cannot be printed")) continue;
#endif
            if (run.exitCode == 0) {
                auto report = jsonReport(run);
                QVERIFY2(report.ok(), context.c_str());
                for (const auto& g : report->groups)
                    for (const auto& e : g.events) QVERIFY2(e.counted, (e.event + " not counted, " + context).c_str());
                break;
            }
            ++failures;
            QVERIFY2(run.exitCode == 1 && run.out.empty(), context.c_str());
            QVERIFY2(contains(run.err, "perfdash-cli: error: "), context.c_str());
            QVERIFY2(contains(run.err, "the limit is " + std::to_string(limit) + " open files per process"),
                     context.c_str());
            QVERIFY2(contains(run.err, "ulimit -n"), context.c_str());
        }
        QVERIFY2(failures > 0, "even 4 file descriptors were enough");
    }
};

QTEST_GUILESS_MAIN(TestStatFaults)
#include "test_stat_faults.moc"
