// The live view on a real measurement (the demo workload, SOFTWARE group:
// software events count in this VM), and the same view replaying the result.
#include <QtTest>
#include <cmath>

#include "widgets/live/EventTotalsModel.h"
#include "widgets/live/LiveView.h"
#include "widgets/live/MetricValuesModel.h"
#include "widgets/live/RunSummaryChart.h"
#include "widgets/common/TimelineChart.h"
#include "widgets/live/TimelineView.h"
#include "widgets/run/MeasurementController.h"

using namespace perfdash;

namespace {

size_t finitePoints(const TimelineView& timeline) {
    size_t points = 0;
    for (TimelineChart* chart : timeline.charts())
        for (int g = 0; g < chart->plot()->graphCount(); ++g)
            for (auto it = chart->plot()->graph(g)->data()->constBegin();
                 it != chart->plot()->graph(g)->data()->constEnd(); ++it)
                points += std::isfinite(it->value);
    return points;
}

} // namespace

class TestLiveSession : public QObject {
    Q_OBJECT
private slots:
    void showsARealRunLiveAndReplaysIt() {
        MachineContext machine;
        MeasurementController controller(machine);
        LiveView view;
        view.resize(1280, 800);
        view.attach(&controller);
        MeasurementRequest request;
        request.command = {qEnvironmentVariable("PERFDASH_DEMO").toStdString(), "--seconds", "0.6"};
        request.groups = {"SOFTWARE"};
        request.interval = std::chrono::milliseconds(100);
        auto plan = controller.prepare(request);
        QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().message.c_str());
        QSignalSpy finished(&controller, &MeasurementController::finished);
        QVERIFY(controller.start(std::move(*plan)).ok());
        QVERIFY(finished.wait(10000));

        const TimelineView& timeline = *view.timeline();
        QVERIFY2(timeline.data().store().size() >= 5, qPrintable(QString::number(timeline.data().store().size())));
        QVERIFY(!timeline.charts().empty());
        view.timeline()->flush();
        QVERIFY(finitePoints(timeline) >= 5);
        // task-clock counts here: its rate is a number in every interval.
        bool taskClock = false;
        for (size_t s = 0; s < timeline.data().series().size(); ++s) {
            const SeriesInfo& info = timeline.data().series()[s];
            if (info.kind != SeriesKind::EventRate || info.name != "task-clock" || info.location != kAggregateLocation)
                continue;
            taskClock = true;
            for (size_t i = 0; i < timeline.data().store().size(); ++i)
                QVERIFY(std::isfinite(timeline.data().store().series(s).value(i)));
        }
        QVERIFY(taskClock);
        QVERIFY(view.eventTotals()->rowCount() >= 4);
        QVERIFY(view.metricValues()->rowCount() >= 4);
        QVERIFY(!view.summary()->items().empty());
        QVERIFY(view.summary()->bars().notAvailableReason.isEmpty());

        // Replay: the same result through the same path, all at once.
        const auto result = finished.first()[0].value<MeasurementResult>();
        LiveView replay;
        replay.resize(1280, 800);
        replay.beginRun(result.locations);
        replay.appendIntervals(result.intervals);
        replay.finishRun(result);
        QCOMPARE(replay.timeline()->data().store().size(), result.intervals.size());
        QCOMPARE(replay.timeline()->charts().size(), timeline.charts().size());
        QCOMPARE(replay.eventTotals()->rowCount(), view.eventTotals()->rowCount());
    }
};

QTEST_MAIN(TestLiveSession)
#include "test_live_session.moc"
