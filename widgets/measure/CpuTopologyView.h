#pragma once
// The machine drawn as sockets -> cores -> hardware threads, for choosing
// CPUs. Click a CPU to toggle it, a core's frame or a socket's title to
// toggle all of it; drag a band to set every CPU it touches (to selected,
// or to unselected when the drag starts on a selected CPU). Keyboard: arrows
// move, Space toggles, Ctrl+A selects all. Cores wrap into rows and the view
// scrolls, so a few hundred CPUs stay usable.
#include <QAbstractScrollArea>
#include <set>
#include <vector>

#include "core/topology/Topology.h"
#include "widgets/measure/CpuTopologyLayout.h"

namespace perfdash {

class CpuTopologyView : public QAbstractScrollArea {
    Q_OBJECT
public:
    explicit CpuTopologyView(QWidget* parent = nullptr);

    void setTopology(const Topology& topology);
    const Topology& topology() const { return topology_; }
    // Does not emit selectionEdited (that is for the user's edits).
    void setSelection(const std::vector<int>& cpus);
    std::vector<int> selection() const { return {selected_.begin(), selected_.end()}; }
    // Selects every online CPU, as an edit of the user.
    void selectAll();
    void clearSelection();

    const CpuTopologyLayout& layout() const { return layout_; }
    // Where a CPU's cell is on the viewport (for tests and tooltips); empty if it is not drawn.
    QRect cellRect(int cpu) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    // The user changed the selection; ascending CPU numbers.
    void selectionEdited(const std::vector<int>& cpus);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void changeEvent(QEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    CpuTopologyMetrics metrics() const;
    void relayout();
    QPoint toContents(QPoint viewportPoint) const;
    // Selects all of `cpus`, or deselects them when all are selected already.
    void toggle(const std::vector<int>& cpus);
    void setCpus(const std::vector<int>& cpus, bool selected);
    void commitEdit(std::set<int> selection);
    void moveFocus(int cellIndex);
    int cellInDirection(int from, int rowStep) const;
    QString toolTipFor(int cpu) const;

    Topology topology_;
    CpuTopologyLayout layout_;
    std::set<int> selected_;
    int focusCell_ = -1;
    // An ongoing press or drag.
    bool pressed_ = false;
    bool dragging_ = false;
    bool bandSelects_ = true;
    QPoint pressAt_; // contents coordinates
    QRect band_;
};

} // namespace perfdash
