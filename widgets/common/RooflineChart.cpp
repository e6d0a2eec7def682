#include "widgets/common/RooflineChart.h"

#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "widgets/common/QtStrings.h"

namespace perfdash {

namespace {
constexpr int kPad = 8;
constexpr double kHitRadius = 7;

QString tickText(double v) { return QString::number(v, 'g', 3); }
QString rateText(double v) { return toQString(siText(v, "FLOP/s")); }

double distanceToSegment(QPointF p, QPointF a, QPointF b) {
    const QPointF d = b - a;
    const double length2 = QPointF::dotProduct(d, d);
    const double t = length2 > 0 ? std::clamp(QPointF::dotProduct(p - a, d) / length2, 0.0, 1.0) : 0.0;
    const QPointF nearest = a + t * d;
    return std::hypot(p.x() - nearest.x(), p.y() - nearest.y());
}
} // namespace

RooflineChart::RooflineChart(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);
    reframe();
}

void RooflineChart::setRoofs(std::vector<Roof> roofs) {
    roofs_ = std::move(roofs);
    reframe();
}

void RooflineChart::setPoints(RooflineSources sources, std::vector<RooflinePoint> points) {
    sources_ = std::move(sources);
    points_ = std::move(points);
    reframe();
}

void RooflineChart::setEmptyText(const QString& text) {
    emptyText_ = text;
    update();
}

void RooflineChart::reframe() {
    std::vector<double> xs, ys;
    for (const RooflinePoint& p : points_) {
        xs.push_back(p.intensity);
        ys.push_back(p.flopsPerS);
    }
    frame_ = rooflineFrame(roofs_, xs, ys);
    setAccessibleDescription(tr("Roofline: %n roof(s), %1 point(s)", nullptr, int(roofs_.size())).arg(points_.size()));
    update();
}

QRectF RooflineChart::plotRect() const {
    const QFontMetrics fm(font());
    const double left = fm.horizontalAdvance(QStringLiteral("100 GFLOP/s")) + kPad + fm.height() + 4;
    const double bottom = 2 * fm.height() + kPad + 4;
    return QRectF(left, kPad + fm.height() / 2.0, width() - left - 2 * kPad, height() - bottom - kPad - fm.height() / 2.0);
}

LogScale RooflineChart::xScale() const {
    const QRectF r = plotRect();
    return {frame_.x.low, frame_.x.high, r.left(), r.right()};
}

LogScale RooflineChart::yScale() const {
    const QRectF r = plotRect();
    return {frame_.y.low, frame_.y.high, r.bottom(), r.top()};
}

