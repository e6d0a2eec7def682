// Measurement on real runs of the workload program: the intervals a front
// end pulls while it runs add up to the final totals, paused intervals are
// "not available" (never 0), and a program that sleeps counts 0 (never n/a).
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <optional>
#include <thread>

#include "backends/CountingTestSupport.h"
#include "core/measurement/Measurement.h"

using namespace perfdash;
using namespace perfdash::testing;

namespace {

using namespace std::chrono_literals;

MeasurementRequest workload(std::vector<std::string> args, std::string events, std::string cpuList = {}) {
    MeasurementRequest r;
    r.command = {PERFDASH_WORKLOAD};
    r.command.insert(r.command.end(), args.begin(), args.end());
    r.events = {std::move(events)};
    r.cpuList = std::move(cpuList);
    r.interval = 50ms;
    r.captureOutput = true;
    r.stdinFromNull = true;
    return r;
}

double total(const std::vector<GroupResult>& groups, const std::string& event) {
    for (const auto& e : groups.at(0).events)
        if (e.event == event) return e.total.value;
    return kNotAvailable;
}

const EventResult& eventOf(const IntervalResult& interval, size_t index) { return interval.groups.at(0).events.at(index); }

std::string allCpus() { return "0-" + std::to_string(onlineCpuCount() - 1); }

// Pulls intervals as a front end does until `enough` more arrived or the measurement ended.
void pull(Measurement& m, std::vector<IntervalResult>& into, size_t enough) {
    const size_t target = into.size() + enough;
    while (into.size() < target && !m.finished()) {
        m.waitForData(200ms);
        for (auto& i : m.takeIntervals()) into.push_back(std::move(i));
    }
}

// Everything up to the end, the last (partial) interval included.
std::vector<IntervalResult> pullToTheEnd(Measurement& m) {
    std::vector<IntervalResult> all;
    while (!m.finished()) pull(m, all, 1);
    for (auto& i : m.takeIntervals()) all.push_back(std::move(i));
    return all;
}

// The intervals reach from the start to the end of the run and add up to its totals exactly (software
// counts of one process are not scaled). QTest's checks return from here; callers look at currentTestFailed().
void checkIntervalsCoverTheRun(const std::vector<IntervalResult>& intervals, const MeasurementResult& result,
                               const std::vector<std::string>& events) {
    QVERIFY(!intervals.empty());
    QCOMPARE(intervals.back().t, result.durationS);
    double covered = 0;
    for (const auto& i : intervals) covered += i.dt;
    QCOMPARE(covered, result.durationS); // the first interval reaches back to the start
    for (size_t e = 0; e < events.size(); ++e) {
        double sum = 0;
        for (const auto& i : intervals) sum += eventOf(i, e).total.value;
        QCOMPARE(sum, total(result.groups, events[e]));
    }
}

} // namespace

class TestMeasurement : public QObject {
    Q_OBJECT

    MachineContext machine_;
    std::optional<MeasurementPlan> plan_; // of the measurement ranUnpulled() returned, which refers to it

