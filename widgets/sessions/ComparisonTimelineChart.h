#pragma once
// One row of a comparison (an event total or a metric) as two timelines
// overlaid on one time axis, seconds since each session's start: session A
// and session B, the legend naming each. Drawn by the live view's
// TimelineChart (zoom, pan, tooltips, export as on the Live page).
//
// The lines are the model's AlignedTimelines: at every interval end of
// either session, each line holds the value of its own session's interval
// covering that time (an event: its count in that interval), and it ends
// where its session ends.
#include <QWidget>

#include "widgets/common/TimelineData.h"

class QLabel;
class QScrollArea;
class QStackedWidget;

namespace perfdash {

class SessionComparisonModel;
class TimelineChart;

class ComparisonTimelineChart : public QWidget {
    Q_OBJECT
public:
    explicit ComparisonTimelineChart(QWidget* parent = nullptr);

    // Shows `row` of `model`; -1 shows the placeholder.
    void showRow(const SessionComparisonModel& model, int row);

    // The chart; null while the placeholder shows.
    TimelineChart* chart() const { return chart_; }
    const TimelineData& data() const { return data_; }
    QString placeholderText() const;

private:
    void setPlaceholder(const QString& text);

    TimelineData data_;
    TimelineChart* chart_ = nullptr;
    QStackedWidget* pages_;
    QLabel* placeholder_;
    QScrollArea* scroll_; // a short pane scrolls to the legend instead of cutting it off
};

} // namespace perfdash
