// Real counting on this machine: launched, attached and system-wide
// workloads whose behaviour is known, measured with software events and
// tracepoints (which count here even without a hardware PMU).
#include <QtTest>

#include <csignal>

#include "backends/CountingTestSupport.h"
#include "core/backends/PerfEventBackend.h"
#include "core/measurement/AttachTarget.h"
#include "core/result/CountSum.h"
#include "core/result/CounterDeltas.h"
#include "core/measurement/Launcher.h"
#include "core/measurement/Sampler.h"

using namespace perfdash;
using namespace perfdash::testing;

namespace {

const ResolvedEvent taskClock = softwareEvent("task-clock", PERF_COUNT_SW_TASK_CLOCK);
const ResolvedEvent cpuClock = softwareEvent("cpu-clock", PERF_COUNT_SW_CPU_CLOCK);
const ResolvedEvent pageFaults = softwareEvent("page-faults", PERF_COUNT_SW_PAGE_FAULTS);
const ResolvedEvent contextSwitches = softwareEvent("context-switches", PERF_COUNT_SW_CONTEXT_SWITCHES);
const ResolvedEvent cpuMigrations = softwareEvent("cpu-migrations", PERF_COUNT_SW_CPU_MIGRATIONS);

// The loader and libc start-up fault in some pages of their own (about 60
// here, measured with 'perf stat -e page-faults perfdash_workload pages 0').
constexpr double kStartupPageFaults = 1000;

std::vector<int> allCpus() {
    std::vector<int> cpus;
    for (int c = 0; c < onlineCpuCount(); ++c) cpus.push_back(c);
    return cpus;
}

// What the locations that have a value add up to, for one slot of values[location * slotCount + slot].
double knownSum(const std::vector<CountValue>& values, size_t slotCount, size_t slot) {
    CountSum sum;
    for (size_t i = slot; i < values.size(); i += slotCount) sum.add(values[i]);
    return sum.knownValue();
}

struct CountedRun {
    std::vector<CountValue> totals; // scaled, per location per slot
    std::vector<CounterLocation> locations;
    std::string output;
    int exitStatus = -1;
    std::string error;
    // Sum over locations of one slot.
    double total(size_t slot, size_t slotCount) const { return knownSum(totals, slotCount, slot); }
};

struct RunSpec {
    std::vector<std::string> args;
    EventSet events;
    std::vector<int> pinTo;      // launcher's CPU list
    std::vector<int> scopeCpus;  // per-CPU task counting when not empty
    std::function<void()> beforeExec;
};

// The launch path exactly as the CLI and the GUI use it: start held, open
// counters with enableOnExec, start the sampler, release, wait.
CountedRun countLaunch(const RunSpec& spec) {
    CountedRun run;
    LaunchOptions options;
    options.command = {PERFDASH_WORKLOAD};
    options.command.insert(options.command.end(), spec.args.begin(), spec.args.end());
    options.cpus = spec.pinTo;
    options.captureOutput = true;
    options.childBeforeExec = spec.beforeExec;
    auto child = LaunchedProcess::start(options);
    if (!child) return {{}, {}, {}, -1, child.error().message};
    CountingScope scope;
    scope.pid = (*child)->pid();
    scope.cpus = spec.scopeCpus;
    scope.enableOnExec = true;
    PerfEventBackend backend;
    auto counters = backend.open(spec.events, scope);
    if (!counters) return {{}, {}, {}, -1, counters.error().message};
    SampleStore store(16);
    Sampler sampler(**counters, store);
    if (Status s = sampler.start({.interval = {}, .duration = {}, .targetPid = (*child)->pid()}); !s)
        return {{}, {}, {}, -1, s.error().message};
    if (Status s = (*child)->release(); !s) return {{}, {}, {}, -1, s.error().message};
    const Snapshot final = sampler.wait();
    auto status = (*child)->wait();
    run.exitStatus = status ? *status : -1;
    run.totals = scaledTotals(final);
    run.locations = (*counters)->locations();
    for (const OutputChunk& c : (*child)->output()->take()) run.output += c.text;
    return run;
}

std::string describe(double v) { return std::to_string(v); }

// Launches a workload mode that waits for SIGUSR1 and returns once it said "ready".
std::unique_ptr<LaunchedProcess> launchWaitingForSignal(const std::vector<std::string>& args) {
    LaunchOptions options;
    options.command = {PERFDASH_WORKLOAD};
    options.command.insert(options.command.end(), args.begin(), args.end());
    options.captureOutput = true;
    auto child = LaunchedProcess::start(options);
    if (!child || !(*child)->release()) return nullptr;
    std::string said;
    for (int i = 0; i < 3000 && said.find("ready") == std::string::npos; ++i) {
        for (const OutputChunk& c : (*child)->output()->take()) said += c.text;
        QTest::qWait(10);
    }
    return said.find("ready") != std::string::npos ? std::move(*child) : nullptr;
}

} // namespace

