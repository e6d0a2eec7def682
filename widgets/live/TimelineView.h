#pragma once
// The live timeline: a column of TimelineCharts over one shared time axis,
// fed with interval batches (MeasurementController::intervalsArrived's shape,
// or a replayed session's intervals all at once). Batches only go into the
// store; drawing happens at most once per frame, however many batches came.
//
// "Follow live" keeps the newest intervals in view (the whole session, or a
// window of the last seconds); zooming or panning any chart (mouse wheel,
// drag, Ctrl++ / Ctrl+-) turns it off and moves every chart's time axis
// together; the Follow live action turns it back on. "Hot functions" asks
// for the functions of the range shown (the Hotspots page, where the run has
// samples).
#include <QTimer>
#include <QWidget>
#include <set>
#include <vector>

#include "widgets/common/ChartPlan.h"
#include "widgets/common/TimelineData.h"

class QAction;
class QComboBox;
class QLabel;
class QStackedWidget;
class QVBoxLayout;

namespace perfdash {

class TimelineChart;

class TimelineView : public QWidget {
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);

    // Clears the view for a new session counted at `locations`.
    void beginRun(std::vector<LocationInfo> locations);
    void appendIntervals(const std::vector<IntervalResult>& intervals);
    // The session is over; when it recorded no interval the view says why there is no timeline.
    void endRun();

    void setGrouping(ChartGrouping grouping);
    ChartGrouping grouping() const { return grouping_; }
    void setLocationMode(LocationMode mode);
    LocationMode locationMode() const { return mode_; }
    // One location's lines only (the heat map's clicked CPU): per-location
    // mode with every other location's series hidden; the legend shows them again.
    void focusLocation(int location);
    // Whether a series is hidden from its chart.
    bool seriesHidden(size_t series) const { return hiddenSeries_.count(series) > 0; }
    void setFollowLive(bool on);
    bool followLive() const { return followLive_; }
    // How much of the newest data Follow live shows; 0: the whole session.
    void setLiveWindow(double seconds);

    QAction* followLiveAction() const { return followAction_; }
    QAction* zoomInAction() const { return zoomInAction_; }
    QAction* zoomOutAction() const { return zoomOutAction_; }
    QAction* hotspotsAction() const { return hotspotsAction_; }

    const TimelineData& data() const { return data_; }
    const std::vector<TimelineChart*>& charts() const { return charts_; }
    double rangeFrom() const { return from_; }
    double rangeTo() const { return to_; }
    // What the view says while it has no chart; empty when it shows charts.
    QString placeholderText() const;
    // `text` where the charts are, until there are charts (a source without counts says why it has none).
    void setPlaceholder(const QString& text);
    // Draws pending changes now instead of at the next frame.
    void flush();

signals:
    void followLiveChanged(bool on);
    // "Hot functions of this range": the time range shown, seconds since the start of counting.
    void rangeChosen(double fromS, double toS);

private:
    void buildToolBar(QVBoxLayout* layout);
    void rebuildCharts();
    void scheduleFrame();
    void renderFrame();
    void applyRange(const TimelineChart* except);
    // origin: the chart the user zoomed or panned (it is up to date already), or none.
    void onUserRange(double from, double to, const TimelineChart* origin);
    void zoom(double factor);

    TimelineData data_;
    std::vector<TimelineChart*> charts_;
    std::set<size_t> hiddenSeries_;
    ChartGrouping grouping_ = ChartGrouping::ByUnit;
    LocationMode mode_ = LocationMode::Aggregate;
    bool followLive_ = true;
    double liveWindowS_ = 0;
    double from_ = 0, to_ = 1;
    QTimer frameTimer_; // single shot: batches arriving within one frame are drawn once

    QAction* followAction_ = nullptr;
    QAction* zoomInAction_ = nullptr;
    QAction* zoomOutAction_ = nullptr;
    QAction* hotspotsAction_ = nullptr;
    QComboBox* modeBox_ = nullptr;
    QComboBox* groupingBox_ = nullptr;
    QComboBox* windowBox_ = nullptr;
    QStackedWidget* pages_ = nullptr;
    QLabel* placeholder_ = nullptr;
    QWidget* chartColumn_ = nullptr;
    QVBoxLayout* chartLayout_ = nullptr;
};

} // namespace perfdash
