#include "widgets/live/HeatMapCanvas.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "core/presentation/NumberFormat.h"
#include "widgets/common/ValueText.h"

namespace perfdash {

namespace {
constexpr int kPad = 6;
constexpr int kLegendBar = 160; // the colour bar's width
constexpr int kMinTickGap = 90; // pixels between time labels
constexpr size_t kScaleSteps = 1024;

QString numberText(double value) { return QString::fromStdString(formatNumber(value)); }
} // namespace

HeatMapCanvas::HeatMapCanvas(const TimelineData& data, QWidget* parent) : QWidget(parent), data_(data) {
    setMouseTracking(true);
    setMinimumHeight(160);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    updateScaleColours();
}

void HeatMapCanvas::setRows(std::vector<HeatMapRow> rows) {
    rows_ = std::move(rows);
    labelWidth_ = labelWidth();
    refresh();
}

void HeatMapCanvas::setScale(std::optional<ColorScale> scale, QString problem) {
    scale_ = std::move(scale);
    scaleProblem_ = std::move(problem);
    updateScaleColours();
    refresh();
}

void HeatMapCanvas::updateScaleColours() {
    colours_.clear();
    if (scale_)
        for (size_t i = 0; i < kScaleSteps; ++i) {
            const Rgb c = scale_->at(double(i) / double(kScaleSteps - 1));
            colours_.push_back(qRgb(c.r, c.g, c.b));
        }
    colours_.push_back(palette().color(QPalette::Mid).rgb());
}

void HeatMapCanvas::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) labelWidth_ = labelWidth();
    if (event->type() == QEvent::PaletteChange) {
        updateScaleColours();
        refresh();
    }
}

double HeatMapCanvas::timeAt(size_t index) const { return data_.store().time(index); }

int HeatMapCanvas::labelWidth() const {
    const QFontMetrics fm(font());
    int rowsWidth = 0, bandsWidth = 0;
    QString band;
    bool severalBands = false;
    for (const HeatMapRow& row : rows_) {
        rowsWidth = std::max(rowsWidth, fm.horizontalAdvance(row.label));
        bandsWidth = std::max(bandsWidth, fm.horizontalAdvance(row.band));
        severalBands = severalBands || (!band.isNull() && row.band != band);
        band = row.band;
    }
    return rowsWidth + kPad + (severalBands ? bandsWidth + 2 * kPad : 0);
}

QRect HeatMapCanvas::plotRect() const {
    const QFontMetrics fm(font());
    const int top = 2 * fm.height();     // the legend
    const int bottom = fm.height() + kPad; // the time axis
    return QRect(QPoint(labelWidth_ + kPad, top), QPoint(width() - kPad - 1, height() - bottom - 1));
}

void HeatMapCanvas::refresh() {
    std::vector<size_t> seriesOfRows;
    for (const HeatMapRow& row : rows_) seriesOfRows.push_back(row.series);
    const size_t columns = size_t(std::max(1, plotRect().width()));
    grid_ = HeatMapGrid(data_.store(), std::move(seriesOfRows), 0, data_.store().size(), columns);

    image_ = QImage(int(grid_.columns()), int(grid_.rows()), QImage::Format_RGB32);
    // A CPU whose count is held at another CPU's row (a package unit) is not a missing value.
    const QRgb held = palette().color(QPalette::Window).rgb();
    for (size_t r = 0; r < grid_.rows(); ++r) {
        auto* line = reinterpret_cast<QRgb*>(image_.scanLine(int(r)));
        for (size_t c = 0; c < grid_.columns(); ++c) line[c] = rows_[r].heldAt ? held : rgbOf(grid_.cell(r, c).max);
    }
    update();
}

QRgb HeatMapCanvas::rgbOf(double value) const {
    const ValueRange& all = grid_.overall();
    if (colours_.size() < 2 || all.empty() || !std::isfinite(value)) return colours_.back();
    const double x = all.max > all.min ? (value - all.min) / (all.max - all.min) : 0.5;
    return colours_[size_t(std::lround(std::clamp(x, 0.0, 1.0) * double(kScaleSteps - 1)))];
}

QColor HeatMapCanvas::colorOf(double value) const { return QColor(rgbOf(value)); }