class TestCounting : public QObject {
    Q_OBJECT
private slots:
    void countsPageFaultsOfFreshPages() {
        const CountedRun run = countLaunch({{"pages", "20000"}, {slot(pageFaults)}, {}, {}, {}});
        QVERIFY2(run.error.empty(), run.error.c_str());
        QCOMPARE(run.exitStatus, 0);
        const double faults = run.total(0, 1);
        QVERIFY2(faults >= 20000 && faults < 20000 + kStartupPageFaults, describe(faults).c_str());
    }

    void countsEverySyscallThroughItsTracepoint() {
        auto getpidEntry = tracepointEvent("syscalls", "sys_enter_getpid");
        if (!getpidEntry.event) QSKIP(getpidEntry.whyNot.c_str());
        const CountedRun run = countLaunch({{"getpid", "100000"}, {slot(*getpidEntry.event)}, {}, {}, {}});
        QVERIFY2(run.error.empty(), run.error.c_str());
        // Exact: counting starts at exec, and neither the dynamic loader nor
        // glibc's start-up calls getpid (perf stat agrees: 100000). A few
        // calls of slack would be start-up code of another libc.
        const double calls = run.total(0, 1);
        QVERIFY2(calls >= 100000 && calls <= 100000 + 3, describe(calls).c_str());
    }

    void countsContextSwitchesOfThreadsYieldingOnOneCpu() {
        const int cpu = onlineCpuCount() - 1;
        const CountedRun run = countLaunch({{"yield", "20000"}, {slot(contextSwitches)}, {cpu}, {}, {}});
        QVERIFY2(run.error.empty(), run.error.c_str());
        // Two runnable threads on one CPU: (nearly) every sched_yield switches.
        const double switches = run.total(0, 1);
        QVERIFY2(switches >= 20000, describe(switches).c_str());
    }

    void countsWorkerThreadsThroughInherit() {
        const CountedRun run = countLaunch({{"thread-pages", "4", "5000"}, {slot(pageFaults)}, {}, {}, {}});
        QVERIFY2(run.error.empty(), run.error.c_str());
        const double faults = run.total(0, 1);
        QVERIFY2(faults >= 4 * 5000 && faults < 4 * 5000 + kStartupPageFaults, describe(faults).c_str());
    }

    void pinnedChildRunsOnlyOnItsCpu() {
        const int cpu = onlineCpuCount() - 1;
        const CountedRun where = countLaunch({{"where"}, {slot(taskClock)}, {cpu}, {}, {}});
        QVERIFY2(where.error.empty(), where.error.c_str());
        QCOMPARE(where.output, "cpus " + std::to_string(cpu) + "\n");

        const CountedRun spin =
            countLaunch({{"spin", "300"}, {slot(cpuMigrations), slot(taskClock)}, {cpu}, {}, {}});
        QVERIFY2(spin.error.empty(), spin.error.c_str());
        QCOMPARE(spin.total(0, 2), 0.0);
        QVERIFY(spin.total(1, 2) > 0);
    }

