#include <QtTest>

#include <cmath>

#include "core/result/CounterDeltas.h"

using namespace perfdash;

Q_DECLARE_METATYPE(perfdash::CounterValue)

namespace {

Snapshot snapshotOf(std::vector<CounterValue> values) {
    Snapshot s;
    s.values = std::move(values);
    return s;
}

} // namespace

class TestCounterDeltas : public QObject {
    Q_OBJECT
private slots:
    void fullCoverageIsTheRawDelta() {
        const CountValue c = scaledDelta({100, 1000, 1000}, {600, 3000, 3000});
        QCOMPARE(c.value, 500.0);
        QCOMPARE(c.coverage, 1.0);
    }

    void multiplexedCountIsScaledUp() {
        // Counted a quarter of the 2000 ns it was enabled: 500 events seen, 2000 estimated.
        const CountValue c = scaledDelta({1000, 1000, 500}, {1500, 3000, 1000});
        QCOMPARE(c.value, 2000.0);
        QCOMPARE(c.coverage, 0.25);
    }

    void neverScheduledIsNotAvailableNotZero() {
        const CountValue c = scaledDelta({0, 1000, 0}, {0, 5000, 0});
        QVERIFY(std::isnan(c.value));
        QCOMPARE(c.coverage, 0.0); // enabled, never on the PMU
    }

    void pausedIntervalHasNoValueAndNoCoverage() {
        const CountValue c = scaledDelta({700, 5000, 5000}, {700, 5000, 5000});
        QVERIFY(std::isnan(c.value));
        QVERIFY(std::isnan(c.coverage));
    }

    void readingsThatGoBackwardsGiveNoValue() {
        QVERIFY(std::isnan(scaledDelta({600, 1000, 1000}, {500, 2000, 2000}).value));
        QVERIFY(std::isnan(scaledDelta({600, 3000, 1000}, {700, 2000, 2000}).value));
        QVERIFY(std::isnan(scaledDelta({600, 1000, 3000}, {700, 4000, 2000}).value));
        QVERIFY(std::isnan(scaledDelta({600, 1000, 3000}, {700, 4000, 2000}).coverage));
    }

    void runningAheadOfEnabledCountsAsFullCoverage() {
        // Read skew between a group and its residency reference (per-CPU task counting).
        const CountValue c = scaledDelta({0, 0, 0}, {400, 999, 1000});
        QCOMPARE(c.value, 400.0);
        QCOMPARE(c.coverage, 1.0);
    }

    void largeCountsDoNotOverflow() {
        const uint64_t big = uint64_t(1) << 62;
        const CountValue c = scaledTotal({big, 4'000'000'000'000ull, 2'000'000'000'000ull});
        QCOMPARE(c.value, 2.0 * static_cast<double>(big));
        QCOMPARE(c.coverage, 0.5);
    }

    void totalIsTheDeltaSinceOpening() {
        const CountValue c = scaledTotal({300, 1000, 500});
        QCOMPARE(c.value, 600.0);
        QCOMPARE(c.coverage, 0.5);
        QVERIFY(std::isnan(scaledTotal({0, 0, 0}).value));
    }

    void snapshotDeltasArePerValue() {
        const Snapshot a = snapshotOf({{10, 100, 100}, {0, 100, 50}});
        const Snapshot b = snapshotOf({{30, 200, 200}, {40, 300, 150}});
        const auto d = scaledDeltas(a, b);
        QCOMPARE(d.size(), size_t(2));
        QCOMPARE(d[0].value, 20.0);
        QCOMPARE(d[1].value, 80.0); // 40 events in 100 of 200 ns
        QCOMPARE(d[1].coverage, 0.5);
        const auto t = scaledTotals(b);
        QCOMPARE(t[1].value, 80.0);
    }

    void aCpuTheTaskDidNotRunOnCountsExactlyZero() {
        // Two locations (CPUs) of one slot each. The task ran only on the
        // first; the second's counters never ran, yet its 0 is exact.
        Snapshot a = snapshotOf({{10, 100, 100}, {0, 0, 0}});
        Snapshot b = snapshotOf({{30, 200, 150}, {0, 0, 0}});
        a.residentNs = {100, 0};
        b.residentNs = {200, 0};
        const auto d = scaledDeltas(a, b);
        QCOMPARE(d[0].value, 40.0); // multiplexed where it ran: 20 in 50 of 100 ns
        QCOMPARE(d[0].coverage, 0.5);
        QCOMPARE(d[1].value, 0.0);
        QCOMPARE(d[1].coverage, 1.0);
        const auto t = scaledTotals(b);
        QCOMPARE(t[1].value, 0.0);
        // Where the task did run but the counter never got on the PMU, the
        // count is unknown, not 0.
        b.residentNs = {200, 50};
        QVERIFY(std::isnan(scaledDeltas(a, b)[1].value));
    }

    void snapshotsOfDifferentCounterSetsGiveNoValues() {
        const auto d = scaledDeltas(snapshotOf({{1, 1, 1}}), snapshotOf({{2, 2, 2}, {3, 3, 3}}));
        QCOMPARE(d.size(), size_t(2));
        for (const CountValue& v : d) QVERIFY(std::isnan(v.value));
    }

