#pragma once
// A profile selection's flame graph, drawn as an icicle: the selection on
// top, each call path's callees below their caller, each box as wide as its
// samples (core/profile/FlameTree.h; the same boxes as `report --flame`).
// Shared by the Hotspots page and the comparison of two sessions (coloured
// by the change of share: around no change, as much red for a gain as blue
// for the same loss).
// Boxes are coloured by a chosen value, blue (low) to red (high), grey where
// it is not known or rests on too few samples; the value is also in each
// box's tooltip and in the accessible description of the current box, so
// colour is never its only carrier.
//
// Clicking a box zooms into it (it fills the width, its callers stay above
// it); clicking a caller or the top zooms out. The keyboard moves the current
// box (arrows), zooms (Return) and zooms out (Escape). A search shades the
// boxes whose names do not contain it.
#include <QWidget>
#include <memory>
#include <vector>

#include "core/profile/FlameTree.h"

namespace perfdash {

class FlameGraphView : public QWidget {
    Q_OBJECT
public:
    explicit FlameGraphView(QWidget* parent = nullptr);

    // The boxes, and what they are coloured by: colourings[colouring], a value per node, named `valueName`;
    // colouring -1 for the self share (valueName ""). The colourings are shared, not copied: a tree of a
    // million boxes has megabytes of them. `keepPlace` (a live run's newer tree): the zoom and the current
    // box stay on their call paths where the new tree has them; otherwise the whole tree shows.
    void setTree(std::shared_ptr<const FlameTree> tree, std::shared_ptr<const FlameColourings> colourings, int colouring,
                 const QString& valueName, bool keepPlace = false);
    // Another colouring of the same boxes; zoom, current box and search stay.
    void setColouring(int colouring, const QString& valueName);
    void clear();
    void setSearch(const QString& text);
    void zoomTo(uint32_t node);
    void resetZoom() { zoomTo(0); }

    const FlameTree* tree() const { return tree_.get(); }
    uint32_t zoomed() const { return zoom_; }
    int current() const { return current_; }
    // Where a node is drawn, in this widget's coordinates; empty where it is not drawn.
    QRectF boxRect(uint32_t node) const;
    // The node drawn at a point, or -1.
    int nodeAt(const QPointF& point) const;
    // Its figures in words: its tooltip and its accessible description.
    QString nodeText(uint32_t node) const;
    // The colours' range in words, and what grey means.
    QString legend() const;
    // "3 boxes match 'solve': 60.0 % of the samples", or "" without a search.
    QString searchSummary() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void zoomChanged();
    // A box was clicked or chosen with the keyboard: its function (or process) name.
    void nodeChosen(const QString& name);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;

private:
    int rowHeight() const;
    // Pixels per sample at the current zoom: the zoomed box fills the width.
    double scale() const;
    bool matches(uint32_t node) const;
    FlameValue valueOf(uint32_t node) const;
    QColor fill(uint32_t node) const;
    void setCurrent(int node);
    // The names from the top to `node`, and the node of such names in the tree shown (-1: none).
    std::vector<std::string> pathTo(uint32_t node) const;
    int nodeOfPath(const std::vector<std::string>& path) const;
    void paintNode(QPainter& painter, uint32_t node, const QRectF& box, bool ancestor) const;

    std::shared_ptr<const FlameTree> tree_;
    std::shared_ptr<const FlameColourings> colourings_;
    int colouring_ = -1;
    QString valueName_;
    double low_ = 0, high_ = 0; // the known values' range, the root apart
    uint32_t zoom_ = 0;
    int current_ = -1;
    QString search_;
    std::vector<bool> matched_; // per node, for the search
};

} // namespace perfdash
