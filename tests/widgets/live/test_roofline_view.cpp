// The Live page's roofline tab on the synthetic FLOPS_DP + MEM session
// (tests/fixtures/report/make-synthetic-roofline.py, made up: this machine
// has no PMU) under the synthetic ceilings: the roofs read from where the
// dashboard saves them, the trail growing as intervals arrive, the whole run
// and regions at the end, what the notes say, the hover text, a bad ceilings
// file's dialog, and a run without the groups. Screenshots at 1280x800 and
// 1920x1080 with PERFDASH_SCREENSHOT_DIR.
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QTabWidget>
#include <QTimer>
#include <QtTest>
#include <algorithm>

#include "core/report/ReportJsonReader.h"
#include "widgets/Screenshot.h"
#include "widgets/TemporaryUserDirs.h"
#include "widgets/common/RooflineChart.h"
#include "widgets/live/LiveView.h"
#include "widgets/live/RooflineView.h"

using namespace perfdash;

namespace {

std::string fixtures() { return qEnvironmentVariable("PERFDASH_FIXTURES").toStdString(); }
QString ceilingsFixture() { return QString::fromStdString(fixtures() + "/ceilings/synthetic-2thread.json"); }

MeasurementResult session(const char* name) {
    auto r = readReportFile(fixtures() + "/report/" + name);
    if (!r.ok()) qFatal("%s", r.error().message.c_str());
    return *r;
}

size_t countKind(const std::vector<RooflinePoint>& points, RooflinePoint::Kind kind) {
    return size_t(std::count_if(points.begin(), points.end(), [kind](const RooflinePoint& p) { return p.kind == kind; }));
}

} // namespace

class TestRooflineView : public QObject {
    Q_OBJECT
    test::TemporaryUserDirs dirs_;

    void saveCeilings() {
        QVERIFY(QDir().mkpath(dirs_.dataHome() + "/perfdash"));
        QFile::remove(dirs_.dataHome() + "/perfdash/ceilings.json");
        QVERIFY(QFile::copy(ceilingsFixture(), dirs_.dataHome() + "/perfdash/ceilings.json"));
    }

private slots:
    void initTestCase() { QVERIFY(dirs_.isValid()); }

    // Nothing measured yet: no roofs, and the view says how to get them.
    void withoutCeilingsSaysHowToMeasureThem() {
        QFile::remove(dirs_.dataHome() + "/perfdash/ceilings.json");
        RooflineView view;
        view.resize(900, 600);
        QVERIFY(view.chart()->roofs().empty());
        const QString label = view.ceilingsLabel()->text();
        QVERIFY2(label.contains("No roofs: no ceilings") && label.contains("perfdash-cli ceilings --json -o") &&
                     label.contains(dirs_.dataHome() + "/perfdash/ceilings.json"),
                 qPrintable(label));
        QVERIFY(view.notesLabel()->text().contains("No run yet"));
        test::saveScreenshot(view, "roofline-no-ceilings.png");
    }

    void trailGrowsAndTheRunEndsWithItsPoints() {
        saveCeilings();
        const MeasurementResult r = session("synthetic-roofline-2cpu.json");
        RooflineView view;
        view.beginRun();
        QCOMPARE(view.chart()->roofs().size(), size_t(7));
        QVERIFY(view.ceilingsLabel()->text().contains("measured here at 2.90 GHz"));
        QVERIFY(view.ceilingsLabel()->text().contains("synthetic"));
        QVERIFY(view.notesLabel()->text().contains("No interval yet"));

        const std::vector<IntervalResult> first(r.intervals.begin(), r.intervals.begin() + 20);
        const std::vector<IntervalResult> rest(r.intervals.begin() + 20, r.intervals.end());
        view.appendIntervals(first);
        QCOMPARE(view.chart()->points().size(), size_t(20));
        QCOMPARE(countKind(view.chart()->points(), RooflinePoint::Kind::Interval), size_t(20));
        QVERIFY(view.chart()->points().front().intensity < 1); // the streaming phase comes first
        view.appendIntervals(rest);
        QCOMPARE(view.chart()->points().size(), size_t(40));
        QVERIFY(view.chart()->points().back().intensity > 10);

        // A finished live run's result without intervals (the recorder keeps them): the trail stays.
        MeasurementResult finished = r;
        finished.intervals.clear();
        view.showResult(finished);
        const auto& points = view.chart()->points();
        QCOMPARE(countKind(points, RooflinePoint::Kind::WholeRun), size_t(1));
        QCOMPARE(countKind(points, RooflinePoint::Kind::Region), size_t(2));
        QCOMPARE(countKind(points, RooflinePoint::Kind::Interval), size_t(40));

        const QString notes = view.notesLabel()->text();
        QVERIFY2(notes.contains("Synthetic data:") && notes.contains("make-synthetic-roofline.py"), qPrintable(notes));
        QVERIFY(notes.contains("DP FLOPs counted (FLOPS_DP: DP [MFLOP/s])"));
        QVERIFY(notes.contains("DRAM bytes: socket-wide, other processes included"));
        QVERIFY(notes.contains("DRAM 14 GB/s (triad, 2 threads) measured here at 2.90 GHz"));
        QVERIFY(!notes.contains("Missing:"));
    }

