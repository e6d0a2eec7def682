#include "widgets/common/TimelineChart.h"

#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "widgets/common/StatusColors.h"
#include "widgets/common/SeriesColours.h"

namespace perfdash {

namespace {
// Past this span the time axis reads h:mm:ss instead of seconds.
constexpr double kLongTimeAxisS = 600.0;
// How far (pixels) the pointer may be from a point for its tooltip.
constexpr double kTooltipReachPx = 14.0;
// At most this many points per line are looked at for one tooltip.
constexpr size_t kTooltipScanLimit = 4096;

QString wrapText(const QString& text, int maxChars) {
    QStringList out;
    for (const QString& paragraph : text.split(QLatin1Char('\n'))) {
        QString line;
        for (const QString& word : paragraph.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            if (!line.isEmpty() && line.size() + 1 + word.size() > maxChars) {
                out << line;
                line.clear();
            }
            line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + word;
        }
        out << line;
    }
    return out.join(QLatin1Char('\n'));
}
} // namespace

TimelineChart::TimelineChart(const TimelineData& data, ChartSpec spec, QWidget* parent)
    : QWidget(parent), data_(data), spec_(std::move(spec)) {
    buildPlot();
    applyColours();
    const TimelineStore& store = data_.store();
    if (store.size() > 0) setTimeRange(store.time(0) - store.duration(0), store.time(store.size() - 1));
}

QString TimelineChart::title() const {
    const QStringList names(spec_.names.begin(), spec_.names.end());
    const QString joined = names.size() > 3 ? tr("%1 and %n more", nullptr, static_cast<int>(names.size() - 2))
                                            .arg(QStringList(names.mid(0, 2)).join(QStringLiteral(", ")))
                                      : names.join(QStringLiteral(", "));
    return spec_.kind == SeriesKind::EventRate ? tr("Rate of %1").arg(joined) : joined;
}

void TimelineChart::buildPlot() {
    plot_ = new QCustomPlot(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(plot_);
    plot_->setMouseTracking(true);
    plot_->setNoAntialiasingOnDrag(true);
    plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    plot_->axisRect()->setRangeDrag(Qt::Horizontal);
    plot_->axisRect()->setRangeZoom(Qt::Horizontal);

    QFont titleFont = font();
    titleFont.setBold(true);
    plot_->plotLayout()->insertRow(0);
    titleElement_ = new QCPTextElement(plot_, title(), titleFont);
    plot_->plotLayout()->addElement(0, 0, titleElement_);
    plot_->axisRect()->insetLayout()->take(plot_->legend);
    plot_->plotLayout()->addElement(2, 0, plot_->legend);
    plot_->plotLayout()->setRowStretchFactor(0, 0.001);
    plot_->plotLayout()->setRowStretchFactor(2, 0.001);
    plot_->legend->setVisible(true);
    plot_->legend->setBorderPen(Qt::NoPen);
    plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);

    plot_->xAxis->setLabel(tr("Time [s]"));
    plot_->yAxis->setLabel(spec_.unit);

    for (size_t pos = 0; pos < spec_.series.size(); ++pos) {
        QCPGraph* graph = plot_->addGraph();
        graph->setName(legendLabel(pos));
        graphs_.push_back(graph);
    }
    hasHadValue_.assign(graphs_.size(), false);
    explanationItem_ = new QCPItemText(plot_);
    explanationItem_->position->setType(QCPItemPosition::ptAxisRectRatio);
    explanationItem_->position->setAxisRect(plot_->axisRect());
    explanationItem_->position->setCoords(0.5, 0.5);
    explanationItem_->setPositionAlignment(Qt::AlignCenter);
    explanationItem_->setTextAlignment(Qt::AlignCenter);
    explanationItem_->setPadding(QMargins(8, 6, 8, 6));
    explanationItem_->setVisible(false);

    connect(plot_->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, &TimelineChart::onTimeRangeChanged);
    connect(plot_, &QCustomPlot::legendClick, this, &TimelineChart::onLegendClick);
    connect(plot_, &QCustomPlot::mouseMove, this, &TimelineChart::onMouseMove);
    // Any replot (a resize, QCustomPlot's own interaction replots) draws data
    // reduced for the width it is drawn at.
    connect(plot_, &QCustomPlot::beforeReplot, this, [this] {
        if (plotColumns() != columnsUsed_) updateData(plotColumns());
    });
    connect(plot_, &QCustomPlot::afterReplot, this,
            [this] { margins_ = std::max(0, plot_->viewport().width() - plot_->axisRect()->width()); });
    updateLegendLayout();
}

QString TimelineChart::legendLabel(size_t position) const {
    const SeriesInfo& info = data_.series()[spec_.series[position]];
    const bool severalNames = spec_.names.size() > 1;
    if (info.location == kAggregateLocation) return severalNames ? info.name : data_.locationName(info);
    return severalNames ? tr("%1 · %2").arg(info.name, data_.locationName(info)) : data_.locationName(info);
}

void TimelineChart::applyColours() {
    const QPalette pal = palette();
    const QColor base = pal.color(QPalette::Base);
    const QColor text = pal.color(QPalette::Text);
    QColor gridColour = pal.color(QPalette::Mid);
    gridColour.setAlpha(110);
    plot_->setBackground(base);
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
        axis->setBasePen(QPen(text, 0));
        axis->setTickPen(QPen(text, 0));
        axis->setSubTickPen(QPen(text, 0));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(gridColour, 0, Qt::DotLine));
    }
    plot_->legend->setBrush(base);
    plot_->legend->setTextColor(text);
    titleElement_->setTextColor(text);
    explanationItem_->setColor(text);
    explanationItem_->setBrush(base);
    for (size_t pos = 0; pos < graphs_.size(); ++pos) styleGraph(pos);
}

