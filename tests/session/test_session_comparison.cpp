#include <QtTest>

#include "report/ReportSamples.h"
#include "core/session/SessionComparison.h"

using namespace perfdash;

namespace {

const ComparisonRow* findRow(const std::vector<ComparisonRow>& rows, ComparisonRow::Kind kind, const std::string& group,
                             const std::string& name, const std::string& counter = "") {
    for (const auto& r : rows)
        if (r.kind == kind && r.group == group && r.name == name && (counter.empty() || r.counter == counter)) return &r;
    return nullptr;
}

} // namespace

class TestSessionComparison : public QObject {
    Q_OBJECT
private slots:
    void differencesAreExactAndNotAvailableStaysSo() {
        QCOMPARE(absoluteDifference(4, 5), 1.0);
        QCOMPARE(relativeDifference(4, 5), 0.25);
        QCOMPARE(relativeDifference(-4, -5), -0.25); // relative to |A|: B is lower
        QCOMPARE(relativeDifference(4, 3), -0.25);
        QVERIFY(!isAvailable(relativeDifference(0, 5)));  // division by zero: n/a, not inf
        QVERIFY(!isAvailable(relativeDifference(0, 0)));
        QVERIFY(!isAvailable(absoluteDifference(kNotAvailable, 5)));
        QVERIFY(!isAvailable(absoluteDifference(5, kNotAvailable)));
        QVERIFY(!isAvailable(relativeDifference(kNotAvailable, 5)));
        QVERIFY(!isAvailable(relativeDifference(5, kNotAvailable)));
        QCOMPARE(absoluteDifference(0, 0), 0.0);
    }

    void saysWhyAValueIsMissingPartialOrScaled() {
        const MeasurementResult a = samples::gapsResult();
        MeasurementResult b = samples::gapsResult();
        b.groups[0].events[1] = samples::counted("PMC1", "some", {{100, 1}, {200, 1}, {50, 1}}); // complete in B
        b.groups[0].events[2] = samples::counted("PMC2", "mux", {{1000, 1}, {3000, 1}, {0, 1}});  // not multiplexed in B
        b.groups[0].events.push_back(samples::notCounted("PMC3", "gone", samples::kVirtualisedPmu, 3));
        const auto rows = compareSessions(a, b);
        using Kind = ComparisonRow::Kind;

        // Never counted anywhere in either session: n/a on both sides, and why.
        const ComparisonRow* idle = findRow(rows, Kind::Event, "GAPS", "idle");
        QVERIFY(idle && !isAvailable(idle->a) && !isAvailable(idle->b) && !isAvailable(idle->absolute()));
        QCOMPARE(idle->sideA.whyNotAvailable, std::string("no location has a value"));
        QCOMPARE(idle->sideA.coverage, 0.0);
        QCOMPARE(idle->differenceNote(), std::string("A: no location has a value; B: no location has a value"));

        // Partial in A: its value is n/a (never the partial sum), the partial sum is kept beside it.
        const ComparisonRow* some = findRow(rows, Kind::Event, "GAPS", "some");
        QVERIFY(some && !isAvailable(some->a) && !isAvailable(some->absolute()));
        QCOMPARE(some->b, 350.0);
        QVERIFY(some->sideA.partial);
        QCOMPARE(some->sideA.partial->value, 600.0);
        QCOMPARE(some->differenceNote(), std::string("A: partial: only 2 of 3 locations have a value"));
        QVERIFY(!some->sideB.partial);

        // Multiplexed in A only: a difference, flagged as an estimate.
        const ComparisonRow* mux = findRow(rows, Kind::Event, "GAPS", "mux");
        QVERIFY(mux);
        QCOMPARE(mux->absolute(), 4000.0 - 8000.0);
        QCOMPARE(mux->sideA.coverage, 0.5);
        QCOMPARE(mux->differenceNote(), std::string("an estimate: A multiplexed this event and scaled its count up"));

        // Not counted, and not in A at all.
        const ComparisonRow* gone = findRow(rows, Kind::Event, "GAPS", "gone");
        QVERIFY(gone && !gone->inA());
        QCOMPARE(gone->differenceNote(), std::string("A: not in session A; B: not counted: ") + samples::kVirtualisedPmu);
    }

