#include "widgets/live/TopDownCharts.h"

#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "widgets/common/StatusColors.h"
#include "widgets/common/SeriesColours.h"
#include "widgets/live/TopDownModel.h"

namespace perfdash {

namespace {
constexpr int kLegendHeight = 22;
} // namespace

TopDownTimeline::TopDownTimeline(const TimelineData& data, QWidget* parent) : QWidget(parent), data_(data) {
    setMinimumHeight(160);
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
    setCursor(Qt::CrossCursor);
    setAccessibleName(tr("Level-1 categories stacked over time"));
    setToolTip(tr("Drag across the chart to break down that span of the run"));
}

void TopDownTimeline::setSeries(std::vector<size_t> series, QStringList names) {
    series_ = std::move(series);
    names_ = std::move(names);
    bins_.clear();
    binned_ = 0;
    refresh();
}

QRect TopDownTimeline::plotRect() const {
    const QFontMetrics fm(font());
    const int left = fm.horizontalAdvance(QStringLiteral("100 %")) + 12;
    return QRect(left, kLegendHeight + 6, std::max(10, width() - left - 12),
                 std::max(10, height() - kLegendHeight - 6 - fm.height() - 8));
}

double TopDownTimeline::timeAt(int x) const {
    const QRect plot = plotRect();
    return t0_ + (t1_ - t0_) * double(std::clamp(x, plot.left(), plot.right()) - plot.left()) / double(plot.width());
}

int TopDownTimeline::xOf(double t) const {
    const QRect plot = plotRect();
    return plot.left() + int(std::lround((t - t0_) / (t1_ - t0_) * plot.width()));
}

// The points are summed into bins of time as they come (each point once, so
// a frame costs the same one minute or one hour into a run); when the bins
// would outnumber kMaxBins, neighbours merge and the bins double in width.
// The columns are then made from the bins: the duration-weighted mean of
// the points whose middle falls in each column.
void TopDownTimeline::binNewPoints() {
    const TimelineStore& store = data_.store();
    const size_t n = store.size(), k = series_.size();
    if (binned_ == 0 && n) {
        t0_ = store.time(0) - store.duration(0);
        binWidth_ = std::max(store.duration(0), 1e-6);
        bins_.clear();
    }
    for (size_t i = binned_; i < n; ++i) {
        const double mid = store.time(i) - store.duration(i) / 2;
        size_t bin = size_t(std::max(0.0, (mid - t0_) / binWidth_));
        while (bin >= kMaxBins) {
            for (size_t b = 0; b < bins_.size() / k; b += 2)
                for (size_t s = 0; s < k; ++s) {
                    Bin merged = bins_[b * k + s];
                    if ((b + 1) * k + s < bins_.size()) {
                        merged.sum += bins_[(b + 1) * k + s].sum;
                        merged.weight += bins_[(b + 1) * k + s].weight;
                    }
                    bins_[b / 2 * k + s] = merged;
                }
            bins_.resize((bins_.size() / k + 1) / 2 * k);
            binWidth_ *= 2;
            bin = size_t(std::max(0.0, (mid - t0_) / binWidth_));
        }
        if (bins_.size() < (bin + 1) * k) bins_.resize((bin + 1) * k);
        for (size_t s = 0; s < k; ++s)
            if (const double v = store.series(series_[s]).value(i); std::isfinite(v)) {
                bins_[bin * k + s].sum += v * store.duration(i);
                bins_[bin * k + s].weight += store.duration(i);
            }
    }
    binned_ = n;
}

void TopDownTimeline::refresh() {
    const TimelineStore& store = data_.store();
    const size_t n = store.size(), k = series_.size();
    columns_.clear();
    if (n && k) {
        binNewPoints();
        t1_ = store.time(n - 1);
        if (!(t1_ > t0_)) t1_ = t0_ + 1;
        const size_t width = size_t(plotRect().width()), bins = bins_.size() / k;
        std::vector<Bin> cells(width * k);
        const double scale = double(width) / (t1_ - t0_);
        if (binWidth_ * scale >= 1) {
            // Bins wider than a column (a short run): each column shows the bin under its middle.
            for (size_t c = 0; c < width; ++c) {
                const size_t b = size_t((double(c) + 0.5) / scale / binWidth_);
                if (b < bins) std::copy_n(bins_.begin() + long(b * k), k, cells.begin() + long(c * k));
            }
        } else {
            // Narrower: each column sums the bins whose middle falls in it.
            for (size_t b = 0; b < bins; ++b) {
                const double mid = (double(b) + 0.5) * binWidth_;
                const size_t c = std::min(width - 1, size_t(mid * scale));
                for (size_t s = 0; s < k; ++s) {
                    cells[c * k + s].sum += bins_[b * k + s].sum;
                    cells[c * k + s].weight += bins_[b * k + s].weight;
                }
            }
        }
        columns_.assign(width, std::vector<double>(k));
        for (size_t c = 0; c < width; ++c)
            for (size_t s = 0; s < k; ++s)
                columns_[c][s] = cells[c * k + s].weight > 0 ? cells[c * k + s].sum / cells[c * k + s].weight : std::nan("");
    }
    update();
}

void TopDownTimeline::setSelection(double from, double to) {
    from_ = from;
    to_ = to;
    update();
}

void TopDownTimeline::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    refresh();
}

