#include "widgets/measure/CpuTopologyView.h"

#include <QApplication>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QStyleOptionFocusRect>
#include <QToolTip>
#include <algorithm>

namespace perfdash {

CpuTopologyView::CpuTopologyView(QWidget* parent) : QAbstractScrollArea(parent) {
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("CPU topology"));
    setAccessibleDescription(tr("Arrow keys move between CPUs, Space toggles one, Ctrl+A selects all"));
    viewport()->setMouseTracking(false);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void CpuTopologyView::setTopology(const Topology& topology) {
    topology_ = topology;
    selected_.clear();
    focusCell_ = -1;
    relayout();
    updateGeometry();
}

void CpuTopologyView::setSelection(const std::vector<int>& cpus) {
    std::set<int> next(cpus.begin(), cpus.end());
    if (next == selected_) return;
    selected_ = std::move(next);
    viewport()->update();
}

void CpuTopologyView::selectAll() {
    const std::vector<int> online = topology_.onlineCpus();
    commitEdit(std::set<int>(online.begin(), online.end()));
}

void CpuTopologyView::clearSelection() { commitEdit({}); }

QRect CpuTopologyView::cellRect(int cpu) const {
    const int cell = layout_.cellOf(cpu);
    if (cell < 0) return {};
    return layout_.cells()[static_cast<size_t>(cell)].rect.translated(-horizontalScrollBar()->value(),
                                                                        -verticalScrollBar()->value());
}

CpuTopologyMetrics CpuTopologyView::metrics() const {
    const QFontMetrics fm(font());
    CpuTopologyMetrics m;
    // Room for the widest CPU number of this machine, with padding of half a character each side.
    int widest = 1;
    for (const auto& t : topology_.hwThreads) widest = std::max(widest, static_cast<int>(QString::number(t.cpu).size()));
    m.cellWidth = fm.horizontalAdvance(QString(widest, QLatin1Char('8'))) + fm.averageCharWidth() * 2;
    m.cellHeight = fm.height() + fm.height() / 2;
    m.gap = std::max(2, fm.averageCharWidth() / 2);
    m.titleHeight = fm.height() + m.gap;
    return m;
}

void CpuTopologyView::relayout() {
    layout_ = CpuTopologyLayout(topology_, metrics(), viewport()->width());
    const QSize size = layout_.size();
    horizontalScrollBar()->setRange(0, std::max(0, size.width() - viewport()->width()));
    horizontalScrollBar()->setPageStep(viewport()->width());
    verticalScrollBar()->setRange(0, std::max(0, size.height() - viewport()->height()));
    verticalScrollBar()->setPageStep(viewport()->height());
    verticalScrollBar()->setSingleStep(metrics().cellHeight);
    viewport()->update();
}

QSize CpuTopologyView::sizeHint() const {
    // Room for up to eight cores side by side and up to about six rows of them.
    const CpuTopologyMetrics m = metrics();
    size_t perCore = 1;
    for (const auto& core : topology_.cores) perCore = std::max(perCore, core.cpus.size());
    const int coreWidth = static_cast<int>(perCore) * (m.cellWidth + m.gap) + m.gap;
    const int width = 8 * (coreWidth + m.gap) + 3 * m.gap + 2 * frameWidth();
    const CpuTopologyLayout full(topology_, m, width);
    const int maxHeight = 6 * (m.cellHeight + 3 * m.gap) + 2 * m.titleHeight;
    return {width + verticalScrollBar()->sizeHint().width(),
            std::min(full.size().height(), maxHeight) + 2 * frameWidth()};
}

QSize CpuTopologyView::minimumSizeHint() const {
    const CpuTopologyMetrics m = metrics();
    return {4 * (m.cellWidth + m.gap) + verticalScrollBar()->sizeHint().width(),
            m.titleHeight + 2 * (m.cellHeight + 3 * m.gap)};
}

QPoint CpuTopologyView::toContents(QPoint viewportPoint) const {
    return viewportPoint + QPoint(horizontalScrollBar()->value(), verticalScrollBar()->value());
}

void CpuTopologyView::resizeEvent(QResizeEvent* event) {
    QAbstractScrollArea::resizeEvent(event);
    relayout();
}

void CpuTopologyView::changeEvent(QEvent* event) {
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        relayout();
        updateGeometry();
    }
}

void CpuTopologyView::scrollContentsBy(int, int) { viewport()->update(); }