std::optional<std::pair<size_t, size_t>> HeatMapCanvas::cellAt(QPoint point) const {
    const QRect plot = plotRect();
    if (!plot.contains(point) || grid_.rows() == 0 || grid_.columns() == 0) return std::nullopt;
    const size_t row = std::min(grid_.rows() - 1, size_t(double(point.y() - plot.top()) * double(grid_.rows()) / plot.height()));
    const size_t column =
        std::min(grid_.columns() - 1, size_t(double(point.x() - plot.left()) * double(grid_.columns()) / plot.width()));
    return std::pair{row, column};
}

QString HeatMapCanvas::describeCell(size_t row, size_t column) const {
    const SeriesInfo& info = data_.series()[rows_[row].series];
    const size_t first = grid_.pointBegin(column), end = grid_.pointBegin(column + 1);
    const double from = timeAt(first) - data_.store().duration(first), to = timeAt(end - 1);
    QStringList lines;
    lines << tr("%1 — %2").arg(info.name, rows_[row].label);
    const QString count = end - first == 1 ? tr("1 interval") : tr("%1 intervals").arg(end - first);
    lines << tr("%1 – %2 s (%3)").arg(from, 0, 'f', 2).arg(to, 0, 'f', 2).arg(count);
    const ValueRange& cell = grid_.cell(row, column);
    const QString unit = info.unit.isEmpty() ? QString() : QLatin1Char(' ') + info.unit;
    if (rows_[row].heldAt)
        lines << heldElsewhereToolTip(*rows_[row].heldAt);
    else if (cell.empty())
        lines << tr("no value: not counted here, or an input of the formula has none");
    else if (cell.min == cell.max)
        lines << numberText(cell.max) + unit;
    else
        lines << tr("highest %1, lowest %2").arg(numberText(cell.max) + unit, numberText(cell.min) + unit);
    const double coverage = grid_.lowestCoverage(data_.store(), row, column);
    if (std::isfinite(coverage) && !rows_[row].heldAt)
        lines << tr("coverage: %1").arg(QString::fromStdString(formatCoverage(coverage)));
    return lines.join(QLatin1Char('\n'));
}

void HeatMapCanvas::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    const QRect plot = plotRect();
    const QFontMetrics fm(font());
    paintLegend(painter, QRect(plot.left(), 0, plot.width(), 2 * fm.height()));
    if (grid_.rows() == 0 || grid_.columns() == 0) return;
    painter.drawImage(plot, image_); // one pixel per cell, scaled without smoothing: cells keep sharp edges
    paintLabels(painter, plot);
    paintAxis(painter, plot);
}

void HeatMapCanvas::paintLegend(QPainter& painter, const QRect& area) const {
    const QFontMetrics fm(font());
    const int y = area.top() + (area.height() - fm.height()) / 2;
    if (!scale_) {
        painter.drawText(area, Qt::AlignLeft | Qt::AlignVCenter, scaleProblem_);
        return;
    }
    const ValueRange& all = grid_.overall();
    QString unit;
    if (!rows_.empty()) unit = data_.series()[rows_.front().series].unit;
    const QString low = all.empty() ? tr("n/a") : numberText(all.min);
    const QString high = (all.empty() ? tr("n/a") : numberText(all.max)) + (unit.isEmpty() ? QString() : QLatin1Char(' ') + unit);
    int x = area.left();
    painter.drawText(QRect(x, y, fm.horizontalAdvance(low), fm.height()), Qt::AlignVCenter, low);
    x += fm.horizontalAdvance(low) + kPad;
    for (int i = 0; i < kLegendBar; ++i) {
        const Rgb c = scale_->at(double(i) / (kLegendBar - 1));
        painter.fillRect(QRect(x + i, y + 2, 1, fm.height() - 4), QColor(c.r, c.g, c.b));
    }
    x += kLegendBar + kPad;
    QString rest = tr("%1   · each cell: its intervals' highest value · grey: no value").arg(high);
    if (std::any_of(rows_.begin(), rows_.end(), [](const HeatMapRow& row) { return row.heldAt.has_value(); }))
        rest += tr(" · blank: in another CPU's row");
    painter.drawText(QRect(x, y, area.right() - x, fm.height()), Qt::AlignVCenter,
                     fm.elidedText(rest, Qt::ElideRight, area.right() - x));
}

