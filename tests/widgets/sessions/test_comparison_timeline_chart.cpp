#include <QTableView>
#include <QtTest>
#include <cmath>

#include "widgets/SessionSamples.h"
#include "widgets/Screenshot.h"
#include "widgets/common/TimelineChart.h"
#include "widgets/sessions/ComparisonTimelineChart.h"
#include "widgets/sessions/SessionComparisonView.h"

using namespace perfdash;

namespace {

int finitePoints(const QCPGraph* graph) {
    int n = 0;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it)
        if (std::isfinite(it->value)) ++n;
    return n;
}

int rowOf(const SessionComparisonModel& model, const std::string& group, const std::string& name) {
    for (int r = 0; r < model.rowCount(); ++r)
        if (model.comparisonRow(r).group == group && model.comparisonRow(r).name == name) return r;
    return -1;
}

} // namespace

class TestComparisonTimelineChart : public QObject {
    Q_OBJECT
private slots:
    // A with 5 intervals, B with 8 at the same times: two lines, each with its own session's points.
    void overlaysBothSessionsOnOneTimeAxis() {
        SessionComparisonModel model;
        model.setSessions(test::sessionWithTimeline(5, 0.5, "2024-05-01T10:00:00+02:00"),
                          test::sessionWithTimeline(8, 0.5, "2024-05-02T11:00:00+02:00"));
        ComparisonTimelineChart overlay;
        overlay.resize(800, 500);
        overlay.show();
        const int cpi = rowOf(model, "CPI", "CPI");
        QVERIFY(cpi >= 0);
        overlay.showRow(model, cpi);
        TimelineChart* chart = overlay.chart();
        QVERIFY(chart);
        QCustomPlot* plot = chart->plot();
        QCOMPARE(plot->graphCount(), 2);
        QCOMPARE(finitePoints(plot->graph(0)), 5);
        QCOMPARE(finitePoints(plot->graph(1)), 8);
        // Each line keeps its session's values at its session's times.
        QCOMPARE(plot->graph(0)->data()->at(4)->key, 2.5);
        QCOMPARE(plot->graph(0)->data()->at(4)->value, 1.05);
        QCOMPARE(plot->graph(1)->data()->at(7)->key, 4.0);
        QCOMPARE(plot->graph(1)->data()->at(7)->value, 1.08);
        // The legend names each session, the title the row.
        QCOMPARE(plot->graph(0)->name(), model.sessionLabel(0));
        QCOMPARE(plot->graph(1)->name(), model.sessionLabel(1));
        QVERIFY2(plot->graph(0)->name().contains("2024-05-01"), qPrintable(plot->graph(0)->name()));
        QVERIFY2(plot->graph(1)->name().contains("2024-05-02"), qPrintable(plot->graph(1)->name()));
        QCOMPARE(chart->title(), QString("CPI: CPI"));
        QVERIFY(chart->emptyExplanation().isEmpty());
        // A tooltip says the session and the value; the overlay has no coverage to claim.
        const QString tip = overlay.data().describePoint(chart->spec().series[1], 7);
        QVERIFY2(tip.contains(model.sessionLabel(1)) && tip.contains("1.08"), qPrintable(tip));
        QVERIFY2(!tip.contains("coverage"), qPrintable(tip));
        test::saveScreenshot(overlay, QStringLiteral("comparison-overlay.png"));
    }

    void eventsAreCountsPerInterval() {
        SessionComparisonModel model;
        model.setSessions(test::sessionWithTimeline(3, 0.5, "2024-05-01T10:00:00+02:00"),
                          test::sessionWithTimeline(3, 0.5, "2024-05-02T10:00:00+02:00"));
        ComparisonTimelineChart overlay;
        const int taskClock = rowOf(model, "custom", "task-clock");
        QVERIFY(taskClock >= 0);
        overlay.showRow(model, taskClock);
        QVERIFY(overlay.chart());
        QCOMPARE(overlay.chart()->plot()->yAxis->label(), QString("msec per interval"));
        QCOMPARE(overlay.chart()->plot()->graph(0)->data()->at(0)->value, 250.5 + 249.25 + 0.125);
    }

    void saysWhyThereIsNoChart() {
        SessionComparisonModel model;
        ComparisonTimelineChart overlay;
        overlay.showRow(model, -1);
        QVERIFY(!overlay.chart());
        QVERIFY(overlay.placeholderText().contains("Select a row"));

        MeasurementResult a = test::sessionWithTimeline(2, 1, "2024-05-01T10:00:00+02:00");
        MeasurementResult b = a;
        a.intervals.clear();
        b.intervals.clear();
        model.setSessions(a, b);
        overlay.showRow(model, 0);
        QVERIFY(!overlay.chart());
        QVERIFY2(overlay.placeholderText().contains("without an interval"), qPrintable(overlay.placeholderText()));

        // "cycles" (MEM, PMC0) was not counted in either session.
        model.setSessions(test::sessionWithTimeline(2, 1, "2024-05-01T10:00:00+02:00"),
                          test::sessionWithTimeline(2, 1, "2024-05-02T10:00:00+02:00"));
        overlay.showRow(model, rowOf(model, "MEM", "cycles"));
        QVERIFY(!overlay.chart());
        QVERIFY2(overlay.placeholderText().contains("n/a"), qPrintable(overlay.placeholderText()));
    }

    // The comparison view draws the overlay of the row the user selects.
    void selectingARowInTheViewShowsItsTimelines() {
        SessionComparisonView view;
        view.resize(1200, 500);
        view.setSessions(test::sessionWithTimeline(5, 0.5, "2024-05-01T10:00:00+02:00"),
                         test::sessionWithTimeline(8, 0.5, "2024-05-02T11:00:00+02:00"));
        view.show();
        QVERIFY(!view.timelineChart()->chart());
        const int cpi = rowOf(*view.model(), "CPI", "CPI");
        const QModelIndex index = view.table()->model()->index(cpi, SessionComparisonModel::NameColumn);
        view.table()->setCurrentIndex(index);
        QVERIFY(view.timelineChart()->chart());
        QCOMPARE(view.timelineChart()->chart()->plot()->graphCount(), 2);
        test::saveScreenshot(view, QStringLiteral("comparison-view.png"));
        // New sessions: the old row's chart goes.
        view.setSessions(test::sessionWithTimeline(2, 1, "2024-05-01T10:00:00+02:00"),
                         test::sessionWithTimeline(2, 1, "2024-05-02T10:00:00+02:00"));
        QVERIFY(!view.timelineChart()->chart());
    }
};

QTEST_MAIN(TestComparisonTimelineChart)
#include "test_comparison_timeline_chart.moc"
