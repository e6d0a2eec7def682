// The tables beside the charts: event totals and metric values, their
// models under QAbstractItemModelTester, and copying cells as text and CSV.
#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QMimeData>
#include <QtTest>
#include <cmath>

#include "widgets/LiveTestData.h"
#include "core/presentation/NumberFormat.h"
#include "core/report/ReportJsonReader.h"
#include "widgets/live/CopyableTableView.h"
#include "widgets/live/EventTotalsModel.h"
#include "widgets/live/LiveView.h"
#include "widgets/live/MetricValuesModel.h"

using namespace perfdash;
using Statistic = EventTotalsModel::Statistic;

namespace {

double raw(const QAbstractItemModel& model, int row, int column) {
    return model.index(row, column).data(kRawValueRole).toDouble();
}

QString text(const QAbstractItemModel& model, int row, int column) {
    return model.index(row, column).data().toString();
}

QString tooltip(const QAbstractItemModel& model, int row, int column) {
    return model.index(row, column).data(Qt::ToolTipRole).toString();
}

// Three intervals of 0.1 s at two CPUs: cycles 1000 at CPU 0 and 2000 at CPU 1 in each.
std::vector<IntervalResult> threeIntervals() {
    return {testdata::interval(0.1, 0.1, 1000, 2), testdata::interval(0.2, 0.1, 1000, 2),
            testdata::interval(0.3, 0.1, 1000, 2)};
}

MeasurementResult resultOf(size_t locations) {
    MeasurementResult result;
    result.locations = testdata::cpus(locations);
    result.durationS = 2.0;
    result.groups = {testdata::testGroup(2.0, 5e6, locations, 0.75)};
    return result;
}

} // namespace

