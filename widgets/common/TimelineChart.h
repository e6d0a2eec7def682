#pragma once
// One timeline chart (QCustomPlot): the series of one ChartSpec over a time
// range, reduced to the plot's width (Decimation.h) every time the data or
// the range changes. Mouse wheel zooms and dragging pans the time axis only;
// a click on a legend entry hides or shows its line; hovering shows the
// nearest point's value, unit and multiplex coverage. A chart with nothing to
// draw says why, inside the plot (so exports say it too).
#include <QVector>
#include <QWidget>
#include <qcustomplot.h>
#include <vector>

#include "widgets/common/ChartPlan.h"
#include "core/result/Decimation.h"

namespace perfdash {

class TimelineChart : public QWidget {
    Q_OBJECT
public:
    // `data` must outlive the chart.
    TimelineChart(const TimelineData& data, ChartSpec spec, QWidget* parent = nullptr);

    const ChartSpec& spec() const { return spec_; }
    QCustomPlot* plot() const { return plot_; }
    QString title() const;

    // Shows [from, to] seconds. Not a user action: userChangedTimeRange is not emitted.
    void setTimeRange(double from, double to);
    // Re-reads the visible range from the store (new intervals, new range,
    // resize) and replots with `priority`.
    void refresh(QCustomPlot::RefreshPriority priority = QCustomPlot::rpQueuedReplot);

    void setSeriesVisible(size_t series, bool visible);
    bool isSeriesVisible(size_t series) const;
    QCPGraph* graphOf(size_t series) const;

    // Why the chart draws no line; empty while it draws one.
    QString emptyExplanation() const { return explanation_; }
    // Tooltip for the point nearest to `pixel` (plot coordinates); empty when none is near.
    QString tooltipAt(const QPointF& pixel) const;

    // Draws the chart at `size` (export), reduced for that width.
    void render(QCPPainter& painter, const QSize& size);

signals:
    // The user zoomed or panned the time axis.
    void userChangedTimeRange(double from, double to);
    void seriesVisibilityToggled(size_t series, bool visible);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void buildPlot();
    void applyColours();
    void styleGraph(size_t position);
    QString legendLabel(size_t position) const;
    void updateData(int pixelColumns);
    void updateValueAxis(const ValueRange& visible);
    void updateTimeTicker();
    // Legend entries of lines without any value so far say "(n/a)".
    void markNotAvailableLines();
    QString explain(const ValueRange& visible) const;
    void arrangeLegend(int width);
    // Legend columns for the chart's width, and a minimum height that fits the legend.
    void updateLegendLayout();
    int plotColumns() const;
    void onTimeRangeChanged(const QCPRange& range);
    void onLegendClick(QCPLegend* legend, QCPAbstractLegendItem* item, QMouseEvent* event);
    void onMouseMove(QMouseEvent* event);

    const TimelineData& data_;
    ChartSpec spec_;
    QCustomPlot* plot_ = nullptr;
    QCPTextElement* titleElement_ = nullptr;
    QCPItemText* explanationItem_ = nullptr;
    std::vector<QCPGraph*> graphs_; // parallel to spec_.series
    std::vector<bool> hasHadValue_; // parallel to graphs_
    QString explanation_;
    bool settingRange_ = false;
    bool longTimeAxis_ = false;
    int columnsUsed_ = 0;
    int margins_ = 80;   // plot width minus axis rect width at the last on-screen layout
    DecimatedLine line_; // reused buffers: a refresh allocates nothing in steady state
    QVector<QCPGraphData> points_;
};

} // namespace perfdash
