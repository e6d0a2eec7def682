#pragma once
// The Hotspots page's callers and callees of one function: who called it
// (nearest caller first, down to where the stacks end) and what it called,
// each a CallTreeModel over core/profile's callTree, of the page's
// selection, summed on a worker thread. The function is the one chosen in
// the table or the flame graph.
#include <QFutureWatcher>
#include <QWidget>
#include <memory>

#include "core/profile/FlameTree.h"

class QLabel;
class QTreeView;

namespace perfdash {

class CallTreeModel;

class CallersCalleesPanel : public QWidget {
    Q_OBJECT
public:
    explicit CallersCalleesPanel(QWidget* parent = nullptr);
    ~CallersCalleesPanel() override;

    // The page's samples and selection: the trees follow them for the function shown.
    void setSelection(std::shared_ptr<const Profile> profile, std::shared_ptr<const ProfileSelection> selection);
    void showFunction(const QString& name);
    void clear();

    const QString& function() const { return function_; }
    QLabel* heading() const { return heading_; }
    CallTreeModel* callers() const { return callers_; }
    CallTreeModel* callees() const { return callees_; }
    QTreeView* callersView() const { return callersView_; }
    QTreeView* calleesView() const { return calleesView_; }

signals:
    // The trees show the function last asked for (the tests wait on it).
    void treesReady();

private:
    struct Trees;
    void recompute();
    void showTrees();

    std::shared_ptr<const Profile> profile_;
    std::shared_ptr<const ProfileSelection> selection_;
    QString function_;
    QLabel* heading_;
    CallTreeModel* callers_;
    CallTreeModel* callees_;
    QTreeView* callersView_;
    QTreeView* calleesView_;
    QFutureWatcher<std::shared_ptr<Trees>>* watcher_;
    uint64_t generation_ = 0;
};

} // namespace perfdash