    // Hovering the whole run's point says what it is and what bounds it.
    void hoverDescribesPointsAndRoofs() {
        saveCeilings();
        const MeasurementResult r = session("synthetic-roofline-2cpu.json");
        RooflineView view;
        view.resize(1000, 700);
        view.beginRun();
        view.appendIntervals(r.intervals);
        view.showResult(r);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const RooflineChart* chart = view.chart();
        const RooflinePoint* whole = nullptr;
        const RooflinePoint* dgemm = nullptr;
        for (const RooflinePoint& p : chart->points()) {
            if (p.kind == RooflinePoint::Kind::WholeRun) whole = &p;
            if (p.name == "dgemm") dgemm = &p;
        }
        QVERIFY(whole && dgemm);
        const QPointF at(chart->xScale().toPixel(whole->intensity), chart->yScale().toPixel(whole->flopsPerS));
        const QString text = chart->describeAt(at);
        QVERIFY2(text.contains("whole run") && text.contains("bound by") && text.contains("socket-wide"), qPrintable(text));
        const QString region =
            chart->describeAt(QPointF(chart->xScale().toPixel(dgemm->intensity), chart->yScale().toPixel(dgemm->flopsPerS)));
        QVERIFY2(region.contains("dgemm") && region.contains("bound by the DP avx2 peak"), qPrintable(region));
        // Far from everything: nothing.
        QVERIFY(chart->describeAt(QPointF(2, 2)).isEmpty());
    }

    void badCeilingsFileGetsADialog() {
        RooflineView view;
        QString shown;
        QTimer::singleShot(0, this, [&shown] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                shown = box->text();
                box->accept();
            }
        });
        const QString notCeilings = QString::fromStdString(fixtures() + "/report/synthetic-tma-4cpu.json");
        QVERIFY(!view.openCeilingsFile(notCeilings));
        QVERIFY2(shown.contains(notCeilings) && shown.contains("perfdash-cli ceilings"), qPrintable(shown));
        QVERIFY(view.openCeilingsFile(ceilingsFixture()));
        QCOMPARE(view.chart()->roofs().size(), size_t(7));
    }

    // A run that counted neither group: the roofs, and which groups to add.
    void runWithoutTheGroupsSaysWhy() {
        saveCeilings();
        const MeasurementResult r = session("synthetic-tma-4cpu.json");
        RooflineView view;
        view.resize(900, 600);
        view.beginRun();
        view.appendIntervals(r.intervals);
        view.showResult(r);
        QVERIFY(view.chart()->points().empty());
        const QString notes = view.notesLabel()->text();
        QVERIFY2(notes.contains("No points") && notes.contains("-g FLOPS_DP") && notes.contains("-g MEM"), qPrintable(notes));
    }

    // No PMU (this machine): the groups' events were not counted, and the notes say so in the kernel's words.
    void notCountedSaysWhy() {
        saveCeilings();
        MeasurementResult r = session("synthetic-roofline-2cpu.json");
        r.synthetic = "the synthetic session with its FLOPS_DP events marked not counted, as on a machine without a PMU";
        for (EventResult& e : r.groups[0].events) {
            e.counted = false;
            e.reason = "no hardware PMU (virtual machine)";
        }
        for (MetricResult& m : r.groups[0].metrics) m.aggregate = kNotAvailable;
        r.regions.clear();
        r.intervals.clear();
        RooflineView view;
        view.resize(1000, 650);
        view.beginRun();
        view.showResult(r);
        QVERIFY(view.chart()->points().empty());
        const QString notes = view.notesLabel()->text();
        QVERIFY2(notes.contains("Missing: FLOPS_DP: no FLOP rate, FIXC0 (INST_RETIRED.ANY) was not counted: no hardware PMU"),
                 qPrintable(notes));
        QCOMPARE(view.chart()->roofs().size(), size_t(7)); // the roofs still show
        test::saveScreenshot(view, "roofline-not-counted.png");
    }

    // The Live page with the tab chosen, at the two sizes people look at.
    void screenshotsOfTheLivePage() {
        saveCeilings();
        const MeasurementResult r = session("synthetic-roofline-2cpu.json");
        for (const QSize size : {QSize(1280, 800), QSize(1920, 1080)}) {
            LiveView live;
            live.resize(size);
            live.beginRun(r.locations);
            live.appendIntervals(r.intervals);
            live.finishRun(r);
            live.chartTabs()->setCurrentWidget(live.roofline());
            live.show();
            QVERIFY(QTest::qWaitForWindowExposed(&live));
            QCOMPARE(live.roofline()->chart()->points().size(), size_t(43));
            QVERIFY(live.roofline()->chart()->height() >= 250); // the notes leave the chart room
            test::saveScreenshot(live, QStringLiteral("roofline-live-%1x%2.png").arg(size.width()).arg(size.height()));
        }
    }
};

QTEST_MAIN(TestRooflineView)
#include "test_roofline_view.moc"
