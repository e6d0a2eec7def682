// The Probes page's Ceilings tab: its table model under
// QAbstractItemModelTester, the sweep chart built from a result, the tab
// showing the file the page keeps (ceilingsFilePath, under XDG_DATA_HOME),
// a measurement saved there for the roofline, a broken file named, and a
// measurement cancelled.
#include <QAbstractItemModelTester>
#include <QFile>
#include <QFileInfo>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "core/presentation/RooflineCeilings.h"
#include "core/probes/Ceilings.h"
#include "widgets/probes/CeilingsModel.h"
#include "widgets/probes/CeilingsSweepChart.h"
#include "widgets/probes/ProbeRunner.h"
#include "widgets/probes/ProbesPage.h"

using namespace perfdash;

namespace {

Ceilings sample() {
    Ceilings c;
    c.cpu = "test CPU";
    c.clockHz = 3e9;
    c.memory.push_back({"L1", "load", "avx512", "dp", 1, 24 * 1024, 3.8e11, 3.8e11, 128, true, 25, false});
    c.memory.push_back({"DRAM", "copy", "avx512", "dp", 1, 1 << 30, 2e10, 3e10, 6.7, false, 40, false});
    c.compute.push_back({"fma", "avx512", "dp", 1, 9.6e10, 32, true, 22, false});
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

    // A file perfdash-cli ceilings wrote on the development VM, as the tab
    // shows it; with PERFDASH_SCREENSHOT_DIR set, pictures at 1280x800 and 1920x1080.
    void theTabShowsAMeasuredFile() {
        QTemporaryDir home;
        qputenv("XDG_DATA_HOME", home.path().toUtf8());
        QVERIFY(QDir().mkpath(home.path() + "/perfdash"));
        const QString measured = qEnvironmentVariable("PERFDASH_FIXTURES") + "/ceilings/zen5-guest-measured.json";
        QVERIFY(QFile::copy(measured, ProbesPage::ceilingsFile()));
        auto file = readCeilingsFile(measured.toStdString());
        QVERIFY2(file, file ? "" : file.error().message.c_str());
        ProbesPage page;
        QCOMPARE(page.ceilings().rowCount(), int(file->memory.size() + file->compute.size()));
        QVERIFY2(page.ceilingsNotes().startsWith("Loaded from " + ProbesPage::ceilingsFile()), qPrintable(page.ceilingsNotes()));
        for (int i = 0; i < page.tabs()->count(); ++i)
            if (page.tabs()->tabText(i).remove('&') == "Ceilings") page.tabs()->setCurrentIndex(i);
        const QString dir = qEnvironmentVariable("PERFDASH_SCREENSHOT_DIR");
        if (dir.isEmpty()) return;
        page.show();
        for (QSize size : {QSize(1280, 800), QSize(1920, 1080)}) {
            page.resize(size);
            QTest::qWait(300); // the chart lays out in posted events
            QVERIFY(page.grab().save(QStringLiteral("%1/probes-ceilings-%2x%3.png").arg(dir).arg(size.width()).arg(size.height())));
        }
    }

    void aMeasurementIsSavedForTheRoofline() {
        QTemporaryDir home; // no perfdash folder in it yet: the page makes one
        qputenv("XDG_DATA_HOME", home.path().toUtf8());
        ProbesPage page;
        QCOMPARE(page.ceilings().rowCount(), 0);
        emit page.runner().ceilingsMeasured(sample()); // what the worker sends when a measurement ends
        QCOMPARE(page.ceilings().rowCount(), 3);
        QVERIFY2(page.ceilingsNotes().contains("saved as " + ProbesPage::ceilingsFile()), qPrintable(page.ceilingsNotes()));
        QVERIFY2(page.ceilingsNotes().contains("3.000 GHz"), qPrintable(page.ceilingsNotes()));
        QVERIFY(page.ceilingsNotes().contains("Warning: sweep: CPUID reports L3 as 508 MiB"));
        auto back = readCeilingsFile(ProbesPage::ceilingsFile().toStdString());
        QVERIFY2(back, back ? "" : back.error().message.c_str());
        QCOMPARE(back->memory.size(), size_t(2));
        QCOMPARE(back->compute[0].flopsPerSecond, 9.6e10);
        // The roofline reads the same file, as measured here.
        auto roof = readRooflineCeilings(ProbesPage::ceilingsFile().toStdString());
        QVERIFY2(roof, roof ? "" : roof.error().message.c_str());
        QVERIFY(roof->measured);
        QCOMPARE(roof->provenance(), std::string("measured here at 3.00 GHz"));
        QCOMPARE(roof->memory.size(), size_t(2));
    }

    void aBrokenKeptFileIsNamed() {
        QTemporaryDir home;
        qputenv("XDG_DATA_HOME", home.path().toUtf8());
        QVERIFY(QDir().mkpath(home.path() + "/perfdash"));
        QFile file(ProbesPage::ceilingsFile());
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"schema\": 1, \"kind\": \"perfdash-ceilings\"");
        file.close();
        ProbesPage page;
        QCOMPARE(page.ceilings().rowCount(), 0);
        QVERIFY2(page.ceilingsNotes().contains(ProbesPage::ceilingsFile()), qPrintable(page.ceilingsNotes()));
        QVERIFY2(page.ceilingsNotes().contains("perfdash-cli ceilings"), qPrintable(page.ceilingsNotes()));
    }

    void aMeasurementCanBeCancelled() {
        QTemporaryDir home;
        qputenv("XDG_DATA_HOME", home.path().toUtf8());
        ProbesPage page;
        QSignalSpy finished(&page.runner(), &ProbeRunner::finished);
        page.runCeilings();
        QVERIFY(page.isBusy());
        QVERIFY(page.cancelButton()->isEnabled());
        page.cancelButton()->click();
        QVERIFY(finished.wait(120000));
        QCOMPARE(finished.first().at(0).toBool(), true); // cancelled
        QVERIFY(!page.isBusy());
        QCOMPARE(page.ceilings().rowCount(), 0);
        QVERIFY(!QFileInfo::exists(ProbesPage::ceilingsFile())); // nothing measured, nothing kept
    }
};

QTEST_MAIN(TestCeilingsModel)
#include "test_ceilings_model.moc"
