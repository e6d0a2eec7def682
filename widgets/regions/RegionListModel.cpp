#include "widgets/regions/RegionListModel.h"

#include <algorithm>

#include "core/presentation/NumberFormat.h"
#include "core/result/CountSum.h"

namespace perfdash {

RegionFigure totalCalls(const RegionResult& region) {
    CountSum sum;
    for (size_t t = 0; t < region.threads.size(); ++t)
        sum.add(t < region.calls.size() ? CountValue{static_cast<double>(region.calls[t]), kNotAvailable} : CountValue{});
    return {sum.total().value, sum.partial()};
}

// A maximum over the threads follows the rule of a sum: the longest of some threads is not the region's time.
RegionFigure longestTime(const RegionResult& region) {
    double longest = kNotAvailable;
    size_t known = 0;
    for (size_t t = 0; t < region.threads.size(); ++t) {
        const double time = t < region.timeS.size() ? region.timeS[t] : kNotAvailable;
        if (!isAvailable(time)) continue;
        longest = known++ ? std::max(longest, time) : time;
    }
    if (known == 0) return {};
    if (known < region.threads.size()) return {kNotAvailable, PartialSum{longest, known, region.threads.size()}};
    return {longest, std::nullopt};
}

QString regionFigureText(const RegionFigure& figure) {
    return QString::fromStdString(figure.partial ? formatPartialShort(*figure.partial) : formatNumber(figure.value));
}

namespace {
// partial: a message with %1 of %2 threads and %3 the lower bound.
QString figureToolTip(const RegionFigure& figure, const QString& partial, const QString& none) {
    if (figure.partial)
        return partial.arg(figure.partial->counted)
            .arg(figure.partial->of)
            .arg(QString::fromStdString(formatNumber(figure.partial->value)));
    return isAvailable(figure.value) ? QString() : none;
}
} // namespace

QString regionCallsToolTip(const RegionFigure& calls) {
    return figureToolTip(calls,
                         RegionListModel::tr("Partial: only %1 of %2 threads have a recorded call count; they add up "
                                             "to %3, a lower bound of the region's calls"),
                         RegionListModel::tr("No thread has a recorded call count"));
}

QString regionTimeToolTip(const RegionFigure& time) {
    return figureToolTip(time,
                         RegionListModel::tr("Partial: only %1 of %2 threads have a recorded time; the longest of "
                                             "them, %3 s, is a lower bound of the region's time"),
                         RegionListModel::tr("No thread has a recorded time"));
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
    if (role == Qt::ToolTipRole && index.column() == TimeColumn) {
        const QString why = regionTimeToolTip(longestTime(r));
        const QString what = tr("The longest of its threads' times in the region: its span when they ran in parallel");
        return why.isEmpty() ? what : what + QStringLiteral(".\n") + why;
    }
    if (role == Qt::ToolTipRole && index.column() == CallsColumn) {
        const QString why = regionCallsToolTip(totalCalls(r));
        return why.isEmpty() ? QVariant() : QVariant(why);
    }
    if (role == Qt::ToolTipRole && index.column() == GroupColumn)
        return QString::fromStdString(r.group.shortDescription);
    if (role != Qt::DisplayRole && role != SortRole) return {};
    const bool sort = role == SortRole;
    switch (index.column()) {
    case RegionColumn: return QString::fromStdString(r.name);
    case GroupColumn: return QString::fromStdString(r.group.name);
    case ThreadsColumn: return sort ? QVariant(static_cast<double>(r.threads.size())) : QVariant(QString::number(r.threads.size()));
    case CallsColumn:
    case TimeColumn: {
        const RegionFigure f = index.column() == CallsColumn ? totalCalls(r) : longestTime(r);
        if (!sort) return regionFigureText(f);
        // A partial figure sorts by its lower bound; n/a sorts last.
        const double v = f.partial ? f.partial->value : f.value;
        return isAvailable(v) ? v : std::numeric_limits<double>::infinity();
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
