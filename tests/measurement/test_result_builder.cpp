// ResultBuilder on a hand-made plan and synthetic counts: the sysfs scale,
// metrics per location and in aggregate, "not available" carried through
// to n/a (never 0), and events that were not planned or not opened
// reported with their reason. IntervalCombiner on the same plan: intervals
// joined give exactly what the builder gives for the joined counts.
#include <QtTest>

#include <cmath>

#include "core/measurement/IntervalCombiner.h"
#include "core/measurement/ResultBuilder.h"

using namespace perfdash;

namespace {

constexpr double kJoulesPerCount = 2.3283064365386962890625e-10; // a RAPL energy-pkg scale

PlannedEvent planned(const std::string& counter, int slot, double scale = 1.0, const std::string& unit = "") {
    PlannedEvent e;
    e.counter = e.spec = counter;
    e.name = "event-" + counter;
    e.scale = scale;
    e.unit = unit;
    e.availability.state = Availability::State::Countable;
    e.eventSetSlot = slot;
    return e;
}

// One group: A, B, PWR (energy, scaled) counted; N not countable here; F counted
// but (see openFailures) not opened. Counts are in event-set slots 0..3 = A, B, PWR, F.
MeasurementPlan handMadePlan() {
    MeasurementPlan plan;
    PlannedGroup g;
    g.group.name = "G";
    g.group.shortDescription = "hand-made";
    for (const char* counter : {"A", "B", "PWR", "N", "F"}) {
        GroupSlot slot;
        slot.counter = slot.counterSpec = slot.event = counter;
        g.group.events.push_back(slot);
    }
    g.group.metrics = {{"A per B", "A/B", 0},     {"Energy [J]", "PWR", 0}, {"CPUs", "num_cpus", 0},
                       {"A per second", "A/time", 0}, {"Uses N", "A+N", 0}, {"Uses F", "F+1", 0}};
    g.events = {planned("A", 0), planned("B", 1), planned("PWR", 2, kJoulesPerCount, "Joules"), planned("N", -1),
                planned("F", 3)};
    g.events[3].availability.state = Availability::State::Unsupported;
    g.events[3].availability.reason = "no hardware PMU here";
    for (const PlannedEvent& e : g.events) {
        if (e.eventSetSlot < 0) continue;
        ResolvedEvent event;
        event.name = e.name;
        plan.eventSet.push_back(EventSlot{e.counter, event, 0});
    }
    plan.groups.push_back(std::move(g));
    return plan;
}

const std::vector<LocationInfo> kTwoCpus = {{LocationKind::Cpu, 0}, {LocationKind::Cpu, 1}};
const std::vector<std::string> kOpenFailures = {"", "", "", "F could not be opened: too many events"};

MetricEnvironment twoCpuMachine() {
    MetricEnvironment env;
    env.numCpus = 2;
    return env;
}

// counts[location * 4 + slot], slots A, B, PWR, F; coverage 1.
std::vector<CountValue> counts(std::vector<double> cpu0, std::vector<double> cpu1) {
    std::vector<CountValue> out;
    for (const auto* values : {&cpu0, &cpu1})
        for (double v : *values) out.push_back(CountValue{v, isAvailable(v) ? 1.0 : kNotAvailable});
    return out;
}

const EventResult& eventOf(const GroupResult& g, const std::string& counter) {
    for (const auto& e : g.events)
        if (e.counter == counter) return e;
    qFatal("no event %s", counter.c_str());
}

const MetricResult& metric(const GroupResult& g, const std::string& name) {
    for (const auto& m : g.metrics)
        if (m.name == name) return m;
    qFatal("no metric %s", name.c_str());
}

} // namespace

class TestResultBuilder : public QObject {
    Q_OBJECT

    MeasurementPlan plan_ = handMadePlan();