void CpuTopologyView::paintEvent(QPaintEvent*) {
    QPainter p(viewport());
    p.setRenderHint(QPainter::Antialiasing);
    p.translate(-horizontalScrollBar()->value(), -verticalScrollBar()->value());
    const QPalette& pal = palette();
    const CpuTopologyMetrics m = metrics();
    const qreal radius = m.gap;

    QFont titleFont = font();
    titleFont.setBold(true);
    for (const auto& socket : layout_.sockets()) {
        p.setPen(pal.color(QPalette::Mid));
        p.setBrush(pal.color(QPalette::AlternateBase));
        p.drawRoundedRect(QRectF(socket.rect).adjusted(0.5, 0.5, -0.5, -0.5), radius, radius);
        const QString title =
            socket.packageId < 0
                ? tr("Offline CPUs (cannot be selected)")
                : tr("Socket %1 · cores: %2 · hardware threads: %3")
                      .arg(socket.packageId)
                      .arg(socket.coreCount)
                      .arg(socket.cpus.size());
        p.setFont(titleFont);
        p.setPen(pal.color(QPalette::WindowText));
        p.drawText(socket.titleRect, Qt::AlignLeft | Qt::AlignVCenter,
                   QFontMetrics(titleFont).elidedText(title, Qt::ElideRight, socket.titleRect.width()));
    }
    p.setFont(font());
    for (const auto& core : layout_.cores()) {
        p.setPen(pal.color(QPalette::Mid));
        p.setBrush(pal.color(QPalette::Base));
        p.drawRoundedRect(QRectF(core.rect).adjusted(0.5, 0.5, -0.5, -0.5), radius, radius);
    }
    const auto& cells = layout_.cells();
    for (size_t i = 0; i < cells.size(); ++i) {
        const auto& cell = cells[i];
        bool on = selected_.count(cell.cpu) > 0;
        if (dragging_ && cell.online && cell.rect.intersects(band_)) on = bandSelects_;
        QColor fill = on ? pal.color(QPalette::Highlight) : pal.color(QPalette::Button);
        QColor text = on ? pal.color(QPalette::HighlightedText) : pal.color(QPalette::ButtonText);
        if (!cell.online) {
            fill = pal.color(QPalette::Window);
            text = pal.color(QPalette::Disabled, QPalette::WindowText);
        }
        p.setPen(on ? fill.darker(130) : pal.color(QPalette::Mid));
        p.setBrush(fill);
        p.drawRoundedRect(QRectF(cell.rect).adjusted(0.5, 0.5, -0.5, -0.5), radius / 2, radius / 2);
        p.setPen(text);
        p.drawText(cell.rect, Qt::AlignCenter, QString::number(cell.cpu));
        if (hasFocus() && static_cast<int>(i) == focusCell_) {
            QStyleOptionFocusRect option;
            option.initFrom(this);
            option.rect = cell.rect.adjusted(2, 2, -2, -2);
            option.backgroundColor = fill;
            style()->drawPrimitive(QStyle::PE_FrameFocusRect, &option, &p, this);
        }
    }
    if (dragging_) {
        QColor band = pal.color(QPalette::Highlight);
        p.setPen(band);
        band.setAlpha(40);
        p.setBrush(band);
        p.drawRect(band_);
    }
}

void CpuTopologyView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return QAbstractScrollArea::mousePressEvent(event);
    pressed_ = true;
    dragging_ = false;
    pressAt_ = toContents(event->position().toPoint());
    const int cell = layout_.cellAt(pressAt_);
    bandSelects_ = cell < 0 || selected_.count(layout_.cells()[static_cast<size_t>(cell)].cpu) == 0;
    if (cell >= 0) focusCell_ = cell;
    viewport()->update();
}

void CpuTopologyView::mouseMoveEvent(QMouseEvent* event) {
    if (!pressed_) return QAbstractScrollArea::mouseMoveEvent(event);
    const QPoint viewportPoint = event->position().toPoint();
    // Dragging past the edge scrolls, so a band can cover more than the visible CPUs.
    if (viewportPoint.y() < 0) verticalScrollBar()->setValue(verticalScrollBar()->value() + viewportPoint.y());
    if (viewportPoint.y() > viewport()->height())
        verticalScrollBar()->setValue(verticalScrollBar()->value() + viewportPoint.y() - viewport()->height());
    const QPoint at = toContents(viewportPoint);
    if (!dragging_ && (at - pressAt_).manhattanLength() < QApplication::startDragDistance()) return;
    dragging_ = true;
    band_ = QRect(pressAt_, at).normalized();
    viewport()->update();
}

