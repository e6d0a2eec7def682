// The parts around the measurements: the system's clock readings (against
// fake /proc, /sys and /dev trees), the perf counter cycle source (exercised
// with a software event, since this machine has no PMU), CPU pinning, the
// forked child that contains crashing code, statistics and the IPC plateau.
#include <QtTest>
#include <cmath>
#include <ctime>

#include <csignal>
#include <linux/perf_event.h>
#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

#include "core/probes/BenchRunner.h"
#include "core/probes/ClockReferences.h"
#include "core/probes/ForkedRun.h"
#include "core/probes/CpuPinning.h"
#include "core/probes/IpcProbe.h"
#include "core/sys/ProcessCapabilities.h"
#include "core/util/Strings.h"

using namespace perfdash;

namespace {

std::string fakeSystem() { return qgetenv("PERFDASH_FIXTURES").toStdString() + "/probes/fake-system"; }

// A regular file stands in for /dev/cpu/N/msr: pread at the MSR address works
// on it. APERF (0xE8) and MPERF (0xE7) are adjacent addresses, so in a file
// their 8-byte values overlap: MPERF is written first and APERF over its top
// seven bytes. What the reader must then see is exactly this:
uint64_t mperfAsRead(uint64_t aperf, uint64_t mperf) { return (aperf << 8) | (mperf & 0xff); }

void writeFakeMsr(const std::string& root, int cpu, uint64_t aperf, uint64_t mperf) {
    const std::string dir = root + "/cpu/" + std::to_string(cpu);
    QVERIFY(QDir().mkpath(QString::fromStdString(dir)));
    const int fd = ::open((dir + "/msr").c_str(), O_WRONLY | O_CREAT, 0600);
    QVERIFY(fd >= 0);
    QCOMPARE(::pwrite(fd, &mperf, 8, kMsrMperf), ssize_t(8));
    QCOMPARE(::pwrite(fd, &aperf, 8, kMsrAperf), ssize_t(8));
    ::close(fd);
}

// Kernels that do nothing but say which one ran, and a cycles counter that
// advances, at the end of each timed run, by the scripted cost of that run:
// the timing logic (which runs it takes, when it stops) checked exactly,
// without timing anything. Calibration and warm-up runs read no counter.
struct Script {
    std::vector<double> costs[2]; // cycles per iteration of each timed run: [0] shorter, [1] longer
    size_t next[2] = {0, 0};
    int last = 0;
    uint64_t lastIterations = 0;
};
Script* script = nullptr;
void scriptedRun(int which, uint64_t n) {
    script->last = which;
    script->lastIterations = n;
}
void scriptedShorter(uint64_t n, void*) { scriptedRun(0, n); }
void scriptedLonger(uint64_t n, void*) { scriptedRun(1, n); }

class ScriptedCounter final : public CycleSource {
public:
    double now() override {
        if (++reads_ % 2 == 0) {
            auto& costs = script->costs[script->last];
            size_t& i = script->next[script->last];
            value_ += costs.at(std::min(i++, costs.size() - 1)) * static_cast<double>(script->lastIterations);
        }
        return value_;
    }
    std::string id() const override { return "scripted"; }
    std::string description() const override { return "a scripted counter"; }
    Result<std::unique_ptr<CycleSource>> reopen() const override { return makeError("not in a test"); }

private:
    long reads_ = 0;
    double value_ = 0;
};

Result<PairTiming> timeScripted(Script& s, const TimingOptions& options) {
    script = &s;
    ScriptedCounter counter;
    PointerChaseRing ring;
    return timeKernelPair({scriptedShorter, scriptedLonger, 100}, ring, {&counter, {}}, options);
}

// A scripted run stops by counting repetitions, never by the wall clock it does not script.
TimingOptions boundedByCount(int maxRepetitions) {
    TimingOptions o;
    o.repetitions = 3;
    o.maxRepetitions = maxRepetitions;
    o.minSeconds = 0;
    o.maxSeconds = 1e9;
    return o;
}

} // namespace