    ResultBuilder builder() {
        auto b = ResultBuilder::create(plan_, kTwoCpus, twoCpuMachine(), kOpenFailures);
        if (!b) qFatal("%s", b.error().message.c_str());
        return std::move(*b);
    }

private slots:
    // PWR as a package's unit counted over CPUs 0-1 and read on CPU 0 only
    // (PlannedEvent::readerOf): CPU 1's n/a is not a missing part, so the total
    // is CPU 0's count, complete, and joined intervals keep it so.
    void aPackageUnitReadOnOneCpuIsCompleteThere() {
        MeasurementPlan plan = handMadePlan();
        plan.groups[0].events[2].readerOf = {{0, 0}, {1, 0}};
        auto made = ResultBuilder::create(plan, kTwoCpus, twoCpuMachine(), kOpenFailures);
        QVERIFY(made);
        // CPU 1's slot holds nothing: the backend never opened it there.
        const auto groups = made->build(counts({10, 5, 1e9, 7}, {30, 10, kNotAvailable, 9}), 2.0);
        const EventResult& pwr = eventOf(groups[0], "PWR");
        QVERIFY(pwr.counted);
        QCOMPARE(pwr.perLocation[0].value, 1e9 * kJoulesPerCount);
        QVERIFY(!isAvailable(pwr.perLocation[1].value));
        QCOMPARE(pwr.total.value, 1e9 * kJoulesPerCount);
        QVERIFY(!pwr.partialTotal);
        QCOMPARE(metric(groups[0], "Energy [J]").aggregate, 1e9 * kJoulesPerCount);
        // Not so for an event that is counted everywhere: CPU 1's n/a makes the sum partial.
        const auto everywhere = builder().build(counts({10, 5, 1e9, 7}, {30, 10, kNotAvailable, 9}), 2.0);
        QVERIFY(eventOf(everywhere[0], "PWR").partialTotal);

        IntervalCombiner two(plan, *made, 2);
        const auto interval = [&](double t) {
            return IntervalResult{t, 0.5, made->build(counts({10, 5, 1e9, 7}, {30, 10, kNotAvailable, 9}), 0.5)};
        };
        QVERIFY(!two.add(interval(0.5)));
        const auto joined = two.add(interval(1.0));
        QVERIFY(joined);
        const EventResult& joinedPwr = eventOf(joined->groups[0], "PWR");
        QCOMPARE(joinedPwr.total.value, 2e9 * kJoulesPerCount);
        QVERIFY(!joinedPwr.partialTotal);
    }

    void joinedIntervalsAreTheJoinedCounts() {
        ResultBuilder b = builder();
        std::vector<CountValue> second = counts({30, 15, 3e9, 1}, {40, 20, 4e9, 2});
        second[1].coverage = 0.5; // B on CPU 0 was multiplexed in the second interval
        const IntervalResult first{0.5, 0.5, b.build(counts({10, 5, 1e9, 7}, {20, kNotAvailable, 2e9, 3}), 0.5)};
        const IntervalResult next{1.0, 0.5, b.build(second, 0.5)};

        IntervalCombiner same(plan_, b, 1);
        QCOMPARE(same.add(first)->groups[0].events[0].total.value, 30.0); // one interval passes through

        IntervalCombiner two(plan_, b, 2);
        QVERIFY(!two.add(first));
        const auto joined = two.add(next);
        QVERIFY(joined);
        QCOMPARE(joined->t, 1.0);
        QCOMPARE(joined->dt, 1.0);
        std::vector<CountValue> sums = counts({40, 20, 4e9, 8}, {60, kNotAvailable, 6e9, 5});
        sums[1].coverage = 0.5; // the lowest of the parts'
        sums[5].coverage = 1.0; // B on CPU 1: n/a, yet the part that was counted was counted all the time
        const auto expected = builder().build(sums, 1.0);
        const GroupResult& g = joined->groups[0];
        for (const char* counter : {"A", "B", "PWR", "N", "F"}) {
            const EventResult& got = eventOf(g, counter);
            const EventResult& want = eventOf(expected[0], counter);
            QCOMPARE(got.counted, want.counted);
            for (size_t l = 0; l < 2; ++l) {
                QCOMPARE(isAvailable(got.perLocation[l].value), isAvailable(want.perLocation[l].value));
                if (isAvailable(want.perLocation[l].value))
                    QVERIFY2(std::fabs(got.perLocation[l].value - want.perLocation[l].value) <=
                                 1e-12 * std::fabs(want.perLocation[l].value),
                             counter);
                QCOMPARE(got.perLocation[l].coverage, want.perLocation[l].coverage);
            }
        }
        // The sysfs scale applies once: joules, not joules times the scale again.
        QCOMPARE(eventOf(g, "PWR").total.value, 1e10 * kJoulesPerCount);
        QVERIFY(!isAvailable(eventOf(g, "B").total.value)); // CPU 1 had no B in the first interval
        QCOMPARE(metric(g, "A per second").aggregate, 100.0);
        QVERIFY(std::fabs(metric(g, "A per B").perLocation[0] - 2.0) < 1e-12);
        // The combiner starts again after each joined interval.
        QVERIFY(!two.add(first));
        QCOMPARE(two.add(first)->groups[0].events[0].total.value, 60.0);
    }