void RooflineChart::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const QFontMetrics fm(font());
    const QRectF plot = plotRect();
    if (plot.width() < 40 || plot.height() < 40) return;
    const LogScale x = xScale(), y = yScale();

    // Grid at the decades, with their labels; the axes' titles.
    painter.setPen(QPen(pal.color(QPalette::Midlight), 1));
    for (double t : x.decades()) painter.drawLine(QPointF(x.toPixel(t), plot.top()), QPointF(x.toPixel(t), plot.bottom()));
    for (double t : y.decades()) painter.drawLine(QPointF(plot.left(), y.toPixel(t)), QPointF(plot.right(), y.toPixel(t)));
    painter.setPen(pal.color(QPalette::Mid));
    painter.drawRect(plot);
    painter.setPen(pal.color(QPalette::Text));
    for (double t : x.decades())
        painter.drawText(QRectF(x.toPixel(t) - 40, plot.bottom() + 2, 80, fm.height()), Qt::AlignHCenter | Qt::AlignTop, tickText(t));
    for (double t : y.decades())
        painter.drawText(QRectF(0, y.toPixel(t) - fm.height() / 2.0, plot.left() - 4, fm.height()),
                         Qt::AlignRight | Qt::AlignVCenter, rateText(t));
    painter.drawText(QRectF(plot.left(), plot.bottom() + fm.height() + 4, plot.width(), fm.height()), Qt::AlignHCenter,
                     tr("arithmetic intensity [FLOP/byte]"));
    painter.save();
    painter.translate(2, plot.center().y());
    painter.rotate(-90);
    painter.drawText(QRectF(-plot.height() / 2, 0, plot.height(), fm.height()), Qt::AlignHCenter | Qt::AlignTop,
                     tr("performance [FLOP/s]"));
    painter.restore();

    painter.setClipRect(plot.adjusted(-6, -6, 6, 6));
    // Roofs, each named along its line.
    for (const RoofSegment& s : frame_.segments) {
        const Roof& r = roofs_[s.roof];
        const QColor colour = qColour(roofColour(roofs_, s.roof));
        const QPointF a(x.toPixel(s.x0), y.toPixel(s.y0)), b(x.toPixel(s.x1), y.toPixel(s.y1));
        painter.setPen(QPen(colour, 2));
        painter.drawLine(a, b);
        const bool memory = r.kind == Roof::Kind::Memory;
        const QString name = toQString(memory ? r.level : precisionName(r.precision) + " " + r.isa);
        painter.save();
        if (memory) {
            painter.translate(a);
            painter.rotate(std::atan2(b.y() - a.y(), b.x() - a.x()) * 180 / M_PI);
            painter.drawText(QPointF(6, -4), name);
        } else {
            painter.drawText(QPointF(b.x() - fm.horizontalAdvance(name) - 4, b.y() - 4), name);
        }
        painter.restore();
    }

    // The trail (per pair of sources, oldest to newest), regions, then the whole run on top.
    for (size_t f = 0; f < sources_.flops.size(); ++f) {
        for (size_t b = 0; b < sources_.bytes.size(); ++b) {
            QPolygonF trail;
            for (const RooflinePoint& p : points_)
                if (p.kind == RooflinePoint::Kind::Interval && p.flopSource == f && p.byteSource == b)
                    trail << QPointF(x.toPixel(p.intensity), y.toPixel(p.flopsPerS));
            if (trail.isEmpty()) continue;
            painter.setPen(QPen(pal.color(QPalette::Mid), 1));
            painter.drawPolyline(trail);
            painter.setPen(Qt::NoPen);
            const QColor trailColour = qColour(pointColour(RooflinePoint::Kind::Interval));
            QColor dot = trailColour;
            dot.setAlphaF(0.7);
            painter.setBrush(dot);
            for (const QPointF& p : trail) painter.drawEllipse(p, 2.5, 2.5);
            painter.setBrush(trailColour);
            painter.setPen(QPen(pal.color(QPalette::Text), 1));
            painter.drawEllipse(trail.back(), 5, 5); // the newest
        }
    }
    for (const RooflinePoint& p : points_) {
        if (p.kind == RooflinePoint::Kind::Interval) continue;
        const QPointF at(x.toPixel(p.intensity), y.toPixel(p.flopsPerS));
        const bool whole = p.kind == RooflinePoint::Kind::WholeRun;
        painter.setPen(QPen(pal.color(QPalette::Text), 1));
        painter.setBrush(qColour(pointColour(p.kind)));
        if (whole) painter.drawEllipse(at, 6, 6);
        else painter.drawRect(QRectF(at.x() - 4.5, at.y() - 4.5, 9, 9));
        QFont bold = font();
        bold.setBold(true);
        painter.setFont(bold);
        painter.drawText(at + QPointF(9, -7), toQString(pointLabel(p, sources_)));
        painter.setFont(font());
    }
    painter.setClipping(false);

    if (roofs_.empty() && points_.empty() && !emptyText_.isEmpty()) {
        painter.setPen(pal.color(QPalette::Text));
        painter.drawText(plot.adjusted(20, 20, -20, -20), Qt::AlignCenter | Qt::TextWordWrap, emptyText_);
    }
}

QString RooflineChart::describeAt(QPointF pos) const {
    const LogScale x = xScale(), y = yScale();
    // Points first, the newest of overlapping ones (the whole run and regions are drawn last, on top).
    const RooflinePoint* best = nullptr;
    double bestDistance = kHitRadius;
    for (const RooflinePoint& p : points_) {
        const double d = std::hypot(pos.x() - x.toPixel(p.intensity), pos.y() - y.toPixel(p.flopsPerS));
        if (d <= bestDistance || (best && d <= kHitRadius && best->kind == RooflinePoint::Kind::Interval &&
                                  p.kind != RooflinePoint::Kind::Interval)) {
            best = &p;
            bestDistance = d;
        }
    }
    if (best) {
        QString text = QStringLiteral("<b>%1</b>: %2").arg(htmlEscaped(pointLabel(*best, sources_)),
                                                         htmlEscaped(describePoint(*best, roofs_)));
        if (best->flopSource < sources_.flops.size()) text += QStringLiteral("<br>") + htmlEscaped(sources_.flops[best->flopSource].note);
        if (best->byteSource < sources_.bytes.size()) text += QStringLiteral("<br>") + htmlEscaped(sources_.bytes[best->byteSource].note);
        return text;
    }
    for (const RoofSegment& s : frame_.segments) {
        const QPointF a(x.toPixel(s.x0), y.toPixel(s.y0)), b(x.toPixel(s.x1), y.toPixel(s.y1));
        if (distanceToSegment(pos, a, b) <= 4) return htmlEscaped(roofs_[s.roof].label);
    }
    return {};
}

bool RooflineChart::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = describeAt(help->pos());
        if (text.isEmpty()) QToolTip::hideText();
        else QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace perfdash
