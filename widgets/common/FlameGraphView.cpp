#include "widgets/common/FlameGraphView.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "widgets/common/QtStrings.h"

namespace perfdash {

namespace {

// Boxes narrower than this are not drawn (nor hit); their samples stay in their caller's width.
constexpr double kMinWidth = 0.5;
const QColor kUnknown(200, 200, 200);

QString figure(double v) { return std::isfinite(v) ? QString::number(v, 'g', 4) : QStringLiteral("n/a"); }

} // namespace

FlameGraphView::FlameGraphView(QWidget* parent) : QWidget(parent) {
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAccessibleName(tr("Flame graph"));
    // At least as tall as its boxes (the scroll area scrolls them), and filling what is left below them.
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::MinimumExpanding);
}

void FlameGraphView::setTree(std::shared_ptr<const FlameTree> tree, std::shared_ptr<const FlameColourings> colourings,
                             int colouring, const QString& valueName, bool keepPlace) {
    std::vector<std::string> zoomPath, currentPath;
    if (keepPlace && tree_) {
        zoomPath = pathTo(zoom_);
        if (current_ >= 0) currentPath = pathTo(static_cast<uint32_t>(current_));
    }
    tree_ = std::move(tree);
    zoom_ = static_cast<uint32_t>(std::max(0, nodeOfPath(zoomPath)));
    current_ = currentPath.empty() ? -1 : nodeOfPath(currentPath);
    colourings_ = std::move(colourings);
    setColouring(colouring, valueName);
    setSearch(search_);
    setAccessibleDescription(legend());
    updateGeometry();
    emit zoomChanged();
}

void FlameGraphView::setColouring(int colouring, const QString& valueName) {
    colouring_ = colouring;
    valueName_ = valueName;
    low_ = INFINITY;
    high_ = -INFINITY;
    for (uint32_t n = 1; tree_ && n < tree_->nodes.size(); ++n)
        if (const FlameValue v = valueOf(n); v.known) {
            low_ = std::min(low_, v.metric.value);
            high_ = std::max(high_, v.metric.value);
        }
    // A change is coloured around no change, as the report's SVG does: as much red for a gain as blue for a loss.
    if (valueName == QLatin1String(kChangeName) && std::isfinite(low_)) {
        const double m = std::max(std::abs(low_), std::abs(high_));
        low_ = -m;
        high_ = m;
    }
    setAccessibleName(valueName.isEmpty() ? tr("Flame graph coloured by self share")
                                          : tr("Flame graph coloured by %1").arg(valueName));
    if (current_ >= 0) setAccessibleDescription(nodeText(static_cast<uint32_t>(current_)));
    update();
}

void FlameGraphView::clear() {
    tree_.reset();
    colourings_.reset();
    matched_.clear();
    zoom_ = 0;
    current_ = -1;
    setAccessibleDescription({});
    updateGeometry();
    update();
}

void FlameGraphView::setSearch(const QString& text) {
    search_ = text.trimmed();
    matched_.clear();
    if (tree_ && !search_.isEmpty()) {
        std::vector<bool> nameMatches(tree_->names.size());
        for (size_t i = 0; i < nameMatches.size(); ++i)
            nameMatches[i] = toQString(tree_->names[i]).contains(search_, Qt::CaseInsensitive);
        matched_.resize(tree_->nodes.size());
        for (size_t n = 1; n < matched_.size(); ++n) matched_[n] = nameMatches[tree_->nodes[n].name];
    }
    update();
}

void FlameGraphView::zoomTo(uint32_t node) {
    if (!tree_ || node >= tree_->nodes.size() || tree_->samples(node) <= 0) return;
    zoom_ = node;
    update();
    emit zoomChanged();
}

int FlameGraphView::rowHeight() const { return fontMetrics().height() + 6; }

double FlameGraphView::scale() const { return width() / tree_->samples(zoom_); }

QRectF FlameGraphView::boxRect(uint32_t node) const {
    if (!tree_ || node >= tree_->nodes.size()) return {};
    const FlameNode& n = tree_->nodes[node];
    const double y = double(n.depth) * rowHeight(), h = rowHeight() - 1;
    const uint32_t zoomDepth = tree_->nodes[zoom_].depth;
    // The zoomed box and its callers span the width; other boxes are drawn only inside the zoomed one.
    uint32_t at = zoom_;
    while (tree_->nodes[at].depth > n.depth) at = tree_->nodes[at].parent;
    if (n.depth <= zoomDepth) return at == node ? QRectF(0, y, width(), h) : QRectF();
    at = node;
    while (tree_->nodes[at].depth > zoomDepth) at = tree_->nodes[at].parent;
    if (at != zoom_) return {};
    const double w = tree_->samples(node) * scale();
    if (w < kMinWidth) return {};
    return QRectF((n.x - tree_->nodes[zoom_].x) * scale(), y, w, h);
}

