#include "widgets/live/MetricValuesModel.h"

#include <algorithm>
#include <cmath>

#include "core/presentation/NumberFormat.h"
#include "core/result/MetricCoverage.h"
#include "widgets/common/SeriesNames.h"
#include "widgets/live/TableCopy.h"

namespace perfdash {

MetricValuesModel::MetricValuesModel(QObject* parent) : QAbstractTableModel(parent) {}

void MetricValuesModel::beginRun(std::vector<LocationInfo> locations) {
    beginResetModel();
    locations_ = std::move(locations);
    groups_.clear();
    rows_.clear();
    t_ = 0;
    wholeRun_ = false;
    endResetModel();
}

void MetricValuesModel::appendIntervals(const std::vector<IntervalResult>& intervals) {
    if (intervals.empty() || wholeRun_) return;
    t_ = intervals.back().t;
    show(intervals.back().groups);
}

void MetricValuesModel::showResult(const MeasurementResult& result) {
    wholeRun_ = true;
    t_ = result.durationS;
    beginResetModel();
    locations_ = result.locations;
    rows_.clear();
    endResetModel();
    show(result.groups);
}

void MetricValuesModel::show(std::vector<GroupResult> groups) {
    size_t locationCount = locations_.size();
    for (const auto& group : groups)
        for (const auto& metric : group.metrics) locationCount = std::max(locationCount, metric.perLocation.size());
    std::vector<Row> rows;
    for (size_t g = 0; g < groups.size(); ++g)
        for (size_t m = 0; m < groups[g].metrics.size(); ++m) {
            rows.push_back({g, m});
            for (size_t t = 0; t < groups[g].metrics[m].perCoreType.size(); ++t) rows.push_back({g, m, t});
        }
    if (locationCount == locations_.size() && rows == rows_ && !rows_.empty()) {
        groups_ = std::move(groups);
        emit dataChanged(index(0, AggregateColumn), index(rowCount() - 1, columnCount() - 1));
        return;
    }
    beginResetModel();
    for (size_t l = locations_.size(); l < locationCount; ++l) locations_.push_back(unnamedLocation(l));
    groups_ = std::move(groups);
    rows_ = std::move(rows);
    endResetModel();
}

QString MetricValuesModel::scopeText() const {
    return wholeRun_ ? tr("Whole run (%1 s)").arg(QString::number(t_, 'f', 1))
                     : tr("Latest interval (t = %1 s)").arg(QString::number(t_, 'f', 2));
}

bool MetricValuesModel::fullyCovered() const {
    return std::all_of(groups_.begin(), groups_.end(), [](const GroupResult& group) {
        // As the column would print it: 0.99999 reads "100.0%" there too.
        const double c = metricCoverage(group, kAggregateLocation);
        return !std::isfinite(c) || formatCoverage(c) == formatCoverage(1.0);
    });
}

int MetricValuesModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int MetricValuesModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : FirstLocationColumn + static_cast<int>(locations_.size());
}

double MetricValuesModel::value(const Row& row, int column) const {
    const GroupResult& group = groups_[row.group];
    const MetricResult& metric = group.metrics[row.metric];
    if (row.coreType) // a core type's row has its aggregate alone
        return column == aggregateColumn() ? metric.perCoreType[*row.coreType].value : kNotAvailable;
    if (column == aggregateColumn()) return metric.aggregate;
    if (column == coverageColumn()) return metricCoverage(group, kAggregateLocation);
    const auto location = static_cast<size_t>(column - FirstLocationColumn);
    return location < metric.perLocation.size() ? metric.perLocation[location] : kNotAvailable;
}

QVariant MetricValuesModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Row& row = rows_[static_cast<size_t>(index.row())];
    const MetricResult& metric = groups_[row.group].metrics[row.metric];
    const int column = index.column();
    if (column < AggregateColumn) {
        // Absent boxes, likwid's own codes: said in the tooltip, with the formula.
        const QString note = QString::fromStdString(metricNote(metric));
        if (role == Qt::ToolTipRole && column == MetricColumn)
            return note.isEmpty() ? QString::fromStdString(metric.formula)
                                  : QString::fromStdString(metric.formula) + QStringLiteral("\n") + note;
        if (role != Qt::DisplayRole && role != kRawValueRole) return {};
        const NameAndUnit split = splitMetricName(metric.name);
        switch (column) {
        case GroupColumn: return QString::fromStdString(groups_[row.group].name);
        case MetricColumn:
            // Indented under its metric, as its part; a copy names the metric too.
            if (row.coreType) {
                const QString type = QString::fromStdString(metric.perCoreType[*row.coreType].coreType);
                return role == kRawValueRole ? tr("%1 on %2").arg(split.name, type) : tr("  on %1").arg(type);
            }
            // Computed from the boxes this machine has: said on the row itself, the tooltip names them.
            if (role == Qt::DisplayRole && !metric.absentInputs.empty())
                return tr("%1 (without absent boxes)").arg(split.name);
            return split.name;
        case UnitColumn: return split.unit;
        }
        return {};
    }
    if (column >= FirstLocationColumn)
        if (const auto reader = metric.heldElsewhere.at(static_cast<size_t>(column - FirstLocationColumn)))
            return heldElsewhereCell(*reader, role);
    if (row.coreType && column != aggregateColumn()) return role == Qt::DisplayRole ? QVariant(QString()) : QVariant();
    const double v = value(row, column);
    switch (role) {
    case Qt::DisplayRole:
        return QString::fromStdString(column == coverageColumn() ? formatCoverage(v) : formatNumber(v));
    case kRawValueRole: return v;
    case Qt::TextAlignmentRole: return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (column == coverageColumn())
            return tr(
                "The lowest coverage of the group's events: below 100% the events were multiplexed and scaled up");
        if (!isAvailable(v) && row.coreType)
            return tr("n/a: an input of the formula is not split by core type (package energy, uncore), or was not "
                      "counted on these cores");
        if (!isAvailable(v)) return tr("n/a: an input of the formula was not counted, or it divided by zero");
        if (const std::string note = metricNote(metric); !note.empty()) return QString::fromStdString(note);
        return {};
    default: return {};
    }
}

QVariant MetricValuesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= columnCount()) return {};
    switch (section) {
    case GroupColumn: return tr("Group");
    case MetricColumn: return tr("Metric");
    case UnitColumn: return tr("Unit");
    }
    if (section == aggregateColumn()) return tr("Aggregate");
    if (section == coverageColumn()) return tr("Coverage");
    return locationName(locations_[static_cast<size_t>(section - FirstLocationColumn)]);
}

} // namespace perfdash
