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
};

QTEST_GUILESS_MAIN(TestCountSum)
#include "test_count_sum.moc"
