// CountSum: the one rule for adding counts up (core/result/CountSum.h).
#include <QtTest>

#include <cmath>

#include "core/result/CountSum.h"

using namespace perfdash;

class TestCountSum : public QObject {
    Q_OBJECT
private slots:
    void nothingCountedIsNotAvailableNeverZero() {
        CountSum sum;
        for (int i = 0; i < 3; ++i) sum.add(CountValue{kNotAvailable, i == 0 ? 0.0 : kNotAvailable});
        QVERIFY(std::isnan(sum.total().value));
        QVERIFY(std::isnan(sum.knownValue()));
        QVERIFY(!sum.partial());
        QCOMPARE(sum.parts(), size_t(3));
        QCOMPARE(sum.complete(), size_t(0));
        // One interval said "never on a counter" (coverage 0): that is known.
        QCOMPARE(sum.total().coverage, 0.0);
        QVERIFY(std::isnan(CountSum().total().value)); // no parts at all
        QVERIFY(std::isnan(CountSum().meanCoverage()));
    }

    void someCountedIsPartialNotTheTotal() {
        CountSum sum;
        sum.add(CountValue{100, 1.0});
        sum.add(CountValue{kNotAvailable, 0.0});
        sum.add(CountValue{50, 1.0});
        sum.add(CountValue{kNotAvailable, kNotAvailable});
        QVERIFY(std::isnan(sum.total().value));
        QCOMPARE(sum.knownValue(), 150.0);
        QVERIFY(sum.isPartial());
        const PartialSum partial = *sum.partial();
        QCOMPARE(partial.value, 150.0);
        QCOMPARE(partial.counted, size_t(2));
        QCOMPARE(partial.of, size_t(4));
        QCOMPARE(sum.total().coverage, 0.0); // the lowest of the parts' that are known
    }

    void multiplexedPartsKeepTheirCoverage() {
        CountSum sum;
        sum.add(CountValue{1000, 0.5}, 0.1);
        sum.add(CountValue{3000, 1.0}, 0.3);
        QVERIFY(sum.isComplete());
        QCOMPARE(sum.total().value, 4000.0);
        QCOMPARE(sum.total().coverage, 0.5);                 // lowest
        QCOMPARE(sum.meanCoverage(), (0.5 * 0.1 + 0.3) / 0.4); // share of the time on a counter
    }

    void exactZeroStaysZero() {
        // A CPU the task never ran on counts an exact 0 (CounterDeltas.h).
        CountSum sum;
        sum.add(CountValue{0, 1.0});
        sum.add(CountValue{0, 1.0});
        QVERIFY(sum.isComplete());
        QCOMPARE(sum.total().value, 0.0);
        QCOMPARE(sum.total().coverage, 1.0);
    }

    void sumsOfSumsStayPartial() {
        CountSum complete, partial, none;
        complete.add(CountValue{10, 1.0});
        partial.add(CountValue{5, 1.0});
        partial.add(CountValue{kNotAvailable, 0.0}, 1.0);
        none.add(CountValue{});
        CountSum overLocations;
        overLocations.add(complete);
        overLocations.add(partial);
        overLocations.add(none);
        QVERIFY(std::isnan(overLocations.total().value));
        QCOMPARE(overLocations.partial()->value, 15.0);
        QCOMPARE(overLocations.partial()->counted, size_t(1)); // only one location is complete
        QCOMPARE(overLocations.partial()->of, size_t(3));
        QCOMPARE(overLocations.total().coverage, 0.5); // the partial location counted half its time
        CountSum whole;
        whole.add(complete);
        whole.add(complete);
        QCOMPARE(whole.total().value, 20.0);
    }

    // A package unit read on CPU 0 for CPUs 0-2 and on CPU 3 for CPU 3-4
    // (MeasurementResult.h, HeldElsewhere): the held locations are no parts.
    void locationsHeldElsewhereAreNoParts() {
        EventResult e;
        e.perLocation = {{7, 1.0}, {}, {}, {5, 0.5}, {}};
        e.heldElsewhere.cpu = {-1, 0, 0, -1, 3};
        const CountSum all = sumOverLocations(e);
        QCOMPARE(all.total().value, 12.0);
        QCOMPARE(all.parts(), size_t(2));
        QVERIFY(!all.isPartial());
        QCOMPARE(sumOverLocations(e, 1, 4).total().value, 5.0);
        const LocationStatistics s = locationStatistics(e.perLocation, e.heldElsewhere);
        QCOMPARE(s.sum.value, 12.0);
        QVERIFY(!s.partial);
        QCOMPARE(s.min, 5.0);
        QCOMPARE(s.max, 7.0);
        QCOMPARE(s.mean, 6.0);
        QCOMPARE(s.over, size_t(2));
        QCOMPARE(s.of, size_t(2));
        QVERIFY(!s.leftOut());
        // Without the marks, the same values are a partial sum of 2 of 5 locations.
        const LocationStatistics unmarked = locationStatistics(e.perLocation);
        QVERIFY(unmarked.partial);
        QCOMPARE(unmarked.partial->counted, size_t(2));
        QCOMPARE(unmarked.partial->of, size_t(5));
        QVERIFY(unmarked.leftOut());
    }
};

QTEST_GUILESS_MAIN(TestCountSum)
#include "test_count_sum.moc"
