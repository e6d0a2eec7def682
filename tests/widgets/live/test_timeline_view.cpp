// The timeline charts as a user meets them: lines per location or in
// aggregate, gaps for n/a, explanations instead of empty charts, shared
// zoom and pan that turn Follow live off, legend toggles, tooltips, export.
#include <QAction>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <set>

#include "widgets/LiveTestData.h"
#include "widgets/shell/ChartExport.h"
#include "widgets/common/SeriesColours.h"
#include "widgets/common/TimelineChart.h"
#include "widgets/live/TimelineView.h"

using namespace perfdash;

namespace {

TimelineChart* chartTitled(const TimelineView& view, const QString& title) {
    for (TimelineChart* chart : view.charts())
        if (chart->title() == title) return chart;
    return nullptr;
}

// A shown view with `count` intervals of the test group on 3 CPUs, drawn.
void showWithIntervals(TimelineView& view, size_t count) {
    view.resize(1000, 900);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.beginRun(testdata::cpus(3));
    view.appendIntervals(testdata::intervals(count, 3));
    view.flush();
    QTest::qWait(50); // queued replots lay the plots out
}

void wheel(QCustomPlot* plot, QPointF at, int angle) {
    QWheelEvent event(at, plot->mapToGlobal(at), QPoint(), QPoint(0, angle), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(plot, &event);
}

} // namespace

class TestTimelineView : public QObject {
    Q_OBJECT
private slots:
    void saysWhyThereIsNoChartYet() {
        {
            TimelineView waiting; // nothing drawn: no range to ask the Hotspots page for
            waiting.beginRun(testdata::cpus(1));
            QVERIFY(!waiting.hotspotsAction()->isEnabled());
        }
        TimelineView view;
        QVERIFY(view.placeholderText().contains("No measurement yet"));
        view.beginRun(testdata::cpus(2));
        QVERIFY(view.placeholderText().contains("Waiting for the first interval"));
        view.endRun();
        QVERIFY(view.placeholderText().contains("recorded no intervals"));
        QVERIFY(view.charts().empty());
    }

    void drawsOneChartPerUnitWithTheAggregateLines() {
        TimelineView view;
        showWithIntervals(view, 50);
        QCOMPARE(view.charts().size(), size_t(3));
        TimelineChart* clock = chartTitled(view, "Clock");
        QVERIFY(clock);
        QCOMPARE(clock->plot()->graphCount(), 1);
        QCOMPARE(clock->plot()->yAxis->label(), QStringLiteral("MHz"));
        QCOMPARE(clock->plot()->graph(0)->dataCount(), 50);
        QCOMPARE(clock->plot()->graph(0)->data()->at(0)->value, 6.0 * 1e6 / 0.1 * 1e-6); // 1+2+3 x 1e6 cycles in 0.1 s
        QVERIFY(clock->emptyExplanation().isEmpty());
        QVERIFY(chartTitled(view, "Rate of cycles, instructions, LLC-load-misses"));
        // A line without any value so far says so in the legend.
        TimelineChart* ratios = chartTitled(view, "CPI, L3 miss rate");
        QVERIFY(ratios);
        QCOMPARE(ratios->plot()->graph(0)->name(), QStringLiteral("CPI"));
        QCOMPARE(ratios->plot()->graph(1)->name(), QStringLiteral("L3 miss rate (n/a)"));
    }

    void perLocationModeDrawsALinePerCpuInDistinctColours() {
        TimelineView view;
        showWithIntervals(view, 10);
        view.setLocationMode(LocationMode::PerLocation);
        view.flush();
        TimelineChart* clock = chartTitled(view, "Clock");
        QVERIFY(clock);
        QCOMPARE(clock->plot()->graphCount(), 3);
        std::set<QRgb> colours;
        for (int g = 0; g < 3; ++g) {
            QCOMPARE(clock->plot()->graph(g)->name(), QStringLiteral("CPU %1").arg(g));
            colours.insert(clock->plot()->graph(g)->pen().color().rgb());
        }
        QCOMPARE(colours.size(), size_t(3));
    }

    void paletteKeepsUpToSixtyFourLinesApart() {
        for (size_t count : {2, 7, 8, 16, 64}) {
            std::set<QRgb> colours;
            for (size_t i = 0; i < count; ++i) {
                const QColor c = seriesColour(i, count);
                colours.insert(c.rgb());
                QVERIFY2(c.lightness() < 200, "too pale for thin lines on white");
            }
            QCOMPARE(colours.size(), count);
        }
    }

