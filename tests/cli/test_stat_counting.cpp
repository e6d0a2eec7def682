// Real counting through `perfdash-cli stat`, as a user runs it: workloads
// whose behaviour is known, measured with software events and tracepoints
// (they count on this machine even without a hardware PMU), launched,
// pinned, attached to and system-wide.
#include <QtTest>

#include <csignal>

#include "backends/CountingTestSupport.h"
#include "cli/StatCli.h"
#include "core/sys/PerfEventSys.h"

using namespace perfdash;
using namespace perfdash::testing;

namespace {

// The loader and libc start-up fault in some pages of their own (about 60
// for the workload, measured with perf stat), taskset a few more.
constexpr double kStartupPageFaults = 1000;

std::string describe(double v) { return std::to_string(v); }

int lastCpu() { return onlineCpuCount() - 1; }

// Starts the workload in a mode that waits for SIGUSR1 and returns once it said "ready".
bool startWaitingWorkload(QProcess& p, const QStringList& args) {
    p.start(QString::fromStdString(workloadPath()), args);
    if (!p.waitForStarted(10000)) return false;
    QByteArray said;
    while (!said.contains("ready") && p.waitForReadyRead(10000)) said += p.readAllStandardOutput();
    return said.contains("ready");
}

} // namespace

class TestStatCounting : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        if (auto why = whyCliTestsCannotRun(); !why.empty()) QSKIP(why.c_str());
    }

    void countsAPageFaultForEveryFreshPage() {
        const StatRun run = runStat({"--json", "-e", "page-faults", "--", workloadPath(), "pages", "20000"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        auto report = jsonReport(run);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        const double faults = total(report->groups, "page-faults");
        QVERIFY2(faults >= 20000 && faults < 20000 + kStartupPageFaults, describe(faults).c_str());
    }

    void countsALikwidCustomEventSet() {
        // likwid-perfctr's -g EVENT:COUNTER,... form, with events this machine counts.
        const StatRun run = runStat({"--json", "-g", "page-faults:PMC0,task-clock:PMC1", "--", workloadPath(),
                                     "pages", "20000"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        auto report = jsonReport(run);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QCOMPARE(report->groups.size(), size_t(1));
        QCOMPARE(report->groups[0].name, std::string("custom"));
        const double faults = total(report->groups, "page-faults");
        QVERIFY2(faults >= 20000 && faults < 20000 + kStartupPageFaults, describe(faults).c_str());
        QVERIFY(total(report->groups, "task-clock") > 0);
    }

    void countsEveryGetpidThroughItsTracepoint() {
        // Mounts tracefs when we are root; perfdash-cli reads the tracepoint's ID there.
        const EventLookup tracepoint = tracepointEvent("syscalls", "sys_enter_getpid");
        if (!tracepoint.event) QSKIP(tracepoint.whyNot.c_str());
        const StatRun run =
            runStat({"--json", "-e", "syscalls:sys_enter_getpid", "--", workloadPath(), "getpid", "100000"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        auto report = jsonReport(run);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        // Exact: counting starts at exec and glibc's start-up does not call getpid.
        const double calls = total(report->groups, "syscalls:sys_enter_getpid");
        QVERIFY2(calls >= 100000 && calls <= 100000 + 3, describe(calls).c_str());
    }

    void countsContextSwitchesOfThreadsYieldingOnOneCpu() {
        const StatRun run = runStat({"--json", "-C", std::to_string(lastCpu()), "-e", "context-switches", "--",
                                     workloadPath(), "yield", "20000"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        auto report = jsonReport(run);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        // Two runnable threads sharing one CPU: (nearly) every sched_yield switches.
        const double switches = total(report->groups, "context-switches");
        QVERIFY2(switches >= 20000, describe(switches).c_str());
    }

    void countsEveryThreadOfTheProgram() {
        const StatRun run =
            runStat({"--json", "-e", "page-faults", "--", workloadPath(), "thread-pages", "4", "5000"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        auto report = jsonReport(run);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QCOMPARE(report->locations.size(), size_t(1)); // the process, its threads inherited
        const double faults = total(report->groups, "page-faults");
        QVERIFY2(faults >= 4 * 5000 && faults < 4 * 5000 + kStartupPageFaults, describe(faults).c_str());
    }

    void pinnedProgramRunsOnlyOnItsCpu() {
        const int cpu = lastCpu();
        // --json moves the program's stdout to stderr: that is where it says where it may run.
        const StatRun run = runStat({"--json", "-C", std::to_string(cpu), "-e", "cpu-migrations,task-clock,page-faults",
                                     "--", workloadPath(), "where"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        QVERIFY2(run.err.find("cpus " + std::to_string(cpu) + "\n") != std::string::npos, run.describe().c_str());
        auto report = jsonReport(run);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QCOMPARE(report->locations.size(), size_t(1));
        QCOMPARE(report->locations[0].kind, LocationKind::Cpu);
        QCOMPARE(report->locations[0].id, cpu);
        QCOMPARE(report->config.cpus, std::vector<int>{cpu});
        QCOMPARE(total(report->groups, "cpu-migrations"), 0.0);
        const EventResult* clock = findEvent(report->groups, "task-clock");
        QVERIFY(clock && clock->perLocation.size() == 1);
        QVERIFY(clock->perLocation[0].value > 0);
        QCOMPARE(clock->perLocation[0].coverage, 1.0);
        QVERIFY(findEvent(report->groups, "page-faults")->perLocation[0].value > 0);
    }

    void perCpuColumnsShowWhereTheProgramRan() {
        if (onlineCpuCount() < 2) QSKIP("needs two CPUs");
        // Counted on CPUs 0 and 1 (the program may run on either); taskset
        // moves it to CPU 1 for good before the spinning starts. From then on
        // CPU 0's column is an exact 0 in every interval, not n/a.
        constexpr double kSpinS = 0.4;
        const StatRun run = runStat({"--json", "-t", "50ms", "-C", "0,1", "-e", "task-clock,page-faults", "--",
                                     "taskset", "-c", "1", workloadPath(), "spin", "400"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        const JsonStream stream = jsonStream(run.out);
        QVERIFY2(stream.error.empty(), (stream.error + "\n" + run.describe()).c_str());
        const MeasurementResult& report = *stream.report;
        QCOMPARE(report.locations.size(), size_t(2));
        QCOMPARE(report.locations[0].id, 0);
        QCOMPARE(report.locations[1].id, 1);
        size_t whileSpinning = 0;
        size_t spinSeenOnCpu1 = 0;
        for (const auto& line : stream.intervals) {
            const double start = line.interval.t - line.interval.dt;
            for (const char* name : {"task-clock", "page-faults"}) {
                const EventResult* e = findEvent(line.interval.groups, name);
                QVERIFY(e && e->perLocation.size() == 2);
                const std::string where = std::string(name) + " at t=" + describe(line.interval.t);
                for (const CountValue& v : e->perLocation) QVERIFY2(isAvailable(v.value), where.c_str());
                // The last 300 ms of the run are all spinning on CPU 1, whenever taskset got to run.
                if (start < report.durationS - (kSpinS - 0.1)) continue;
                QVERIFY2(e->perLocation[0].value == 0 && e->perLocation[0].coverage == 1, where.c_str());
            }
            if (start < report.durationS - (kSpinS - 0.1)) continue;
            ++whileSpinning;
            // On a loaded machine one 50 ms interval may pass without the
            // spinner being scheduled at all: that is an exact 0 too, so
            // only "CPU 1 saw it in some interval" is asserted.
            if (findEvent(line.interval.groups, "task-clock")->perLocation[1].value > 0) ++spinSeenOnCpu1;
        }
        QVERIFY2(whileSpinning >= 2, std::to_string(whileSpinning).c_str());
        QVERIFY2(spinSeenOnCpu1 >= 1, std::to_string(whileSpinning).c_str());
        for (const char* name : {"task-clock", "page-faults"}) {
            const EventResult* e = findEvent(report.groups, name);
            QCOMPARE(e->perLocation[0].value + e->perLocation[1].value, e->total.value);
        }
        QVERIFY(findEvent(report.groups, "task-clock")->perLocation[1].value > 0);
    }

    void countsWholeCpusSystemWide() {
        if (!PerfPermissions::read().mayCountCpuWide())
            QSKIP(("counting whole CPUs is not permitted here: " + PerfPermissions::read().fixHint()).c_str());
        const StatRun run = runStat({"--json", "-c", "0", "-S", "500ms", "-g", "SOFTWARE"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        auto report = jsonReport(run);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QCOMPARE(report->config.mode, std::string("system"));
        QCOMPARE(report->locations.size(), size_t(1));
        QCOMPARE(report->locations[0].id, 0);
        QVERIFY(!report->exitStatus);
        QVERIFY(!report->interrupted);
        QVERIFY2(report->durationS >= 0.5, describe(report->durationS).c_str());
        // A CPU's task-clock runs all the time, busy or idle: the wall time counted.
        const double clockNs = total(report->groups, "task-clock");
        const double wallNs = report->durationS * 1e9;
        QVERIFY2(clockNs > 0.9 * wallNs && clockNs < 1.1 * wallNs, (describe(clockNs) + " vs " + describe(wallNs)).c_str());
        for (const char* name : {"context-switches", "cpu-migrations", "page-faults", "major-faults"})
            QVERIFY2(isAvailable(total(report->groups, name)), name);
    }

    void attachingForADurationLeavesTheProcessRunning() {
        QProcess target;
        QVERIFY(startWaitingWorkload(target, {"attach-target", "2", "3000"}));
        const std::string pid = std::to_string(target.processId());
        const StatRun run = runStat({"--json", "--pid", pid, "-S", "500ms", "-e", "page-faults,task-clock"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        auto report = jsonReport(run);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QCOMPARE(report->config.mode, std::string("attach"));
        QCOMPARE(report->config.pid, int(target.processId()));
        QCOMPARE(report->locations.size(), size_t(3)); // the main thread and two waiting workers
        // The threads slept through the whole measurement: they did exactly nothing, which is 0, not n/a.
        for (const CountValue& v : findEvent(report->groups, "page-faults")->perLocation) QCOMPARE(v.value, 0.0);
        QVERIFY(!report->exitStatus);
        QCOMPARE(target.state(), QProcess::Running); // attaching never ends the process
        ::kill(static_cast<pid_t>(target.processId()), SIGUSR1);
        QVERIFY(target.waitForFinished(10000));
        QCOMPARE(target.exitCode(), 0);
    }

    void attachingCountsEveryThreadAsItWorks() {
        QProcess target;
        QVERIFY(startWaitingWorkload(target, {"attach-target", "3", "3000"}));
        QProcess stat;
        stat.start(cliPath(), toArgs({"--json", "-t", "50ms", "--pid", std::to_string(target.processId()), "-e",
                                      "page-faults"}));
        // The first interval line means the counters are attached: now let the workers touch their pages.
        QByteArray firstLine;
        while (!firstLine.contains('\n') && stat.waitForReadyRead(10000)) firstLine += stat.readAllStandardOutput();
        QVERIFY2(firstLine.contains("\"interval\""), firstLine.constData());
        ::kill(static_cast<pid_t>(target.processId()), SIGUSR1);
        QVERIFY(target.waitForFinished(10000));
        StatRun run = collect(stat, 20000); // ends by itself when the process exits
        run.out = firstLine.toStdString() + run.out;
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        const JsonStream stream = jsonStream(run.out);
        QVERIFY2(stream.error.empty(), (stream.error + "\n" + run.describe()).c_str());
        const MeasurementResult& report = *stream.report;
        QCOMPARE(report.locations.size(), size_t(4));
        const EventResult* faults = findEvent(report.groups, "page-faults");
        size_t busyThreads = 0;
        for (const CountValue& v : faults->perLocation) busyThreads += v.value >= 3000;
        QCOMPARE(busyThreads, size_t(3)); // each worker in its own column
        QVERIFY2(faults->total.value >= 3 * 3000, describe(faults->total.value).c_str());
    }
};

QTEST_GUILESS_MAIN(TestStatCounting)
#include "test_stat_counting.moc"
