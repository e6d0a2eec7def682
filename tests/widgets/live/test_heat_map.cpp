// The per-CPU heat map with 256 CPUs: rows grouped by socket and NUMA node,
// colours from the scale's ends for the lowest and highest CPU, hovering a
// cell names its CPU, span and value, clicking it opens that CPU's lines in
// the timeline; a session not counted per CPU says why it has no map.
#include <QComboBox>
#include <QSignalSpy>
#include <QTabWidget>
#include <QToolTip>
#include <QtTest>

#include "widgets/LiveTestData.h"
#include "widgets/live/HeatMapCanvas.h"
#include "widgets/live/HeatMapView.h"
#include "widgets/live/LiveView.h"
#include "widgets/common/TimelineData.h"
#include "widgets/live/TimelineView.h"

using namespace perfdash;

namespace {
constexpr size_t kCpus = 256;

// CPUs alternate between two sockets (as on many two-socket servers), two NUMA nodes each.
std::map<int, CpuPlace> places() {
    std::map<int, CpuPlace> out;
    for (int cpu = 0; cpu < int(kCpus); ++cpu) out[cpu] = {cpu % 2, 2 * (cpu % 2) + (cpu / 128)};
    return out;
}

// The middle of a cell on the screen.
QPoint centre(const HeatMapCanvas& canvas, size_t row, size_t column) {
    const QRect plot = canvas.plotRect();
    return {plot.left() + int((double(column) + 0.5) * plot.width() / double(canvas.grid().columns())),
            plot.top() + int((double(row) + 0.5) * plot.height() / double(canvas.grid().rows()))};
}
} // namespace