    void countsPerLocationAndTotal() {
        const auto groups = builder().build(counts({10, 5, 1e9, 7}, {30, 10, 3e9, 9}), 2.0);
        QCOMPARE(groups.size(), size_t(1));
        QCOMPARE(groups[0].name, std::string("G"));
        QCOMPARE(groups[0].shortDescription, std::string("hand-made"));
        QCOMPARE(groups[0].events.size(), size_t(5)); // every planned event, counted or not, in group order
        const EventResult& a = eventOf(groups[0], "A");
        QVERIFY(a.counted);
        QCOMPARE(a.event, std::string("event-A"));
        QCOMPARE(a.perLocation.size(), size_t(2));
        QCOMPARE(a.perLocation[0].value, 10.0);
        QCOMPARE(a.perLocation[1].value, 30.0);
        QCOMPARE(a.total.value, 40.0);
        QCOMPARE(a.total.coverage, 1.0);
    }

    void sysfsScaleIsApplied() {
        const auto groups = builder().build(counts({10, 5, 1e9, 7}, {30, 10, 3e9, 9}), 2.0);
        const EventResult& e = eventOf(groups[0], "PWR");
        QCOMPARE(e.unit, std::string("Joules"));
        QCOMPARE(e.perLocation[0].value, 1e9 * kJoulesPerCount);
        QCOMPARE(e.perLocation[1].value, 3e9 * kJoulesPerCount);
        QCOMPARE(e.total.value, 4e9 * kJoulesPerCount);
        QCOMPARE(e.perLocation[0].coverage, 1.0); // the scale is a unit, not multiplexing
        const MetricResult& energy = metric(groups[0], "Energy [J]");
        QCOMPARE(energy.aggregate, 4e9 * kJoulesPerCount); // formulas see scaled values
    }

    void metricsPerLocationAndInAggregate() {
        const auto groups = builder().build(counts({10, 5, 1e9, 7}, {30, 10, 3e9, 9}), 2.0);
        const MetricResult& ratio = metric(groups[0], "A per B");
        QCOMPARE(ratio.formula, std::string("A/B"));
        QCOMPARE(ratio.perLocation, (std::vector<double>{2.0, 3.0}));
        QCOMPARE(ratio.aggregate, 40.0 / 15.0); // the formula on the sums, not the mean of the ratios
        // A CPU location covers one CPU; the aggregate covers the machine's.
        const MetricResult& cpus = metric(groups[0], "CPUs");
        QCOMPARE(cpus.perLocation, (std::vector<double>{1.0, 1.0}));
        QCOMPARE(cpus.aggregate, 2.0);
        // `time` is the period built.
        QCOMPARE(metric(groups[0], "A per second").aggregate, 20.0);
    }