int FlameGraphView::nodeAt(const QPointF& point) const {
    if (!tree_ || point.x() < 0 || point.x() >= width() || point.y() < 0) return -1;
    const auto depth = static_cast<uint32_t>(point.y() / rowHeight());
    if (depth > tree_->depth) return -1;
    uint32_t at = zoom_;
    if (depth <= tree_->nodes[zoom_].depth) {
        while (tree_->nodes[at].depth > depth) at = tree_->nodes[at].parent;
        return static_cast<int>(at);
    }
    while (tree_->nodes[at].depth < depth) {
        int next = -1;
        for (uint32_t c : tree_->children(at)) {
            const QRectF box = boxRect(c);
            if (!box.isEmpty() && point.x() >= box.left() && point.x() < box.right()) {
                next = static_cast<int>(c);
                break;
            }
        }
        if (next < 0) return -1;
        at = static_cast<uint32_t>(next);
    }
    return static_cast<int>(at);
}

QString FlameGraphView::nodeText(uint32_t node) const {
    if (!tree_ || node >= tree_->nodes.size()) return {};
    return toQString(flameNodeText(*tree_, node, valueOf(node), valueName_.toStdString()));
}

QString FlameGraphView::legend() const {
    const bool share = valueName_.isEmpty();
    const QString name = share ? tr("self share") : valueName_;
    auto shown = [share](double v) { return share ? figure(v * 100) + QStringLiteral(" %") : figure(v); };
    QString text = std::isfinite(low_) ? tr("Colour: %1 from %2 (blue) to %3 (red)").arg(name, shown(low_), shown(high_))
                                       : tr("Colour: %1, known for no box").arg(name);
    return text + tr("; grey: not known, or too few samples to tell. Width: samples. Click a box to zoom in, "
                     "its caller to zoom out.");
}

QString FlameGraphView::searchSummary() const {
    if (!tree_ || search_.isEmpty()) return {};
    // Samples through a match, each once: a match under another match is inside its width.
    std::vector<bool> covered(tree_->nodes.size());
    size_t boxes = 0;
    double samples = 0;
    for (size_t n = 1; n < covered.size(); ++n) {
        const bool inside = covered[tree_->nodes[n].parent];
        covered[n] = inside || matched_[n];
        boxes += matched_[n];
        if (matched_[n] && !inside) samples += tree_->samples(static_cast<uint32_t>(n));
    }
    const QString share = QString::number(100 * samples / tree_->samples(0), 'f', 1);
    return boxes == 1 ? tr("1 box matches '%1': %2 % of the samples").arg(search_, share)
                      : tr("%1 boxes match '%2': %3 % of the samples").arg(boxes).arg(search_, share);
}

QSize FlameGraphView::sizeHint() const { return {800, minimumSizeHint().height()}; }

QSize FlameGraphView::minimumSizeHint() const {
    return {200, tree_ ? int(tree_->depth + 1) * rowHeight() : rowHeight()};
}

bool FlameGraphView::matches(uint32_t node) const { return matched_.empty() || matched_[node]; }

FlameValue FlameGraphView::valueOf(uint32_t node) const {
    return colouring_ < 0 ? selfShare(*tree_, node) : (*colourings_)[size_t(colouring_)][node];
}

QColor FlameGraphView::fill(uint32_t node) const {
    const FlameValue v = valueOf(node);
    if (node == 0 || !v.known) return kUnknown;
    const double t = high_ > low_ ? (v.metric.value - low_) / (high_ - low_) : 0.5;
    const auto [r, g, b] = flameColour(t);
    return QColor(r, g, b);
}

void FlameGraphView::paintNode(QPainter& painter, uint32_t node, const QRectF& box, bool ancestor) const {
    QColor colour = fill(node);
    // Outside the search, or a caller of the zoomed box: faded, so what is asked for stands out.
    if (!matches(node) || ancestor) colour = QColor::fromRgbF(0.5f * colour.redF() + 0.5f * palette().base().color().redF(),
                                                              0.5f * colour.greenF() + 0.5f * palette().base().color().greenF(),
                                                              0.5f * colour.blueF() + 0.5f * palette().base().color().blueF());
    painter.fillRect(box, colour);
    if (!matched_.empty() && matched_[node]) {
        painter.setPen(QPen(palette().highlight().color(), 2));
        painter.drawRect(box.adjusted(1, 1, -1, -1));
    }
    if (static_cast<int>(node) == current_) {
        painter.setPen(QPen(palette().text().color(), 2, Qt::DashLine));
        painter.drawRect(box.adjusted(1, 1, -1, -1));
    }
    if (box.width() < 3 * painter.fontMetrics().averageCharWidth() + 6) return;
    // The boxes' colours are the same in both themes, so their text is always dark.
    painter.setPen(Qt::black);
    const QString label = painter.fontMetrics().elidedText(toQString(tree_->nameOf(node)), Qt::ElideRight,
                                                           static_cast<int>(box.width()) - 6);
    painter.drawText(box.adjusted(3, 0, -3, 0), Qt::AlignVCenter | Qt::AlignLeft, label);
}

