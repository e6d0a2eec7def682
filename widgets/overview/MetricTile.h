#pragma once
// One key figure of the overview: the metric's name, its value large with
// the unit, the coverage, a sparkline of the run with the phase boundaries
// marked, and a stripe in the colour of its threshold band. Its accessible
// name is the figure as text ("Page faults: 12,345 1/s"), so screen readers
// and tests read what the eye sees.
#include <QFrame>
#include <vector>

namespace perfdash {

class TimelineStore;

class MetricTile : public QFrame {
    Q_OBJECT
public:
    explicit MetricTile(QWidget* parent = nullptr);

    // band: the threshold's colour; invalid for none.
    void setFigure(const QString& name, const QString& value, const QString& unit, const QString& coverage,
                   const QColor& band);
    // The series to draw (store must outlive the tile), or none (series < 0).
    void setSparkline(const TimelineStore* store, int series, std::vector<double> boundaries);

    const std::vector<double>& boundaries() const { return boundaries_; }
    // The font of the value: bold at 1.8 times `text`, smaller (down to text's size) where `value`
    // would not fit `width` pixels.
    static QFont valueFont(const QFont& text, const QString& value, int width);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    bool hasValue() const;
    void drawSparkline(class QPainter& painter, const QRect& area) const;

    QString name_, value_, unit_, coverage_;
    QColor band_;
    const TimelineStore* store_ = nullptr;
    int series_ = -1;
    std::vector<double> boundaries_; // seconds since the start
};

} // namespace perfdash