void CpuTopologyView::mouseReleaseEvent(QMouseEvent* event) {
    if (!pressed_ || event->button() != Qt::LeftButton) return QAbstractScrollArea::mouseReleaseEvent(event);
    pressed_ = false;
    if (dragging_) {
        dragging_ = false;
        setCpus(layout_.cpusTouching(band_), bandSelects_);
        return;
    }
    const QPoint at = toContents(event->position().toPoint());
    const int cell = layout_.cellAt(at);
    if (cell >= 0) {
        if (layout_.cells()[static_cast<size_t>(cell)].online) toggle({layout_.cells()[static_cast<size_t>(cell)].cpu});
    } else if (const auto* core = layout_.coreAt(at)) {
        toggle(core->cpus);
    } else if (const auto* socket = layout_.socketTitleAt(at); socket && socket->packageId >= 0) {
        toggle(socket->cpus);
    }
}

void CpuTopologyView::toggle(const std::vector<int>& cpus) {
    const bool all = std::all_of(cpus.begin(), cpus.end(), [&](int cpu) { return selected_.count(cpu) > 0; });
    setCpus(cpus, !all);
}

void CpuTopologyView::setCpus(const std::vector<int>& cpus, bool selected) {
    std::set<int> next = selected_;
    for (int cpu : cpus) {
        if (selected) next.insert(cpu);
        else next.erase(cpu);
    }
    commitEdit(std::move(next));
}

void CpuTopologyView::commitEdit(std::set<int> selection) {
    viewport()->update();
    if (selection == selected_) return;
    selected_ = std::move(selection);
    emit selectionEdited(this->selection());
}

int CpuTopologyView::cellInDirection(int from, int rowStep) const {
    // The nearest cell in the next row up or down, by horizontal distance.
    const auto& cells = layout_.cells();
    const QRect origin = cells[static_cast<size_t>(from)].rect;
    int best = -1;
    int bestRowDistance = 0;
    int bestColumnDistance = 0;
    for (size_t i = 0; i < cells.size(); ++i) {
        const int dy = (cells[i].rect.center().y() - origin.center().y()) * rowStep;
        if (dy <= 0) continue;
        const int dx = std::abs(cells[i].rect.center().x() - origin.center().x());
        if (best < 0 || dy < bestRowDistance || (dy == bestRowDistance && dx < bestColumnDistance)) {
            best = static_cast<int>(i);
            bestRowDistance = dy;
            bestColumnDistance = dx;
        }
    }
    return best;
}

void CpuTopologyView::moveFocus(int cellIndex) {
    if (cellIndex < 0 || cellIndex >= static_cast<int>(layout_.cells().size())) return;
    focusCell_ = cellIndex;
    const QRect r = layout_.cells()[static_cast<size_t>(cellIndex)].rect;
    const int top = verticalScrollBar()->value();
    if (r.top() < top) verticalScrollBar()->setValue(r.top() - metrics().titleHeight);
    else if (r.bottom() > top + viewport()->height())
        verticalScrollBar()->setValue(r.bottom() - viewport()->height() + metrics().gap);
    viewport()->update();
}

void CpuTopologyView::keyPressEvent(QKeyEvent* event) {
    const int count = static_cast<int>(layout_.cells().size());
    if (count == 0) return QAbstractScrollArea::keyPressEvent(event);
    if (event->matches(QKeySequence::SelectAll)) return selectAll();
    const int current = focusCell_ < 0 ? 0 : focusCell_;
    switch (event->key()) {
    case Qt::Key_Left: return moveFocus(std::max(0, current - 1));
    case Qt::Key_Right: return moveFocus(std::min(count - 1, current + 1));
    case Qt::Key_Up: return moveFocus(cellInDirection(current, -1));
    case Qt::Key_Down: return moveFocus(cellInDirection(current, 1));
    case Qt::Key_Home: return moveFocus(0);
    case Qt::Key_End: return moveFocus(count - 1);
    case Qt::Key_Space:
    case Qt::Key_Select: {
        focusCell_ = current;
        const auto& cell = layout_.cells()[static_cast<size_t>(current)];
        if (cell.online) toggle({cell.cpu});
        return;
    }
    default: return QAbstractScrollArea::keyPressEvent(event);
    }
}

QString CpuTopologyView::toolTipFor(int cpu) const {
    const HwThread* t = topology_.hwThread(cpu);
    if (!t) return {};
    if (!t->online) return tr("CPU %1 is offline").arg(cpu);
    QString text = tr("CPU %1: socket %2, core %3, hardware thread %4").arg(cpu).arg(t->packageId).arg(t->coreId).arg(t->smtIndex);
    if (t->numaNode >= 0) text += tr(", NUMA node %1").arg(t->numaNode);
    return text;
}

bool CpuTopologyView::viewportEvent(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int cell = layout_.cellAt(toContents(help->pos()));
        if (cell >= 0) QToolTip::showText(help->globalPos(), toolTipFor(layout_.cells()[static_cast<size_t>(cell)].cpu), viewport());
        else QToolTip::hideText();
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

} // namespace perfdash
