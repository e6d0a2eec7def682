// The Probes page's Ceilings tab: its table model under
// QAbstractItemModelTester, the sweep chart built from a result, and the tab
// showing the file the page keeps (ceilingsFilePath, under XDG_DATA_HOME).
#include <QAbstractItemModelTester>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "core/probes/Ceilings.h"
#include "widgets/probes/CeilingsModel.h"
#include "widgets/probes/CeilingsSweepChart.h"
#include "widgets/probes/ProbesPage.h"

using namespace perfdash;

namespace {

Ceilings sample() {
    Ceilings c;
    c.cpu = "test CPU";
    c.clockHz = 3e9;
    c.memory.push_back({"L1", "load", "avx512", "dp", 1, 24 * 1024, 3.8e11, 3.8e11, 128, true, false});
    c.memory.push_back({"DRAM", "copy", "avx512", "dp", 1, 1 << 30, 2e10, 3e10, 6.7, false, false});
    c.compute.push_back({"fma", "avx512", "dp", 1, 9.6e10, 32, true, false});
    Sweep s;
    s.kernel = "load", s.isa = "avx512";
    s.points = {{4096, 3.7e11}, {8192, 3.8e11}, {1 << 20, 1.5e11}, {2 << 20, 1.4e11}};
    s.plateaus = {{4096, 8192, 3.75e11, "L1"}, {1 << 20, 2 << 20, 1.45e11, "L2"}};
    c.sweep.push_back(s);
    c.warnings = {"sweep: CPUID reports L3 as 508 MiB"};
    return c;
}

} // namespace

class TestCeilingsModel : public QObject {
    Q_OBJECT
private slots:
    void rowsAndFigures() {
        CeilingsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setCeilings(sample());
        QCOMPARE(model.rowCount(), 3); // two memory figures, then one peak
        QCOMPARE(model.index(0, CeilingsModel::LevelColumn).data().toString(), QStringLiteral("L1"));
        QCOMPARE(model.index(0, CeilingsModel::PerSecondColumn).data().toString(), QStringLiteral("380.00"));
        QCOMPARE(model.index(0, CeilingsModel::PerSecondColumn).data(CeilingsModel::ValueRole).toDouble(), 3.8e11);
        QCOMPARE(model.index(1, CeilingsModel::HardwareColumn).data().toString(), QStringLiteral("30.00"));
        // Not repeated: marked, and the tooltip says why.
        QVERIFY(model.index(1, CeilingsModel::PerSecondColumn).data().toString().endsWith(QStringLiteral("?")));
        QVERIFY(model.index(1, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("not reached again")));
        QCOMPARE(model.index(2, CeilingsModel::LevelColumn).data().toString(), QStringLiteral("peak"));
        QCOMPARE(model.index(2, CeilingsModel::PerCycleColumn).data(CeilingsModel::ValueRole).toDouble(), 32.0);
        QVERIFY(!model.index(2, CeilingsModel::HardwareColumn).data().isValid());
    }

    void chartFollowsTheModel() {
        CeilingsModel model;
        CeilingsSweepChart chart(model);
        QCOMPARE(chart.chart()->series().size(), 0);
        model.setCeilings(sample());
        // The sweep and its two plateaus.
        QCOMPARE(chart.chart()->series().size(), 3);
        QCOMPARE(chart.chart()->series()[1]->name(), QStringLiteral("L1"));
    }

    void theTabShowsTheKeptFile() {
        QTemporaryDir home;
        qputenv("XDG_DATA_HOME", home.path().toUtf8());
        QVERIFY(ProbesPage::ceilingsFile().startsWith(home.path()));
        QVERIFY(QDir().mkpath(home.path() + "/perfdash"));
        QVERIFY(writeCeilingsFile(sample(), ProbesPage::ceilingsFile().toStdString()));
        ProbesPage page;
        QCOMPARE(page.ceilings().rowCount(), 3);
        bool found = false;
        for (int i = 0; i < page.tabs()->count(); ++i) found = found || page.tabs()->tabText(i).remove('&') == "Ceilings";
        QVERIFY(found);
    }
};

QTEST_MAIN(TestCeilingsModel)
#include "test_ceilings_model.moc"
