#include "widgets/regions/RegionTableModel.h"

#include <QFont>

#include "core/presentation/NumberFormat.h"
#include "core/report/ReportTables.h"
#include "widgets/common/QtStrings.h"
#include "widgets/regions/RegionListModel.h"

namespace perfdash {

namespace {

QVariant numberCell(double value, int role, const QString& missingReason) {
    switch (role) {
    case Qt::DisplayRole: return toQString(formatNumber(value));
    case RegionTableModel::ValueRole: return value;
    case Qt::ToolTipRole: return isAvailable(value) ? QVariant() : QVariant(missingReason);
    default: return {};
    }
}

// The region row's calls or time: complete, partial (a lower bound) or n/a, never what some threads give as the whole.
QVariant regionFigureCell(const RegionFigure& figure, int role, const QString& why) {
    switch (role) {
    case Qt::DisplayRole: return regionFigureText(figure);
    case RegionTableModel::ValueRole: return figure.value;
    case Qt::ToolTipRole: return why.isEmpty() ? QVariant() : QVariant(why);
    default: return {};
    }
}

} // namespace

RegionTableModel::RegionTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void RegionTableModel::setRegion(const RegionResult& region) {
    beginResetModel();
    region_ = region;
    endResetModel();
}

void RegionTableModel::clear() {
    beginResetModel();
    region_.reset();
    endResetModel();
}

int RegionTableModel::threadCount() const { return region_ ? static_cast<int>(region_->threads.size()) : 0; }

int RegionTableModel::aggregateRow() const { return region_ ? threadCount() : -1; }

int RegionTableModel::firstMetricColumn() const {
    return FirstEventColumn + (region_ ? static_cast<int>(region_->group.events.size()) : 0);
}

int RegionTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !region_ ? 0 : threadCount() + 1;
}

int RegionTableModel::columnCount(const QModelIndex& parent) const {
    if (parent.isValid() || !region_) return 0;
    return firstMetricColumn() + static_cast<int>(region_->group.metrics.size());
}

QVariant RegionTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid)) return {};
    const RegionResult& r = *region_;
    const int row = index.row();
    const bool whole = row == aggregateRow();
    const auto thread = static_cast<size_t>(row);
    if (role == AggregateRowRole) return whole;
    if (role == Qt::FontRole && whole) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() == ThreadColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                              : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    const int column = index.column();
    if (column == ThreadColumn) {
        if (role == Qt::DisplayRole) return whole ? tr("Region") : toQString(locationLabel(r.threads[thread]));
        if (role == Qt::ToolTipRole && whole)
            return tr("The region as a whole: calls summed over its threads, the longest thread's time, event "
                      "totals, and the metrics' formulas applied to the totals with that time");
        return {};
    }
    if (column == CallsColumn || column == TimeColumn) {
        const bool calls = column == CallsColumn;
        if (whole) {
            const RegionFigure f = calls ? totalCalls(r) : longestTime(r);
            return regionFigureCell(f, role, calls ? regionCallsToolTip(f) : regionTimeToolTip(f));
        }
        const double v = calls ? (thread < r.calls.size() ? static_cast<double>(r.calls[thread]) : kNotAvailable)
                               : (thread < r.timeS.size() ? r.timeS[thread] : kNotAvailable);
        return numberCell(v, role, tr("Not recorded for this thread"));
    }
    if (column < firstMetricColumn())
        return eventData(r.group.events[static_cast<size_t>(column - FirstEventColumn)], row, role);
    return metricData(r.group.metrics[static_cast<size_t>(column - firstMetricColumn())], row, role);
}

QVariant RegionTableModel::eventData(const EventResult& e, int row, int role) const {
    if (!e.counted) {
        if (role == Qt::DisplayRole) return toQString(kNotCountedText);
        if (role == ValueRole) return kNotAvailable;
        if (role == Qt::ToolTipRole)
            return e.reason.empty() ? tr("Not counted; no reason was recorded")
                                    : tr("Not counted: %1").arg(toQString(e.reason));
        return {};
    }
    const auto thread = static_cast<size_t>(row);
    const bool whole = row == aggregateRow();
    const CountValue value = whole                        ? e.total
                             : thread < e.perLocation.size() ? e.perLocation[thread]
                                                             : CountValue{};
    // The region's total is partial when some of its threads have no value: never shown as the total.
    const std::optional<PartialSum> partial = whole ? e.partialTotal : std::nullopt;
    switch (role) {
    case Qt::DisplayRole: return toQString(partial ? formatPartialShort(*partial) : formatCount(value));
    case ValueRole: return value.value;
    case Qt::ToolTipRole: {
        const std::string about = describeCount(value, partial, "threads");
        return about.empty() ? QVariant() : QVariant(toQString(about));
    }
    default: return {};
    }
}

QVariant RegionTableModel::metricData(const MetricResult& m, int row, int role) const {
    const auto thread = static_cast<size_t>(row);
    const double value = row == aggregateRow() ? m.aggregate
                         : thread < m.perLocation.size() ? m.perLocation[thread]
                                                         : kNotAvailable;
    return numberCell(
        value, role,
        tr("Not available: an input of %1 was not counted, or it divided by zero").arg(toQString(m.formula)));
}

QVariant RegionTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || !region_ || section < 0 || section >= columnCount()) return {};
    const RegionResult& r = *region_;
    if (section == ThreadColumn) return role == Qt::DisplayRole ? QVariant(tr("Thread")) : QVariant();
    if (section == CallsColumn) return role == Qt::DisplayRole ? QVariant(tr("Calls")) : QVariant();
    if (section == TimeColumn) {
        if (role == Qt::DisplayRole) return tr("Time [s]");
        if (role == Qt::ToolTipRole) return tr("Wall time inside the region, summed over its calls");
        return {};
    }
    if (section < firstMetricColumn()) {
        const EventResult& e = r.group.events[static_cast<size_t>(section - FirstEventColumn)];
        if (role == Qt::DisplayRole) return toQString(e.event + unitSuffix(e.unit));
        if (role == Qt::ToolTipRole) return tr("Event %1 on counter %2").arg(toQString(e.event), toQString(e.counter));
        return {};
    }
    const MetricResult& m = r.group.metrics[static_cast<size_t>(section - firstMetricColumn())];
    if (role == Qt::DisplayRole) return toQString(m.name);
    if (role == Qt::ToolTipRole) return tr("Metric: %1").arg(toQString(m.formula));
    return {};
}

} // namespace perfdash
