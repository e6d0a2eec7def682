#pragma once
// Two sessions' samples compared function by function, A the baseline (as
// `perfdash-cli report B --functions --baseline A`): the table of changes
// (FunctionChangesModel), and B's flame graph coloured by each box's change
// of share since A (red: more of the run, blue: less), as `report --flame
// change` draws it. Summed on a worker thread; a pair without samples on both
// sides says which one lacks them.
#include <QFutureWatcher>
#include <QWidget>
#include <memory>

#include "core/profile/Profile.h"

class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace perfdash {

class FlameGraphView;
class FunctionChangesModel;

class FunctionComparisonView : public QWidget {
    Q_OBJECT
public:
    explicit FunctionComparisonView(QWidget* parent = nullptr);
    ~FunctionComparisonView() override;

    // Both sessions' samples; either may be null (a session of counts only), and the view says so;
    // `problem`: why they could not be read, said in their place.
    void setProfiles(std::shared_ptr<const Profile> a, std::shared_ptr<const Profile> b, const QString& problem = {});

    FunctionChangesModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    FlameGraphView* flame() const { return flame_; }
    // What was compared, or why nothing.
    QLabel* summary() const { return summary_; }
    QLabel* legend() const { return legend_; }

signals:
    // The table and the flame graph show the last pair given, or the summary says why they cannot.
    void ready();

private:
    struct Compared;
    void show();

    QLabel* summary_;
    FunctionChangesModel* model_;
    QSortFilterProxyModel* proxy_;
    QTableView* table_;
    FlameGraphView* flame_;
    QLabel* legend_;
    QFutureWatcher<std::shared_ptr<Compared>>* watcher_;
    uint64_t generation_ = 0;
};

} // namespace perfdash
