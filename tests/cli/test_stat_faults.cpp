// Faults `perfdash-cli stat` must survive without losing data or hiding
// what happened: too few file descriptors for the counters, a program that
// dies of a signal. Each waits for evidence (a "ready" line), never for a
// fixed time, so a busy machine only makes it slower.
#include <QtTest>

#include <algorithm>
#include <csignal>
#include <sys/resource.h>

#include "cli/StatCli.h"

using namespace perfdash;
using namespace perfdash::testing;

Q_DECLARE_METATYPE(std::vector<std::string>)

namespace {

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

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
