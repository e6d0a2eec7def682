#include "widgets/regions/RegionListModel.h"

#include <algorithm>
#include <numeric>

#include "core/report/NumberFormat.h"

namespace perfdash {

uint64_t totalCalls(const RegionResult& region) {
    return std::accumulate(region.calls.begin(), region.calls.end(), uint64_t{0});
}

double longestTime(const RegionResult& region) {
    double longest = kNotAvailable;
    for (double t : region.timeS)
        if (isAvailable(t)) longest = isAvailable(longest) ? std::max(longest, t) : t;
    return longest;
}

RegionListModel::RegionListModel(QObject* parent) : QAbstractTableModel(parent) {}

void RegionListModel::setRegions(const std::vector<RegionResult>& regions) {
    beginResetModel();
    regions_ = regions;
    endResetModel();
}

void RegionListModel::clear() { setRegions({}); }

int RegionListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(regions_.size());
}

int RegionListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant RegionListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid)) return {};
    const RegionResult& r = regions_[static_cast<size_t>(index.row())];
    if (role == RegionIndexRole) return index.row();
    if (role == Qt::TextAlignmentRole)
        return index.column() >= ThreadsColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    if (role == Qt::ToolTipRole && index.column() == TimeColumn)
        return tr("The longest of its threads' times in the region: its span when they ran in parallel");
    if (role == Qt::ToolTipRole && index.column() == GroupColumn)
        return QString::fromStdString(r.group.shortDescription);
    if (role != Qt::DisplayRole && role != SortRole) return {};
    const bool sort = role == SortRole;
    switch (index.column()) {
    case RegionColumn: return QString::fromStdString(r.name);
    case GroupColumn: return QString::fromStdString(r.group.name);
    case ThreadsColumn: return sort ? QVariant(static_cast<double>(r.threads.size())) : QVariant(QString::number(r.threads.size()));
    case CallsColumn:
        return sort ? QVariant(static_cast<double>(totalCalls(r))) : QVariant(QString::number(totalCalls(r)));
    case TimeColumn: {
        const double t = longestTime(r);
        if (sort) return isAvailable(t) ? t : std::numeric_limits<double>::infinity();
        return QString::fromStdString(formatNumber(t));
    }
    default: return {};
    }
}

QVariant RegionListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case RegionColumn: return tr("Region");
    case GroupColumn: return tr("Group");
    case ThreadsColumn: return tr("Threads");
    case CallsColumn: return tr("Calls");
    case TimeColumn: return tr("Time [s]");
    default: return {};
    }
}

} // namespace perfdash