class TestLiveTables : public QObject {
    Q_OBJECT
private slots:
    void eventTotalsSumMinMaxMeanOverLocations() {
        EventTotalsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.beginRun(testdata::cpus(3));
        QCOMPARE(model.rowCount(), 0);
        // 10 intervals: cycles at CPU l = base * (l + 1), base = 1e6 * (1 + i % 7)
        model.appendIntervals(testdata::intervals(4, 3));
        model.appendIntervals(testdata::intervals(6, 3, 0.1, 4));
        double base = 0;
        for (int i = 0; i < 10; ++i) base += 1e6 * (1 + i % 7);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), 3 + 3 + 5);
        QCOMPARE(text(model, 0, EventTotalsModel::EventColumn), QStringLiteral("cycles"));
        QCOMPARE(model.headerData(EventTotalsModel::FirstLocationColumn + 2, Qt::Horizontal).toString(),
                 QStringLiteral("CPU 2"));
        QCOMPARE(raw(model, 0, EventTotalsModel::FirstLocationColumn + 1), 2 * base);
        QCOMPARE(raw(model, 0, model.statisticColumn(Statistic::Sum)), 6 * base);
        QCOMPARE(raw(model, 0, model.statisticColumn(Statistic::Min)), base);
        QCOMPARE(raw(model, 0, model.statisticColumn(Statistic::Max)), 3 * base);
        QCOMPARE(raw(model, 0, model.statisticColumn(Statistic::Mean)), 2 * base);
        QCOMPARE(raw(model, 1, model.statisticColumn(Statistic::Sum)), 12 * base); // instructions
        QCOMPARE(text(model, 0, model.statisticColumn(Statistic::Sum)), QString::number(qint64(6 * base)));
        QCOMPARE(text(model, 0, model.statisticColumn(Statistic::Coverage)), QStringLiteral("100.0%"));
        QCOMPARE(model.scopeText(), QStringLiteral("Totals so far (1.0 s)"));
        // The event that could not be counted: n/a, never 0, and why.
        QCOMPARE(text(model, 2, model.statisticColumn(Statistic::Sum)), QStringLiteral("not counted"));
        QCOMPARE(text(model, 2, EventTotalsModel::FirstLocationColumn), QStringLiteral("n/a"));
        QVERIFY(std::isnan(raw(model, 2, model.statisticColumn(Statistic::Mean))));
        QVERIFY(tooltip(model, 2, EventTotalsModel::FirstLocationColumn).contains(testdata::kNotCountedReason));
    }

    // A gauge's cells are its latest readings, never the sum of the
    // intervals'; over the locations it has min, max and mean, and no sum.
    void eventTotalsOfAGaugeAreItsLatestReadings() {
        EventTotalsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.beginRun(testdata::cpus(2));
        model.appendIntervals({{0.1, 0.1, {testdata::gaugeGroup({46, 52})}}, {0.2, 0.1, {testdata::gaugeGroup({47, 55})}}});
        QCOMPARE(raw(model, 0, EventTotalsModel::FirstLocationColumn), 47.0);
        QCOMPARE(raw(model, 0, EventTotalsModel::FirstLocationColumn + 1), 55.0);
        QCOMPARE(text(model, 0, model.statisticColumn(Statistic::Sum)), QStringLiteral("no sum (gauge)"));
        QVERIFY(!model.index(0, model.statisticColumn(Statistic::Sum)).data(kRawValueRole).isValid() ||
                std::isnan(raw(model, 0, model.statisticColumn(Statistic::Sum))));
        QCOMPARE(raw(model, 0, model.statisticColumn(Statistic::Min)), 47.0);
        QCOMPARE(raw(model, 0, model.statisticColumn(Statistic::Max)), 55.0);
        QCOMPARE(raw(model, 0, model.statisticColumn(Statistic::Mean)), 51.0);
        QVERIFY(tooltip(model, 0, EventTotalsModel::FirstLocationColumn).contains("gauge"));
    }

    void eventTotalsCoverageIsTheShareOfTimeCounted() {
        EventTotalsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.beginRun(testdata::cpus(2));
        model.appendIntervals({testdata::interval(0.1, 0.1, 1000, 2, 1.0), testdata::interval(0.4, 0.3, 1000, 2, 0.6)});
        // (1.0 x 0.1 + 0.6 x 0.3) / 0.4 = 0.7
        QCOMPARE(raw(model, 0, model.statisticColumn(Statistic::Coverage)), 0.7);
        QCOMPARE(text(model, 0, model.statisticColumn(Statistic::Coverage)), QStringLiteral("70.0%"));
        QVERIFY(tooltip(model, 0, EventTotalsModel::FirstLocationColumn).contains("Multiplexed"));
        // The multiplexed sum is the scaled total, and says so.
        QCOMPARE(raw(model, 0, model.statisticColumn(Statistic::Sum)), 6000.0);
        QVERIFY(tooltip(model, 0, model.statisticColumn(Statistic::Sum))
                    .contains("Multiplexed: on a counter 70.0% of the time, scaled up"));
    }

    void eventTotalsOfAnEventNeverCountedAreNotAvailable() {
        EventTotalsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.beginRun(testdata::cpus(2));
        // cycles was never on a counter (coverage 0); instructions' counter never ran (coverage unknown).
        std::vector<IntervalResult> intervals = {testdata::interval(0.1, 0.1, 1000, 2), testdata::interval(0.2, 0.1, 1000, 2)};
        for (IntervalResult& i : intervals)
            for (size_t l = 0; l < 2; ++l) {
                i.groups[0].events[0].perLocation[l] = {kNotAvailable, 0.0};
                i.groups[0].events[1].perLocation[l] = {kNotAvailable, kNotAvailable};
            }
        model.appendIntervals(intervals);
        for (int row : {0, 1}) {
            // Every CPU's cell and the sum, min, max and mean: the columns other than the coverage.
            std::vector<int> columns{model.statisticColumn(Statistic::Sum), model.statisticColumn(Statistic::Min),
                                     model.statisticColumn(Statistic::Max), model.statisticColumn(Statistic::Mean)};
            for (int c = EventTotalsModel::FirstLocationColumn; c < model.columnCount(); ++c) columns.push_back(c);
            QCOMPARE(columns.size(), size_t(6));
            for (int column : columns) {
                QCOMPARE(text(model, row, column), QStringLiteral("n/a")); // never "0"
                QVERIFY(std::isnan(raw(model, row, column)));
                QVERIFY(!tooltip(model, row, column).contains("scaled"));
            }
            QVERIFY(tooltip(model, row, model.statisticColumn(Statistic::Sum)).startsWith("No value"));
        }
        QVERIFY(tooltip(model, 0, EventTotalsModel::FirstLocationColumn).contains("never on a counter"));
        // Never on a counter is a known 0 % of the time; a counter that never ran has no coverage at all.
        QCOMPARE(text(model, 0, model.statisticColumn(Statistic::Coverage)), QStringLiteral("0.0%"));
        QCOMPARE(text(model, 1, model.statisticColumn(Statistic::Coverage)), QStringLiteral("n/a"));
    }

    void eventTotalsCountedInSomeIntervalsOnlyArePartial() {
        EventTotalsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.beginRun(testdata::cpus(2));
        // cycles at CPU 1 has no value in the second of three intervals; an exact 0 stays 0.
        std::vector<IntervalResult> intervals = threeIntervals();
        intervals[1].groups[0].events[0].perLocation[1] = {kNotAvailable, 0.0};
        intervals[2].groups[0].events[1].perLocation[0] = {0, 1.0};
        model.appendIntervals(intervals);
        const int cpu1 = EventTotalsModel::FirstLocationColumn + 1;
        // Short in the cell (it must not widen the column past the other rows' figures); how many
        // intervals it holds is in the tooltip and in a copy.
        QCOMPARE(text(model, 0, cpu1), QStringLiteral("\u2265 4000 (partial)"));
        QVERIFY(tooltip(model, 0, cpu1).startsWith("Partial: only 2 of 3 intervals"));
        QCOMPARE(model.index(0, cpu1).data(kRawValueRole).toString(),
                 QStringLiteral("\u2265 4000 (partial: 2 of 3 intervals)"));
        QCOMPARE(raw(model, 0, EventTotalsModel::FirstLocationColumn), 3000.0); // CPU 0 is complete
        // The sum over locations is partial too: never the sum of what happened to arrive.
        const int sum = model.statisticColumn(Statistic::Sum);
        QCOMPARE(text(model, 0, sum), QStringLiteral("\u2265 7000 (partial)"));
        QVERIFY(tooltip(model, 0, sum).startsWith("Partial: only 1 of 2 locations"));
        QVERIFY(tooltip(model, 0, sum).contains("lower bound"));
        // Min, max and mean take the complete locations only, and say so.
        QCOMPARE(text(model, 0, model.statisticColumn(Statistic::Max)), QStringLiteral("3000 (of 1 of 2 locations)"));
        QVERIFY(tooltip(model, 0, model.statisticColumn(Statistic::Mean)).startsWith("Over the 1 of 2 locations"));
        // Coverage: CPU 1 was on a counter two thirds of the time.
        QCOMPARE(raw(model, 0, model.statisticColumn(Statistic::Coverage)), 2.0 / 3.0);
        // instructions: complete everywhere, with CPU 0's exact 0 counted as 0.
        QCOMPARE(raw(model, 1, sum), 2 * (3000.0 + 6000.0) - 2000.0);
    }

    // A replayed file whose second interval lacks an event altogether: that
    // interval has no value for it, so its sum so far is partial, never the
    // sum of the intervals that happen to hold it.
    void eventTotalsOfAnIntervalWithoutTheEventArePartial() {
        EventTotalsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.beginRun(testdata::cpus(2));
        std::vector<IntervalResult> intervals = threeIntervals();
        intervals[1].groups[0].events.resize(1); // only cycles
        model.appendIntervals(intervals);
        const int cpu0 = EventTotalsModel::FirstLocationColumn;
        QCOMPARE(raw(model, 0, cpu0), 3000.0); // cycles: in every interval
        QCOMPARE(text(model, 1, cpu0), QStringLiteral("\u2265 4000 (partial)"));
        QVERIFY(tooltip(model, 1, cpu0).startsWith("Partial: only 2 of 3 intervals"));
        QCOMPARE(text(model, 1, model.statisticColumn(Statistic::Sum)), QStringLiteral("\u2265 12000 (partial)"));
        QCOMPARE(text(model, 2, cpu0), QStringLiteral("n/a")); // not counted stays n/a
    }

    void eventTotalsOfTheRunKeepItsPartialTotal() {
        EventTotalsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.beginRun(testdata::cpus(3));
        MeasurementResult result = resultOf(3);
        EventResult& cycles = result.groups[0].events[0];
        cycles.perLocation[2] = {kNotAvailable, 0.0};
        cycles.total = {kNotAvailable, 0.0};
        cycles.partialTotal = PartialSum{15e6, 2, 3};
        model.showResult(result);
        QCOMPARE(text(model, 0, model.statisticColumn(Statistic::Sum)), QStringLiteral("\u2265 15000000 (partial)"));
        QVERIFY(tooltip(model, 0, model.statisticColumn(Statistic::Sum)).startsWith("Partial: only 2 of 3 locations"));
        QCOMPARE(text(model, 0, EventTotalsModel::FirstLocationColumn + 2), QStringLiteral("n/a"));
        QCOMPARE(text(model, 0, model.statisticColumn(Statistic::Min)), QStringLiteral("5000000 (of 2 of 3 locations)"));
    }

    void eventTotalsShowTheRunsOwnTotalsAtTheEnd() {
        EventTotalsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.beginRun(testdata::cpus(4));
        model.appendIntervals(testdata::intervals(3, 4));
        model.showResult(resultOf(4));
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(raw(model, 0, model.statisticColumn(Statistic::Sum)), 50e6); // 5e6 x (1+2+3+4)
        QCOMPARE(raw(model, 0, model.statisticColumn(Statistic::Max)), 20e6);
        QCOMPARE(raw(model, 0, model.statisticColumn(Statistic::Coverage)), 0.75);
        QCOMPARE(model.scopeText(), QStringLiteral("Whole run (2.0 s)"));
        model.appendIntervals(testdata::intervals(3, 4)); // late batches do not undo the final totals
        QCOMPARE(raw(model, 0, model.statisticColumn(Statistic::Sum)), 50e6);
    }

    // A package unit read on CPU 0 for CPUs 0-2: the others say where their
    // value is, and the statistics are over CPU 0 alone, neither partial nor
    // "of 1 of 3 locations".
    void cpusWhoseValueIsHeldElsewhereSayWhere() {
        EventTotalsModel totals;
        QAbstractItemModelTester tester(&totals, QAbstractItemModelTester::FailureReportingMode::QtTest);
        totals.beginRun(testdata::cpus(3));
        std::vector<IntervalResult> intervals = threeIntervals();
        for (auto& interval : intervals) interval.groups[0] = testdata::heldOnCpu0(testdata::testGroup(0.1, 1000, 3));
        totals.appendIntervals(intervals);
        const int cpu1 = EventTotalsModel::FirstLocationColumn + 1;
        QCOMPARE(text(totals, 0, cpu1), QStringLiteral("see CPU 0"));
        QCOMPARE(totals.index(0, cpu1).data(kRawValueRole).toString(), QStringLiteral("see CPU 0"));
        QVERIFY2(tooltip(totals, 0, cpu1).startsWith("Counted on CPU 0: this comes from a unit of the package"),
                 qPrintable(tooltip(totals, 0, cpu1)));
        QCOMPARE(text(totals, 0, totals.statisticColumn(Statistic::Sum)), QStringLiteral("3000"));
        QCOMPARE(text(totals, 0, totals.statisticColumn(Statistic::Min)), QStringLiteral("3000"));
        QCOMPARE(text(totals, 0, totals.statisticColumn(Statistic::Mean)), QStringLiteral("3000"));
        QVERIFY(tooltip(totals, 0, totals.statisticColumn(Statistic::Mean)).isEmpty());
        // instructions count at every CPU as before.
        QCOMPARE(text(totals, 1, cpu1), QStringLiteral("12000"));

        MetricValuesModel metrics;
        QAbstractItemModelTester metricTester(&metrics, QAbstractItemModelTester::FailureReportingMode::QtTest);
        metrics.beginRun(testdata::cpus(3));
        metrics.appendIntervals(intervals);
        QCOMPARE(text(metrics, 0, MetricValuesModel::FirstLocationColumn + 2), QStringLiteral("see CPU 0"));
        QCOMPARE(text(metrics, 0, MetricValuesModel::FirstLocationColumn), QStringLiteral("0.01"));
        QCOMPARE(text(metrics, 1, MetricValuesModel::FirstLocationColumn + 2), QStringLiteral("0.5")); // CPI

        MeasurementResult whole = resultOf(3);
        whole.groups[0] = testdata::heldOnCpu0(whole.groups[0]);
        totals.showResult(whole);
        QCOMPARE(text(totals, 0, cpu1), QStringLiteral("see CPU 0"));
        QCOMPARE(raw(totals, 0, totals.statisticColumn(Statistic::Sum)), 5e6);
        QCOMPARE(raw(totals, 0, totals.statisticColumn(Statistic::Max)), 5e6);
    }

    // A hybrid CPU's session (tests/fixtures/report/synthetic-hybrid-adl.json,
    // made up: two P-cores on cpu_core, two E-cores on cpu_atom): in the counts
    // table each event is followed by its total on each core type (in the Sum
    // column, where the table is read), in the metrics table each metric by
    // its value on each type; while it runs the intervals' sums, then the
    // whole run's, the caption saying whose data it is. A session of one core
    // type has no such row (the tests above).
    void aHybridSessionShowsItsTotalsPerCoreType() {
        auto session = readReportFile(qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() +
                                      "/report/synthetic-hybrid-adl.json");
        QVERIFY2(session.ok(), session.ok() ? "" : session.error().message.c_str());
        const GroupResult& whole = session->groups[0];
        QCOMPARE(whole.events.size(), size_t{3});
        QCOMPARE(whole.events[0].coreTypes.size(), size_t{2});

        EventTotalsModel totals;
        QAbstractItemModelTester tester(&totals, QAbstractItemModelTester::FailureReportingMode::QtTest);
        totals.beginRun(testdata::cpus(2));
        totals.appendIntervals(threeIntervals());
        QCOMPARE(totals.rowCount(), 3); // one per event, nothing new
        for (int r = 0; r < totals.rowCount(); ++r) QVERIFY(totals.coreTypeOfRow(r).empty());

        totals.beginRun(session->locations);
        totals.appendIntervals(session->intervals);
        QCOMPARE(totals.rowCount(), 3 * 3);
        const int sum = totals.statisticColumn(Statistic::Sum);
        auto checkRows = [&] {
            for (size_t e = 0; e < whole.events.size(); ++e) {
                const EventResult& event = whole.events[e];
                const int row = static_cast<int>(3 * e);
                QCOMPARE(text(totals, row, EventTotalsModel::EventColumn), QString::fromStdString(event.event));
                QVERIFY(totals.coreTypeOfRow(row).empty());
                for (int t = 0; t < 2; ++t) {
                    const int typeRow = row + 1 + t;
                    const CoreTypeTotal& type = event.coreTypes[static_cast<size_t>(t)];
                    QCOMPARE(totals.coreTypeOfRow(typeRow), type.coreType);
                    QCOMPARE(text(totals, typeRow, EventTotalsModel::EventColumn),
                             QStringLiteral("  on ") + QString::fromStdString(type.coreType));
                    QCOMPARE(totals.index(typeRow, EventTotalsModel::EventColumn).data(kRawValueRole).toString(),
                             QString::fromStdString(event.event + " on " + type.coreType));
                    // Integral counts: the intervals' sums are the whole run's exactly.
                    QCOMPARE(raw(totals, typeRow, sum), type.total.value);
                    QCOMPARE(text(totals, typeRow, sum), QString::fromStdString(formatNumber(type.total.value)));
                    QCOMPARE(text(totals, typeRow, totals.statisticColumn(Statistic::Coverage)), QStringLiteral("100.0%"));
                    // The figures over all locations are the event's own row's.
                    QCOMPARE(text(totals, typeRow, totals.statisticColumn(Statistic::Max)), QString());
                    QCOMPARE(text(totals, typeRow, EventTotalsModel::FirstLocationColumn), QString());
                }
                QCOMPARE(raw(totals, row + 1, sum) + raw(totals, row + 2, sum), raw(totals, row, sum));
            }
        };
        checkRows();
        QVERIFY(totals.scopeText().startsWith("Totals so far"));
        totals.showResult(*session);
        checkRows();
        QVERIFY2(totals.scopeText().contains("synthetic"), qPrintable(totals.scopeText()));
        MeasurementResult recorded = *session;
        recorded.synthetic.clear();
        recorded.replay = true;
        totals.showResult(recorded);
        QVERIFY2(totals.scopeText().startsWith("Whole run, recorded"), qPrintable(totals.scopeText()));

        // A core type that did not count an event: n/a with the reason, never 0.
        recorded.groups[0].events[0].coreTypes[1] = {"cpu_atom", {}, std::nullopt, "no such event on the E-cores"};
        totals.showResult(recorded);
        QCOMPARE(text(totals, 2, sum), QStringLiteral("n/a"));
        QVERIFY(tooltip(totals, 2, sum).contains("no such event on the E-cores"));

        MetricValuesModel metrics;
        QAbstractItemModelTester metricTester(&metrics, QAbstractItemModelTester::FailureReportingMode::QtTest);
        metrics.beginRun(session->locations);
        metrics.appendIntervals(session->intervals);
        QCOMPARE(metrics.rowCount(), static_cast<int>(3 * whole.metrics.size()));
        metrics.showResult(*session);
        QCOMPARE(metrics.rowCount(), static_cast<int>(3 * whole.metrics.size()));
        for (size_t m = 0; m < whole.metrics.size(); ++m) {
            const int row = static_cast<int>(3 * m);
            QCOMPARE(raw(metrics, row, metrics.aggregateColumn()), whole.metrics[m].aggregate);
            for (int t = 0; t < 2; ++t) {
                const CoreTypeMetric& type = whole.metrics[m].perCoreType[static_cast<size_t>(t)];
                QCOMPARE(text(metrics, row + 1 + t, MetricValuesModel::MetricColumn),
                         QStringLiteral("  on ") + QString::fromStdString(type.coreType));
                QCOMPARE(raw(metrics, row + 1 + t, metrics.aggregateColumn()), type.value);
                QCOMPARE(text(metrics, row + 1 + t, MetricValuesModel::FirstLocationColumn), QString());
            }
        }
    }

    void metricValuesOfTheLatestIntervalThenOfTheRun() {
        MetricValuesModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.beginRun(testdata::cpus(2));
        model.appendIntervals({testdata::interval(0.1, 0.1, 1e6, 2), testdata::interval(0.2, 0.1, 2e6, 2, 0.6)});
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), 3 + 2 + 2);
        QCOMPARE(text(model, 0, MetricValuesModel::MetricColumn), QStringLiteral("Clock"));
        QCOMPARE(text(model, 0, MetricValuesModel::UnitColumn), QStringLiteral("MHz"));
        QCOMPARE(raw(model, 0, MetricValuesModel::FirstLocationColumn + 1), 40.0); // 4e6 cycles in 0.1 s
        QCOMPARE(raw(model, 0, model.aggregateColumn()), 60.0);
        QCOMPARE(text(model, 0, model.coverageColumn()), QStringLiteral("60.0%"));
        QCOMPARE(text(model, 2, model.aggregateColumn()), QStringLiteral("n/a"));
        QCOMPARE(model.headerData(model.aggregateColumn(), Qt::Horizontal).toString(), QStringLiteral("Aggregate"));
        QCOMPARE(model.scopeText(), QStringLiteral("Latest interval (t = 0.20 s)"));
        model.appendIntervals({testdata::interval(0.3, 0.1, 3e6, 2)});
        QCOMPARE(raw(model, 0, model.aggregateColumn()), 90.0);

        model.showResult(resultOf(3));
        QCOMPARE(model.columnCount(), 3 + 3 + 2);
        QCOMPARE(raw(model, 0, model.aggregateColumn()), 15.0); // 30e6 cycles in 2 s
        QCOMPARE(text(model, 0, model.coverageColumn()), QStringLiteral("75.0%"));
        QCOMPARE(model.scopeText(), QStringLiteral("Whole run (2.0 s)"));
    }

    // A slot of likwid's own code: the event's tooltip gives its note, the
    // metric computed from it says so in its tooltips, the names stay.
    void likwidsOwnCodesAreSaidInTheTooltips() {
        MeasurementResult result = resultOf(2);
        GroupResult& g = result.groups[0];
        g.events[1].codeSource = EventResult::kLikwidCodeSource;
        g.events[1].codeNote = "INSTR_X: likwid's code 0xc0/0x2, not in the vendor's list for this model";
        g.metrics[1].likwidCodeInputs = {"PMC1"}; // CPI reads it

        EventTotalsModel events;
        events.showResult(result);
        QCOMPARE(text(events, 1, EventTotalsModel::EventColumn), QStringLiteral("instructions"));
        QCOMPARE(tooltip(events, 1, EventTotalsModel::EventColumn),
                 QStringLiteral("Counter PMC1\nlikwid's code: INSTR_X: likwid's code 0xc0/0x2, not in the vendor's "
                                "list for this model"));
        QCOMPARE(tooltip(events, 0, EventTotalsModel::EventColumn), QStringLiteral("Counter PMC0"));

        MetricValuesModel metrics;
        metrics.showResult(result);
        const QString note = QStringLiteral("computed with likwid's own code for PMC1 (no vendor list for this CPU has it)");
        QCOMPARE(text(metrics, 1, MetricValuesModel::MetricColumn), QStringLiteral("CPI"));
        QCOMPARE(tooltip(metrics, 1, MetricValuesModel::MetricColumn), QStringLiteral("PMC0/PMC1\n") + note);
        QCOMPARE(tooltip(metrics, 1, metrics.aggregateColumn()), note);
        QCOMPARE(tooltip(metrics, 0, MetricValuesModel::MetricColumn), QStringLiteral("1.0E-06*PMC0/time"));
    }

    void copiesTheWholeTableAsCsvAndAsText() {
        EventTotalsModel model;
        model.beginRun(testdata::cpus(2));
        model.appendIntervals({testdata::interval(0.5, 0.5, 1500, 2, 0.5)});
        const QString csv = tableText(model, {}, TableTextFormat::Csv);
        const QStringList lines = csv.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 4);
        QCOMPARE(lines[0], QStringLiteral("Group,Event,Unit,Sum,Min,Max,Mean,Coverage,CPU 0,CPU 1"));
        QCOMPARE(lines[1], QStringLiteral("TEST,cycles,,4500,1500,3000,2250,0.5,1500,3000"));
        QCOMPARE(lines[3], QStringLiteral("TEST,LLC-load-misses,,,,,,,,")); // n/a: empty fields, as in CSV reports
        const QString tsv = tableText(model, {}, TableTextFormat::TabSeparated);
        QVERIFY(tsv.startsWith("Group\tEvent\tUnit\tSum\tMin\tMax\tMean\tCoverage\tCPU 0\tCPU 1"));
        QVERIFY(tsv.contains("TEST\tLLC-load-misses\t\tn/a\tn/a\tn/a\tn/a\tn/a\tn/a\tn/a\n"));
    }

    void copiesASelectionAndQuotesCsvFields() {
        MetricValuesModel model;
        model.beginRun(testdata::cpus(2));
        IntervalResult interval = testdata::interval(0.1, 0.1, 1e6, 2);
        interval.groups[0].metrics[1].name = "CPI, \"core\"";
        model.appendIntervals({interval});
        const QModelIndexList cells = {model.index(1, MetricValuesModel::MetricColumn),
                                       model.index(1, model.aggregateColumn()),
                                       model.index(0, model.aggregateColumn())};
        QCOMPARE(tableText(model, cells, TableTextFormat::Csv),
                 QStringLiteral("Metric,Aggregate\n,30\n\"CPI, \"\"core\"\"\",0.5\n"));

        CopyableTableView view;
        view.setModel(&model);
        view.selectionModel()->select(model.index(0, model.aggregateColumn()), QItemSelectionModel::Select);
        view.copySelection(TableTextFormat::TabSeparated);
        const QMimeData* mime = QApplication::clipboard()->mimeData();
        QVERIFY(mime);
        QCOMPARE(mime->text(), QStringLiteral("Aggregate\n30\n"));
        QCOMPARE(QString::fromUtf8(mime->data("text/csv")), QStringLiteral("Aggregate\n30\n"));
        view.copyAll(TableTextFormat::Csv);
        QVERIFY(QApplication::clipboard()->text().startsWith("Group,Metric,Unit,Aggregate,Coverage,CPU 0,CPU 1\n"));
    }

    // Without multiplexing the Coverage column would read 100 % in every row: the
    // Live page hides it and says so in the caption; a multiplexed run shows it.
    void theCoverageColumnShowsOnlyWhenSomethingWasMultiplexed() {
        LiveView live;
        CopyableTableView* table = nullptr;
        for (CopyableTableView* view : live.findChildren<CopyableTableView*>())
            if (view->model() == live.metricValues()) table = view;
        QVERIFY(table);
        live.beginRun(testdata::cpus(2));
        live.appendIntervals({testdata::interval(0.1, 0.1, 1000, 2, 1.0)});
        const int coverage = live.metricValues()->coverageColumn();
        QVERIFY(table->isColumnHidden(coverage));
        QVERIFY(!table->isColumnHidden(live.metricValues()->aggregateColumn()));
        auto caption = [&] {
            for (QLabel* label : live.findChildren<QLabel*>())
                if (label->buddy() == table) return label->text();
            return QString();
        };
        QVERIFY2(caption().contains("every event counted all the time"), qPrintable(caption()));

        live.finishRun(resultOf(2)); // coverage 0.75
        QVERIFY(!table->isColumnHidden(coverage));
        QVERIFY(!caption().contains("every event counted"));
        // A session with more CPUs: their columns come after the coverage, which stays where it is and
        // is hidden again while nothing is multiplexed; every CPU's column shows.
        live.beginRun(testdata::cpus(4));
        live.appendIntervals({testdata::interval(0.1, 0.1, 1000, 4, 1.0)});
        QCOMPARE(live.metricValues()->coverageColumn(), coverage);
        QVERIFY(table->isColumnHidden(coverage));
        for (int cpu = 0; cpu < 4; ++cpu) QVERIFY(!table->isColumnHidden(MetricValuesModel::FirstLocationColumn + cpu));
    }
};

QTEST_MAIN(TestLiveTables)
#include "test_live_tables.moc"
