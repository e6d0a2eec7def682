#pragma once
// The Hotspots page's flame graph tab: the graph (FlameGraphView) in a
// scroll area, what colours it (the self share or any metric of the group,
// CPI first where the group has it), a button back to the whole selection,
// the colours' legend and what the page's name search matches.
#include <QWidget>
#include <memory>
#include <vector>

#include "core/profile/FlameTree.h"

class QComboBox;
class QLabel;
class QPushButton;

namespace perfdash {

class FlameGraphView;

class FlameGraphPanel : public QWidget {
    Q_OBJECT
public:
    explicit FlameGraphPanel(QWidget* parent = nullptr);

    // A selection's boxes and its metrics' values (colouredTree()); the self share is offered first.
    // `keepPlace`: a live run's newer boxes; the zoom and the current box stay (FlameGraphView::setTree).
    void setFlame(std::shared_ptr<const FlameTree> tree, std::shared_ptr<const FlameColourings> values,
                  const std::vector<std::string>& metrics, bool keepPlace = false);
    void clear();
    void setSearch(const QString& text);

    FlameGraphView* view() const { return view_; }
    QComboBox* colour() const { return colour_; }
    QPushButton* resetZoom() const { return resetZoom_; }
    QLabel* legend() const { return legend_; }

private:
    void showColouring();
    void showStatus();

    FlameGraphView* view_;
    QComboBox* colour_;
    QPushButton* resetZoom_;
    QLabel* legend_;
    std::shared_ptr<const FlameColourings> values_;
};

} // namespace perfdash
