// Intervals → series (per location and aggregate), rates, coverage, names,
// units, and how series are grouped into charts.
#include <QtTest>
#include <cmath>

#include "widgets/LiveTestData.h"
#include "widgets/common/ChartPlan.h"
#include "widgets/common/TimelineData.h"

using namespace perfdash;

namespace {

size_t findSeries(const TimelineData& data, SeriesKind kind, const QString& name, int location) {
    for (size_t s = 0; s < data.series().size(); ++s) {
        const SeriesInfo& info = data.series()[s];
        if (info.kind == kind && info.name == name && info.location == location) return s;
    }
    return SIZE_MAX;
}

} // namespace

class TestTimelineData : public QObject {
    Q_OBJECT
private slots:
    void definesPerLocationAndAggregateSeriesOfEveryMetricAndEvent() {
        TimelineData data;
        data.reset(testdata::cpus(3));
        QVERIFY(data.series().empty());
        data.append(testdata::intervals(4, 3));
        // (3 metrics + 3 events) x (aggregate + 3 CPUs)
        QCOMPARE(data.series().size(), size_t(24));
        QCOMPARE(data.store().size(), size_t(4));
        const SeriesInfo& first = data.series()[0];
        QCOMPARE(first.kind, SeriesKind::Metric);
        QCOMPARE(first.name, QStringLiteral("Clock"));
        QCOMPARE(first.unit, QStringLiteral("MHz"));
        QCOMPARE(first.location, kAggregateLocation);
        QCOMPARE(data.series()[3].location, 2);
        QCOMPARE(data.locationName(data.series()[2]), QStringLiteral("CPU 1"));
        QCOMPARE(data.locationName(first), QStringLiteral("aggregate"));
        const SeriesInfo& cpi = data.series()[findSeries(data, SeriesKind::Metric, "CPI", kAggregateLocation)];
        QVERIFY(cpi.unit.isEmpty());
        const size_t cycles = findSeries(data, SeriesKind::EventRate, "cycles", kAggregateLocation);
        QVERIFY(cycles != SIZE_MAX);
        QCOMPARE(data.series()[cycles].unit, QStringLiteral("events/s"));
        QCOMPARE(data.locationName(data.series()[cycles]), QStringLiteral("total"));
    }

    void eventSeriesAreRatesAndMetricsTheirValues() {
        TimelineData data;
        data.reset(testdata::cpus(2));
        data.append({testdata::interval(0.5, 0.5, 1000, 2)});
        const TimelineStore& store = data.store();
        // cycles at CPU 1 = 2000 in 0.5 s
        QCOMPARE(store.series(findSeries(data, SeriesKind::EventRate, "cycles", 1)).value(0), 4000.0);
        QCOMPARE(store.series(findSeries(data, SeriesKind::EventRate, "cycles", kAggregateLocation)).value(0), 6000.0);
        QCOMPARE(store.series(findSeries(data, SeriesKind::Metric, "Clock", 0)).value(0), 0.002);
        QCOMPARE(store.series(findSeries(data, SeriesKind::Metric, "CPI", kAggregateLocation)).value(0), 0.5);
    }

    // A gauge (a temperature) is drawn as read, in its unit, not per second;
    // its aggregate line is the average over the CPUs, and is called so.
    void aGaugeIsItsReadingNotARate() {
        TimelineData data;
        data.reset(testdata::cpus(2));
        data.append({{0.5, 0.5, {testdata::gaugeGroup({46, 52})}}, {1.0, 0.5, {testdata::gaugeGroup({47, 53})}}});
        const QString name = QStringLiteral("hwmon/coretemp/core_temperature/");
        QCOMPARE(findSeries(data, SeriesKind::EventRate, name, 0), SIZE_MAX);
        const size_t cpu1 = findSeries(data, SeriesKind::EventReading, name, 1);
        const size_t average = findSeries(data, SeriesKind::EventReading, name, kAggregateLocation);
        QVERIFY(cpu1 != SIZE_MAX && average != SIZE_MAX);
        QCOMPARE(data.series()[cpu1].unit, QStringLiteral("°C"));
        QCOMPARE(data.locationName(data.series()[average]), QStringLiteral("average"));
        QCOMPARE(data.store().series(cpu1).value(0), 52.0); // not 52 / 0.5 s
        QCOMPARE(data.store().series(cpu1).value(1), 53.0);
        QCOMPARE(data.store().series(average).value(1), 50.0);
    }

