#include "widgets/measure/ProcessListModel.h"

#include <algorithm>

namespace perfdash {

ProcessListModel::ProcessListModel(std::string procRoot, QObject* parent)
    : QAbstractTableModel(parent), procRoot_(std::move(procRoot)) {}

int ProcessListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ProcessListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ProcessListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const ProcessInfo& p = rows_[static_cast<size_t>(index.row())];
    if (role == PidRole) return p.pid;
    if (role == KernelThreadRole) return p.kernelThread;
    if (role == Qt::TextAlignmentRole && (index.column() == PidColumn || index.column() == ThreadsColumn))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == CommandColumn) return QString::fromStdString(p.command);
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case PidColumn: return p.pid; // a number, so that sorting is numeric
    case UserColumn: return QString::fromStdString(p.user);
    case ThreadsColumn: return p.threads > 0 ? QVariant(p.threads) : QVariant(tr("n/a"));
    case CommandColumn: return QString::fromStdString(p.command);
    }
    return {};
}

QVariant ProcessListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case PidColumn: return tr("PID");
    case UserColumn: return tr("User");
    case ThreadsColumn: return tr("Threads");
    case CommandColumn: return tr("Command");
    }
    return {};
}

void ProcessListModel::refresh() { update(readProcesses(procRoot_)); }

int ProcessListModel::rowOfPid(int pid) const {
    auto it = std::lower_bound(rows_.begin(), rows_.end(), pid, [](const ProcessInfo& p, int v) { return p.pid < v; });
    return it != rows_.end() && it->pid == pid ? static_cast<int>(it - rows_.begin()) : -1;
}

void ProcessListModel::removeRun(int first, int last) {
    beginRemoveRows({}, first, last);
    rows_.erase(rows_.begin() + first, rows_.begin() + last + 1);
    endRemoveRows();
}

void ProcessListModel::insertRun(int at, std::vector<ProcessInfo>::iterator begin,
                                 std::vector<ProcessInfo>::iterator end) {
    beginInsertRows({}, at, at + static_cast<int>(end - begin) - 1);
    rows_.insert(rows_.begin() + at, std::make_move_iterator(begin), std::make_move_iterator(end));
    endInsertRows();
}

void ProcessListModel::update(std::vector<ProcessInfo> fresh) {
    // A merge of two PID-sorted lists: runs of old-only rows are removed, runs
    // of new-only rows inserted, rows in both updated when they differ.
    int row = 0;
    auto next = fresh.begin();
    while (row < static_cast<int>(rows_.size()) || next != fresh.end()) {
        const bool oldLeft = row < static_cast<int>(rows_.size());
        if (oldLeft && (next == fresh.end() || rows_[static_cast<size_t>(row)].pid < next->pid)) {
            int last = row;
            while (last + 1 < static_cast<int>(rows_.size()) &&
                   (next == fresh.end() || rows_[static_cast<size_t>(last + 1)].pid < next->pid))
                ++last;
            removeRun(row, last);
            continue;
        }
        if (!oldLeft || next->pid < rows_[static_cast<size_t>(row)].pid) {
            auto end = next;
            while (end != fresh.end() && (!oldLeft || end->pid < rows_[static_cast<size_t>(row)].pid)) ++end;
            const int count = static_cast<int>(end - next);
            insertRun(row, next, end);
            row += count;
            next = end;
            continue;
        }
        if (!(rows_[static_cast<size_t>(row)] == *next)) {
            rows_[static_cast<size_t>(row)] = std::move(*next);
            emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
        }
        ++row;
        ++next;
    }
}

} // namespace perfdash