    void workBeforeExecIsNotCounted() {
        // Faulting in 30000 pages in the child after the counters exist but
        // before exec: enable_on_exec must leave all of that out.
        const CountedRun run = countLaunch({{"pages", "100"}, {slot(pageFaults)}, {}, {}, [] {
                                                touchFreshPages(30000);
                                            }});
        QVERIFY2(run.error.empty(), run.error.c_str());
        const double faults = run.total(0, 1);
        QVERIFY2(faults >= 100 && faults < 100 + kStartupPageFaults, describe(faults).c_str());
    }

    void perCpuTaskCountsAreNotInflatedByTimeOnOtherCpus() {
        if (onlineCpuCount() < 2) QSKIP("needs at least two CPUs for the task to move between");
        // Two spinning threads free to move over all CPUs, counted per CPU
        // and, in the same run, as one whole: the per-CPU parts must add up
        // to the whole. (The kernel's time_enabled of a per-CPU task event
        // runs while the task is on any CPU; unscaled by residency, each
        // part would be extrapolated to the whole run.)
        LaunchOptions options;
        options.command = {PERFDASH_WORKLOAD, "spin-threads", "2", "400"};
        auto child = LaunchedProcess::start(options);
        QVERIFY(child.ok());
        PerfEventBackend backend;
        CountingScope whole;
        whole.pid = (*child)->pid();
        whole.enableOnExec = true;
        CountingScope perCpu = whole;
        perCpu.cpus = allCpus();
        auto wholeSet = backend.open({slot(taskClock)}, whole);
        auto perCpuSet = backend.open({slot(taskClock)}, perCpu);
        QVERIFY(wholeSet.ok() && perCpuSet.ok());
        QVERIFY((*child)->release().ok());
        QCOMPARE(*(*child)->wait(), 0);
        Snapshot a, b;
        QVERIFY((*wholeSet)->read(a).ok());
        QVERIFY((*perCpuSet)->read(b).ok());
        const double total = scaledTotals(a)[0].value;
        const double sumOfParts = knownSum(scaledTotals(b), 1, 0);
        QVERIFY2(std::abs(sumOfParts - total) < 0.02 * total,
                 (describe(sumOfParts) + " vs " + describe(total)).c_str());
    }

    void cpuTheTaskNeverRanOnCountsZero() {
        if (onlineCpuCount() < 2) QSKIP("needs at least two CPUs");
        const CountedRun run = countLaunch({{"spin", "100"}, {slot(taskClock)}, {1}, {0, 1}, {}});
        QVERIFY2(run.error.empty(), run.error.c_str());
        QCOMPARE(run.locations.size(), size_t(2));
        // cpu0: the task was never there, so its counter saw exactly nothing
        // of it (0 with full coverage), not "not counted".
        QCOMPARE(run.totals[0].value, 0.0);
        QCOMPARE(run.totals[0].coverage, 1.0);
        QVERIFY(run.totals[1].value > 0);
        QCOMPARE(run.totals[1].coverage, 1.0);
    }

    void attachCountsEveryThreadOfARunningProcess() {
        auto child = launchWaitingForSignal({"attach-target", "3", "3000"});
        QVERIFY(child);
        const int pid = child->pid();

        auto scope = attachScope(pid);
        QVERIFY2(scope.ok(), scope.ok() ? "" : scope.error().message.c_str());
        QCOMPARE(scope->tids.size(), size_t(4));
        PerfEventBackend backend;
        auto counters = backend.open({slot(pageFaults)}, *scope);
        QVERIFY2(counters.ok(), counters.ok() ? "" : counters.error().message.c_str());
        QCOMPARE((*counters)->locations().size(), size_t(4));
        QVERIFY((*counters)->enable().ok());
        QVERIFY(child->signal(SIGUSR1).ok()); // the workers touch their pages now
        QCOMPARE(*child->wait(), 0);
        Snapshot s;
        QVERIFY((*counters)->read(s).ok());
        const auto totals = scaledTotals(s);
        size_t busyThreads = 0;
        for (const CountValue& v : totals) busyThreads += v.value >= 3000;
        QCOMPARE(busyThreads, size_t(3)); // each worker, in its own location
        QVERIFY(knownSum(totals, 1, 0) >= 3 * 3000);
    }