class TestProbesHarness : public QObject {
    Q_OBJECT
private slots:
    void readsCpuinfoClockPerProcessor() {
        auto text = readFile(fakeSystem() + "/proc/cpuinfo");
        QVERIFY(text);
        QCOMPARE(cpuinfoClockHz(*text, 0).value(), 2100e6);
        QCOMPARE(cpuinfoClockHz(*text, 1).value(), 3456.789e6);
        QVERIFY(!cpuinfoClockHz(*text, 7));
    }

    void readsCpufreq() {
        SystemPaths paths;
        paths.sysRoot = fakeSystem() + "/sys";
        QCOMPARE(cpufreqCurrentHz(paths, 1).value(), 2.8e9);
        auto missing = cpufreqCurrentHz(paths, 0);
        QVERIFY(!missing);
        QVERIFY(missing.error().message.find("no cpufreq driver") != std::string::npos);
    }

    void readsAperfMperfFromTheMsrDevice() {
        QTemporaryDir dev;
        SystemPaths paths;
        paths.devRoot = dev.path().toStdString();
        auto missing = readAperfMperf(paths, 3);
        QVERIFY(!missing);
        QVERIFY(missing.error().message.find("modprobe msr") != std::string::npos);
        writeFakeMsr(paths.devRoot, 3, 5'000'000, 4'000'000);
        auto before = readAperfMperf(paths, 3);
        QVERIFY(before.ok());
        QCOMPARE(before->aperf, uint64_t(5'000'000));
        QCOMPARE(before->mperf, mperfAsRead(5'000'000, 4'000'000));
        // 3 M actual cycles per 2 M reference cycles at a 2 GHz TSC: 3 GHz.
        QCOMPARE(aperfMperfHz({5'000'000, 4'000'000}, {8'000'000, 6'000'000}, 2e9).value(), 3e9);
        writeFakeMsr(paths.devRoot, 3, 5'000'001, 4'000'000);
        auto after = readAperfMperf(paths, 3);
        QVERIFY(after.ok());
        QVERIFY(!aperfMperfHz(*after, *after, 2e9)); // MPERF did not move: no value, not 0
    }

    void samplerReportsEveryReferenceWithValueOrReason() {
        QTemporaryDir dev;
        SystemPaths paths;
        paths.procRoot = fakeSystem() + "/proc";
        paths.sysRoot = fakeSystem() + "/sys";
        paths.devRoot = dev.path().toStdString();
        writeFakeMsr(paths.devRoot, 1, 100, 100);
        ReferenceClockSampler sampler(paths, 1);
        writeFakeMsr(paths.devRoot, 1, 1600, 1100);
        const auto refs = sampler.finish();
        QCOMPARE(refs.size(), size_t(5));
        std::map<std::string, ReferenceClock> by;
        for (const auto& r : refs) {
            by[r.source] = r;
            QVERIFY2(r.hz || !r.note.empty(), r.source.c_str()); // never a silent gap
        }
        QCOMPARE(by["/proc/cpuinfo"].hz.value(), 3456.789e6);
        QCOMPARE(by["cpufreq"].hz.value(), 2.8e9);
#if defined(__x86_64__)
        QVERIFY(by["TSC"].hz.value() > 0);
        const double ratio = double(1600 - 100) / double(mperfAsRead(1600, 1100) - mperfAsRead(100, 100));
        QVERIFY(std::fabs(*by["APERF/MPERF"].hz / *by["TSC"].hz - ratio) < 1e-9);
#else
        QVERIFY(!by["TSC"].hz);
#endif
    }

