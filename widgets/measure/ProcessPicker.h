#pragma once
// Choosing a running process to attach to: a filter field (matches PID, user
// or command as you type), the sortable process table, a Refresh button and
// whether kernel threads are listed.
#include <QWidget>
#include <functional>

class QCheckBox;
class QLineEdit;
class QTreeView;
class QLabel;

namespace perfdash {

class ProcessFilterModel;
class ProcessListModel;

class ProcessPicker : public QWidget {
    Q_OBJECT
public:
    // `procRoot`: a fixture tree in tests.
    explicit ProcessPicker(QWidget* parent = nullptr, const QString& procRoot = QStringLiteral("/proc"));

    // -1 when none is selected.
    int selectedPid() const { return selectedPid_; }
    // Selects the process when it is listed (after a refresh); false when it is not.
    bool selectPid(int pid);

    QLineEdit* filterField() const { return filter_; }
    QTreeView* view() const { return view_; }
    ProcessListModel* model() const { return model_; }
    ProcessFilterModel* filterModel() const { return proxy_; }
    QCheckBox* kernelThreadsToggle() const { return kernelThreads_; }

public slots:
    void refresh();

signals:
    void selectedPidChanged(int pid);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void onSelectionChanged();
    // Applies a change to the rows and keeps the selected process selected if it is still shown, else none.
    void keepingSelection(const std::function<void()>& change);

    ProcessListModel* model_;
    ProcessFilterModel* proxy_;
    QLineEdit* filter_;
    QCheckBox* kernelThreads_;
    QTreeView* view_;
    QLabel* summary_;
    int selectedPid_ = -1;
    bool adjusting_ = false;
};

} // namespace perfdash