void FlameGraphView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    if (!tree_ || tree_->samples(0) <= 0) return;
    if (zoom_ != 0) // the zoomed box's callers, up to the top
        for (uint32_t at = tree_->nodes[zoom_].parent;; at = tree_->nodes[at].parent) {
            paintNode(painter, at, boxRect(at), true);
            if (at == 0) break;
        }
    std::vector<uint32_t> stack{zoom_};
    const QRectF visible = rect();
    while (!stack.empty()) {
        const uint32_t node = stack.back();
        stack.pop_back();
        const QRectF box = boxRect(node);
        if (box.isEmpty() || box.top() > visible.bottom()) continue;
        paintNode(painter, node, box, false);
        for (uint32_t c : tree_->children(node)) stack.push_back(c);
    }
}

std::vector<std::string> FlameGraphView::pathTo(uint32_t node) const {
    std::vector<std::string> path;
    for (uint32_t at = node; at != 0; at = tree_->nodes[at].parent) path.push_back(tree_->nameOf(at));
    std::reverse(path.begin(), path.end());
    return path;
}

int FlameGraphView::nodeOfPath(const std::vector<std::string>& path) const {
    if (!tree_ || tree_->nodes.empty()) return -1;
    uint32_t at = 0;
    for (const std::string& name : path) {
        const auto children = tree_->children(at);
        // Children are in name order.
        const auto it = std::lower_bound(children.begin(), children.end(), name,
                                         [&](uint32_t c, const std::string& n) { return tree_->nameOf(c) < n; });
        if (it == children.end() || tree_->nameOf(*it) != name) return -1;
        at = *it;
    }
    return static_cast<int>(at);
}

void FlameGraphView::setCurrent(int node) {
    current_ = node;
    setAccessibleDescription(node >= 0 ? nodeText(static_cast<uint32_t>(node)) : legend());
    update();
}

void FlameGraphView::mousePressEvent(QMouseEvent* event) {
    const int node = nodeAt(event->position());
    if (event->button() != Qt::LeftButton || node < 0) return QWidget::mousePressEvent(event);
    setCurrent(node);
    zoomTo(static_cast<uint32_t>(node));
    emit nodeChosen(toQString(tree_->nameOf(static_cast<uint32_t>(node))));
}

void FlameGraphView::keyPressEvent(QKeyEvent* event) {
    if (!tree_) return QWidget::keyPressEvent(event);
    const uint32_t at = current_ >= 0 ? static_cast<uint32_t>(current_) : zoom_;
    const FlameNode& node = tree_->nodes[at];
    int next = -1;
    switch (event->key()) {
    case Qt::Key_Up:
        if (at != 0) next = static_cast<int>(node.parent);
        break;
    case Qt::Key_Down: // the widest callee
        for (uint32_t c : tree_->children(at))
            if (next < 0 || tree_->samples(c) > tree_->samples(static_cast<uint32_t>(next))) next = static_cast<int>(c);
        break;
    case Qt::Key_Left:
    case Qt::Key_Right: {
        if (at == 0) break;
        const auto siblings = tree_->children(node.parent);
        const auto it = std::find(siblings.begin(), siblings.end(), at);
        if (event->key() == Qt::Key_Left && it != siblings.begin()) next = static_cast<int>(*(it - 1));
        if (event->key() == Qt::Key_Right && it + 1 != siblings.end()) next = static_cast<int>(*(it + 1));
        break;
    }
    case Qt::Key_Return:
    case Qt::Key_Enter:
        zoomTo(at);
        emit nodeChosen(toQString(tree_->nameOf(at)));
        return;
    case Qt::Key_Escape:
        resetZoom();
        return;
    default:
        return QWidget::keyPressEvent(event);
    }
    if (next >= 0 && !boxRect(static_cast<uint32_t>(next)).isEmpty()) setCurrent(next);
}

bool FlameGraphView::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int node = nodeAt(help->pos());
        if (node >= 0)
            QToolTip::showText(help->globalPos(), nodeText(static_cast<uint32_t>(node)), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

} // namespace perfdash