void TopDownTimeline::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    const QRect plot = plotRect();
    const bool dark = isDarkPalette(palette());
    const QColor text = palette().color(QPalette::WindowText);
    const QFontMetrics fm(font());
    // Legend: a swatch and a name per category, bottom of the stack first.
    int x = plot.left();
    for (int s = 0; s < names_.size(); ++s) {
        painter.fillRect(QRect(x, 6, 12, 12), seriesColour(size_t(s), size_t(names_.size()), dark));
        painter.setPen(text);
        painter.drawText(x + 16, 6 + fm.ascent() - 1, names_[s]);
        x += 16 + fm.horizontalAdvance(names_[s]) + 14;
    }
    // Shares of the slots: 0-100 % (more only when a column's shares add up to more).
    double top = 100;
    for (const auto& column : columns_) {
        double sum = 0;
        for (double v : column) sum += std::isfinite(v) ? std::max(0.0, v) : 0;
        top = std::max(top, sum);
    }
    const QColor grid = palette().color(QPalette::Mid);
    painter.setPen(grid);
    for (int pct = 0; pct <= 100; pct += 25) {
        const int y = plot.bottom() - int(std::lround(pct / top * plot.height()));
        painter.drawLine(plot.left(), y, plot.right(), y);
        painter.setPen(text);
        painter.drawText(QRect(0, y - fm.height() / 2, plot.left() - 6, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
                         QStringLiteral("%1 %").arg(pct));
        painter.setPen(grid);
    }
    for (size_t c = 0; c < columns_.size(); ++c) {
        double base = 0;
        for (size_t s = 0; s < columns_[c].size(); ++s) {
            const double v = columns_[c][s];
            if (!std::isfinite(v) || v <= 0) continue;
            const int y0 = plot.bottom() - int(std::lround(base / top * plot.height()));
            base += v;
            const int y1 = plot.bottom() - int(std::lround(base / top * plot.height()));
            painter.fillRect(QRect(plot.left() + int(c), y1, 1, std::max(1, y0 - y1)),
                             seriesColour(s, columns_[c].size(), dark));
        }
    }
    // The chosen span: shaded, with its edges; while dragging, the span being chosen.
    const bool dragging = dragFrom_ >= 0 && dragTo_ >= 0;
    if (dragging || from_ < to_) {
        const int a = dragging ? std::min(dragFrom_, dragTo_) : xOf(from_);
        const int b = dragging ? std::max(dragFrom_, dragTo_) : xOf(to_);
        QColor shade = palette().color(QPalette::Highlight);
        shade.setAlpha(70);
        painter.fillRect(QRect(a, plot.top(), std::max(1, b - a), plot.height()), shade);
        painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
        painter.drawLine(a, plot.top(), a, plot.bottom());
        painter.drawLine(b, plot.top(), b, plot.bottom());
    }
    painter.setPen(grid);
    painter.drawRect(plot.adjusted(0, 0, -1, -1));
    painter.setPen(text);
    const QLocale locale;
    const int baseline = plot.bottom() + fm.height() + 2;
    painter.drawText(plot.left(), baseline, locale.toString(t0_, 'f', 1) + QStringLiteral(" s"));
    const QString end = locale.toString(t1_, 'f', 1) + QStringLiteral(" s");
    painter.drawText(plot.right() - fm.horizontalAdvance(end), baseline, end);
    if (columns_.empty()) painter.drawText(plot, Qt::AlignCenter, tr("No intervals yet"));
}

void TopDownTimeline::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || columns_.empty()) return;
    dragFrom_ = dragTo_ = std::clamp(event->position().toPoint().x(), plotRect().left(), plotRect().right());
    update();
}

void TopDownTimeline::mouseMoveEvent(QMouseEvent* event) {
    if (dragFrom_ < 0) return;
    dragTo_ = std::clamp(event->position().toPoint().x(), plotRect().left(), plotRect().right());
    update();
}

