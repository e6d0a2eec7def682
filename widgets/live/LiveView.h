#pragma once
// The live view of a measurement: the timeline charts (and, once the run is
// over, the run summary) beside tables of event totals and metric values.
// It follows a RunSource, so a measurement, a replayed session and a host
// go through exactly the same path:
//
//   LiveView view;
//   view.attach(&shownRun);   // started / intervalsArrived / finished
//
// The GUI thread never waits here for a counter read: the view only
// consumes the batches it is given.
#include <QWidget>
#include <vector>

#include <map>

#include "core/presentation/CpuPlaces.h"
#include "core/result/MeasurementResult.h"

class QLabel;
class QTabWidget;

namespace perfdash {

class CopyableTableView;
class EventTotalsModel;
class HeatMapView;
class MetricValuesModel;
class RunSource;
class RooflineView;
class RunSummaryChart;
class TimelineView;
class TopDownView;

class LiveView : public QWidget {
    Q_OBJECT
public:
    explicit LiveView(QWidget* parent = nullptr);

    // Shows every run the source emits from now on (ShownRun: whichever run the window shows).
    void attach(RunSource* source);

    // places: where each CPU sits (socket, NUMA node), for the heat map's rows.
    void beginRun(const std::vector<LocationInfo>& locations, std::map<int, CpuPlace> places = {});
    void appendIntervals(const std::vector<IntervalResult>& intervals);
    void finishRun(const MeasurementResult& result);
    // A source without counts (a perf.data file): no charts or tables, and `why` (plain text) in their place.
    void showNoCounts(const QString& why);

    TimelineView* timeline() const { return timeline_; }
    RunSummaryChart* summary() const { return summary_; }
    HeatMapView* heatMap() const { return heatMap_; }
    TopDownView* topDown() const { return topDown_; }
    RooflineView* roofline() const { return roofline_; }
    QTabWidget* chartTabs() const { return chartTabs_; }
    EventTotalsModel* eventTotals() const { return eventTotals_; }
    MetricValuesModel* metricValues() const { return metricValues_; }
    CopyableTableView* metricView() const { return metricView_; }

signals:
    // "Where?" of a metric row or of the top-down breakdown: its group, sampled by function.
    void whereRequested(const QString& group);

private:
    QWidget* tablePage(CopyableTableView* view, QLabel* caption);
    // A heat map cell was clicked: that CPU's lines in the timeline.
    void showCpu(int location);
    void updateCaptions();

    TimelineView* timeline_ = nullptr;
    RunSummaryChart* summary_ = nullptr;
    HeatMapView* heatMap_ = nullptr;
    TopDownView* topDown_ = nullptr;
    RooflineView* roofline_ = nullptr;
    QTabWidget* chartTabs_ = nullptr;
    EventTotalsModel* eventTotals_ = nullptr;
    MetricValuesModel* metricValues_ = nullptr;
    CopyableTableView* metricView_ = nullptr;
    CopyableTableView* eventView_ = nullptr;
    QLabel* eventCaption_ = nullptr;
    QLabel* metricCaption_ = nullptr;
};

} // namespace perfdash