    void intervalDeltasAddUpToTheTotal() {
        // Cumulative readings of one multiplexed counter: the scaled interval
        // deltas add up to the scaled total when coverage is the same in
        // each interval, and raw deltas always telescope.
        const std::vector<CounterValue> readings{{0, 0, 0}, {50, 100, 50}, {120, 200, 100}, {200, 300, 150}};
        double sum = 0;
        for (size_t i = 1; i < readings.size(); ++i) sum += scaledDelta(readings[i - 1], readings[i]).value;
        QCOMPARE(sum, scaledTotal(readings.back()).value);
    }
    // countsBetween: two locations (a thread, then a CPU) by two slots (opened, not opened).
    void aThreadThatWasNotScheduledCountedExactlyZero() {
        const ReadingLayout layout{{true, false}, {true, false}};
        // Nothing moved anywhere: enabled and raw stood still.
        const Snapshot a = snapshotOf({{10, 100, 100}, {0, 0, 0}, {20, 100, 100}, {0, 0, 0}});
        const std::vector<CountValue> c = countsBetween(a, a, layout, false);
        QCOMPARE(c[0].value, 0.0); // the thread's opened slot: not scheduled, exactly nothing
        QCOMPARE(c[0].coverage, 1.0);
        QVERIFY(std::isnan(c[1].value)); // a slot that never opened stays unknown
        QVERIFY(std::isnan(c[2].value)); // a CPU whose counter stood still is not "0": it did not count
        QVERIFY(std::isnan(c[3].value));
    }

    void aThreadThatRanButWasNotCountedIsNotZero() {
        const ReadingLayout layout{{true}, {true}};
        // Enabled time advanced (the thread ran) but running did not (never on the PMU).
        const std::vector<CountValue> c =
            countsBetween(snapshotOf({{10, 100, 100}}), snapshotOf({{10, 300, 100}}), layout, false);
        QVERIFY(std::isnan(c[0].value));
    }

    void aPausedPeriodHasNoValuesAtAll() {
        const ReadingLayout layout{{true}, {true}};
        const std::vector<CountValue> c =
            countsBetween(snapshotOf({{10, 100, 100}}), snapshotOf({{10, 100, 100}}), layout, true);
        QVERIFY(std::isnan(c[0].value)); // paused: the still-standing counter says nothing, not 0
        QVERIFY(std::isnan(c[0].coverage));
    }

    void aLayoutThatDoesNotFitTheReadingsAddsNoExactZero() {
        const ReadingLayout layout{{true, true}, {true}}; // two locations, one slot: 2 values, readings have 1
        const std::vector<CountValue> c =
            countsBetween(snapshotOf({{10, 100, 100}}), snapshotOf({{10, 100, 100}}), layout, false);
        QCOMPARE(c.size(), size_t(1));
        QVERIFY(std::isnan(c[0].value));
    }

