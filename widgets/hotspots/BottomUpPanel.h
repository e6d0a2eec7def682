#pragma once
// The Hotspots page's bottom-up tree: the functions where samples ended,
// each above its callers (core/profile's callTree, in a CallTreeModel). A
// large selection's bottom-up tree costs as much to sum as its flame graph,
// and most selections are never read bottom-up: it is summed on a worker
// when its tab is shown, for the selection shown then.
#include <QFutureWatcher>
#include <QWidget>
#include <memory>

#include "core/profile/FlameTree.h"

class QLabel;
class QTreeView;

namespace perfdash {

class CallTreeModel;

class BottomUpPanel : public QWidget {
    Q_OBJECT
public:
    explicit BottomUpPanel(QWidget* parent = nullptr);
    ~BottomUpPanel() override;

    // The page's samples and selection; summed now where the tab is shown, else when it is.
    void setSelection(std::shared_ptr<const Profile> profile, std::shared_ptr<const ProfileSelection> selection);
    void clear();

    CallTreeModel* model() const { return model_; }
    QTreeView* view() const { return view_; }

signals:
    // The tree shows the selection last given (the tests wait on it).
    void treeReady();

protected:
    void showEvent(QShowEvent* event) override;

private:
    struct Tree;
    void recompute();
    void showTree();

    std::shared_ptr<const Profile> profile_;
    std::shared_ptr<const ProfileSelection> selection_;
    bool stale_ = false; // the selection changed since the tree was summed
    QLabel* status_;
    CallTreeModel* model_;
    QTreeView* view_;
    QFutureWatcher<std::shared_ptr<Tree>>* watcher_;
    uint64_t generation_ = 0;
};

} // namespace perfdash