    void attachCountsThreadsCreatedAfterAttaching() {
        auto child = launchWaitingForSignal({"spawn-on-signal", "3", "3000"});
        QVERIFY(child);
        const int pid = child->pid();

        auto scope = attachScope(pid);
        QVERIFY(scope.ok());
        QCOMPARE(scope->tids.size(), size_t(1));
        PerfEventBackend backend;
        auto counters = backend.open({slot(pageFaults)}, *scope);
        QVERIFY(counters.ok());
        QVERIFY((*counters)->enable().ok());
        QVERIFY(child->signal(SIGUSR1).ok());
        QCOMPARE(*child->wait(), 0);
        Snapshot s;
        QVERIFY((*counters)->read(s).ok());
        // The new threads inherited the main thread's counters.
        const double faults = scaledTotals(s)[0].value;
        QVERIFY2(faults >= 3 * 3000, describe(faults).c_str());
    }

    void attachExplainsAMissingProcess() {
        auto scope = attachScope(0x3ffffff0);
        QVERIFY(!scope.ok());
        QVERIFY2(scope.error().message.find("no such process") != std::string::npos, scope.error().message.c_str());
    }

    void countsEachCpuSystemWide() {
        auto getpidEntry = tracepointEvent("syscalls", "sys_enter_getpid");
        if (!getpidEntry.event) QSKIP(getpidEntry.whyNot.c_str());
        const PerfPermissions perms = PerfPermissions::read();
        if (!perms.mayCountCpuWide())
            QSKIP(("system-wide counting is not permitted here: " + perms.fixHint()).c_str());
        CountingScope scope;
        scope.kind = CountingScope::Kind::Cpus;
        scope.cpus = allCpus();
        PerfEventBackend backend;
        auto counters = backend.open({slot(cpuClock), slot(*getpidEntry.event)}, scope);
        QVERIFY2(counters.ok(), counters.ok() ? "" : counters.error().message.c_str());
        QVERIFY((*counters)->enable().ok());
        Snapshot before, after;
        QVERIFY((*counters)->read(before).ok());

        const int busyCpu = onlineCpuCount() - 1;
        LaunchOptions options;
        options.command = {PERFDASH_WORKLOAD, "getpid", "200000"};
        options.cpus = {busyCpu};
        auto child = LaunchedProcess::start(options);
        QVERIFY(child.ok());
        QVERIFY((*child)->release().ok());
        QCOMPARE(*(*child)->wait(), 0);
        QVERIFY((*counters)->read(after).ok());

        const auto deltas = scaledDeltas(before, after);
        const double elapsedNs = double(after.monotonicNs - before.monotonicNs);
        for (size_t l = 0; l < scope.cpus.size(); ++l) {
            // cpu-clock of a CPU runs all the time, busy or idle: the elapsed time.
            const double clock = deltas[l * 2].value;
            QVERIFY2(clock > 0.9 * elapsedNs && clock < 1.1 * elapsedNs,
                     (describe(clock) + " vs " + describe(elapsedNs)).c_str());
            const double calls = deltas[l * 2 + 1].value;
            if (scope.cpus[l] == busyCpu) QVERIFY2(calls >= 200000, describe(calls).c_str());
            else QVERIFY2(calls < 100000, describe(calls).c_str()); // only what other programs did there
        }
    }
};

QTEST_GUILESS_MAIN(TestCounting)
#include "test_counting.moc"