    void notAvailableIsAGapNeverZero() {
        std::vector<IntervalResult> intervals = testdata::intervals(60, 2);
        for (size_t i = 20; i < 30; ++i) intervals[i].groups[0].metrics[0].aggregate = kNotAvailable;
        TimelineView view;
        view.resize(1000, 900);
        view.beginRun(testdata::cpus(2));
        view.appendIntervals(intervals);
        view.flush();
        TimelineChart* clock = chartTitled(view, "Clock");
        QVERIFY(clock);
        const auto* data = clock->plot()->graph(0)->data().data();
        int gaps = 0;
        for (auto it = data->constBegin(); it != data->constEnd(); ++it) {
            QVERIFY(it->value != 0.0);
            const bool inGap = it->key > 2.05 && it->key < 3.05;
            QCOMPARE(std::isnan(it->value), inGap);
            gaps += inGap;
        }
        QCOMPARE(gaps, 10);
    }

    void aChartWithNothingCountableSaysWhy() {
        TimelineView view;
        view.resize(1000, 900);
        view.setGrouping(ChartGrouping::PerMetric);
        view.beginRun(testdata::cpus(2));
        view.appendIntervals(testdata::intervals(5, 2));
        view.flush();
        QCOMPARE(view.charts().size(), size_t(6));
        for (const QString& title : {QStringLiteral("L3 miss rate"), QStringLiteral("Rate of LLC-load-misses")}) {
            TimelineChart* chart = chartTitled(view, title);
            QVERIFY2(chart, qPrintable(title));
            QVERIFY2(chart->emptyExplanation().contains("could not be counted here"),
                     qPrintable(chart->emptyExplanation()));
            QVERIFY(chart->emptyExplanation().contains(testdata::kNotCountedReason));
        }
        QVERIFY(chartTitled(view, "CPI")->emptyExplanation().isEmpty());
    }

    void userZoomTurnsFollowLiveOffForEveryChartAndTheActionBackOn() {
        TimelineView view;
        showWithIntervals(view, 100);
        QVERIFY(view.followLive());
        QCOMPARE(view.rangeFrom(), 0.0);
        QCOMPARE(view.rangeTo(), 10.0);
        QSignalSpy followChanges(&view, &TimelineView::followLiveChanged);

        QCustomPlot* plot = view.charts()[0]->plot();
        wheel(plot, plot->axisRect()->rect().center(), 120);
        QVERIFY(!view.followLive());
        QVERIFY(!view.followLiveAction()->isChecked());
        QCOMPARE(followChanges.size(), 1);
        const double from = view.rangeFrom(), to = view.rangeTo();
        QVERIFY2(to - from < 9.0, qPrintable(QString("%1..%2").arg(from).arg(to)));
        for (TimelineChart* chart : view.charts()) { // one time axis for all
            QCOMPARE(chart->plot()->xAxis->range().lower, from);
            QCOMPARE(chart->plot()->xAxis->range().upper, to);
        }
        // The range shown is the one "Hot functions" asks for.
        QSignalSpy chosen(&view, &TimelineView::rangeChosen);
        QVERIFY(view.hotspotsAction()->isEnabled());
        view.hotspotsAction()->trigger();
        QCOMPARE(chosen.size(), 1);
        QCOMPARE(chosen.front()[0].toDouble(), from);
        QCOMPARE(chosen.front()[1].toDouble(), to);
        // New data does not move a range the user chose.
        view.appendIntervals(testdata::intervals(50, 3, 0.1, 100));
        view.flush();
        QCOMPARE(view.rangeTo(), to);

        view.followLiveAction()->trigger();
        QVERIFY(view.followLive());
        view.flush();
        QCOMPARE(view.rangeFrom(), 0.0);
        QCOMPARE(view.rangeTo(), 15.0);
        QCOMPARE(view.charts()[2]->plot()->xAxis->range().upper, 15.0);
    }

    void draggingTheTimeAxisAlsoTurnsFollowLiveOff() {
        TimelineView view;
        showWithIntervals(view, 100);
        QCustomPlot* plot = view.charts()[1]->plot();
        const QPoint start = plot->axisRect()->rect().center();
        QTest::mousePress(plot, Qt::LeftButton, {}, start);
        QTest::mouseMove(plot, start + QPoint(80, 0));
        QTest::mouseRelease(plot, Qt::LeftButton, {}, start + QPoint(80, 0));
        QVERIFY(!view.followLive());
        QVERIFY(view.rangeFrom() < 0); // dragged right: earlier times come into view
        QCOMPARE(view.charts()[0]->plot()->xAxis->range().lower, view.rangeFrom());
    }

    void keyboardZoomIsAUserZoomToo() {
        TimelineView view;
        showWithIntervals(view, 100);
        view.zoomInAction()->trigger();
        QVERIFY(!view.followLive());
        QCOMPARE(view.rangeTo() - view.rangeFrom(), 5.0);
    }