    void notCountedIsNotAvailableWithItsReasonNeverZero() {
        TimelineData data;
        data.reset(testdata::cpus(2));
        data.append(testdata::intervals(3, 2));
        const size_t llc = findSeries(data, SeriesKind::EventRate, "LLC-load-misses", 1);
        const size_t missRate = findSeries(data, SeriesKind::Metric, "L3 miss rate", kAggregateLocation);
        const size_t cpi = findSeries(data, SeriesKind::Metric, "CPI", kAggregateLocation);
        for (size_t i = 0; i < 3; ++i) {
            QVERIFY(std::isnan(data.store().series(llc).value(i)));
            QVERIFY(std::isnan(data.store().series(missRate).value(i)));
        }
        const QString expected = QStringLiteral("LLC-load-misses: ") + testdata::kNotCountedReason;
        QCOMPARE(data.uncountedInputs(data.series()[llc]), QStringList{expected});
        QCOMPARE(data.uncountedInputs(data.series()[missRate]), QStringList{expected}); // PMC2 is in its formula
        QVERIFY(data.uncountedInputs(data.series()[cpi]).isEmpty());
    }

    void metricCoverageIsTheLowestOfItsGroupsEvents() {
        IntervalResult interval = testdata::interval(0.1, 0.1, 1000, 2, 0.8);
        interval.groups[0].events[1].perLocation[1].coverage = 0.6;
        interval.groups[0].events[1].total.coverage = 0.6;
        TimelineData data;
        data.reset(testdata::cpus(2));
        data.append({interval});
        const TimelineStore& store = data.store();
        QCOMPARE(store.series(findSeries(data, SeriesKind::Metric, "Clock", 1)).coverage(0), 0.6);
        QCOMPARE(store.series(findSeries(data, SeriesKind::Metric, "Clock", 0)).coverage(0), 0.8);
        QCOMPARE(store.series(findSeries(data, SeriesKind::Metric, "CPI", kAggregateLocation)).coverage(0), 0.6);
        QCOMPARE(store.series(findSeries(data, SeriesKind::EventRate, "cycles", 1)).coverage(0), 0.8);
    }

    void describesAPointWithValueUnitAndCoverage() {
        TimelineData data;
        data.reset(testdata::cpus(2));
        data.append({testdata::interval(1.0, 0.5, 1500000, 2, 0.6)});
        const size_t clock = findSeries(data, SeriesKind::Metric, "Clock", 1);
        const QString text = data.describePoint(clock, 0);
        QVERIFY2(text.contains("Clock — CPU 1"), qPrintable(text));
        QVERIFY2(text.contains("6 MHz"), qPrintable(text)); // 3e6 cycles in 0.5 s
        QVERIFY2(text.contains("60.0%"), qPrintable(text));
        QVERIFY2(text.contains("multiplexed"), qPrintable(text));
        QVERIFY2(text.contains("t = 1.000 s"), qPrintable(text));
        const QString na = data.describePoint(findSeries(data, SeriesKind::Metric, "L3 miss rate", 0), 0);
        QVERIFY2(na.contains("n/a") && !na.contains("\n0\n"), qPrintable(na));
        QVERIFY2(!na.contains("scaled") && na.contains("no value"), qPrintable(na)); // nothing was scaled up
    }

    void describesAPointWithoutAValueWithoutScaling() {
        IntervalResult interval = testdata::interval(1.0, 0.5, 1500000, 2, 0.6);
        interval.groups[0].events[0].perLocation[1] = {kNotAvailable, 0.0}; // cycles never on a counter at CPU 1
        interval.groups[0].events[0].total = {kNotAvailable, 0.0};
        interval.groups[0].events[0].partialTotal = PartialSum{1500000, 1, 2};
        TimelineData data;
        data.reset(testdata::cpus(2));
        data.append({interval});
        const QString cpu1 = data.describePoint(findSeries(data, SeriesKind::EventRate, "cycles", 1), 0);
        QVERIFY2(cpu1.contains("n/a") && cpu1.contains("never on a counter") && !cpu1.contains("scaled"),
                 qPrintable(cpu1));
        const QString total = data.describePoint(findSeries(data, SeriesKind::EventRate, "cycles", kAggregateLocation), 0);
        QVERIFY2(total.contains("not every location has a value") && !total.contains("scaled"), qPrintable(total));
        const QString cpu0 = data.describePoint(findSeries(data, SeriesKind::EventRate, "cycles", 0), 0);
        QVERIFY2(cpu0.contains("multiplexed"), qPrintable(cpu0)); // 60 %: a value, scaled up
    }

    void severalGroupsQualifyTheirNames() {
        IntervalResult interval = testdata::interval(0.1, 0.1, 1000, 1);
        GroupResult other = interval.groups[0];
        other.name = "OTHER";
        interval.groups.push_back(other);
        TimelineData data;
        data.reset(testdata::cpus(1));
        data.append({interval});
        QVERIFY(findSeries(data, SeriesKind::Metric, "TEST: Clock", 0) != SIZE_MAX);
        QVERIFY(findSeries(data, SeriesKind::Metric, "OTHER: Clock", 0) != SIZE_MAX);
        QCOMPARE(planCharts(data.series(), ChartGrouping::PerMetric, LocationMode::Aggregate).size(), size_t(12));
    }

