#include "widgets/measure/ProcessFilterModel.h"

#include "widgets/measure/ProcessListModel.h"

namespace perfdash {

ProcessFilterModel::ProcessFilterModel(QObject* parent) : QSortFilterProxyModel(parent) {}

void ProcessFilterModel::setText(const QString& text) {
    if (text == text_) return;
    text_ = text;
    invalidateFilter();
}

void ProcessFilterModel::setShowKernelThreads(bool show) {
    if (show == showKernelThreads_) return;
    showKernelThreads_ = show;
    invalidateFilter();
}

bool ProcessFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    const QAbstractItemModel* source = sourceModel();
    const QModelIndex row = source->index(sourceRow, 0, sourceParent);
    if (!showKernelThreads_ && row.data(ProcessListModel::KernelThreadRole).toBool()) return false;
    const QString text = text_.trimmed();
    if (text.isEmpty()) return true;
    for (int column : {ProcessListModel::PidColumn, ProcessListModel::UserColumn, ProcessListModel::CommandColumn})
        if (source->index(sourceRow, column, sourceParent).data().toString().contains(text, Qt::CaseInsensitive))
            return true;
    return false;
}

} // namespace perfdash