    void perfCounterSourceCountsWhereTheEventCounts() {
        // task-clock counts nanoseconds of this thread on any machine, so the
        // counter path (open, pinned, read, advance check) runs for real.
        PerfEncoding taskClock;
        taskClock.type = PERF_TYPE_SOFTWARE;
        taskClock.config = PERF_COUNT_SW_TASK_CLOCK;
        auto source = PerfCounterSource::open(taskClock, "task-clock");
        if (!source) QSKIP(("task-clock cannot be opened here: " + source.error().message).c_str());
        // Compared with this thread's CPU time, not wall time: on a busy
        // machine the thread gets only part of the wall time.
        const auto threadCpuNs = [] {
            timespec ts{};
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
            return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
        };
        const double c0 = (*source)->now();
        const double cpu0 = threadCpuNs();
        volatile uint64_t sink = 0;
        while (threadCpuNs() - cpu0 < 2e7) sink = sink + 1;
        const double ns = (*source)->now() - c0;
        const double cpuNs = threadCpuNs() - cpu0;
        QVERIFY2(ns > 0.9 * cpuNs && ns < 1.1 * cpuNs, std::to_string(ns / cpuNs).c_str());
        QCOMPARE((*source)->id(), std::string("cycles-counter"));
        auto reopened = (*source)->reopen();
        QVERIFY(reopened.ok());
        QVERIFY((*reopened)->now() >= 0);
    }

    void cyclesCounterThatCannotOpenSaysWhy() {
        auto cycles = PerfCounterSource::open(PerfCounterSource::cpuCycles(), "cycles");
        if (cycles) QSKIP("this machine has a countable cycles counter");
        QVERIFY(cycles.error().message.find("cycles") != std::string::npos);
        QVERIFY(cycles.error().message.size() > 20);
        QCOMPARE(PerfCounterSource::cpuCycles().type, uint32_t(PERF_TYPE_HARDWARE));
        QCOMPARE(PerfCounterSource::cpuCycles().config, uint64_t(PERF_COUNT_HW_CPU_CYCLES));
        QVERIFY(PerfCounterSource::cpuCycles().excludeKernel);
    }

    void pinningIsRestored() {
        cpu_set_t before;
        QCOMPARE(sched_getaffinity(0, sizeof before, &before), 0);
        if (CPU_COUNT(&before) < 2) QSKIP("needs two usable CPUs to see a change");
        int last = 0;
        for (int c = 0; c < CPU_SETSIZE; ++c)
            if (CPU_ISSET(c, &before)) last = c;
        {
            auto pin = ScopedCpuPinning::pin(last, false);
            QVERIFY(pin.ok());
            QCOMPARE(pin->cpu(), last);
            QVERIFY(!pin->realtime());
            cpu_set_t now;
            sched_getaffinity(0, sizeof now, &now);
            QCOMPARE(CPU_COUNT(&now), 1);
            QCOMPARE(sched_getcpu(), last);
        }
        cpu_set_t after;
        sched_getaffinity(0, sizeof after, &after);
        QVERIFY(CPU_EQUAL(&before, &after));
        auto bad = ScopedCpuPinning::pin(CPU_SETSIZE - 1, false);
        QVERIFY(!bad);
        QVERIFY(bad.error().message.find("not available") != std::string::npos);
    }

    void realtimeIsGrantedOrExplained() {
        auto pin = ScopedCpuPinning::pin(std::nullopt, true);
        QVERIFY(pin.ok());
        if (pin->realtime())
            QCOMPARE(pin->schedulingNote(), std::string("SCHED_FIFO priority 1"));
        else
            QVERIFY(pin->schedulingNote().find("not permitted") != std::string::npos);
    }

    void realtimeRefusalNamesTheLikelyCause() {
        // Refused without CAP_SYS_NICE: the fix is a privilege.
        QVERIFY(realtimeRefusalHint(uint64_t(0)).starts_with("run as root or grant CAP_SYS_NICE"));
        QVERIFY(realtimeRefusalHint(std::nullopt).starts_with("run as root or grant CAP_SYS_NICE"));
        // Refused with it: privileges are not the cause, so do not ask for them.
        const std::string withNice = realtimeRefusalHint(uint64_t(1) << kCapSysNice);
        QVERIFY(withNice.find("cpu.rt_runtime_us") != std::string::npos);
        QVERIFY(withNice.find("--no-realtime") != std::string::npos);
        QVERIFY(withNice.find("run as root") == std::string::npos);
    }