void TimelineChart::styleGraph(size_t position) {
    const SeriesInfo& info = data_.series()[spec_.series[position]];
    const bool dark = isDarkPalette(palette());
    const auto nameIndex =
        static_cast<size_t>(std::find(spec_.names.begin(), spec_.names.end(), info.name) - spec_.names.begin());
    // One pixel wide: Qt draws those with its fast line stroker. A wider pen
    // turns a min/max zigzag of thousands of segments into one huge polygon
    // to fill, which costs seconds per replot.
    // Aggregate lines are told apart by colour; per-location lines take their
    // location's colour in every chart and differ by dash between metrics.
    const bool aggregate = info.location == kAggregateLocation;
    QPen pen(aggregate ? seriesColour(nameIndex, spec_.names.size(), dark)
                       : seriesColour(static_cast<size_t>(info.location), data_.locations().size(), dark),
             1);
    if (!aggregate) pen.setStyle(metricPenStyle(nameIndex));
    QCPGraph* graph = graphs_[position];
    graph->setPen(pen);
    if (QCPPlottableLegendItem* item = plot_->legend->itemWithPlottable(graph)) {
        const QPalette::ColorGroup group = graph->visible() ? QPalette::Active : QPalette::Disabled;
        item->setTextColor(palette().color(group, QPalette::Text));
    }
}

void TimelineChart::setTimeRange(double from, double to) {
    settingRange_ = true;
    plot_->xAxis->setRange(from, to);
    settingRange_ = false;
}

void TimelineChart::refresh(QCustomPlot::RefreshPriority priority) {
    updateData(plotColumns());
    plot_->replot(priority);
}

int TimelineChart::plotColumns() const {
    // The axis rect's width, also right after a resize (before the next layout).
    return std::max(64, plot_->width() - margins_);
}

void TimelineChart::updateData(int pixelColumns) {
    columnsUsed_ = pixelColumns;
    const TimelineStore& store = data_.store();
    const QCPRange range = plot_->xAxis->range();
    const TimeColumns columns = sliceTimeRange(store, range.lower, range.upper, pixelColumns);
    ValueRange visible;
    for (size_t pos = 0; pos < graphs_.size(); ++pos) {
        QCPGraph* graph = graphs_[pos];
        if (!graph->visible()) {
            graph->data()->clear();
            continue;
        }
        // A reduced line is a dense zigzag of near-vertical segments: smoothing
        // them changes nothing visible and costs most of a replot.
        graph->setAntialiased(columns.everyPoint);
        decimate(store, spec_.series[pos], columns, line_);
        points_.resize(static_cast<qsizetype>(line_.t.size()));
        for (size_t i = 0; i < line_.t.size(); ++i) {
            points_[static_cast<qsizetype>(i)] = QCPGraphData(line_.t[i], line_.v[i]);
            if (line_.t[i] >= range.lower && line_.t[i] <= range.upper) visible.include(line_.v[i]);
        }
        graph->data()->set(points_, true);
    }
    updateValueAxis(visible);
    updateTimeTicker();
    markNotAvailableLines();
    explanation_ = explain(visible);
    const int maxChars = std::max(30, plot_->axisRect()->width() / std::max(1, fontMetrics().averageCharWidth()) - 4);
    explanationItem_->setText(wrapText(explanation_, maxChars));
    explanationItem_->setVisible(!explanation_.isEmpty());
}

