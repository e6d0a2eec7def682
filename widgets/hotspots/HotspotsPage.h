#pragma once
// The Hotspots page: where a sampled run's events happen. A table of
// functions (or source files, modules, processes, threads) with their shares
// of the samples, their events and the group's metrics on their own samples,
// sortable by any column and filtered as the user types; of all samples, or
// of a marker region's and of a time range (as `report --region --time`). The table is summed
// on a worker thread (core/profile's groupedTable), so a large session never
// blocks the window.
//
// It shows an opened session's samples (perfdash-cli record), or a run's as it
// samples (twice a second, keeping the user's choices: grouping, region, time
// range, filter, sort, the current row and the flame graph's zoom); a run
// without samples gets a line that says so and how to record one.
#include <QFutureWatcher>
#include <QWidget>
#include <memory>

#include "core/profile/Profile.h"
#include "core/profile/ProfileViews.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;
class QTreeView;

namespace perfdash {

class BottomUpPanel;
class CallersCalleesPanel;
class CallTreeModel;
class DisassemblyPanel;
class FlameGraphPanel;
class SourcePanel;
class FunctionTableModel;

class HotspotsPage : public QWidget {
    Q_OBJECT
public:
    explicit HotspotsPage(QWidget* parent = nullptr);
    ~HotspotsPage() override;

    // A session's samples, `name` its file.
    void showProfile(std::shared_ptr<const Profile> profile, const QString& name);
    // A run's samples so far (complete = false) or all of them (complete, `name` its session file or "" when
    // none could be saved); what the user chose stays.
    void showLiveProfile(std::shared_ptr<const Profile> profile, bool complete, const QString& name = {});
    // Nothing to show: `why` (rich text) says why and what to do.
    void showNone(const QString& why);
    // The samples of a time range (seconds from the start) or of a marker region, as if typed or chosen
    // here; false where there are no samples, or the session has no such region.
    bool selectRange(double fromS, double toS);
    bool selectRegion(const QString& region);

    // The samples shown, and the name of their file; none while the page shows none.
    const std::shared_ptr<const Profile>& profile() const { return profile_; }
    const QString& profileName() const { return name_; }
    FunctionTableModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    FlameGraphPanel* flame() const { return flame_; }
    CallTreeModel* topDown() const { return topDown_; }
    BottomUpPanel* bottomUp() const { return bottomUp_; }
    QTreeView* topDownView() const { return topDownView_; }
    CallersCalleesPanel* callers() const { return callers_; }
    SourcePanel* source() const { return source_; }
    DisassemblyPanel* disassembly() const { return disassembly_; }
    // The tabs of the table, the flame graph, the trees and the callers.
    QTabWidget* views() const { return views_; }
    QComboBox* grouping() const { return grouping_; }
    QComboBox* region() const { return region_; }
    QLineEdit* timeRange() const { return time_; }
    QLineEdit* filter() const { return filter_; }
    QLabel* heading() const { return heading_; }
    // What the table sums ("all samples: 532 samples"), or why it is empty (a time range without samples).
    QLabel* selection() const { return selection_; }

signals:
    // The table shows the rows of the profile and selection last asked for, or the selection says why it
    // cannot (the tests wait on it).
    void tableReady();

private:
    struct Table;
    // The profile and its heading; the marker regions offered keep the current choice where it remains.
    void setProfile(std::shared_ptr<const Profile> profile, const QString& heading);
    // A table for the user's choices (recompute), or a live run's newer one that keeps the view's place.
    void recompute();
    void sumTable(bool keepPlace);
    void showTable();
    void showSelectionProblem(const QString& problem);
    void selectFunction(const QString& name);
    void chooseCurrentRow();

    std::shared_ptr<const Profile> profile_;
    QString name_;
    QLabel* heading_;
    QComboBox* grouping_;
    QComboBox* region_;
    QLineEdit* time_;
    QLineEdit* filter_;
    QLabel* selection_;
    QTabWidget* views_;
    QTableView* table_;
    FlameGraphPanel* flame_;
    CallTreeModel* topDown_;
    BottomUpPanel* bottomUp_;
    QTreeView* topDownView_;
    CallersCalleesPanel* callers_;
    SourcePanel* source_;
    DisassemblyPanel* disassembly_;
    FunctionTableModel* model_;
    QSortFilterProxyModel* proxy_;
    QFutureWatcher<std::shared_ptr<Table>>* watcher_;
    uint64_t generation_ = 0; // of the profile and grouping asked for: an older table is dropped
    bool live_ = false;       // a run's samples, refreshed as it goes; until another run or session
    bool shownTable_ = false; // since the last profile opened: the first table sizes the columns
};

} // namespace perfdash