    void clickingALegendEntryHidesAndShowsItsLine() {
        TimelineView view;
        showWithIntervals(view, 20);
        view.setLocationMode(LocationMode::PerLocation);
        view.flush();
        QTest::qWait(50);
        TimelineChart* clock = chartTitled(view, "Clock");
        QCPGraph* cpu1 = clock->plot()->graph(1);
        // Clicked where it is drawn at the time: the rebuilt charts may still
        // settle their heights (legend rows follow the width) between clicks.
        const auto entry = [&] { return clock->plot()->legend->itemWithPlottable(cpu1)->outerRect().center(); };
        QTest::mouseClick(clock->plot(), Qt::LeftButton, {}, entry());
        QVERIFY(!cpu1->visible());
        QVERIFY(clock->plot()->graph(0)->visible());
        QCOMPARE(cpu1->dataCount(), 0);
        QTest::qWait(50);
        QTest::mouseClick(clock->plot(), Qt::LeftButton, {}, entry());
        QVERIFY(cpu1->visible());
        QCOMPARE(cpu1->dataCount(), 20);
    }

    void hidingEveryLineSaysHowToGetThemBack() {
        TimelineView view;
        showWithIntervals(view, 5);
        TimelineChart* clock = chartTitled(view, "Clock");
        clock->setSeriesVisible(clock->spec().series[0], false);
        QVERIFY(clock->emptyExplanation().contains("legend"));
    }

    void tooltipShowsValueUnitAndCoverage() {
        TimelineView view;
        view.resize(1000, 900);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.beginRun(testdata::cpus(2));
        std::vector<IntervalResult> intervals;
        for (int i = 1; i <= 20; ++i) intervals.push_back(testdata::interval(i * 0.5, 0.5, 1e6 * i, 2, 0.6));
        view.appendIntervals(intervals);
        view.flush();
        QTest::qWait(50);
        TimelineChart* clock = chartTitled(view, "Clock");
        QCustomPlot* plot = clock->plot();
        // Interval 10: 10e6 + 20e6 cycles in 0.5 s = 60 MHz.
        const QPointF at(plot->xAxis->coordToPixel(5.0), plot->yAxis->coordToPixel(60.0));
        const QString text = clock->tooltipAt(at + QPointF(2, 3));
        QVERIFY2(text.contains("60 MHz"), qPrintable(text));
        QVERIFY2(text.contains("60.0%"), qPrintable(text));
        QVERIFY2(text.contains("aggregate"), qPrintable(text));
        QVERIFY(clock->tooltipAt(QPointF(plot->xAxis->coordToPixel(5.0), plot->yAxis->coordToPixel(200.0))).isEmpty());
    }

    void drawnPointsAreBoundedByTheWidthNotTheSessionLength() {
        TimelineView view;
        showWithIntervals(view, 30000);
        for (TimelineChart* chart : view.charts()) {
            const int width = chart->plot()->axisRect()->width();
            for (int g = 0; g < chart->plot()->graphCount(); ++g)
                QVERIFY2(
                    chart->plot()->graph(g)->dataCount() <= 2 * width + 4,
                    qPrintable(QString("%1 points for %2 px").arg(chart->plot()->graph(g)->dataCount()).arg(width)));
        }
    }

    void exportsPngAndSvg() {
        TimelineView view;
        showWithIntervals(view, 30);
        QTemporaryDir dir;
        const QString png = dir.filePath("timeline.png"), svg = dir.filePath("timeline.svg");
        const Status pngSaved = saveChartsAsPng(view.charts(), png, 900);
        QVERIFY2(pngSaved.ok(), pngSaved.ok() ? "" : pngSaved.error().message.c_str());
        const QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.width(), 900);
        int expectedHeight = 0;
        for (TimelineChart* chart : view.charts()) expectedHeight += std::max(chart->height(), chart->minimumHeight());
        QCOMPARE(image.height(), expectedHeight);
        QVERIFY(!image.allGray()); // the lines are drawn in colour

        const Status svgSaved = saveChartsAsSvg(view.charts(), svg, 900);
        QVERIFY2(svgSaved.ok(), svgSaved.ok() ? "" : svgSaved.error().message.c_str());
        QSvgRenderer renderer(svg);
        QVERIFY(renderer.isValid());
        QCOMPARE(renderer.viewBoxF().width(), 900.0);
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("<svg"));
        QVERIFY(text.contains("<polyline") || text.contains("<path"));

        const Status refused = saveChartsAsPng(view.charts(), "/nonexistent-dir/timeline.png");
        QVERIFY(!refused.ok());
        QVERIFY(QString::fromStdString(refused.error().message).contains("/nonexistent-dir/timeline.png"));
        QVERIFY(!saveChartsAsSvg({}, svg).ok());
    }
};

QTEST_MAIN(TestTimelineView)
#include "test_timeline_view.moc"