void TimelineChart::markNotAvailableLines() {
    const TimelineStore& store = data_.store();
    bool renamed = false;
    for (size_t pos = 0; pos < graphs_.size(); ++pos) {
        if (hasHadValue_[pos]) continue; // once it had one, it keeps its plain name
        hasHadValue_[pos] = !store.series(spec_.series[pos]).range(0, store.size()).empty();
        const QString name = hasHadValue_[pos] ? legendLabel(pos) : tr("%1 (n/a)").arg(legendLabel(pos));
        if (graphs_[pos]->name() == name) continue;
        graphs_[pos]->setName(name);
        renamed = true;
    }
    if (renamed) updateLegendLayout();
}

void TimelineChart::updateValueAxis(const ValueRange& visible) {
    if (visible.empty()) {
        plot_->yAxis->setRange(0, 1);
        plot_->yAxis->setTickLabels(false);
        return;
    }
    plot_->yAxis->setTickLabels(true);
    const double span = visible.max - visible.min;
    const double pad = span > 0 ? span * 0.06 : std::max(std::fabs(visible.max) * 0.05, 1e-9);
    // Values that cannot be negative (counts, rates) keep a floor at 0.
    const double lower = visible.min >= 0 ? std::max(0.0, visible.min - pad) : visible.min - pad;
    plot_->yAxis->setRange(lower, visible.max + pad);
}

void TimelineChart::updateTimeTicker() {
    const bool longAxis = plot_->xAxis->range().size() >= kLongTimeAxisS;
    if (longAxis == longTimeAxis_) return;
    longTimeAxis_ = longAxis;
    if (longAxis) {
        auto ticker = QSharedPointer<QCPAxisTickerTime>::create();
        ticker->setTimeFormat(QStringLiteral("%h:%m:%s"));
        plot_->xAxis->setTicker(ticker);
        plot_->xAxis->setLabel(tr("Time [h:mm:ss]"));
    } else {
        plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
        plot_->xAxis->setLabel(tr("Time [s]"));
    }
}

QString TimelineChart::explain(const ValueRange& visible) const {
    if (!visible.empty()) return {};
    const TimelineStore& store = data_.store();
    bool anyShown = false, anyValue = false;
    QStringList uncounted;
    for (size_t pos = 0; pos < graphs_.size(); ++pos) {
        if (!graphs_[pos]->visible()) continue;
        anyShown = true;
        const size_t series = spec_.series[pos];
        if (!store.series(series).range(0, store.size()).empty()) anyValue = true;
        for (const QString& input : data_.uncountedInputs(data_.series()[series]))
            if (!uncounted.contains(input)) uncounted << input;
    }
    if (!anyShown) return tr("All lines are hidden: click an entry in the legend to show it again.");
    if (store.size() == 0) return tr("No intervals yet.");
    if (anyValue) return tr("No values in the visible time range: zoom out, or turn on Follow live.");
    if (!uncounted.isEmpty()) return tr("These events could not be counted here:\n%1").arg(uncounted.join('\n'));
    return tr("n/a in every interval so far: the formula had no value (for example a division by zero).");
}

void TimelineChart::setSeriesVisible(size_t series, bool visible) {
    QCPGraph* graph = graphOf(series);
    if (!graph || graph->visible() == visible) return;
    graph->setVisible(visible);
    styleGraph(static_cast<size_t>(std::find(graphs_.begin(), graphs_.end(), graph) - graphs_.begin()));
    refresh();
}

bool TimelineChart::isSeriesVisible(size_t series) const {
    const QCPGraph* graph = graphOf(series);
    return graph && graph->visible();
}

QCPGraph* TimelineChart::graphOf(size_t series) const {
    const auto it = std::find(spec_.series.begin(), spec_.series.end(), series);
    return it == spec_.series.end() ? nullptr : graphs_[static_cast<size_t>(it - spec_.series.begin())];
}