    void effectiveCapabilitiesAreReadFromStatus() {
        QTemporaryDir proc;
        QVERIFY(QDir(proc.path()).mkpath(QStringLiteral("self")));
        const std::string root = proc.path().toStdString();
        QVERIFY(!effectiveCapabilities(root)); // no status file
        QFile status(proc.filePath(QStringLiteral("self/status")));
        QVERIFY(status.open(QIODevice::WriteOnly));
        status.write("Name:\tx\nCapInh:\t0000000000000000\nCapEff:\t0000000000800000\n");
        status.close();
        const auto caps = effectiveCapabilities(root);
        QVERIFY(caps.has_value());
        QCOMPARE(*caps, uint64_t(1) << kCapSysNice);
        QVERIFY(hasCapability(*caps, kCapSysNice));
        QVERIFY(!hasCapability(*caps, kCapSysAdmin));
    }

    void forkedChildContainsCrashes() {
        auto ok = runForked([] { return std::string("fine"); }, 10);
        QVERIFY(ok.ok());
        QVERIFY(ok->exited);
        QCOMPARE(ok->output, std::string("fine"));
        auto ill = runForked([]() -> std::string {
            std::raise(SIGILL);
            return "unreachable";
        }, 10);
        QVERIFY(ill.ok());
        QVERIFY(!ill->exited);
        QCOMPARE(ill->signal, SIGILL);
        QVERIFY(explainChildSignal(SIGILL).find("illegal instruction") != std::string::npos);
        auto slow = runForked([]() -> std::string {
            ::sleep(30);
            return "";
        }, 0.2);
        QVERIFY(slow.ok());
        QVERIFY(slow->timedOut);
    }

    void customCodeThatTrapsCannotCrashUs() {
        const auto host = hostArch();
        if (!host) QSKIP("instruction benchmarks run on x86-64, AArch64 and MIPS64 only");
        const char* trap = *host == Arch::X86_64 ? "ud2" : *host == Arch::AArch64 ? "udf #0" : "teq $0, $0";
        auto entry = makeCustomEntry(*host, trap);
        QVERIFY(entry.ok());
        MeasurementOptions o;
        o.timing.repetitions = 3;
        auto ctx = MeasurementContext::create(o);
        if (!ctx) QSKIP(("cannot measure here: " + ctx.error().message).c_str());
        BenchRunner runner(**ctx);
        const BenchResult r = runner.run(*entry);
        QCOMPARE(r.status, BenchStatus::Failed);
        if (*host != Arch::Mips64) QVERIFY2(r.reason.find("SIGILL") != std::string::npos, r.reason.c_str());
        // A shipped entry the CPU lacks is never run at all.
        auto missing = makeCustomEntry(*host, "nop");
        missing->shipped = true;
        missing->features = {"no-such-feature"};
        const BenchResult skipped = runner.run(*missing);
        QCOMPARE(skipped.status, BenchStatus::Unsupported);
        QVERIFY(skipped.reason.find("not supported by this CPU") != std::string::npos);
    }

    void timingStopsOnceEachFastestRunRepeats() {
        Script s;
        s.costs[0] = {120, 100, 130, 100.1, 100.2, 90, 90, 90};
        s.costs[1] = {280, 200, 290, 200.5, 200.1, 150, 150, 150};
        TimingOptions o = boundedByCount(50);
        o.confirmations = 3;
        o.confirmTolerance = 0.003;
        auto t = timeScripted(s, o);
        QVERIFY(t.ok());
        // The fifth repetition brings each kernel's third run within 0.3 % of its fastest.
        QVERIFY2(t->cycles, t->unavailable.c_str());
        QCOMPARE(t->cycles->count, size_t(5));
        QVERIFY(t->minimumConfirmed);
        QCOMPARE(t->cycles->min, (200.0 - 100.0) / 100);   // fastest longer minus fastest shorter, per extra copy
        QCOMPARE(t->cycles->median, (200.5 - 100.2) / 100); // the median runs, the same way
        QCOMPARE(t->cycles->max, (290.0 - 130.0) / 100);    // the most disturbed repetition
        QVERIFY(std::isnan(t->clockHz));                   // read from a counter: no clock was measured
    }

