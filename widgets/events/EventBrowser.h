#pragma once
// The event browser: every event the catalog knows (~20 000 rows: perf
// generic, cache and software events, sysfs PMUs, tracepoints, libpfm4
// native events of every model), filtered as the user types, by source/PMU
// and to what is countable here; a details pane for the current event; a
// custom event set that can be saved as a group file.
//
// Events go to the session by double-click, Return, the "Add to session"
// button or by dragging them (kEventListMimeType, see EventMimeData.h); all
// but the drag emit eventsChosen(). Availability is checked off the GUI
// thread (AvailabilityScan), starting when the browser is first shown.
//
// Usage:
//   auto* browser = new EventBrowser(machine);
//   connect(browser, &EventBrowser::eventsChosen, setupPage, &SetupPage::addEvents);
//   connect(browser, &EventBrowser::groupSaved, setupPage, &SetupPage::reloadGroups);
#include <QWidget>

#include "core/measurement/MachineContext.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableView;
class QTimer;
class QTreeView;

namespace perfdash {

class AvailabilityScan;
class CustomEventSetModel;
class EventDetailsView;
class EventFilterProxyModel;
class EventTableModel;

class EventBrowser : public QWidget {
    Q_OBJECT
public:
    // `machine` must outlive the browser.
    explicit EventBrowser(MachineContext& machine, QWidget* parent = nullptr);
    ~EventBrowser() override;

    // Starts checking availability now rather than at the first show.
    void startAvailabilityScan();
    // The selected events (event strings), in view order.
    QStringList selectedEvents() const;
    // Selects (and makes current) the row of this catalog name; false if it is filtered out or unknown.
    bool selectEvent(const QString& name);

    // The parts, for tests and for a shell that wants to arrange or drive them.
    EventTableModel& model() { return *model_; }
    EventFilterProxyModel& proxy() { return *proxy_; }
    AvailabilityScan& scan() { return *scan_; }
    CustomEventSetModel& customSet() { return *customSet_; }
    QTreeView* view() const { return view_; }
    EventDetailsView* details() const { return details_; }
    QLineEdit* filterEdit() const { return filter_; }

signals:
    // The user asked to add these events (event strings) to the session.
    void eventsChosen(const QStringList& events);
    // A custom event set was saved as the group `name` in `path`.
    void groupSaved(const QString& path, const QString& name);

protected:
    void showEvent(QShowEvent* event) override;

private:
    QWidget* buildFilterBar();
    QWidget* buildCustomSetBox();
    void fillPmuCombo();
    void applySourceFilter();
    void updateCount();
    void updateDetails();
    void refreshDetailsIfIn(const QModelIndex& topLeft, const QModelIndex& bottomRight);
    void chooseSelected();
    void addSelectedToCustomSet();
    void removeFromCustomSet();
    void saveCustomSet();
    void onScanProgress(int done, int total);

    MachineContext& machine_;
    EventTableModel* model_;
    EventFilterProxyModel* proxy_;
    AvailabilityScan* scan_;
    CustomEventSetModel* customSet_;
    QLineEdit* filter_ = nullptr;
    QTimer* filterDelay_ = nullptr;
    QComboBox* source_ = nullptr;
    QComboBox* pmu_ = nullptr;
    QCheckBox* countableOnly_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* count_ = nullptr;
    QTreeView* view_ = nullptr;
    EventDetailsView* details_ = nullptr;
    QTableView* customView_ = nullptr;
    QPushButton* saveSet_ = nullptr;
    QPushButton* chooseSet_ = nullptr;
};

} // namespace perfdash
