#pragma once
// The running processes as a table (PID, user, threads, command), read from
// /proc. refresh() updates the rows in place (removes the processes that
// ended, inserts the new ones, changes the ones that changed), so a view
// keeps its selection and scroll position across refreshes.
#include <QAbstractTableModel>
#include <string>
#include <vector>

#include "widgets/measure/ProcessTable.h"

namespace perfdash {

class ProcessListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { PidColumn, UserColumn, ThreadsColumn, CommandColumn, ColumnCount };
    enum Role { PidRole = Qt::UserRole + 1, KernelThreadRole };

    // `procRoot`: a fixture tree in tests. The model is empty until refresh().
    explicit ProcessListModel(std::string procRoot = "/proc", QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Re-reads /proc.
    void refresh();
    // Makes the rows these processes (ascending PID), changing only what differs.
    void update(std::vector<ProcessInfo> processes);

    const std::vector<ProcessInfo>& processes() const { return rows_; }
    // -1 when the process is not listed.
    int rowOfPid(int pid) const;

private:
    void removeRun(int first, int last);
    void insertRun(int at, std::vector<ProcessInfo>::iterator begin, std::vector<ProcessInfo>::iterator end);

    std::string procRoot_;
    std::vector<ProcessInfo> rows_; // ascending PID
};

} // namespace perfdash
