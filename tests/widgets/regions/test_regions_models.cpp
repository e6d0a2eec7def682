// The models behind the regions view: the region list, one region's table
// (threads and the region as a whole) and the chart data, checked for
// content and with QAbstractItemModelTester through every reset.
#include <QAbstractItemModelTester>
#include <QtTest>

#include "RegionSamples.h"
#include "widgets/regions/RegionChartModel.h"
#include "widgets/regions/RegionListModel.h"
#include "widgets/regions/RegionTableModel.h"

using namespace perfdash;
using namespace perfdash::regionstest;

namespace {

QString cell(const QAbstractItemModel& m, int row, int column, int role = Qt::DisplayRole) {
    return m.index(row, column).data(role).toString();
}

double value(const QAbstractItemModel& m, int row, int column, int role) { return m.index(row, column).data(role).toDouble(); }

} // namespace

class TestRegionsModels : public QObject {
    Q_OBJECT
private slots:
    void theListHasARowPerRegionAndGroup() {
        RegionListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setRegions({solveRegion(), setupRegion(), solveUnderSecondGroup()});
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), int(RegionListModel::ColumnCount));
        QCOMPARE(cell(model, 0, RegionListModel::RegionColumn), QStringLiteral("solve"));
        QCOMPARE(cell(model, 0, RegionListModel::GroupColumn), QStringLiteral("SOFTWARE"));
        QCOMPARE(cell(model, 0, RegionListModel::ThreadsColumn), QStringLiteral("2"));
        QCOMPARE(cell(model, 0, RegionListModel::CallsColumn), QStringLiteral("17"));
        QCOMPARE(cell(model, 0, RegionListModel::TimeColumn), QStringLiteral("0.5")); // the longest thread
        QCOMPARE(value(model, 0, RegionListModel::TimeColumn, RegionListModel::SortRole), 0.5);
        QCOMPARE(cell(model, 2, RegionListModel::GroupColumn), QStringLiteral("custom"));
        QCOMPARE(model.index(2, 0).data(RegionListModel::RegionIndexRole).toInt(), 2);
        QCOMPARE(model.headerData(RegionListModel::TimeColumn, Qt::Horizontal).toString(), QStringLiteral("Time [s]"));

        RegionResult unknownTime = setupRegion();
        unknownTime.timeS = {kNotAvailable};
        model.setRegions({unknownTime});
        QCOMPARE(cell(model, 0, RegionListModel::TimeColumn), QStringLiteral("n/a"));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void theTableHasAThreadPerRowAndTheRegionLast() {
        RegionTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.aggregateRow(), -1);
        model.setRegion(solveRegion());
        QCOMPARE(model.rowCount(), 3);
        // Thread, calls, time, two events, one metric.
        QCOMPARE(model.columnCount(), 6);
        QCOMPARE(model.firstMetricColumn(), 5);
        QCOMPARE(model.headerData(3, Qt::Horizontal).toString(), QStringLiteral("page-faults"));
        QVERIFY(model.headerData(3, Qt::Horizontal, Qt::ToolTipRole).toString().contains(QStringLiteral("FAULTS")));
        QCOMPARE(model.headerData(5, Qt::Horizontal).toString(), QStringLiteral("Page faults [1/s]"));
        QVERIFY(model.headerData(5, Qt::Horizontal, Qt::ToolTipRole).toString().contains(QStringLiteral("FAULTS/time")));

        QCOMPARE(cell(model, 0, RegionTableModel::ThreadColumn), QStringLiteral("TID 4242"));
        QCOMPARE(cell(model, 1, RegionTableModel::ThreadColumn), QStringLiteral("TID 4243"));
        QCOMPARE(cell(model, 0, RegionTableModel::CallsColumn), QStringLiteral("10"));
        QCOMPARE(cell(model, 1, RegionTableModel::TimeColumn), QStringLiteral("0.25"));
        QCOMPARE(cell(model, 0, 3), QStringLiteral("1000"));
        QCOMPARE(cell(model, 1, 3), QStringLiteral("500 (50.0%)"));
        QVERIFY(cell(model, 1, 3, Qt::ToolTipRole).contains(QStringLiteral("multiplexed"), Qt::CaseInsensitive));
        QCOMPARE(value(model, 1, 3, RegionTableModel::ValueRole), 500.0);
        // Not counted and not available: words, never 0.
        QCOMPARE(cell(model, 0, 4), QStringLiteral("not counted"));
        QCOMPARE(cell(model, 0, 4, Qt::ToolTipRole), QStringLiteral("Not counted: not permitted"));
        QVERIFY(std::isnan(value(model, 0, 4, RegionTableModel::ValueRole)));
        QCOMPARE(cell(model, 0, 5), QStringLiteral("2000"));
        QCOMPARE(cell(model, 1, 5), QStringLiteral("n/a"));
        QVERIFY(cell(model, 1, 5, Qt::ToolTipRole).contains(QStringLiteral("FAULTS/time")));

        // The region as a whole: calls summed, the longest time, event totals, metric aggregates.
        const int whole = model.aggregateRow();
        QCOMPARE(whole, 2);
        QVERIFY(model.index(whole, 0).data(RegionTableModel::AggregateRowRole).toBool());
        QVERIFY(!model.index(0, 0).data(RegionTableModel::AggregateRowRole).toBool());
        QCOMPARE(cell(model, whole, RegionTableModel::ThreadColumn), QStringLiteral("Region"));
        QCOMPARE(cell(model, whole, RegionTableModel::CallsColumn), QStringLiteral("17"));
        QCOMPARE(cell(model, whole, RegionTableModel::TimeColumn), QStringLiteral("0.5"));
        QCOMPARE(cell(model, whole, 3), QStringLiteral("1500 (50.0%)"));
        QCOMPARE(cell(model, whole, 5), QStringLiteral("3000"));
        QVERIFY(model.index(whole, 0).data(Qt::FontRole).value<QFont>().bold());

        model.setRegion(setupRegion());
        QCOMPARE(model.rowCount(), 2);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.columnCount(), 0);
    }

    void theRegionRowSaysWhenATotalLacksThreads() {
        RegionTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        RegionResult r = solveRegion();
        r.threads.push_back({LocationKind::Thread, 4244});
        r.timeS.push_back(0.1);
        r.calls.push_back(1);
        // page-faults: thread 4244 was never on a counter; context-switches: no thread ever was.
        r.group.events[0] = samples::counted("FAULTS", "page-faults", {{1000, 1}, {500, 0.5}, {kNotAvailable, 0}});
        r.group.events[1] = samples::counted("CS", "context-switches", {{kNotAvailable, 0}, {kNotAvailable, 0}, {kNotAvailable, 0}});
        r.group.metrics[0].perLocation.push_back(kNotAvailable);
        r.group.metrics[0].aggregate = kNotAvailable;
        model.setRegion(r);
        const int whole = model.aggregateRow();
        QCOMPARE(cell(model, whole, 3), QStringLiteral("\u2265 1500 (partial)")); // short: the tooltip says how many
        QVERIFY(std::isnan(value(model, whole, 3, RegionTableModel::ValueRole)));
        QVERIFY(cell(model, whole, 3, Qt::ToolTipRole).startsWith(QStringLiteral("Partial: only 2 of 3 threads")));
        QCOMPARE(cell(model, 2, 3), QStringLiteral("n/a (0.0%)"));
        QVERIFY(cell(model, 2, 3, Qt::ToolTipRole).contains(QStringLiteral("never on a counter")));
        // Never counted anywhere: n/a, never 0, with the reason.
        QCOMPARE(cell(model, whole, 4), QStringLiteral("n/a (0.0%)"));
        QVERIFY(cell(model, whole, 4, Qt::ToolTipRole).startsWith(QStringLiteral("No value")));
        // Multiplexed: scaled, with its coverage.
        QCOMPARE(cell(model, 1, 3), QStringLiteral("500 (50.0%)"));
        QVERIFY(cell(model, 1, 3, Qt::ToolTipRole).contains(QStringLiteral("Multiplexed")));
    }

    // A thread whose time is not known (null in a file) or whose calls were
    // not recorded: the region's longest time and its calls are partial,
    // never the longest or the sum of the other threads shown as the region's.
    void theRegionsTimeAndCallsArePartialWhenAThreadLacksThem() {
        RegionResult r = solveRegion();
        r.threads.push_back({LocationKind::Thread, 4244});
        r.timeS.push_back(kNotAvailable);
        for (auto& e : r.group.events) e.perLocation.push_back({});
        r.group.metrics[0].perLocation.push_back(kNotAvailable);

        RegionListModel list;
        QAbstractItemModelTester listTester(&list, QAbstractItemModelTester::FailureReportingMode::QtTest);
        list.setRegions({r});
        QCOMPARE(cell(list, 0, RegionListModel::TimeColumn), QStringLiteral("\u2265 0.5 (partial)"));
        QVERIFY2(cell(list, 0, RegionListModel::TimeColumn, Qt::ToolTipRole).contains("only 2 of 3 threads have a recorded time"),
                 qPrintable(cell(list, 0, RegionListModel::TimeColumn, Qt::ToolTipRole)));
        QCOMPARE(value(list, 0, RegionListModel::TimeColumn, RegionListModel::SortRole), 0.5); // by its lower bound
        QCOMPARE(cell(list, 0, RegionListModel::CallsColumn), QStringLiteral("\u2265 17 (partial)"));

        RegionTableModel table;
        QAbstractItemModelTester tableTester(&table, QAbstractItemModelTester::FailureReportingMode::QtTest);
        table.setRegion(r);
        const int whole = table.aggregateRow();
        QCOMPARE(cell(table, 2, RegionTableModel::TimeColumn), QStringLiteral("n/a"));
        QCOMPARE(cell(table, 2, RegionTableModel::CallsColumn), QStringLiteral("n/a"));
        QCOMPARE(cell(table, whole, RegionTableModel::TimeColumn), QStringLiteral("\u2265 0.5 (partial)"));
        QVERIFY(std::isnan(value(table, whole, RegionTableModel::TimeColumn, RegionTableModel::ValueRole)));
        QCOMPARE(cell(table, whole, RegionTableModel::CallsColumn), QStringLiteral("\u2265 17 (partial)"));
        QVERIFY(cell(table, whole, RegionTableModel::CallsColumn, Qt::ToolTipRole).contains("only 2 of 3 threads"));

        // No thread with a time: n/a with the reason; every thread with one: the longest, complete.
        r.timeS = {kNotAvailable, kNotAvailable, kNotAvailable};
        table.setRegion(r);
        QCOMPARE(cell(table, whole, RegionTableModel::TimeColumn), QStringLiteral("n/a"));
        QCOMPARE(cell(table, whole, RegionTableModel::TimeColumn, Qt::ToolTipRole), QStringLiteral("No thread has a recorded time"));
        r.timeS = {0.5, 0.25, 0.75};
        r.calls = {10, 7, 1};
        table.setRegion(r);
        QCOMPARE(cell(table, whole, RegionTableModel::TimeColumn), QStringLiteral("0.75"));
        QCOMPARE(cell(table, whole, RegionTableModel::CallsColumn), QStringLiteral("18"));
        QVERIFY(cell(table, whole, RegionTableModel::CallsColumn, Qt::ToolTipRole).isEmpty());
    }

    void theChartDataHasARegionPerRowAndAThreadPerColumn() {
        RegionChartModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.quantity(), -1);
        QVERIFY(model.quantityLabel().isEmpty());
        model.setRegions({solveRegion(), setupRegion(), solveUnderSecondGroup()});
        // Per group: time, calls, its events, its metrics; prefixed with the group when there are several.
        QStringList labels;
        for (const auto& q : model.quantities()) labels << q.label;
        QCOMPARE(labels, (QStringList{"SOFTWARE: Time [s]", "SOFTWARE: Calls", "SOFTWARE: page-faults (FAULTS)",
                                      "SOFTWARE: major-faults (MAJFAULTS)", "SOFTWARE: Page faults [1/s]",
                                      "custom: Time [s]", "custom: Calls",
                                      "custom: context-switches"}));
        QCOMPARE(model.quantity(), 0);
        QCOMPARE(model.rowCount(), 2); // the regions counted with SOFTWARE
        QCOMPARE(model.columnCount(), 2);
        QCOMPARE(model.headerData(0, Qt::Vertical).toString(), QStringLiteral("solve"));
        QCOMPARE(model.headerData(1, Qt::Vertical).toString(), QStringLiteral("setup"));
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("TID 4243"));
        QCOMPARE(value(model, 0, 1, RegionChartModel::ValueRole), 0.25);
        // "setup" never ran in thread 4243: n/a, but no value is missing where a thread ran.
        QCOMPARE(cell(model, 1, 1), QStringLiteral("n/a"));
        QVERIFY(!model.hasUnavailableValues());
        QVERIFY(model.quantityAdds());

        model.setQuantity(2); // page-faults
        QCOMPARE(value(model, 0, 0, RegionChartModel::ValueRole), 1000.0);
        QCOMPARE(value(model, 1, 0, RegionChartModel::ValueRole), 3.0);
        model.setQuantity(3); // not counted
        QVERIFY(model.hasUnavailableValues());
        model.setQuantity(4); // the metric, n/a in thread 4243 of solve
        QVERIFY(model.hasUnavailableValues());
        QVERIFY(!model.quantityAdds());
        QCOMPARE(value(model, 0, 0, RegionChartModel::ValueRole), 2000.0);
        QCOMPARE(model.quantityLabel(), QStringLiteral("SOFTWARE: Page faults [1/s]"));
        model.setQuantity(7); // the second group: only its region, only its thread
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.columnCount(), 1);
        QCOMPARE(value(model, 0, 0, RegionChartModel::ValueRole), 12.0);
        model.setQuantity(99);
        QCOMPARE(model.quantity(), -1);
        QCOMPARE(model.rowCount(), 0);

        model.setRegions({setupRegion()});
        QCOMPARE(model.quantities().front().label, QStringLiteral("Time [s]")); // one group: no prefix
        model.clear();
        QVERIFY(model.quantities().empty());
        QCOMPARE(model.columnCount(), 0);
    }
};

QTEST_MAIN(TestRegionsModels)
#include "test_regions_models.moc"