    void eventsNotCountedCarryTheirReasonAndNoValues() {
        const auto groups = builder().build(counts({10, 5, 1e9, 7}, {30, 10, 3e9, 9}), 2.0);
        const EventResult& n = eventOf(groups[0], "N");
        QVERIFY(!n.counted);
        QCOMPARE(n.reason, std::string("no hardware PMU here"));
        QCOMPARE(n.perLocation.size(), size_t(2));
        QVERIFY(!isAvailable(n.total.value));
        // F has counts in its slot, but the backend could not open it: they are not shown.
        const EventResult& f = eventOf(groups[0], "F");
        QVERIFY(!f.counted);
        QCOMPARE(f.reason, kOpenFailures[3]);
        for (const CountValue& v : f.perLocation) QVERIFY(!isAvailable(v.value));
        QVERIFY(!isAvailable(f.total.value));
        for (const char* name : {"Uses N", "Uses F"}) {
            const MetricResult& m = metric(groups[0], name);
            QVERIFY2(!isAvailable(m.aggregate), name);
            for (double v : m.perLocation) QVERIFY2(!isAvailable(v), name);
        }
    }

    void notAvailableIsCarriedToNa() {
        // B has no value on CPU 1 (never on a counter there), and B is 0 on CPU 0.
        const auto groups = builder().build(counts({10, 0, 1e9, 7}, {30, kNotAvailable, 3e9, 9}), 2.0);
        const EventResult& b = eventOf(groups[0], "B");
        QVERIFY(b.counted);
        QCOMPARE(b.perLocation[0].value, 0.0);
        QVERIFY(!isAvailable(b.perLocation[1].value));
        // A sum that misses a location is not the total: it is partial, with what is known.
        QVERIFY(!isAvailable(b.total.value));
        QVERIFY(b.partialTotal);
        QCOMPARE(b.partialTotal->value, 0.0);
        QCOMPARE(b.partialTotal->counted, size_t(1));
        QCOMPARE(b.partialTotal->of, size_t(2));
        QVERIFY(!eventOf(groups[0], "A").partialTotal); // complete
        const MetricResult& ratio = metric(groups[0], "A per B");
        QVERIFY(!isAvailable(ratio.perLocation[0])); // 10 / 0
        QVERIFY(!isAvailable(ratio.perLocation[1])); // B missing
        QVERIFY(!isAvailable(ratio.aggregate));
        // Metrics that do not use B are unaffected.
        QCOMPARE(metric(groups[0], "A per second").aggregate, 20.0);
    }

    void noLocationWithAValueIsNotAvailableNeverZero() {
        std::vector<CountValue> c = counts({10, kNotAvailable, 1e9, 7}, {30, kNotAvailable, 3e9, 9});
        c[1].coverage = c[5].coverage = 0.0; // B never got onto a counter
        const auto groups = builder().build(c, 2.0);
        const EventResult& b = eventOf(groups[0], "B");
        QVERIFY(b.counted);
        QVERIFY(!isAvailable(b.total.value));
        QVERIFY(!b.partialTotal);
        QCOMPARE(b.total.coverage, 0.0);
    }

    void partialScaledTotalsKeepTheSysfsScale() {
        std::vector<CountValue> c = counts({10, 5, 1e9, 7}, {30, 10, kNotAvailable, 9});
        const auto groups = builder().build(c, 2.0);
        const EventResult& pwr = eventOf(groups[0], "PWR");
        QVERIFY(!isAvailable(pwr.total.value));
        QCOMPARE(pwr.partialTotal->value, 1e9 * kJoulesPerCount);
        QVERIFY(!isAvailable(metric(groups[0], "Energy [J]").aggregate));
    }

    void coverageOfTheTotalIsTheLowest() {
        std::vector<CountValue> c = counts({10, 5, 1e9, 7}, {30, 10, 3e9, 9});
        c[4].coverage = 0.25; // A on CPU 1, multiplexed
        const auto groups = builder().build(c, 2.0);
        QCOMPARE(eventOf(groups[0], "A").total.coverage, 0.25);
        QCOMPARE(eventOf(groups[0], "A").perLocation[1].coverage, 0.25);
    }

    void countsOfAnotherShapeGiveNoResult() {
        QVERIFY(builder().build(std::vector<CountValue>(3), 1.0).empty());
    }
};

QTEST_GUILESS_MAIN(TestResultBuilder)
#include "test_result_builder.moc"
