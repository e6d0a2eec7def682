#pragma once
// The two pictures of the top-down view. TopDownTimeline: the level-1
// categories stacked over time (each column of the plot the duration-weighted
// mean of its intervals, so the stack reads as shares of the slots at any
// length of run; each point is binned once, as it comes); dragging across it chooses a span. TopDownBars: the
// drill-down of TopDownModel, a bar per category and, indented, per level-2
// metric, the threshold a tick across the bar, a bar past it outlined and
// said so. Colours follow the palette (widgets/common/SeriesColours, StatusColors).
#include <QWidget>
#include <vector>

#include "widgets/common/TimelineData.h"

namespace perfdash {

class TopDownModel;

class TopDownTimeline : public QWidget {
    Q_OBJECT
public:
    TopDownTimeline(const TimelineData& data, QWidget* parent = nullptr);

    // The series to stack, bottom first, with their names; none: an empty plot.
    void setSeries(std::vector<size_t> series, QStringList names);
    // Takes the timeline's new points and builds the columns again (as many as the plot is wide).
    void refresh();
    // The span shown as chosen; from >= to: none (the whole run).
    void setSelection(double from, double to);

    QRect plotRect() const;
    double timeAt(int x) const;
    int xOf(double t) const;
    // Each column's stacked values, bottom first; NaN where a column has no value.
    const std::vector<std::vector<double>>& columns() const { return columns_; }

signals:
    // The user dragged across the plot from one time to another.
    void spanChosen(double from, double to);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    struct Bin {
        double sum = 0, weight = 0; // of value x duration, and of duration
    };
    static constexpr size_t kMaxBins = 4096; // more than any plot is wide
    void binNewPoints();

    const TimelineData& data_;
    std::vector<size_t> series_;
    std::vector<Bin> bins_; // bin-major: bins_[bin * series + s]
    double binWidth_ = 1;
    size_t binned_ = 0; // points of the store already in bins_
    QStringList names_;
    std::vector<std::vector<double>> columns_;
    double t0_ = 0, t1_ = 1;
    double from_ = 0, to_ = 0;
    int dragFrom_ = -1, dragTo_ = -1;
};

class TopDownBars : public QWidget {
    Q_OBJECT
public:
    TopDownBars(const TopDownModel& model, QWidget* parent = nullptr);
    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void modelChanged();
    const TopDownModel& model_;
};

} // namespace perfdash
