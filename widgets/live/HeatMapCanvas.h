#pragma once
// The picture of a per-CPU heat map: one row per CPU, one column per run of
// intervals (as many as the plot is wide, core/result/HeatMapGrid), the
// colour of a cell the highest value of its intervals on a colour-blind-safe
// scale (core/presentation/ColorScale), grey where there is no value, the
// window's colour where another CPU's row holds the value (a package unit
// read once per package: nothing failed there). Rows come in
// bands (socket, NUMA node) labelled on the left; a row's CPU is labelled
// where the rows are tall enough for text. Hovering a cell says its CPU, time
// span, value range and coverage; clicking it emits cellActivated.
#include <QImage>
#include <QWidget>
#include <optional>
#include <vector>

#include "core/presentation/ColorScale.h"
#include "core/result/HeatMapGrid.h"
#include "widgets/common/TimelineData.h"

namespace perfdash {

struct HeatMapRow {
    size_t series = 0; // index into TimelineData::series()
    QString label;     // "CPU 5"
    QString band;      // "Socket 0 · NUMA 0"; consecutive rows of one band are grouped
    std::optional<int> heldAt{}; // the CPU whose row holds this one's value (a package unit): no failure
};

class HeatMapCanvas : public QWidget {
    Q_OBJECT
public:
    HeatMapCanvas(const TimelineData& data, QWidget* parent = nullptr);

    void setRows(std::vector<HeatMapRow> rows);
    // The scale to colour with; without one (its file unreadable) every cell is grey and
    // the canvas says why.
    void setScale(std::optional<ColorScale> scale, QString problem);
    // Builds the cells again from the timeline, as many columns as the plot is wide.
    void refresh();

    const HeatMapGrid& grid() const { return grid_; }
    const std::vector<HeatMapRow>& rows() const { return rows_; }
    QRect plotRect() const;
    // The cell under a point of the widget, as {row, column}.
    std::optional<std::pair<size_t, size_t>> cellAt(QPoint point) const;
    // What hovering the cell shows.
    QString describeCell(size_t row, size_t column) const;
    // The colour a value gets in the current picture.
    QColor colorOf(double value) const;
    QRgb rgbOf(double value) const;

signals:
    // A click on a cell: its row's series and the time at the middle of its span.
    void cellActivated(size_t series, double time);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    int labelWidth() const;
    void paintLegend(QPainter& painter, const QRect& area) const;
    void paintAxis(QPainter& painter, const QRect& plot) const;
    void paintLabels(QPainter& painter, const QRect& plot) const;
    // Seconds since the run's start at the end of point `index`.
    double timeAt(size_t index) const;
    void updateScaleColours();

protected:
    void changeEvent(QEvent* event) override;

private:
    const TimelineData& data_;
    std::vector<HeatMapRow> rows_;
    std::optional<ColorScale> scale_;
    QString scaleProblem_;
    // The scale in kScaleSteps colours, looked up per cell (far finer than an
    // 8-bit channel tells apart); the last entry is the grey of "no value".
    std::vector<QRgb> colours_;
    int labelWidth_ = 0; // of rows_ in the current font
    HeatMapGrid grid_;
    QImage image_; // columns x rows, one pixel per cell
};

} // namespace perfdash
