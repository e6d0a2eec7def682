#include <QtTest>

#include <csignal>
#include <sys/syscall.h>

#include "backends/CountingTestSupport.h"
#include "core/backends/PerfEventBackend.h"
#include "core/result/CounterDeltas.h"
#include "core/measurement/Launcher.h"
#include "core/measurement/Sampler.h"

using namespace perfdash;
using namespace perfdash::testing;
using namespace std::chrono_literals;

namespace {

const ResolvedEvent taskClock = softwareEvent("task-clock", PERF_COUNT_SW_TASK_CLOCK);
const ResolvedEvent pageFaults = softwareEvent("page-faults", PERF_COUNT_SW_PAGE_FAULTS);

std::unique_ptr<CounterSet> ownThreadCounters(const EventSet& events) {
    CountingScope scope;
    scope.kind = CountingScope::Kind::Threads;
    scope.tids = {static_cast<int>(::syscall(SYS_gettid))};
    scope.inherit = false;
    PerfEventBackend backend;
    auto set = backend.open(events, scope);
    return set.ok() ? std::move(*set) : nullptr;
}

// A launched workload with counters on it, held before exec.
struct HeldWorkload {
    std::unique_ptr<LaunchedProcess> child;
    std::unique_ptr<CounterSet> counters;
    std::string error;
};

HeldWorkload holdWorkload(std::vector<std::string> args, const EventSet& events) {
    HeldWorkload w;
    LaunchOptions options;
    options.command = {PERFDASH_WORKLOAD};
    options.command.insert(options.command.end(), args.begin(), args.end());
    auto child = LaunchedProcess::start(options);
    if (!child) {
        w.error = child.error().message;
        return w;
    }
    w.child = std::move(*child);
    CountingScope scope;
    scope.pid = w.child->pid();
    scope.enableOnExec = true;
    PerfEventBackend backend;
    auto set = backend.open(events, scope);
    if (!set) {
        w.error = set.error().message;
        return w;
    }
    w.counters = std::move(*set);
    return w;
}

Sampler* signalledSampler = nullptr;
void stopOnSignal(int) { signalledSampler->requestStop(); }

} // namespace

class TestSampler : public QObject {
    Q_OBJECT
private slots:
    void samplesOnScheduleAndDeltasAddUpToTheTotal() {
        HeldWorkload w = holdWorkload({"spin", "1000"}, {slot(taskClock), slot(pageFaults)});
        QVERIFY2(w.error.empty(), w.error.c_str());
        SampleStore store(64);
        Sampler sampler(*w.counters, store);
        QVERIFY(sampler.start({.interval = 100ms, .duration = {}, .targetPid = w.child->pid()}).ok());
        QVERIFY(w.child->release().ok());
        const Snapshot final = sampler.wait();
        QCOMPARE(*w.child->wait(), 0);
        QCOMPARE(sampler.endReason(), SamplerEnd::TargetExited);

        const auto batch = store.since(0);
        QVERIFY(batch.closed);
        QCOMPARE(batch.dropped, uint64_t(0));
        const auto& snaps = batch.snapshots;
        // Baseline, the periodic samples and the final one. On a busy machine the
        // sampler may wake late, so how many periodic samples there are depends on
        // load; what must hold on any machine is the account: every deadline that
        // passed before the last periodic sample was either sampled or counted
        // as missed (the deadline between the expirations read and the
        // snapshot's own clock reading may not be counted yet), never caught up
        // in a burst.
        QVERIFY2(snaps.size() >= 3, std::to_string(snaps.size()).c_str()); // a 1 s run sees a 100 ms deadline
        QCOMPARE(snaps.back().seq, final.seq);
        const uint64_t accounted = (snaps.size() - 2) + sampler.missedDeadlines();
        const uint64_t passed = uint64_t((snaps[snaps.size() - 2].monotonicNs - snaps[0].monotonicNs) / 100'000'000);
        QVERIFY2(accounted == passed || accounted + 1 == passed,
                 (std::to_string(accounted) + " accounted, " + std::to_string(passed) + " passed").c_str());
        // Absolute deadlines: the k-th periodic sample is never taken before start + k x interval.
        for (size_t k = 1; k + 1 < snaps.size(); ++k)
            QVERIFY(snaps[k].monotonicNs - snaps[0].monotonicNs >= static_cast<int64_t>(k) * 100'000'000);

        for (size_t s = 0; s < 2; ++s) {
            double sum = 0;
            for (size_t k = 1; k < snaps.size(); ++k) {
                const CountValue d = scaledDeltas(snaps[k - 1], snaps[k])[s];
                if (isAvailable(d.value)) sum += d.value;
            }
            // The baseline was taken before exec: nothing counted yet (NaN, not 0).
            QVERIFY(!isAvailable(scaledTotals(snaps.front())[s].value));
            QCOMPARE(sum, scaledTotals(final)[s].value);
        }
        const double cpuSeconds = scaledTotals(final)[0].value / 1e9;
        const double wallSeconds = double(final.monotonicNs - snaps.front().monotonicNs) / 1e9;
        // The spin is 1 s of wall time; how much CPU it gets depends on load.
        // One thread's task-clock can never exceed the wall time.
        QVERIFY2(cpuSeconds > 0 && cpuSeconds <= wallSeconds * 1.01, std::to_string(cpuSeconds).c_str());
    }