void TopDownTimeline::mouseReleaseEvent(QMouseEvent* event) {
    if (dragFrom_ < 0 || event->button() != Qt::LeftButton) return;
    dragTo_ = std::clamp(event->position().toPoint().x(), plotRect().left(), plotRect().right());
    const int a = std::min(dragFrom_, dragTo_), b = std::max(dragFrom_, dragTo_);
    dragFrom_ = dragTo_ = -1;
    update();
    // A click is no span: it would break down a sliver of one interval.
    if (b - a >= 3) emit spanChosen(timeAt(a), timeAt(b));
}

TopDownBars::TopDownBars(const TopDownModel& model, QWidget* parent) : QWidget(parent), model_(model) {
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
    connect(&model_, &QAbstractItemModel::modelReset, this, &TopDownBars::modelChanged);
    connect(&model_, &QAbstractItemModel::dataChanged, this, &TopDownBars::modelChanged);
    modelChanged();
}

void TopDownBars::modelChanged() {
    QStringList lines;
    for (const TopDownBar& bar : model_.bars()) lines << model_.describe(bar);
    setAccessibleName(lines.join(QStringLiteral("; ")));
    updateGeometry();
    update();
}

QSize TopDownBars::minimumSizeHint() const {
    const int rows = int(model_.bars().size());
    return {300, rows * (fontMetrics().height() + 6) + 2 * fontMetrics().height() + 14};
}

QSize TopDownBars::sizeHint() const { return {600, minimumSizeHint().height()}; }

void TopDownBars::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    const QFontMetrics fm(font());
    const bool dark = isDarkPalette(palette());
    const QColor text = palette().color(QPalette::WindowText);
    const QColor marked = errorColor(palette());
    const auto& bars = model_.bars();
    int labelWidth = 0;
    for (const TopDownBar& bar : bars)
        labelWidth = std::max(labelWidth, fm.horizontalAdvance(model_.name(bar.metric)) + (bar.level > 1 ? 16 : 0));
    const int pitch = fm.height() + 6;
    const int left = labelWidth + 20;
    const int valueRoom = fm.horizontalAdvance(QStringLiteral("100.0 %  past > 10 & parent")) + 12;
    const int right = std::max(left + 40, width() - valueRoom);
    auto xOf = [&](double pct) { return left + int(std::lround(std::clamp(pct, 0.0, 100.0) / 100 * (right - left))); };
    // Scale lines every 25 %.
    painter.setPen(palette().color(QPalette::Mid));
    const int bottom = 6 + pitch * int(bars.size());
    for (int pct = 0; pct <= 100; pct += 25) {
        painter.drawLine(xOf(pct), 4, xOf(pct), bottom);
        painter.drawText(QRect(xOf(pct) - 30, bottom + 2, 60, fm.height()), Qt::AlignCenter, QStringLiteral("%1 %").arg(pct));
    }
    painter.setPen(text);
    painter.drawText(QRect(8, bottom + fm.height() + 4, width() - 16, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                     tr("Share of the slots. A tick marks the threshold; a bar outlined in red is past it."));
    size_t category = 0, categories = model_.shape().size();
    for (size_t i = 0; i < bars.size(); ++i) {
        const TopDownBar& bar = bars[i];
        if (bar.level == 1 && i > 0) ++category;
        const int y = 6 + pitch * int(i);
        QFont font = painter.font();
        font.setBold(bar.level == 1);
        painter.setFont(font);
        painter.setPen(text);
        painter.drawText(QRect(8 + (bar.level > 1 ? 16 : 0), y, labelWidth, pitch - 4), Qt::AlignVCenter | Qt::AlignLeft,
                         model_.name(bar.metric));
        QColor fill = seriesColour(category, categories, dark);
        if (bar.level > 1) fill.setAlpha(140);
        int after = xOf(0) + 6;
        if (std::isfinite(bar.value)) {
            const QRect rect(xOf(0), y + 2, std::max(1, xOf(bar.value) - xOf(0)), pitch - 8);
            painter.fillRect(rect, fill);
            if (bar.marked) {
                painter.setPen(QPen(marked, 2));
                painter.drawRect(rect.adjusted(0, 0, -1, -1));
            }
            after = rect.right() + 6;
        }
        if (bar.threshold) {
            const int x = xOf(bar.threshold->value);
            painter.setPen(QPen(text, 2));
            painter.drawLine(x, y, x, y + pitch - 4);
            after = std::max(after, x + 6);
        }
        QString label = shareText(bar.value);
        if (bar.marked) label += tr("  past %1").arg(QString::fromStdString(thresholdText(*bar.threshold)));
        painter.setPen(bar.marked ? marked : text);
        painter.drawText(QRect(after, y, width() - after, pitch - 4), Qt::AlignVCenter | Qt::AlignLeft, label);
    }
}

} // namespace perfdash
