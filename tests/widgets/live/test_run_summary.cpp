// The run summary: a chosen metric (or event total) per location beside the aggregate, as Qt Charts bars.
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QStackedBarSeries>
#include <QtTest>
#include <algorithm>
#include <cmath>

#include "widgets/LiveTestData.h"
#include "widgets/live/RunSummaryChart.h"

using namespace perfdash;

namespace {

MeasurementResult resultOf(size_t locations) {
    MeasurementResult result;
    result.locations = testdata::cpus(locations);
    result.durationS = 2.0;
    result.groups = {testdata::testGroup(2.0, 4e6, locations)};
    // One CPU without a value: CPU 2, or the last one of fewer.
    result.groups[0].metrics[0].perLocation[std::min<size_t>(2, locations - 1)] = kNotAvailable;
    return result;
}

} // namespace

class TestRunSummary : public QObject {
    Q_OBJECT
private slots:
    void manyLocationsNameEveryFewBarsAndTheAggregate() {
        RunSummaryChart summary;
        summary.showResult(resultOf(64));
        auto* axis = qobject_cast<QCategoryAxis*>(summary.chart()->axes(Qt::Horizontal).first());
        QVERIFY(axis);
        const QStringList labels = axis->categoriesLabels();
        QVERIFY(labels.size() <= 16);
        QCOMPARE(labels.first(), QStringLiteral("CPU 0"));
        QCOMPARE(labels.last(), QStringLiteral("aggregate"));
        QCOMPARE(qobject_cast<QStackedBarSeries*>(summary.chart()->series().first())->barSets()[0]->count(), 65);
    }

    void offersMetricsThenEventTotals() {
        const auto items = summaryItems(resultOf(2));
        QCOMPARE(items.size(), size_t(6));
        QCOMPARE(items[0].label, QStringLiteral("Clock [MHz]"));
        QCOMPARE(items[0].kind, SeriesKind::Metric);
        QCOMPARE(items[3].label, QStringLiteral("cycles (total count)"));
        QCOMPARE(items[3].kind, SeriesKind::EventRate);
    }

    void barsForEachLocationThenTheAggregate() {
        const MeasurementResult result = resultOf(4);
        const SummaryBars bars = summaryBars(result, summaryItems(result)[0]);
        QCOMPARE(bars.categories, (QStringList{"CPU 0", "CPU 1", "CPU 2", "CPU 3", "aggregate"}));
        QCOMPARE(bars.unit, QStringLiteral("MHz"));
        QCOMPARE(bars.values[0], 2.0); // 4e6 cycles in 2 s
        QCOMPARE(bars.values[3], 8.0);
        QVERIFY(std::isnan(bars.values[2]));
        QCOMPARE(bars.values[4], 20.0); // 40e6 cycles in 2 s
        QVERIFY(bars.notAvailableReason.isEmpty());

        const SummaryBars events = summaryBars(result, summaryItems(result)[3]);
        QCOMPARE(events.categories.back(), QStringLiteral("total"));
        QCOMPARE(events.values.back(), 40e6);
        const SummaryBars missing = summaryBars(result, summaryItems(result)[5]);
        QCOMPARE(missing.notAvailableReason, QString(testdata::kNotCountedReason));
        const SummaryBars missRate = summaryBars(result, summaryItems(result)[2]);
        QVERIFY(missRate.notAvailableReason.contains("not counted"));
        QVERIFY(events.partialTotal.isEmpty());

        // A total that lacks a location: no bar, and the partial sum said as such.
        MeasurementResult partial = result;
        EventResult& cycles = partial.groups[0].events[0];
        cycles.perLocation[1] = {kNotAvailable, 0.0};
        cycles.total = {kNotAvailable, 0.0};
        cycles.partialTotal = PartialSum{32e6, 3, 4};
        const SummaryBars partialBars = summaryBars(partial, summaryItems(partial)[3]);
        QVERIFY(std::isnan(partialBars.values.back()));
        QCOMPARE(partialBars.partialTotal, QStringLiteral("\u2265 32000000 (partial: 3 of 4 locations)"));
        QVERIFY(partialBars.notAvailableReason.isEmpty());
    }

    // A package unit read on CPU 0 for every CPU: the other CPUs' bars say where their value is, and the
    // note lists no CPU as n/a.
    void cpusHeldElsewhereAreNotNotAvailable() {
        MeasurementResult result;
        result.locations = testdata::cpus(3);
        result.durationS = 2.0;
        result.groups = {testdata::heldOnCpu0(testdata::testGroup(2.0, 4e6, 3))};
        RunSummaryChart summary;
        summary.showResult(result);
        const SummaryBars& bars = summary.bars();
        QCOMPARE(bars.title, QStringLiteral("Clock [MHz]"));
        QCOMPARE(bars.heldAt, (std::vector<std::optional<int>>{std::nullopt, 0, 0, std::nullopt}));
        auto* axis = qobject_cast<QBarCategoryAxis*>(summary.chart()->axes(Qt::Horizontal).first());
        QVERIFY(axis);
        QCOMPARE(axis->at(1), QStringLiteral("CPU 1 (see CPU 0)"));
        QCOMPARE(axis->at(0), QStringLiteral("CPU 0"));
        QVERIFY2(summary.notAvailableNote().isEmpty(), qPrintable(summary.notAvailableNote()));
    }

    void chartHasABarPerLocationAndNoneForNotAvailable() {
        RunSummaryChart summary;
        QVERIFY(summary.chart()->series().isEmpty());
        summary.showResult(resultOf(4));
        QCOMPARE(summary.bars().title, QStringLiteral("Clock [MHz]"));
        QCOMPARE(summary.chart()->series().size(), 1);
        auto* series = qobject_cast<QStackedBarSeries*>(summary.chart()->series().first());
        QVERIFY(series);
        QCOMPARE(series->count(), 2); // per location, aggregate
        QBarSet* perLocation = series->barSets()[0];
        QBarSet* aggregate = series->barSets()[1];
        QCOMPARE(perLocation->count(), 5);
        QCOMPARE(perLocation->at(1), 4.0);
        QCOMPARE(perLocation->at(4), 0.0); // the aggregate's place
        QCOMPARE(aggregate->at(4), 20.0);
        QCOMPARE(aggregate->at(0), 0.0);
        auto* axis = qobject_cast<QBarCategoryAxis*>(summary.chart()->axes(Qt::Horizontal).first());
        QVERIFY(axis);
        QCOMPARE(axis->categories().size(), 5);
        QCOMPARE(axis->at(2), QStringLiteral("CPU 2 (n/a)"));

        QCOMPARE(summary.notAvailableNote(), QStringLiteral("No value (n/a) for: CPU 2"));
        summary.showItem(5);
        QVERIFY(summary.notAvailableNote().contains(testdata::kNotCountedReason));
        summary.showItem(3);
        QCOMPARE(summary.bars().title, QStringLiteral("cycles (total count)"));
        QCOMPARE(qobject_cast<QStackedBarSeries*>(summary.chart()->series().first())->barSets()[1]->at(4), 40e6);
        QVERIFY(summary.notAvailableNote().isEmpty());
        summary.clear();
        QVERIFY(summary.chart()->series().isEmpty());
    }
};

QTEST_MAIN(TestRunSummary)
#include "test_run_summary.moc"