class TestHeatMap : public QObject {
    Q_OBJECT
private slots:
    void rowsAreGroupedAndColoured() {
        TimelineData timeline;
        HeatMapView view(timeline);
        view.resize(1280, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        timeline.reset(testdata::cpus(kCpus));
        view.beginRun(places());
        timeline.append(testdata::intervals(50, kCpus));
        view.timelineGrew();
        view.flush();
        QVERIFY(view.placeholderText().isEmpty());

        // The first metric that is not in seconds: the clock, which grows with the CPU number.
        QCOMPARE(view.measureBox()->currentText(), QStringLiteral("Clock [MHz]"));
        const HeatMapCanvas& canvas = *view.canvas();
        QCOMPARE(canvas.grid().rows(), kCpus);
        QCOMPARE(canvas.grid().columns(), size_t(50)); // one column per interval when the plot is wider
        // Socket 0 first (even CPUs), NUMA 0 before NUMA 1 within it, by CPU number within a node.
        QCOMPARE(canvas.rows()[0].label, QStringLiteral("CPU 0"));
        QCOMPARE(canvas.rows()[0].band, QStringLiteral("Socket 0 · NUMA 0"));
        QCOMPARE(canvas.rows()[1].label, QStringLiteral("CPU 2"));
        QCOMPARE(canvas.rows()[64].label, QStringLiteral("CPU 128"));
        QCOMPARE(canvas.rows()[64].band, QStringLiteral("Socket 0 · NUMA 1"));
        QCOMPARE(canvas.rows()[128].label, QStringLiteral("CPU 1"));
        QCOMPARE(canvas.rows()[128].band, QStringLiteral("Socket 1 · NUMA 2"));
        QCOMPARE(canvas.rows()[255].label, QStringLiteral("CPU 255"));

        // CPU 0's lowest interval is the scale's start, CPU 255's highest its end.
        const QImage shot = view.canvas()->grab().toImage();
        const auto scale = ColorScale::load(ColorScale::defaultPath());
        QVERIFY(scale.ok());
        const Rgb low = scale->at(0), high = scale->at(1);
        QCOMPARE(canvas.colorOf(canvas.grid().overall().min), QColor(low.r, low.g, low.b));
        QCOMPARE(canvas.colorOf(canvas.grid().overall().max), QColor(high.r, high.g, high.b));
        // intervals(): the base is lowest at interval 0 and highest at interval 6.
        const qreal dpr = shot.devicePixelRatio();
        auto pixel = [&](size_t row, size_t column) { return shot.pixelColor(centre(canvas, row, column) * dpr); };
        QCOMPARE(pixel(0, 0), QColor(low.r, low.g, low.b));
        QCOMPARE(pixel(255, 6), QColor(high.r, high.g, high.b));
        QVERIFY(pixel(128, 6) != pixel(255, 6)); // CPU 1 is far from CPU 255's clock
    }

    // A package unit read on CPU 0 for every CPU: the other rows are not
    // drawn as "no value" and their hover text says where the value is.
    void rowsHeldElsewhereAreNoFailure() {
        TimelineData timeline;
        HeatMapView view(timeline);
        view.resize(800, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        std::vector<IntervalResult> intervals = testdata::intervals(20, 4);
        for (auto& interval : intervals) interval.groups[0] = testdata::heldOnCpu0(interval.groups[0]);
        timeline.reset(testdata::cpus(4));
        view.beginRun({});
        timeline.append(intervals);
        view.timelineGrew();
        view.flush();
        QCOMPARE(view.measureBox()->currentText(), QStringLiteral("Clock [MHz]"));
        const HeatMapCanvas& canvas = *view.canvas();
        QCOMPARE(canvas.grid().rows(), size_t(4)); // the Clock metric, per CPU
        QVERIFY(!canvas.rows()[0].heldAt);
        QCOMPARE(canvas.rows()[1].heldAt, std::optional<int>(0));
        QCOMPARE(canvas.rows()[1].label, QStringLiteral("CPU 1 (see CPU 0)"));
        QCOMPARE(canvas.rows()[0].label, QStringLiteral("CPU 0"));
        const QString text = canvas.describeCell(1, 2);
        QVERIFY2(text.contains("Counted on CPU 0: this comes from a unit of the package"), qPrintable(text));
        QVERIFY2(!text.contains("no value"), qPrintable(text));
        QVERIFY2(!text.contains("coverage"), qPrintable(text)); // the other events' coverage says nothing here
        QVERIFY2(canvas.describeCell(0, 2).contains("MHz"), qPrintable(canvas.describeCell(0, 2)));
    }

    void hoverNamesTheCellAndClickOpensTheCpu() {
        LiveView live;
        live.resize(1280, 800);
        live.show();
        QVERIFY(QTest::qWaitForWindowExposed(&live));
        live.beginRun(testdata::cpus(kCpus), places());
        live.appendIntervals(testdata::intervals(50, kCpus));
        HeatMapView* view = live.heatMap();
        for (QTabWidget* tabs : live.findChildren<QTabWidget*>())
            if (tabs->indexOf(view) >= 0) tabs->setCurrentWidget(view);
        view->flush();
        HeatMapCanvas* canvas = view->canvas();
        QVERIFY(canvas->isVisible());

        const size_t row = 130; // CPU 5
        QCOMPARE(canvas->rows()[row].label, QStringLiteral("CPU 5"));
        const QPoint at = centre(*canvas, row, 3);
        const auto cell = canvas->cellAt(at);
        QVERIFY(cell);
        QCOMPARE(cell->first, row);
        QCOMPARE(cell->second, size_t(3));
        QVERIFY(!canvas->cellAt(QPoint(0, 0))); // the labels are no cell
        // Interval 3 (0.3-0.4 s): base 4e6, CPU 5 counts 6 x base cycles in 0.1 s = 240 MHz.
        const QString text = canvas->describeCell(row, 3);
        QVERIFY2(text.contains("Clock — CPU 5"), qPrintable(text));
        QVERIFY2(text.contains("0.30 – 0.40 s (1 interval)"), qPrintable(text));
        QVERIFY2(text.contains("240 MHz"), qPrintable(text));
        QVERIFY2(text.contains("coverage: 100"), qPrintable(text));
        // The tooltip shows the same text where the pointer rests.
        QHelpEvent help(QEvent::ToolTip, at, canvas->mapToGlobal(at));
        QApplication::sendEvent(canvas, &help);
        QTRY_COMPARE(QToolTip::text(), text);

        QSignalSpy activated(view, &HeatMapView::cpuActivated);
        QTest::mouseClick(canvas, Qt::LeftButton, {}, at);
        QCOMPARE(activated.size(), 1);
        QCOMPARE(activated.front().at(0).toInt(), 5);
        QVERIFY(qAbs(activated.front().at(1).toDouble() - 0.35) < 1e-9);
        // The timeline now shows CPU 5's lines only.
        TimelineView* timeline = live.timeline();
        QVERIFY(timeline->isVisible());
        QCOMPARE(timeline->locationMode(), LocationMode::PerLocation);
        const auto& series = timeline->data().series();
        size_t shown = 0;
        for (size_t s = 0; s < series.size(); ++s)
            if (series[s].location != kAggregateLocation) {
                QCOMPARE(timeline->seriesHidden(s), series[s].location != 5);
                shown += timeline->seriesHidden(s) ? 0 : 1;
            }
        QCOMPARE(shown, size_t(3 + 3)); // CPU 5's three metrics and three event rates
    }

    void anotherMeasureRecolours() {
        TimelineData timeline;
        HeatMapView view(timeline);
        view.resize(800, 600);
        timeline.reset(testdata::cpus(4));
        view.beginRun({});
        timeline.append(testdata::intervals(10, 4));
        view.flush();
        const int cpi = view.measureBox()->findText(QStringLiteral("CPI"));
        QVERIFY(cpi >= 0);
        view.measureBox()->setCurrentIndex(cpi);
        emit view.measureBox()->activated(cpi);
        // CPI is 0.5 everywhere: one value, no band labels without a topology, every row a CPU.
        QCOMPARE(view.canvas()->grid().overall().min, 0.5);
        QCOMPARE(view.canvas()->grid().overall().max, 0.5);
        QCOMPARE(view.canvas()->rows()[3].band, QString());
        // The n/a metric leaves every cell empty rather than coloured.
        const int miss = view.measureBox()->findText(QStringLiteral("L3 miss rate"));
        QVERIFY(miss >= 0);
        emit view.measureBox()->activated(miss);
        QVERIFY(view.canvas()->grid().overall().empty());
        QVERIFY(view.canvas()->describeCell(0, 0).contains("no value"));
    }

    void aSessionNotCountedPerCpuSaysWhy() {
        TimelineData timeline;
        HeatMapView view(timeline);
        QCOMPARE(view.placeholderText(), QStringLiteral("Waiting for the first interval…"));
        timeline.reset({LocationInfo{LocationKind::Thread, 4242}});
        view.beginRun({});
        timeline.append(testdata::intervals(5, 1));
        view.flush();
        QVERIFY2(view.placeholderText().contains("needs a session counted per CPU"), qPrintable(view.placeholderText()));
        QVERIFY2(view.placeholderText().contains("Whole CPUs"), qPrintable(view.placeholderText()));
    }
};

QTEST_MAIN(TestHeatMap)
#include "test_heat_map.moc"
