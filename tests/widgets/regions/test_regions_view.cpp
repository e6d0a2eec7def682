// The regions view with a hand-built marker run: what it says without
// regions (no run, a run without marker mode, a marker run whose program
// reported none), and with regions the list, the chosen region's table and
// the chart, grouped or stacked, of the chosen quantity.
#include <QAbstractBarSeries>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QStackedBarSeries>
#include <QTableView>
#include <QValueAxis>
#include <QtTest>

#include "widgets/Screenshot.h"

#include "RegionSamples.h"
#include "widgets/regions/RegionChartModel.h"
#include "widgets/regions/RegionListModel.h"
#include "widgets/regions/RegionTableModel.h"
#include "widgets/regions/RegionsView.h"

using namespace perfdash;
using namespace perfdash::regionstest;

namespace {

QAbstractBarSeries* barSeries(const RegionsView& view) {
    const auto series = view.chartView()->chart()->series();
    return series.size() == 1 ? qobject_cast<QAbstractBarSeries*>(series.first()) : nullptr;
}

} // namespace

class TestRegionsView : public QObject {
    Q_OBJECT
private slots:
    void withoutRegionsItSaysHowToGetThem() {
        RegionsView view;
        QVERIFY(!view.hasRegions());
        QString text = view.emptyMessage();
        QVERIFY2(text.contains(QStringLiteral("No regions yet")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("Count marker regions")));
        QVERIFY(text.contains(QStringLiteral("PERFDASH_MARKER_START")));
        QVERIFY(text.contains(QStringLiteral("LIKWID_MARKER_")));

        view.setResult(samples::smallResult());
        QVERIFY(!view.hasRegions());
        QVERIFY(view.emptyMessage().contains(QStringLiteral("This run did not count marker regions")));
        QVERIFY(view.emptyMessage().contains(QStringLiteral("Count marker regions")));

        MeasurementResult none = markerRun({});
        none.warnings = {"no marker regions: the program ended without calling PERFDASH_MARKER_CLOSE"};
        view.setResult(none);
        text = view.emptyMessage();
        QVERIFY2(text.contains(QStringLiteral("The program reported no regions")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("without calling PERFDASH_MARKER_CLOSE")));
        QCOMPARE(view.regionTableModel()->rowCount(), 0);
        QCOMPARE(view.chartModel()->rowCount(), 0);
        QVERIFY(view.chartView()->chart()->series().isEmpty());
    }

    void withRegionsItShowsTheListTheTableAndTheChart() {
        RegionsView view;
        view.resize(1100, 750);
        view.show();
        view.setResult(markerRun({solveRegion(), setupRegion(), solveUnderSecondGroup()}));
        QVERIFY(view.hasRegions());
        QVERIFY(view.emptyMessage().isEmpty());
        QVERIFY(view.regionList()->isVisible());
        QCOMPARE(view.regionListModel()->rowCount(), 3);
        // The first region is shown at once.
        QCOMPARE(view.shownRegion(), 0);
        QCOMPARE(view.regionTableModel()->region()->name, std::string("solve"));
        QCOMPARE(view.regionTable()->model()->rowCount(), 3);

        view.showRegion(1);
        QCOMPARE(view.shownRegion(), 1);
        QCOMPARE(view.regionTableModel()->region()->name, std::string("setup"));
        // By keyboard: the next row of the list.
        view.regionList()->setFocus();
        QTest::keyClick(view.regionList(), Qt::Key_Down);
        QCOMPARE(view.shownRegion(), 2);
        QCOMPARE(view.regionTableModel()->region()->group.name, std::string("custom"));

        // The chart: one bar set per thread, a category per region of the quantity's group.
        QCOMPARE(view.quantityField()->count(), int(view.chartModel()->quantities().size()));
        QCOMPARE(view.quantityField()->currentText(), QStringLiteral("SOFTWARE: Time [s]"));
        QAbstractBarSeries* series = barSeries(view);
        QVERIFY(series);
        QCOMPARE(series->type(), QAbstractSeries::SeriesTypeBar);
        QCOMPARE(series->count(), 2);
        QCOMPARE(series->barSets()[1]->label(), QStringLiteral("TID 4243"));
        QCOMPARE(series->barSets()[0]->at(0), 0.5);
        QCOMPARE(series->barSets()[1]->at(1), 0.0); // "setup" did not run in 4243: no bar
        const auto axes = view.chartView()->chart()->axes(Qt::Vertical);
        QCOMPARE(axes.size(), 1);
        QCOMPARE(axes.first()->titleText(), QStringLiteral("SOFTWARE: Time [s]"));
        QVERIFY(view.chartNote().isEmpty());
        test::saveScreenshot(view, QStringLiteral("regions-view-sample.png"));

        view.setStacked(true);
        QVERIFY(view.isStacked());
        series = barSeries(view);
        QVERIFY(series);
        QCOMPARE(series->type(), QAbstractSeries::SeriesTypeStackedBar);

        view.quantityField()->setCurrentIndex(4); // the metric, n/a in one thread
        series = barSeries(view);
        QCOMPARE(series->barSets()[0]->at(0), 2000.0);
        const QString note = view.chartNote();
        QVERIFY2(note.contains(QStringLiteral("n/a")), qPrintable(note));
        QVERIFY(note.contains(QStringLiteral("Stacked bars add the threads' values")));
        QVERIFY2(note.contains(QStringLiteral("a stack without them is partial")), qPrintable(note));
        view.setStacked(false);
        QVERIFY(!view.chartNote().contains(QStringLiteral("partial"))); // side by side, nothing is added up

        view.clear();
        QVERIFY(!view.hasRegions());
        QVERIFY(view.emptyMessage().contains(QStringLiteral("No regions yet")));
        QCOMPARE(view.quantityField()->count(), 0);
        QVERIFY(view.chartView()->chart()->series().isEmpty());
    }
};

QTEST_MAIN(TestRegionsView)
#include "test_regions_view.moc"
