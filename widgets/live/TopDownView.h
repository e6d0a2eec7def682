#pragma once
// The top-down view of a session with a top-down group (TMA): its level-1
// categories stacked over time, and below, the drill-down of a span of the
// run (the whole run until the user drags across the chart), level 1 to
// level 2 with the thresholds marked, for all CPUs together or one location.
// A session without such a group gets a message saying which group to add
// and whether this machine can count it. It draws from the Live page's
// TimelineData, live and in replay alike, at most a few times a second.
#include <QTimer>
#include <QWidget>
#include <optional>
#include <vector>

#include "widgets/common/TimelineData.h"

class QComboBox;
class QLabel;
class QPushButton;
class QStackedWidget;

namespace perfdash {

class TopDownBars;
class TopDownModel;
class TopDownTimeline;

// What the view advises for a session without a top-down group: this machine's top-down group, if any.
struct TopDownAdvice {
    bool known = false;     // false until the machine's capabilities are checked
    QString group;          // "TMA"; empty: this CPU's architecture has none
    QString arch;           // "zen4"; empty: not identified
    bool countable = false; // whether this machine can count it
    QString why;            // why not (no hardware PMU: ...), empty when it can
};

class TopDownView : public QWidget {
    Q_OBJECT
public:
    TopDownView(const TimelineData& data, QWidget* parent = nullptr);

    void setAdvice(TopDownAdvice advice);
    // A new session (the timeline was reset for it).
    void beginRun();
    // The timeline has new intervals.
    void timelineGrew();
    // The whole run's figures: the whole-run breakdown uses them, exactly as the reports do.
    void showResult(const MeasurementResult& result);
    // Draws pending changes now instead of at the next frame.
    void flush();

    // The span to break down, in seconds of the run; from >= to: the whole run.
    void selectSpan(double from, double to);
    // kAggregateLocation (all together) or an index into the timeline's locations.
    void selectLocation(int location);

    TopDownModel* model() const { return model_; }
    TopDownTimeline* timeline() const { return chart_; }
    TopDownBars* bars() const { return bars_; }
    QComboBox* locationBox() const { return locationBox_; }
    // The span broken down: from >= to for the whole run.
    std::pair<double, double> span() const { return {from_, to_}; }
    // "Whole run" or "3.0 s to 7.5 s", with the location.
    QString spanText() const;
    // What the view says while it shows no breakdown; empty when it shows one.
    QString placeholderText() const;
    // `text` where the breakdown is, until the next run's first interval.
    void setPlaceholder(const QString& text);
    QPushButton* whereButton() const { return where_; }

signals:
    // "Where?": which functions the top-down group's figures come from.
    void whereRequested(const QString& group);

private:
    void renderFrame();
    void defineRun();
    void updateValues();
    // The series of each metric of the group at the chosen location (-1: none).
    void findSeries();
    void accumulate(size_t begin, size_t end, std::vector<double>& sums, std::vector<double>& weights) const;
    static std::vector<double> means(const std::vector<double>& sums, const std::vector<double>& weights);

    const TimelineData& data_;
    TopDownAdvice advice_;
    std::optional<size_t> group_; // the top-down group's index in the timeline's groups
    std::optional<MeasurementResult> result_;
    int location_ = kAggregateLocation;
    std::vector<int> metricSeries_;
    double from_ = 0, to_ = 0;
    // The whole run's duration-weighted sums per metric, kept up to date as intervals come.
    std::vector<double> sums_, weights_;
    size_t summed_ = 0;

    TopDownModel* model_;
    QStackedWidget* pages_;
    QLabel* placeholder_;
    QComboBox* locationBox_;
    QLabel* spanLabel_;
    QPushButton* wholeRun_;
    QPushButton* where_;
    TopDownTimeline* chart_;
    TopDownBars* bars_;
    QTimer frameTimer_;
};

} // namespace perfdash
