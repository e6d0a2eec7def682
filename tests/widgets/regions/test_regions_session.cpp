// Marker mode from the setup form to the regions view, for real: the form
// with "Count marker regions" ticked runs tests/marker's instrumented
// program through MeasurementController, and the finished result fills the
// regions view with the program's regions and their page faults.
#include <QComboBox>
#include <QSignalSpy>
#include <QtTest>

#include "widgets/Screenshot.h"

#include "widgets/regions/RegionChartModel.h"
#include "widgets/regions/RegionListModel.h"
#include "widgets/regions/RegionTableModel.h"
#include "widgets/regions/RegionsView.h"
#include "widgets/run/MeasurementController.h"
#include "widgets/measure/MeasurementActions.h"
#include "widgets/measure/SetupPage.h"

using namespace perfdash;

namespace {

constexpr int kPages = 1000; // region A touches this many fresh pages, region B none

int columnOf(const QAbstractItemModel& model, const QString& header) {
    for (int c = 0; c < model.columnCount(); ++c)
        if (model.headerData(c, Qt::Horizontal).toString() == header) return c;
    return -1;
}

} // namespace

class TestRegionsSession : public QObject {
    Q_OBJECT
private slots:
    void aMarkerRunFromTheFormFillsTheRegionsView() {
        MachineContext machine;
        MeasurementController controller(machine);
        SetupPage page(controller);
        SetupFormState s;
        s.program = QStringLiteral(MARKER_REGIONS);
        s.arguments = QStringLiteral("pages %1").arg(kPages);
        s.groups = {QStringLiteral("SOFTWARE")};
        s.intervalMs = 0;
        s.marker = true;
        page.setState(s);
        page.refreshPlan();
        QVERIFY2(page.evaluation().problems.empty(),
                 qPrintable(page.evaluation().problems.empty() ? QString() : page.evaluation().problems[0].message));

        RegionsView view;
        QObject::connect(&controller, &MeasurementController::finished, &view, &RegionsView::setResult);
        QSignalSpy finished(&controller, &MeasurementController::finished);
        const Status started = page.actions()->startMeasurement();
        QVERIFY2(started.ok(), started.ok() ? "" : started.error().message.c_str());
        QVERIFY(controller.plan()->request.marker);
        QVERIFY(finished.wait(60000));
        const auto result = finished.first()[0].value<MeasurementResult>();
        QCOMPARE(result.exitStatus.value_or(-1), 0);
        QVERIFY(result.config.marker);

        // The regions, in the order the program named them, each in the program's one thread.
        QVERIFY2(view.hasRegions(), qPrintable(view.emptyMessage()));
        const RegionListModel& list = *view.regionListModel();
        QCOMPARE(list.rowCount(), 2);
        QCOMPARE(list.index(0, RegionListModel::RegionColumn).data().toString(), QStringLiteral("A"));
        QCOMPARE(list.index(1, RegionListModel::RegionColumn).data().toString(), QStringLiteral("B"));
        QCOMPARE(list.index(0, RegionListModel::GroupColumn).data().toString(), QStringLiteral("SOFTWARE"));
        QCOMPARE(list.index(0, RegionListModel::CallsColumn).data().toString(), QStringLiteral("1"));
        QCOMPARE(list.index(0, RegionListModel::ThreadsColumn).data().toString(), QStringLiteral("1"));

        // Region A's table: its thread touched every page.
        view.showRegion(0);
        const RegionTableModel& table = *view.regionTableModel();
        QCOMPARE(table.rowCount(), 2); // the thread and the region
        const int faults = columnOf(table, QStringLiteral("page-faults"));
        QVERIFY(faults >= 0);
        const double aFaults = table.index(0, faults).data(RegionTableModel::ValueRole).toDouble();
        QVERIFY2(aFaults >= kPages, qPrintable(QString::number(aFaults)));
        QCOMPARE(table.index(table.aggregateRow(), faults).data(RegionTableModel::ValueRole).toDouble(), aFaults);
        QCOMPARE(table.index(0, RegionTableModel::ThreadColumn).data().toString(),
                 QStringLiteral("TID %1").arg(result.regions[0].threads[0].id));
        QVERIFY(table.index(0, RegionTableModel::TimeColumn).data(RegionTableModel::ValueRole).toDouble() > 0);

        // Region B touched none: far fewer than A.
        view.showRegion(1);
        const double bFaults = table.index(0, faults).data(RegionTableModel::ValueRole).toDouble();
        QVERIFY2(bFaults < kPages / 10, qPrintable(QString::number(bFaults)));

        // The chart of page faults: A's bar is the tall one.
        const auto& quantities = view.chartModel()->quantities();
        int pageFaults = -1;
        for (size_t q = 0; q < quantities.size(); ++q)
            if (quantities[q].label == QStringLiteral("page-faults (FAULTS)")) pageFaults = static_cast<int>(q);
        QVERIFY(pageFaults >= 0);
        view.chartModel()->setQuantity(pageFaults);
        QCOMPARE(view.chartModel()->index(0, 0).data(RegionChartModel::ValueRole).toDouble(), aFaults);
        QVERIFY(view.chartModel()->index(1, 0).data(RegionChartModel::ValueRole).toDouble() < aFaults);

        if (!qEnvironmentVariableIsEmpty("PERFDASH_SCREENSHOT_DIR")) {
            view.resize(1100, 750);
            view.show();
            view.showRegion(0);
            view.quantityField()->setCurrentIndex(pageFaults);
            test::saveScreenshot(view, QStringLiteral("regions-view-run.png"));
            page.resize(1280, 800);
            page.show();
            test::saveScreenshot(page, QStringLiteral("setup-page-marker.png"));
        }
    }
};

QTEST_MAIN(TestRegionsSession)
#include "test_regions_session.moc"