void HeatMapCanvas::paintLabels(QPainter& painter, const QRect& plot) const {
    const QFontMetrics fm(font());
    const double rowHeight = double(plot.height()) / double(grid_.rows());
    // Label every k-th row so that labels never overlap.
    const size_t every = size_t(std::ceil(double(fm.height()) / std::max(rowHeight, 1e-9)));
    const int rowLabelRight = plot.left() - kPad;
    int rowsWidth = 0;
    for (const HeatMapRow& row : rows_) rowsWidth = std::max(rowsWidth, fm.horizontalAdvance(row.label));
    const int rowLabelLeft = rowLabelRight - rowsWidth;
    size_t bandStart = 0;
    for (size_t r = 0; r <= grid_.rows(); ++r) {
        const bool bandEnds = r == grid_.rows() || rows_[r].band != rows_[bandStart].band;
        if (bandEnds) {
            const int top = plot.top() + int(std::lround(double(bandStart) * rowHeight));
            const bool severalBands = bandStart > 0 || r < grid_.rows();
            if (severalBands) {
                painter.drawText(QRect(0, top, rowLabelLeft - kPad, fm.height()), Qt::AlignRight | Qt::AlignTop,
                                 fm.elidedText(rows_[bandStart].band, Qt::ElideRight, rowLabelLeft - kPad));
                if (bandStart > 0) {
                    painter.setPen(palette().color(QPalette::WindowText));
                    painter.drawLine(0, top, plot.right(), top);
                }
            }
            bandStart = r;
        }
        if (r < grid_.rows() && r % every == 0) {
            const int top = plot.top() + int(std::lround((double(r) + 0.5) * rowHeight)) - fm.height() / 2;
            painter.drawText(QRect(rowLabelLeft, top, rowsWidth, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
                             rows_[r].label);
        }
    }
}

void HeatMapCanvas::paintAxis(QPainter& painter, const QRect& plot) const {
    const QFontMetrics fm(font());
    const size_t last = grid_.pointBegin(grid_.columns()) - 1;
    // Columns split intervals of one length evenly, so time runs linearly across the plot.
    const double from = timeAt(0) - data_.store().duration(0), to = timeAt(last);
    const int ticks = std::max(1, plot.width() / kMinTickGap);
    const double step = (to - from) / ticks;
    // Enough decimals that neighbouring labels differ.
    const int decimals = step > 0 ? std::clamp(int(std::ceil(-std::log10(step))) + 1, 0, 3) : 1;
    const int y = plot.bottom() + kPad / 2;
    for (int t = 0; t <= ticks; ++t) {
        const int x = plot.left() + int(double(t) / ticks * plot.width());
        const QString text = tr("%1 s").arg(from + step * t, 0, 'f', decimals);
        const int w = fm.horizontalAdvance(text);
        const int left = std::clamp(x - w / 2, plot.left(), plot.right() - w);
        painter.drawLine(x, plot.bottom(), x, y);
        painter.drawText(QRect(left, y, w, fm.height()), Qt::AlignCenter, text);
    }
}

void HeatMapCanvas::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    refresh();
}

bool HeatMapCanvas::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        if (const auto cell = cellAt(help->pos()))
            QToolTip::showText(help->globalPos(), describeCell(cell->first, cell->second), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void HeatMapCanvas::mouseMoveEvent(QMouseEvent* event) {
    setCursor(cellAt(event->position().toPoint()) ? Qt::PointingHandCursor : Qt::ArrowCursor);
    QWidget::mouseMoveEvent(event);
}

void HeatMapCanvas::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton)
        if (const auto cell = cellAt(event->position().toPoint())) {
            const size_t first = grid_.pointBegin(cell->second), end = grid_.pointBegin(cell->second + 1);
            const double from = timeAt(first) - data_.store().duration(first), to = timeAt(end - 1);
            emit cellActivated(rows_[cell->first].series, (from + to) / 2);
            return;
        }
    QWidget::mousePressEvent(event);
}

} // namespace perfdash
