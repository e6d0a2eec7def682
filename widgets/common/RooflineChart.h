#pragma once
// The roofline drawn on screen: roofs (core/presentation/Roofline.h's
// geometry, the same the reports' SVG uses) on log-log axes, and a run's
// points: the whole run, marker regions, and the trail of intervals joined
// oldest to newest with the newest larger. Hovering a point or a roof says
// what it is. It only paints what it is given; RooflineView decides what.
#include <QWidget>
#include <vector>

#include "core/presentation/Roofline.h"
#include "core/presentation/RooflinePoints.h"

namespace perfdash {

class RooflineChart : public QWidget {
    Q_OBJECT
public:
    explicit RooflineChart(QWidget* parent = nullptr);

    void setRoofs(std::vector<Roof> roofs);
    // The points and the sources their indices refer to (for their names and tooltips).
    void setPoints(RooflineSources sources, std::vector<RooflinePoint> points);
    // Shown in the middle of the plot while there are neither roofs nor points.
    void setEmptyText(const QString& text);

    const std::vector<Roof>& roofs() const { return roofs_; }
    const std::vector<RooflinePoint>& points() const { return points_; }
    // The chart's plot area in widget coordinates and its scales (for tests and hit tests).
    LogScale xScale() const;
    LogScale yScale() const;
    // The text a hover at `pos` shows: a point's or a roof's; empty over nothing.
    QString describeAt(QPointF pos) const;

    QSize minimumSizeHint() const override { return {360, 260}; }
    QSize sizeHint() const override { return {640, 420}; }

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    void reframe();
    QRectF plotRect() const;

    std::vector<Roof> roofs_;
    RooflineSources sources_;
    std::vector<RooflinePoint> points_;
    RooflineFrame frame_;
    QString emptyText_;
};

// core's colour (the reports' too) as Qt's.
inline QColor qColour(Rgb c) { return QColor(c.r, c.g, c.b); }

} // namespace perfdash
