// The fleet table's model: hosts as rows, the key metrics of their latest
// intervals as columns, sorted through a proxy by the numeric SortRole, and
// the host whose value stands out flagged; under QAbstractItemModelTester.
#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QtTest>

#include <cmath>

#include "widgets/hosts/FleetModel.h"

using namespace perfdash;

namespace {

IntervalResult intervalWith(double t, double cpi, bool withRuntime = true) {
    IntervalResult i;
    i.t = t;
    i.dt = 1;
    GroupResult g;
    g.name = "CPI";
    MetricResult m;
    m.name = "CPI";
    m.aggregate = cpi;
    g.metrics.push_back(m);
    if (withRuntime) { // not a key figure: no column
        MetricResult runtime;
        runtime.name = "Runtime (RDTSC) [s]";
        runtime.formula = "time";
        runtime.aggregate = 1;
        g.metrics.push_back(runtime);
    }
    i.groups.push_back(g);
    return i;
}

} // namespace

class TestFleetModel : public QObject {
    Q_OBJECT

private slots:
    void hostsMetricsAndOutliers() {
        FleetModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.addHost("a:9464");
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.columnCount(), int(FleetModel::FirstMetricColumn));
        QCOMPARE(model.data(model.index(0, FleetModel::StateColumn)).toString(), QString("connecting"));

        const QStringList hosts{"a:9464", "b:9464", "c:9464", "d:9464"};
        const double cpis[] = {1.0, 1.02, 0.98, 2.5};
        for (int h = 0; h < hosts.size(); ++h) model.addInterval(hosts[h], intervalWith(1, cpis[h]));
        QCOMPARE(model.hosts(), hosts);
        QCOMPARE(model.columnCount(), FleetModel::FirstMetricColumn + 1);
        const int cpi = FleetModel::FirstMetricColumn;
        QCOMPARE(model.metricOfColumn(cpi), QString("CPI: CPI"));
        QCOMPARE(model.headerData(cpi, Qt::Horizontal).toString(), QString("CPI\nCPI"));
        QCOMPARE(model.data(model.index(0, FleetModel::StateColumn)).toString(), QString("live"));
        for (int h = 0; h < hosts.size(); ++h) {
            QCOMPARE(model.data(model.index(h, cpi), FleetModel::SortRole).toDouble(), cpis[h]);
            QCOMPARE(model.data(model.index(h, cpi), FleetModel::OutlierRole).toBool(), h == 3);
        }
        QVERIFY(model.data(model.index(3, cpi)).toString().contains("⚠"));
        QVERIFY(model.data(model.index(3, cpi), Qt::ToolTipRole).toString().contains("stands out"));

        // The table sorts by value, not by its text.
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(FleetModel::SortRole);
        proxy.sort(cpi, Qt::DescendingOrder);
        QCOMPARE(proxy.data(proxy.index(0, FleetModel::HostColumn)).toString(), QString("d:9464"));
        QCOMPARE(proxy.data(proxy.index(3, FleetModel::HostColumn)).toString(), QString("c:9464"));

        // d comes back in line: no flag; a host gone takes its row with it.
        model.addInterval("d:9464", intervalWith(2, 1.01));
        QCOMPARE(model.data(model.index(3, cpi), FleetModel::OutlierRole).toBool(), false);
        model.setState("b:9464", "the agent stopped");
        QCOMPARE(model.data(model.index(1, FleetModel::StateColumn)).toString(), QString("the agent stopped"));
        model.removeHost("b:9464");
        QCOMPARE(model.hosts(), QStringList({"a:9464", "c:9464", "d:9464"}));
    }

    // A host without a value of a metric shows n/a, sorts as no value and is never flagged.
    void aMissingValueIsNotAvailable() {
        FleetModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.addInterval("a:1", intervalWith(1, 1));
        model.addInterval("b:1", intervalWith(1, 1));
        model.addInterval("c:1", intervalWith(1, std::nan("")));
        const QModelIndex c = model.index(2, FleetModel::FirstMetricColumn);
        QCOMPARE(model.data(c).toString(), QString("n/a"));
        QVERIFY(!model.data(c, FleetModel::SortRole).isValid());
        QCOMPARE(model.data(c, FleetModel::OutlierRole).toBool(), false);
    }
};

QTEST_MAIN(TestFleetModel)
#include "test_fleet_model.moc"
