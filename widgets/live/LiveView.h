#pragma once
// The live view of a measurement: the timeline charts (and, once the run is
// over, the run summary) beside tables of event totals and metric values.
// It is fed in MeasurementController's shapes, so a replayed session goes
// through exactly the same path:
//
//   LiveView view;
//   view.attach(&controller);   // started / intervalsArrived / finished
//   view.attach(&replay);       // a ReplayController: the same signals
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
class MachineContext;
class MetricValuesModel;
class RunSummaryChart;
class TimelineView;
class TopDownView;

class LiveView : public QWidget {
    Q_OBJECT
public:
    explicit LiveView(QWidget* parent = nullptr);

    // Shows every run the source emits from now on: a MeasurementController's
    // measurements or a ReplayController's replays, which share these signals
    // and say at started() which locations() they count.
    template <class RunSource>
    void attach(RunSource* source) {
        connect(source, &RunSource::started, this, [this, source] {
            // A saved session says where its CPUs were; a measurement runs on this machine.
            if constexpr (requires { source->result(); })
                beginSession(source->locations(), cpuPlaces(source->result().machine));
            else
                beginSession(source->locations(), cpuPlacesHere(source->machine()));
        });
        connect(source, &RunSource::intervalsArrived, this, &LiveView::appendIntervals);
        connect(source, &RunSource::finished, this, &LiveView::finishSession);
    }

    // places: where each CPU sits (socket, NUMA node), for the heat map's rows.
    void beginSession(const std::vector<LocationInfo>& locations, std::map<int, CpuPlace> places = {});
    void appendIntervals(const std::vector<IntervalResult>& intervals);
    void finishSession(const MeasurementResult& result);

    TimelineView* timeline() const { return timeline_; }
    RunSummaryChart* summary() const { return summary_; }
    HeatMapView* heatMap() const { return heatMap_; }
    TopDownView* topDown() const { return topDown_; }
    QTabWidget* chartTabs() const { return chartTabs_; }
    EventTotalsModel* eventTotals() const { return eventTotals_; }
    MetricValuesModel* metricValues() const { return metricValues_; }

private:
    QWidget* tablePage(CopyableTableView* view, QLabel* caption);
    static std::map<int, CpuPlace> cpuPlacesHere(MachineContext& machine);
    // A heat map cell was clicked: that CPU's lines in the timeline.
    void showCpu(int location);
    void updateCaptions();

    TimelineView* timeline_ = nullptr;
    RunSummaryChart* summary_ = nullptr;
    HeatMapView* heatMap_ = nullptr;
    TopDownView* topDown_ = nullptr;
    QTabWidget* chartTabs_ = nullptr;
    EventTotalsModel* eventTotals_ = nullptr;
    MetricValuesModel* metricValues_ = nullptr;
    CopyableTableView* metricView_ = nullptr;
    CopyableTableView* eventView_ = nullptr;
    QLabel* eventCaption_ = nullptr;
    QLabel* metricCaption_ = nullptr;
};

} // namespace perfdash