    // Starts `request` and returns the measurement once its program ended, nothing pulled while it ran;
    // null (the test failed) when it cannot start.
    std::unique_ptr<Measurement> ranUnpulled(const MeasurementRequest& request) {
        auto plan = MeasurementPlan::prepare(request, machine_);
        if (!plan) return QTest::qFail(plan.error().message.c_str(), __FILE__, __LINE__), nullptr;
        plan_.emplace(std::move(*plan));
        auto m = Measurement::start(*plan_, machine_);
        if (!m) return QTest::qFail(m.error().message.c_str(), __FILE__, __LINE__), nullptr;
        while (!(*m)->finished()) std::this_thread::sleep_for(50ms);
        return std::move(*m);
    }

private slots:
    void intervalsPulledLiveAddUpToTheTotals() {
        const std::vector<std::string> events = {"task-clock", "page-faults", "context-switches"};
        auto plan = MeasurementPlan::prepare(workload({"spin", "400"}, "task-clock,page-faults,context-switches"), machine_);
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().message.c_str());
        auto m = Measurement::start(*plan, machine_);
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().message.c_str());
        const std::vector<IntervalResult> live = pullToTheEnd(**m);
        const MeasurementResult result = (*m)->finish();

        QCOMPARE(result.exitStatus.value_or(-1), 0);
        QVERIFY(!result.interrupted);
        QVERIFY2(live.size() >= 2, std::to_string(live.size()).c_str());
        QCOMPARE(result.intervals.size(), live.size()); // what was kept is what was pulled
        QCOMPARE(live.back().t, result.durationS);
        for (size_t e = 0; e < events.size(); ++e) {
            double sum = 0;
            for (const auto& i : live) sum += eventOf(i, e).total.value;
            // Software counts of one process are not scaled: exactly equal.
            QCOMPARE(sum, total(result.groups, events[e]));
        }
        QVERIFY(total(result.groups, "task-clock") > 0);
    }

    // A consumer that falls behind a small sample ring (the agent keeps 16) loses no count: the snapshots it
    // missed are merged into its next interval. Pulled only once the program ended, long after the sampler
    // went around a ring of 2 many times.
    void aSmallSampleRingMergesIntervalsAndLosesNoCount() {
        const std::vector<std::string> events = {"task-clock", "page-faults"};
        MeasurementRequest request = workload({"spin", "400"}, "task-clock,page-faults");
        request.interval = 10ms;
        request.bufferedSnapshots = 2;
        const std::unique_ptr<Measurement> m = ranUnpulled(request);
        QVERIFY(m);
        const MeasurementResult result = m->finish();

        QCOMPARE(result.exitStatus.value_or(-1), 0);
        QVERIFY2(m->droppedSnapshots() > 0, "the sampler never went around its ring of 2");
        QVERIFY2(result.intervals.size() <= 2, std::to_string(result.intervals.size()).c_str());
        checkIntervalsCoverTheRun(result.intervals, result, events);
        if (QTest::currentTestFailed()) return;
        QVERIFY(std::any_of(result.warnings.begin(), result.warnings.end(),
                            [](const std::string& w) { return w.find("merged into longer intervals") != std::string::npos; }));
    }

    // A consumer that keeps its own copy (keepIntervals off, as a front end that journals its intervals) gets
    // the intervals finish() completes from one more takeIntervals(): none is lost. Nothing is pulled while
    // the program runs, so every interval is one finish() completed.
    void intervalsFinishCompletesAreLeftForTheConsumer() {
        const std::vector<std::string> events = {"task-clock", "page-faults"};
        MeasurementRequest request = workload({"spin", "300"}, "task-clock,page-faults");
        request.keepIntervals = false;
        const std::unique_ptr<Measurement> m = ranUnpulled(request);
        QVERIFY(m);
        const MeasurementResult result = m->finish();
        const std::vector<IntervalResult> last = m->takeIntervals();

        QCOMPARE(result.exitStatus.value_or(-1), 0);
        QVERIFY(result.intervals.empty()); // not kept
        checkIntervalsCoverTheRun(last, result, events);
        if (QTest::currentTestFailed()) return;
        QVERIFY(m->takeIntervals().empty()); // handed over once
    }

    void pausedIntervalsAreNotAvailable_data() {
        QTest::addColumn<QString>("cpuList");
        QTest::newRow("one process") << QString();
        // Per CPU, the task's residency does not advance while paused either:
        // that must not pass for "the task was not there" (an exact 0).
        QTest::newRow("per CPU") << QString::fromStdString(allCpus());
    }

    void pausedIntervalsAreNotAvailable() {
        QFETCH(QString, cpuList);
        auto plan = MeasurementPlan::prepare(workload({"spin", "20000"}, "task-clock,page-faults", cpuList.toStdString()),
                                             machine_);
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().message.c_str());
        auto started = Measurement::start(*plan, machine_);
        QVERIFY2(started.ok(), started.ok() ? "" : started.error().message.c_str());
        Measurement& m = **started;

        std::vector<IntervalResult> before, paused, after;
        pull(m, before, 3);
        QVERIFY(m.pause().ok());
        QVERIFY(m.paused());
        // The first interval after pause() began before it; the next ones lie wholly in the pause.
        pull(m, paused, 4);
        QVERIFY(m.resume().ok());
        QVERIFY(!m.paused());
        pull(m, after, 3);
        m.requestStop();
        const MeasurementResult result = m.finish();
        QVERIFY(result.interrupted);
        // pull() takes every interval that is ready, so on a busy machine a call can bring more than it
        // waits for (4 instead of 3 under two CPU hogs); those taken before resume() all lie in the pause.
        QVERIFY(paused.size() >= 4);
        QVERIFY(after.size() >= 3);

        for (size_t i = 1; i < paused.size(); ++i) {
            for (size_t e = 0; e < 2; ++e) {
                const EventResult& event = eventOf(paused[i], e);
                QVERIFY2(!isAvailable(event.total.value),
                         (event.event + " = " + std::to_string(event.total.value) + " while paused").c_str());
                for (const CountValue& v : event.perLocation) QVERIFY(!isAvailable(v.value));
            }
        }
        // Counting resumed: every interval after the pause has a value again, and
        // the spinning program's CPU time grew. Not "> 0 in each interval": on a
        // busy machine the program may get no CPU for a whole 50 ms interval,
        // which is an exact 0 (failed under ctest -j2 beside two CPU hogs).
        double resumed = 0;
        for (size_t i = 1; i < after.size(); ++i) {
            const double value = eventOf(after[i], 0).total.value;
            QVERIFY2(isAvailable(value), ("interval " + std::to_string(i) + " after resume() has no value").c_str());
            resumed += value;
        }
        QVERIFY(resumed > 0);
        QVERIFY(total(result.groups, "task-clock") > 0);
    }

    void sleepingProgramCountsZeroNotNa_data() {
        QTest::addColumn<QString>("cpuList");
        QTest::newRow("one process") << QString();
        QTest::newRow("per CPU") << QString::fromStdString(allCpus());
    }

    void sleepingProgramCountsZeroNotNa() {
        QFETCH(QString, cpuList);
        MeasurementRequest request = workload({}, "page-faults,task-clock", cpuList.toStdString());
        request.command = {"sleep", "0.3"};
        auto plan = MeasurementPlan::prepare(request, machine_);
        QVERIFY(plan.ok());
        auto m = Measurement::start(*plan, machine_);
        QVERIFY(m.ok());
        const std::vector<IntervalResult> live = pullToTheEnd(**m);
        const MeasurementResult result = (*m)->finish();
        QVERIFY(live.size() >= 2);
        double faults = 0;
        for (const auto& i : live) {
            // Not scheduled for a whole interval: the counters saw exactly nothing.
            for (size_t e = 0; e < 2; ++e) {
                QVERIFY2(isAvailable(eventOf(i, e).total.value), std::to_string(i.t).c_str());
                for (const CountValue& v : eventOf(i, e).perLocation) QVERIFY(isAvailable(v.value));
            }
            faults += eventOf(i, 0).total.value;
        }
        QCOMPARE(faults, total(result.groups, "page-faults"));
    }
};

QTEST_GUILESS_MAIN(TestMeasurement)
#include "test_measurement.moc"