    // A long run: the newest 1024 intervals point by point, older ones as
    // means of a few intervals, and a tooltip that says which a point is.
    void aLongRunKeepsOldIntervalsAsMeansAndSaysSo() {
        TimelineData data;
        data.reset(testdata::cpus(2));
        data.append(testdata::intervals(3000, 2));
        const TimelineStore& store = data.store();
        QCOMPARE(store.size(), size_t(3000));
        QCOMPARE(store.size() - store.coarseEnd(), size_t(1024));
        QCOMPARE(store.bucketSize(), size_t(2));
        const size_t clock = findSeries(data, SeriesKind::Metric, "Clock", 0);
        QVERIFY2(data.describePoint(clock, 0).contains(QStringLiteral("the mean of 2 interval")),
                 qPrintable(data.describePoint(clock, 0)));
        QVERIFY(!data.describePoint(clock, 2999).contains(QStringLiteral("mean of")));
    }

    void locationsMissingFromTheFeedGetNames() {
        TimelineData data;
        data.reset({});
        data.append(testdata::intervals(1, 2));
        QCOMPARE(data.locations().size(), size_t(2));
        QCOMPARE(data.series().size(), size_t(18));
    }

    void chartsGroupByUnitOrOnePerMetric() {
        TimelineData data;
        data.reset(testdata::cpus(3));
        data.append(testdata::intervals(2, 3));
        const auto byUnit = planCharts(data.series(), ChartGrouping::ByUnit, LocationMode::Aggregate);
        QCOMPARE(byUnit.size(), size_t(3)); // MHz; plain ratios; event rates
        QCOMPARE(byUnit[0].unit, QStringLiteral("MHz"));
        QCOMPARE(byUnit[1].unit, QString());
        QCOMPARE(byUnit[1].names, (std::vector<QString>{"CPI", "L3 miss rate"}));
        QCOMPARE(byUnit[2].kind, SeriesKind::EventRate);
        QCOMPARE(byUnit[2].series.size(), size_t(3));
        for (const ChartSpec& chart : byUnit)
            for (size_t s : chart.series) QCOMPARE(data.series()[s].location, kAggregateLocation);

        const auto perMetric = planCharts(data.series(), ChartGrouping::PerMetric, LocationMode::PerLocation);
        QCOMPARE(perMetric.size(), size_t(6));
        for (const ChartSpec& chart : perMetric) {
            QCOMPARE(chart.series.size(), size_t(3)); // one line per CPU
            for (size_t i = 0; i < 3; ++i) QCOMPARE(data.series()[chart.series[i]].location, int(i));
        }
        const auto perUnitPerLocation = planCharts(data.series(), ChartGrouping::ByUnit, LocationMode::PerLocation);
        QCOMPARE(perUnitPerLocation[1].series.size(), size_t(6)); // CPI and L3 miss rate, 3 CPUs each
    }

    void secondsPerIntervalComeAfterRatesAndRatios() {
        IntervalResult interval = testdata::interval(0.1, 0.1, 1000, 1);
        GroupResult& group = interval.groups[0];
        group.metrics.insert(group.metrics.begin(), MetricResult{"Runtime [s]", "time", {0.1}, 0.1, {}});
        TimelineData data;
        data.reset(testdata::cpus(1));
        data.append({interval});
        for (ChartGrouping grouping : {ChartGrouping::ByUnit, ChartGrouping::PerMetric}) {
            const auto charts = planCharts(data.series(), grouping, LocationMode::Aggregate);
            QCOMPARE(charts.front().unit, QStringLiteral("MHz"));
            // After every other chart, event rates included.
            const auto seconds = std::find_if(charts.begin(), charts.end(), [](const ChartSpec& c) { return c.unit == "s"; });
            QVERIFY(seconds != charts.end());
            QCOMPARE(seconds->names, std::vector<QString>{"Runtime"});
            QVERIFY(seconds + 1 == charts.end());
        }
    }

    void aUnitChartWithTooManyLinesIsSplitPerMetric() {
        TimelineData data;
        data.reset(testdata::cpus(9)); // 2 ratios x 9 CPUs = 18 lines > kMaxLinesPerUnitChart
        data.append(testdata::intervals(1, 9));
        const auto charts = planCharts(data.series(), ChartGrouping::ByUnit, LocationMode::PerLocation);
        // MHz (9 lines); CPI and L3 miss rate apart; the three event rates (27 lines) apart too.
        QCOMPARE(charts.size(), size_t(6));
        for (const ChartSpec& chart : charts) QCOMPARE(chart.series.size(), size_t(9));
        QCOMPARE(charts[1].names, std::vector<QString>{"CPI"});
        // In aggregate the same session keeps its three charts by unit.
        QCOMPARE(planCharts(data.series(), ChartGrouping::ByUnit, LocationMode::Aggregate).size(), size_t(3));
    }
};

QTEST_GUILESS_MAIN(TestTimelineData)
#include "test_timeline_data.moc"