    void timingFlagsAFastestRunThatNeverRepeats() {
        Script s;
        for (int i = 0; i < 20; ++i) {
            s.costs[0].push_back(100 * std::pow(0.98, i)); // always faster than before: never confirmed
            s.costs[1].push_back(200 * std::pow(0.98, i));
        }
        auto t = timeScripted(s, boundedByCount(8));
        QVERIFY(t.ok());
        QVERIFY2(t->cycles, t->unavailable.c_str());
        QCOMPARE(t->cycles->count, size_t(8));
        QVERIFY(!t->minimumConfirmed);
        QVERIFY(std::fabs(t->cycles->min - 100 * std::pow(0.98, 7) / 100) < 1e-12);
    }

    void timingThatIsNoMeasurementIsUnavailableNotAnError() {
        // The longer kernel ran faster than the shorter one (what a busy or
        // emulated machine can produce): no figure, and the reason.
        Script faster;
        faster.costs[0] = {100};
        faster.costs[1] = {90};
        auto t = timeScripted(faster, boundedByCount(5));
        QVERIFY(t.ok());
        QVERIFY(!t->cycles);
        QVERIFY2(t->unavailable.find("machine too busy") == 0, t->unavailable.c_str());
        // 0.5 cycles more for 100 extra copies: 200 instructions per cycle, beyond any core.
        Script tooFast;
        tooFast.costs[0] = {100};
        tooFast.costs[1] = {100.5};
        t = timeScripted(tooFast, boundedByCount(5));
        QVERIFY(t.ok());
        QVERIFY(!t->cycles);
        QVERIFY2(t->unavailable.find("more than 16 instructions per cycle") != std::string::npos, t->unavailable.c_str());
    }

    void summarisesRepetitions() {
        const Summary s = summarize({5, 1, 4, 2, 3});
        QCOMPARE(s.min, 1.0);
        QCOMPARE(s.median, 3.0);
        QCOMPARE(s.q1, 2.0);
        QCOMPARE(s.q3, 4.0);
        QCOMPARE(s.max, 5.0);
        QCOMPARE(s.count, size_t(5));
        QCOMPARE(s.relativeSpread(), 2.0 / 3.0);
    }

    void findsTheIpcPlateau() {
        IpcCurve c;
        for (double cpi : {1.0, 0.5, 1.0 / 3, 0.25, 0.25, 0.22, 0.25, 0.25}) {
            IpcPoint p;
            p.chains = static_cast<int>(c.points.size()) + 1;
            p.cyclesPerInstruction = Summary{cpi, cpi, cpi, cpi, cpi, 1};
            c.points.push_back(p);
        }
        // A point that was not measurable is left out, not read as 0 IPC.
        c.points.push_back(IpcPoint{9, std::nullopt, "machine too busy: ..."});
        findPlateau(c);
        QVERIFY(c.plateauIpc);
        QCOMPARE(*c.plateauIpc, 4.0); // the lone 4.5 is not a plateau
        QCOMPARE(c.plateauChains, 4);
        QCOMPARE(c.whyNoPlateau(), std::string());
        IpcCurve empty;
        findPlateau(empty);
        QVERIFY(!empty.plateauIpc);
        IpcCurve unmeasured;
        unmeasured.points = {IpcPoint{1, std::nullopt, "emulated: timings not meaningful (x)"}};
        findPlateau(unmeasured);
        QVERIFY(!unmeasured.plateauIpc);
        QCOMPARE(unmeasured.whyNoPlateau(), std::string("no point was measured: emulated: timings not meaningful (x)"));
        // Stopped by the register count while still climbing (1.50, 1.76, 2.00):
        // the last window's median (1.76) is not a plateau.
        IpcCurve rising;
        for (double ipc : {0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.76, 2.0}) {
            const double cpi = 1 / ipc;
            rising.points.push_back(IpcPoint{static_cast<int>(rising.points.size()) + 1,
                                             Summary{cpi, cpi, cpi, cpi, cpi, 1}, ""});
        }
        findPlateau(rising);
        QVERIFY(!rising.plateauIpc);
        QCOMPARE(rising.whyNoPlateau(),
                 std::string("still rising at 8 chains (2.00 IPC): the plateau lies beyond the chains measured"));
    }
};

QTEST_GUILESS_MAIN(TestProbesHarness)
#include "test_probes_harness.moc"
