#include "widgets/overview/MetricTile.h"

#include <QPainter>
#include <QLineF>
#include <cmath>
#include <vector>

#include "core/presentation/NumberFormat.h"
#include "core/result/Decimation.h"
#include "core/result/TimelineStore.h"

namespace perfdash {

namespace {
constexpr int kMargin = 10;
constexpr int kStripe = 5;
constexpr int kSparklineHeight = 34;
} // namespace

MetricTile::MetricTile(QWidget* parent) : QFrame(parent) {
    setFrameShape(QFrame::StyledPanel);
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
    setFocusPolicy(Qt::TabFocus); // screen readers reach every figure
}

void MetricTile::setFigure(const QString& name, const QString& value, const QString& unit, const QString& coverage,
                           const QColor& band) {
    name_ = name;
    value_ = value;
    unit_ = unit;
    coverage_ = coverage;
    band_ = band;
    // "n/a s" would read as if there were a number of seconds: no unit without a value.
    setAccessibleName(unit.isEmpty() || !hasValue() ? QStringLiteral("%1: %2").arg(name, value)
                                                    : QStringLiteral("%1: %2 %3").arg(name, value, unit));
    setAccessibleDescription(coverage);
    update();
}

bool MetricTile::hasValue() const { return value_ != QLatin1String(kNotAvailableText); }

void MetricTile::setSparkline(const TimelineStore* store, int series, std::vector<double> boundaries) {
    store_ = store;
    series_ = series;
    boundaries_ = std::move(boundaries);
    update();
}

QSize MetricTile::minimumSizeHint() const {
    const QFontMetrics fm(font());
    return {12 * fm.averageCharWidth() + 2 * kMargin, 3 * fm.height() + 2 * fm.height() + kSparklineHeight + 2 * kMargin};
}

QSize MetricTile::sizeHint() const { return {260, minimumSizeHint().height()}; }

QFont MetricTile::valueFont(const QFont& text, const QString& value, int width) {
    QFont big = text;
    big.setBold(true);
    // Smaller rather than cut: a narrow tile (1280x800, four across) still shows every digit.
    for (int tenths = 18; tenths >= 10; --tenths) {
        big.setPointSizeF(text.pointSizeF() * tenths / 10.0);
        if (QFontMetrics(big).horizontalAdvance(value) <= width) break;
    }
    return big;
}

void MetricTile::paintEvent(QPaintEvent* event) {
    QFrame::paintEvent(event);
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QRect inner = contentsRect().adjusted(kMargin, kMargin / 2, -kMargin / 2, -kMargin / 2);
    if (band_.isValid()) painter.fillRect(QRect(contentsRect().left(), contentsRect().top(), kStripe, contentsRect().height()), band_);

    QFont small = font();
    const QFontMetrics smallMetrics(small);
    // Every tile keeps the row of a full-size value, so the tiles line up.
    const int valueRow = QFontMetrics(valueFont(font(), QString(), inner.width())).height();
    const QFont big = valueFont(font(), value_, inner.width());
    const QFontMetrics bigMetrics(big);

    int y = inner.top();
    painter.setPen(palette().color(QPalette::Text));
    painter.setFont(small);
    painter.drawText(QRect(inner.left(), y, inner.width(), smallMetrics.height()), Qt::AlignLeft | Qt::AlignVCenter,
                     smallMetrics.elidedText(name_, Qt::ElideRight, inner.width()));
    y += smallMetrics.height() + 2;

    painter.setFont(big);
    painter.setPen(band_.isValid() ? band_ : palette().color(QPalette::Text));
    const int valueWidth = std::min(bigMetrics.horizontalAdvance(value_), inner.width());
    painter.drawText(QRect(inner.left(), y, valueWidth, valueRow), Qt::AlignLeft | Qt::AlignVCenter,
                     bigMetrics.elidedText(value_, Qt::ElideRight, inner.width()));
    painter.setFont(small);
    painter.setPen(palette().color(QPalette::PlaceholderText));
    const int unitLeft = inner.left() + valueWidth + smallMetrics.averageCharWidth();
    if (hasValue())
        painter.drawText(QRect(unitLeft, y, inner.right() - unitLeft, valueRow),
                         Qt::AlignLeft | Qt::AlignBottom,
                         smallMetrics.elidedText(unit_, Qt::ElideRight, std::max(0, inner.right() - unitLeft)));
    y += valueRow;
    painter.drawText(QRect(inner.left(), y, inner.width(), smallMetrics.height()), Qt::AlignLeft | Qt::AlignVCenter,
                     smallMetrics.elidedText(coverage_, Qt::ElideRight, inner.width()));
    y += smallMetrics.height() + 4;
    drawSparkline(painter, QRect(inner.left(), y, inner.width(), std::max(8, inner.bottom() - y)));
}

void MetricTile::drawSparkline(QPainter& painter, const QRect& area) const {
    if (!store_ || series_ < 0 || store_->size() == 0) return;
    const double from = store_->time(0) - store_->duration(0), to = store_->time(store_->size() - 1);
    if (!(to > from)) return;
    const TimeColumns columns = sliceTimeRange(*store_, from, to, std::max(1, area.width()));
    DecimatedLine line;
    decimate(*store_, static_cast<size_t>(series_), columns, line);
    double low = INFINITY, high = -INFINITY;
    for (double v : line.v)
        if (std::isfinite(v)) {
            low = std::min(low, v);
            high = std::max(high, v);
        }
    const auto x = [&](double t) { return area.left() + (t - from) / (to - from) * area.width(); };
    // Phase boundaries first, so the line stays on top.
    QPen boundaryPen(palette().color(QPalette::PlaceholderText), 1, Qt::DashLine);
    painter.setPen(boundaryPen);
    for (double t : boundaries_) painter.drawLine(QPointF(x(t), area.top()), QPointF(x(t), area.bottom()));
    if (!(high >= low)) return;
    // A flat series sits in the middle; otherwise the range fills the height, from 0 when that is close.
    if (low > 0 && low < 0.25 * high) low = 0;
    const double span = high > low ? high - low : 1;
    const auto y = [&](double v) {
        return high > low ? area.bottom() - (v - low) / span * area.height() : area.center().y();
    };
    // Separate segments, not one path: stroking a path of a few hundred
    // min/max points with its joins costs milliseconds per tile, and at this
    // size the segments' square caps look the same as the joins.
    std::vector<QLineF> segments;
    for (size_t i = 1; i < line.t.size(); ++i)
        if (std::isfinite(line.v[i - 1]) && std::isfinite(line.v[i])) // a gap, never a 0
            segments.emplace_back(x(line.t[i - 1]), y(line.v[i - 1]), x(line.t[i]), y(line.v[i]));
    painter.setPen(QPen(palette().color(QPalette::Highlight), 1.5));
    painter.drawLines(segments.data(), int(segments.size()));
}

} // namespace perfdash