    // A gauge (a temperature): the reading at the period's end, signed, with
    // full coverage, never a difference; no reading is n/a, not 0. A CPU and
    // a thread location, one count slot and one gauge slot.
    void aGaugeIsItsLatestReading() {
        const ReadingLayout layout{{false, true}, {true, true}, {false, true}};
        const uint64_t minus5500 = static_cast<uint64_t>(int64_t{-5500});
        const Snapshot a = snapshotOf({{10, 100, 100}, {45000, 1, 1}, {0, 0, 0}, {40000, 1, 1}});
        const Snapshot b = snapshotOf({{30, 200, 200}, {45000, 1, 1}, {0, 0, 0}, {minus5500, 1, 1}});
        const std::vector<CountValue> c = countsBetween(a, b, layout, false);
        QCOMPARE(c[0].value, 20.0);    // a count: the difference
        QCOMPARE(c[1].value, 45000.0); // the same reading twice: 45000, not 0
        QCOMPARE(c[1].coverage, 1.0);
        QCOMPARE(c[3].value, -5500.0); // below zero, and not the difference to the earlier reading
        const Snapshot unread = snapshotOf({{30, 200, 200}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}});
        const std::vector<CountValue> none = countsBetween(b, unread, layout, false);
        QVERIFY(std::isnan(none[1].value)); // no reading: n/a
        QVERIFY(std::isnan(none[3].value)); // not "the thread was not scheduled, exactly 0"
    }
    // A hybrid CPU's event counted for a task: one part per core PMU, whose
    // enabled time is the task's on any CPU and whose running time is the
    // task's on that type's CPUs. The parts are one event: running times add
    // up, and every part is scaled by enabled / their sum.
    void aTasksCoreTypePartsAreOneEvent_data() {
        QTest::addColumn<CounterValue>("core");
        QTest::addColumn<CounterValue>("atom");
        QTest::addColumn<double>("coreValue");
        QTest::addColumn<double>("atomValue");
        QTest::addColumn<double>("coverage");
        const uint64_t second = 1'000'000'000;
        // 0.99 s on P-cores, 0.01 s on E-cores: the raw counts, exactly (not 7 x 100 on the E-cores).
        QTest::newRow("not multiplexed") << CounterValue{990, second, 990'000'000} << CounterValue{7, second, 10'000'000}
                                         << 990.0 << 7.0 << 1.0;
        // On a counter 0.4 s on P-cores and 0.1 s on E-cores of 1 s: half the time, every part x 2.
        QTest::newRow("multiplexed") << CounterValue{400, 1000, 400} << CounterValue{30, 1000, 100} << 800.0 << 60.0
                                     << 0.5;
        // The parts' enabled times differ by scheduling jitter: the largest is the task's.
        QTest::newRow("jitter") << CounterValue{400, 998, 400} << CounterValue{30, 1000, 100} << 800.0 << 60.0 << 0.5;
        // Only on P-cores, on a counter half the time: the E-core part is an exact 0, not n/a.
        QTest::newRow("never on E-cores") << CounterValue{500, 1000, 500} << CounterValue{0, 1000, 0} << 1000.0 << 0.0
                                          << 0.5;
        // Each part read at its own moment: a little more than enabled is full coverage, not a factor below 1.
        QTest::newRow("running past enabled") << CounterValue{700, 1000, 703} << CounterValue{300, 1000, 300} << 700.0
                                              << 300.0 << 1.0;
    }

    void aTasksCoreTypePartsAreOneEvent() {
        QFETCH(CounterValue, core);
        QFETCH(CounterValue, atom);
        QFETCH(double, coreValue);
        QFETCH(double, atomValue);
        QFETCH(double, coverage);
        const auto c = taskCoreTypeCounts({core, atom});
        QCOMPARE(c.size(), size_t(2));
        QCOMPARE(c[0].value, coreValue);
        QCOMPARE(c[1].value, atomValue);
        QCOMPARE(c[0].coverage, coverage);
        QCOMPARE(c[1].coverage, coverage);
    }

    void noPartRanIsNotAvailable() {
        // Enabled (the task ran) but never on a counter on either type: n/a, coverage 0.
        const auto c = taskCoreTypeCounts({CounterValue{0, 1000, 0}, CounterValue{0, 1000, 0}});
        for (const CountValue& v : c) {
            QVERIFY(std::isnan(v.value));
            QCOMPARE(v.coverage, 0.0);
        }
        // Never enabled: no time to scale by, n/a without coverage.
        const auto never = taskCoreTypeCounts({CounterValue{0, 0, 0}, CounterValue{0, 0, 0}});
        QVERIFY(std::isnan(never[0].value));
        QVERIFY(std::isnan(never[0].coverage));
    }

    void aPartNotKnownLeavesEveryPartUnknown() {
        // Without the E-core part's running time the P-core part's share is unknown too.
        const auto c = taskCoreTypeCounts({CounterValue{500, 1000, 600}, std::nullopt});
        QVERIFY(std::isnan(c[0].value));
        QVERIFY(std::isnan(c[1].value));
    }

    // countsBetween applies the rule at a thread or process location and
    // leaves a CPU's parts (each CPU opens only its own type's) alone.
    // Locations: a process, a CPU; slots: a hybrid event's two parts.
    void countsBetweenScalesATasksPartsTogether() {
        ReadingLayout layout{{true, false}, {true, true}};
        layout.coreTypeParts = {{0, 1}};
        const Snapshot a = snapshotOf({{100, 1000, 900}, {5, 1000, 100}, {100, 1000, 1000}, {0, 0, 0}});
        const Snapshot b = snapshotOf({{1090, 2000, 1890}, {12, 2000, 110}, {300, 2000, 1500}, {0, 0, 0}});
        const std::vector<CountValue> c = countsBetween(a, b, layout, false);
        QCOMPARE(c[0].value, 990.0); // the process: raw deltas, exactly
        QCOMPARE(c[1].value, 7.0);
        QCOMPARE(c[1].coverage, 1.0);
        QCOMPARE(c[2].value, 400.0); // the CPU: its own type's event, multiplexed on its own (200 in half the time)
        QCOMPARE(c[2].coverage, 0.5);
        QVERIFY(std::isnan(c[3].value)); // the other type's group, empty on this CPU
        // Since opening, with the same rule.
        const std::vector<CountValue> t = countsBetween(snapshotOf(std::vector<CounterValue>(4)), b, layout, false);
        QCOMPARE(t[0].value, 1090.0);
        QCOMPARE(t[1].value, 12.0);
        // A process that was not scheduled at all counted an exact 0 on every type.
        const std::vector<CountValue> still = countsBetween(b, b, layout, false);
        QCOMPARE(still[0].value, 0.0);
        QCOMPARE(still[1].value, 0.0);
        QCOMPARE(still[1].coverage, 1.0);
        // A part that did not open: the other's share is unknown, both n/a.
        layout.slotOpened = {true, false};
        const std::vector<CountValue> oneOpened = countsBetween(a, b, layout, false);
        QVERIFY(std::isnan(oneOpened[0].value));
        QVERIFY(std::isnan(oneOpened[1].value));
    }
};

QTEST_GUILESS_MAIN(TestCounterDeltas)
#include "test_counter_deltas.moc"