    void endsAtOnceWhenTheTargetExits() {
        HeldWorkload w = holdWorkload({"pages", "10"}, {slot(taskClock)});
        QVERIFY2(w.error.empty(), w.error.c_str());
        SampleStore store(8);
        Sampler sampler(*w.counters, store);
        QVERIFY(sampler.start({.interval = 3600s, .duration = {}, .targetPid = w.child->pid()}).ok());
        QVERIFY(w.child->release().ok());
        const Snapshot final = sampler.wait(); // would hang for an hour without the pidfd
        QCOMPARE(sampler.endReason(), SamplerEnd::TargetExited);
        QCOMPARE(store.since(0).snapshots.size(), size_t(2)); // baseline and final
        QVERIFY(final.values[0].raw > 0);
        QCOMPARE(*w.child->wait(), 0);
    }

    void stopsOnRequestFromASignalHandler() {
        auto counters = ownThreadCounters({slot(taskClock)});
        QVERIFY(counters);
        SampleStore store(8);
        Sampler sampler(*counters, store);
        QVERIFY(sampler.start({.interval = 3600s}).ok());
        signalledSampler = &sampler;
        struct sigaction action{}, previous{};
        action.sa_handler = stopOnSignal;
        sigaction(SIGUSR1, &action, &previous);
        ::raise(SIGUSR1);
        sigaction(SIGUSR1, &previous, nullptr);
        const Snapshot final = sampler.wait();
        QCOMPARE(sampler.endReason(), SamplerEnd::StopRequested);
        QVERIFY(store.since(0).closed);
        QCOMPARE(store.latest()->seq, final.seq);
        QCOMPARE(final.seq, uint64_t(1));
    }

    void endsWhenTheDurationIsOver() {
        auto counters = ownThreadCounters({slot(taskClock)});
        QVERIFY(counters);
        SampleStore store(8);
        Sampler sampler(*counters, store);
        QVERIFY(sampler.start({.interval = {}, .duration = 200ms}).ok());
        const Snapshot final = sampler.wait();
        QCOMPARE(sampler.endReason(), SamplerEnd::DurationElapsed);
        QVERIFY(final.monotonicNs - store.since(0).snapshots.front().monotonicNs >= 200'000'000);
    }

    void pauseStopsCountingAndResumeRestartsIt() {
        auto counters = ownThreadCounters({slot(pageFaults)});
        QVERIFY(counters);
        QVERIFY(counters->enable().ok());
        SampleStore store(8);
        Sampler sampler(*counters, store);
        QVERIFY(sampler.start({}).ok());
        touchFreshPages(1000);
        QVERIFY(sampler.pause().ok());
        QVERIFY(sampler.paused());
        touchFreshPages(5000); // not counted
        QVERIFY(sampler.resume().ok());
        touchFreshPages(1000);
        const Snapshot final = sampler.stop();
        QVERIFY2(final.values[0].raw >= 2000 && final.values[0].raw < 3000, std::to_string(final.values[0].raw).c_str());
    }

    void keepsMemoryBoundedAndReportsDroppedSamples() {
        auto counters = ownThreadCounters({slot(taskClock), slot(pageFaults)});
        QVERIFY(counters);
        SampleStore store(4);
        Sampler sampler(*counters, store);
        QVERIFY(sampler.start({.interval = 1ms, .duration = 200ms}).ok());
        sampler.wait();
        const auto batch = store.since(0);
        QCOMPARE(batch.snapshots.size(), size_t(4));
        QVERIFY(batch.dropped > 0);
        QCOMPARE(batch.dropped + 4, store.pushedCount());
    }

    void refusesToStartTwiceOrForAProcessThatIsGone() {
        auto counters = ownThreadCounters({slot(taskClock)});
        QVERIFY(counters);
        SampleStore store(8);
        Sampler sampler(*counters, store);
        auto gone = sampler.start({.interval = {}, .duration = {}, .targetPid = 0x3ffffff0});
        QVERIFY(!gone.ok());
        QVERIFY2(gone.error().message.find("does not exist") != std::string::npos, gone.error().message.c_str());
        QVERIFY(sampler.start({}).ok());
        QVERIFY(!sampler.start({}).ok());
        sampler.stop();
    }
};

QTEST_GUILESS_MAIN(TestSampler)
#include "test_sampler.moc"