void TimelineChart::onLegendClick(QCPLegend*, QCPAbstractLegendItem* item, QMouseEvent*) {
    auto* plottableItem = qobject_cast<QCPPlottableLegendItem*>(item);
    if (!plottableItem) return;
    const auto it = std::find(graphs_.begin(), graphs_.end(), plottableItem->plottable());
    if (it == graphs_.end()) return;
    const size_t series = spec_.series[static_cast<size_t>(it - graphs_.begin())];
    const bool visible = !(*it)->visible();
    setSeriesVisible(series, visible);
    emit seriesVisibilityToggled(series, visible);
}

void TimelineChart::onTimeRangeChanged(const QCPRange& range) {
    if (settingRange_) return;
    // QCustomPlot replots right after its own zoom or pan: only the data is due.
    updateData(plotColumns());
    emit userChangedTimeRange(range.lower, range.upper);
}

QString TimelineChart::tooltipAt(const QPointF& pixel) const {
    if (!plot_->axisRect()->rect().contains(pixel.toPoint())) return {};
    const TimelineStore& store = data_.store();
    QCPAxis* x = plot_->xAxis;
    QCPAxis* y = plot_->yAxis;
    size_t begin = store.lowerBound(x->pixelToCoord(pixel.x() - kTooltipReachPx));
    size_t end = store.upperBound(x->pixelToCoord(pixel.x() + kTooltipReachPx), begin);
    // Sparse points (zoomed in): the neighbours either side are candidates too.
    if (begin > 0) --begin;
    if (end < store.size()) ++end;
    const size_t stride = std::max<size_t>(1, (end - begin) / kTooltipScanLimit);
    double best = kTooltipReachPx;
    size_t bestSeries = 0, bestIndex = 0;
    bool found = false;
    for (size_t pos = 0; pos < graphs_.size(); ++pos) {
        if (!graphs_[pos]->visible()) continue;
        const SeriesColumn& column = store.series(spec_.series[pos]);
        for (size_t i = begin; i < end; i += stride) {
            const double value = column.value(i);
            if (!std::isfinite(value)) continue;
            const double distance =
                std::hypot(x->coordToPixel(store.time(i)) - pixel.x(), y->coordToPixel(value) - pixel.y());
            if (distance <= best) {
                best = distance;
                bestSeries = spec_.series[pos];
                bestIndex = i;
                found = true;
            }
        }
    }
    return found ? data_.describePoint(bestSeries, bestIndex) : QString();
}

void TimelineChart::onMouseMove(QMouseEvent* event) {
    if (event->buttons() != Qt::NoButton) return; // panning
    const QString text = tooltipAt(event->position());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, plot_);
}

void TimelineChart::arrangeLegend(int width) {
    // A compact legend in as many columns as fit: 64 CPUs take a few rows, not a page.
    QCPLegend* legend = plot_->legend;
    const QFontMetrics metrics(legend->font());
    const int charWidth = metrics.averageCharWidth();
    // As tall as a line of text and a little more: QCustomPlot clips a legend
    // entry to its icon height or text height, and the text can draw lower.
    legend->setIconSize(charWidth * 4, metrics.height() + 2);
    legend->setIconTextPadding(charWidth);
    legend->setRowSpacing(0);
    legend->setColumnSpacing(charWidth * 3);
    int widest = 0;
    for (QCPGraph* graph : graphs_) widest = std::max(widest, metrics.horizontalAdvance(graph->name()));
    const int itemWidth = widest + legend->iconSize().width() + legend->iconTextPadding() + legend->columnSpacing();
    const QMargins margins = legend->margins();
    legend->setWrap(std::max(1, (width - margins.left() - margins.right()) / std::max(1, itemWidth)));
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
}

void TimelineChart::updateLegendLayout() {
    arrangeLegend(width());
    setMinimumHeight(fontMetrics().height() * 16 + plot_->legend->minimumOuterSizeHint().height());
}

void TimelineChart::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    updateLegendLayout();
}

void TimelineChart::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        applyColours();
        plot_->replot(QCustomPlot::rpQueuedReplot);
    }
}

void TimelineChart::render(QCPPainter& painter, const QSize& size) {
    updateData(std::max(64, size.width() - margins_));
    arrangeLegend(size.width());
    plot_->toPainter(&painter, size.width(), size.height());
    arrangeLegend(width());
    refresh();
}

} // namespace perfdash
