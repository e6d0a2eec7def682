#pragma once
// The process list as the picker shows it: filtered by what the user types
// (a case-insensitive match in the PID, the user or the command) and,
// unless asked for, without kernel threads (dozens of them, rarely the
// process one means).
#include <QSortFilterProxyModel>

namespace perfdash {

class ProcessFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit ProcessFilterModel(QObject* parent = nullptr);

    void setText(const QString& text);
    void setShowKernelThreads(bool show);
    bool showsKernelThreads() const { return showKernelThreads_; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString text_;
    bool showKernelThreads_ = false;
};

} // namespace perfdash