    void pairsRowsByGroupNameAndCounter() {
        const MeasurementResult a = samples::richResult();
        MeasurementResult b = samples::richResult();
        b.groups[0].metrics[0].aggregate = 1.0748 * 1.5;                // CPI 50 % up
        b.groups[1].events[1].total.value = 0;                          // MEM CAS_COUNT_RD@MBOX0C0
        b.groups.erase(b.groups.begin() + 2);                           // no custom group in B
        GroupResult extra;
        extra.name = "ENERGY";
        extra.metrics.push_back(samples::metric("Power [W]", "PWR0/time", {1, 2, 3}, 6));
        b.groups.push_back(extra);

        const auto rows = compareSessions(a, b);
        // A's 2 + 4 + 1 events and 2 + 2 metrics, then the one metric only B has.
        QCOMPARE(rows.size(), size_t(12));
        const ComparisonRow* cpi = findRow(rows, ComparisonRow::Kind::Metric, "CPI", "CPI");
        QVERIFY(cpi);
        QCOMPARE(cpi->a, 1.0748);
        QCOMPARE(cpi->b, 1.0748 * 1.5);
        QCOMPARE(cpi->relative(), (1.0748 * 1.5 - 1.0748) / 1.0748);

        // Two CAS_COUNT_RD events in one group, told apart by their counters.
        const ComparisonRow* cas0 = findRow(rows, ComparisonRow::Kind::Event, "MEM", "CAS_COUNT_RD", "MBOX0C0");
        const ComparisonRow* cas1 = findRow(rows, ComparisonRow::Kind::Event, "MEM", "CAS_COUNT_RD", "MBOX1C0");
        QVERIFY(cas0 && cas1);
        QCOMPARE(cas0->a, 200.0);
        QCOMPARE(cas0->b, 0.0);
        QCOMPARE(cas0->absolute(), -200.0);
        QCOMPARE(cas0->relative(), -1.0);
        QCOMPARE(cas1->absolute(), 0.0);

        // An event not counted in either: no values, no differences.
        const ComparisonRow* cycles = findRow(rows, ComparisonRow::Kind::Event, "MEM", "cycles");
        QVERIFY(cycles && cycles->inA() && cycles->inB());
        QVERIFY(!isAvailable(cycles->a) && !isAvailable(cycles->absolute()) && !isAvailable(cycles->relative()));

        const ComparisonRow* onlyA = findRow(rows, ComparisonRow::Kind::Event, "custom", "task-clock");
        QVERIFY(onlyA && onlyA->inA() && !onlyA->inB());
        QCOMPARE(onlyA->unit, std::string("msec"));
        QVERIFY(!isAvailable(onlyA->b) && !isAvailable(onlyA->relative()));

        const ComparisonRow& onlyB = rows.back();
        QCOMPARE(onlyB.name, std::string("Power [W]"));
        QVERIFY(!onlyB.inA() && onlyB.inB());
        QCOMPARE(onlyB.b, 6.0);
        QVERIFY(!isAvailable(onlyB.a));
    }

    void alignsTimelinesByTime() {
        MeasurementResult a = samples::richResult(); // intervals end at 0.5 and 1.0
        MeasurementResult b = samples::richResult();
        b.intervals.push_back(b.intervals.back());
        b.intervals[2].t = 1.5;
        for (size_t i = 0; i < b.intervals.size(); ++i) b.intervals[i].groups[0].metrics[0].aggregate = 10.0 + double(i);
        a.intervals[1].groups[0].metrics[0].aggregate = kNotAvailable;
        const auto rows = compareSessions(a, b);
        const ComparisonRow* cpi = findRow(rows, ComparisonRow::Kind::Metric, "CPI", "CPI");
        QVERIFY(cpi);
        const AlignedTimelines aligned = alignTimelines(a, b, *cpi);
        QCOMPARE(aligned.t, (std::vector<double>{0.5, 1.0, 1.5}));
        QCOMPARE(aligned.a.size(), size_t(3));
        QCOMPARE(aligned.a[0], 1.0748);
        QVERIFY(!isAvailable(aligned.a[1])); // A's value there is n/a
        QVERIFY(!isAvailable(aligned.a[2])); // A had ended
        QCOMPARE(aligned.b, (std::vector<double>{10, 11, 12}));

        // A row only B has: A's side is n/a all along.
        const AlignedTimelines onlyB = alignTimelines(a, b, ComparisonRow{ComparisonRow::Kind::Metric, "X", "Y", "", "",
                                                                          kNotAvailable, kNotAvailable,
                                                                          ComparisonRow::kAbsent, ComparisonRow::kAbsent, 0, 0});
        for (double v : onlyB.a) QVERIFY(!isAvailable(v));
        QCOMPARE(onlyB.b, (std::vector<double>{10, 11, 12}));
    }
};

QTEST_APPLESS_MAIN(TestSessionComparison)
#include "test_session_comparison.moc"
