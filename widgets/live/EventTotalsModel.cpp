#include "widgets/live/EventTotalsModel.h"

#include <algorithm>

#include "core/report/NumberFormat.h"
#include "widgets/live/SeriesNames.h"
#include "widgets/live/TableCopy.h"

namespace perfdash {

namespace {
constexpr int kStatisticCount = 5;
}

EventTotalsModel::EventTotalsModel(QObject* parent) : QAbstractTableModel(parent) {}

void EventTotalsModel::beginSession(std::vector<LocationInfo> locations) {
    beginResetModel();
    locations_ = std::move(locations);
    rows_.clear();
    seconds_ = 0;
    wholeRun_ = false;
    endResetModel();
}

void EventTotalsModel::defineRows(const std::vector<GroupResult>& groups) {
    beginResetModel();
    rows_.clear();
    size_t locationCount = locations_.size();
    for (const auto& group : groups)
        for (const auto& event : group.events) locationCount = std::max(locationCount, event.perLocation.size());
    for (size_t l = locations_.size(); l < locationCount; ++l) locations_.push_back({"location", static_cast<int>(l)});
    for (const auto& group : groups)
        for (const auto& event : group.events) {
            Row row{event, QString::fromStdString(group.name), std::vector<double>(locations_.size(), 0.0)};
            row.event.perLocation.assign(locations_.size(),
                                         CountValue{event.counted ? 0.0 : kNotAvailable, kNotAvailable});
            row.event.total = {};
            rows_.push_back(std::move(row));
        }
    endResetModel();
}

void EventTotalsModel::appendIntervals(const std::vector<IntervalResult>& intervals) {
    if (intervals.empty() || wholeRun_) return;
    if (rows_.empty()) defineRows(intervals.front().groups);
    for (const auto& interval : intervals) {
        seconds_ += interval.dt;
        size_t r = 0;
        for (const auto& group : interval.groups)
            for (const auto& event : group.events) {
                if (r >= rows_.size()) break;
                Row& row = rows_[r++];
                for (size_t l = 0; l < row.event.perLocation.size() && l < event.perLocation.size(); ++l) {
                    const CountValue& delta = event.perLocation[l];
                    if (isAvailable(delta.value)) row.event.perLocation[l].value += delta.value;
                    if (isAvailable(delta.coverage)) row.coveredSeconds[l] += delta.coverage * interval.dt;
                }
            }
    }
    // Coverage so far: the share of the time each counter actually counted.
    for (Row& row : rows_)
        for (size_t l = 0; l < row.event.perLocation.size(); ++l)
            row.event.perLocation[l].coverage =
                row.event.counted && seconds_ > 0 ? row.coveredSeconds[l] / seconds_ : kNotAvailable;
    if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

void EventTotalsModel::showResult(const MeasurementResult& result) {
    beginResetModel();
    locations_ = result.locations;
    rows_.clear();
    for (const auto& group : result.groups)
        for (const auto& event : group.events) {
            Row row{event, QString::fromStdString(group.name), {}};
            row.event.perLocation.resize(locations_.size());
            rows_.push_back(std::move(row));
        }
    seconds_ = result.durationS;
    wholeRun_ = true;
    endResetModel();
}

QString EventTotalsModel::scopeText() const {
    const QString seconds = QString::number(seconds_, 'f', 1);
    return wholeRun_ ? tr("Whole run (%1 s)").arg(seconds) : tr("Totals so far (%1 s)").arg(seconds);
}

int EventTotalsModel::statisticColumn(Statistic statistic) const {
    return FirstLocationColumn + static_cast<int>(locations_.size()) + static_cast<int>(statistic);
}

int EventTotalsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int EventTotalsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : FirstLocationColumn + static_cast<int>(locations_.size()) + kStatisticCount;
}

double EventTotalsModel::statistic(const Row& row, Statistic statistic) const {
    if (!row.event.counted) return kNotAvailable;
    double sum = 0, lowest = kNotAvailable, highest = kNotAvailable, lowestCoverage = kNotAvailable;
    int count = 0;
    for (const CountValue& v : row.event.perLocation) {
        if (isAvailable(v.coverage) && (!isAvailable(lowestCoverage) || v.coverage < lowestCoverage))
            lowestCoverage = v.coverage;
        if (!isAvailable(v.value)) continue;
        sum += v.value;
        lowest = count == 0 ? v.value : std::min(lowest, v.value);
        highest = count == 0 ? v.value : std::max(highest, v.value);
        ++count;
    }
    switch (statistic) {
    case Statistic::Sum: return wholeRun_ ? row.event.total.value : (count ? sum : kNotAvailable);
    case Statistic::Min: return lowest;
    case Statistic::Max: return highest;
    case Statistic::Mean: return count ? sum / count : kNotAvailable;
    case Statistic::Coverage: return wholeRun_ ? row.event.total.coverage : lowestCoverage;
    }
    return kNotAvailable;
}

QVariant EventTotalsModel::valueCell(const Row& row, int column, int role) const {
    const int location = column - FirstLocationColumn;
    const bool isLocation = location < static_cast<int>(locations_.size());
    const auto stat = static_cast<Statistic>(location - static_cast<int>(locations_.size()));
    const double value = isLocation ? row.event.perLocation[static_cast<size_t>(location)].value : statistic(row, stat);
    const bool isCoverage = !isLocation && stat == Statistic::Coverage;
    switch (role) {
    case Qt::DisplayRole:
        if (!row.event.counted && !isLocation && stat == Statistic::Sum) return tr("not counted");
        return QString::fromStdString(isCoverage ? formatCoverage(value) : formatNumber(value));
    case kRawValueRole: return value;
    case Qt::TextAlignmentRole: return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (!row.event.counted) return tr("Not counted: %1").arg(QString::fromStdString(row.event.reason));
        if (isLocation) {
            const CountValue& v = row.event.perLocation[static_cast<size_t>(location)];
            if (isMultiplexed(v))
                return tr("Multiplexed: counted %1 of the time, scaled up")
                    .arg(QString::fromStdString(formatCoverage(v.coverage)));
        }
        return {};
    default: return {};
    }
}

QVariant EventTotalsModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Row& row = rows_[static_cast<size_t>(index.row())];
    if (index.column() >= FirstLocationColumn) return valueCell(row, index.column(), role);
    if (role != Qt::DisplayRole && role != kRawValueRole && role != Qt::ToolTipRole) return {};
    switch (index.column()) {
    case GroupColumn: return row.group;
    case EventColumn:
        if (role == Qt::ToolTipRole) return tr("Counter %1").arg(QString::fromStdString(row.event.counter));
        return QString::fromStdString(row.event.event);
    case UnitColumn: return role == Qt::ToolTipRole ? QVariant() : QString::fromStdString(row.event.unit);
    }
    return {};
}

QVariant EventTotalsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= columnCount()) return {};
    switch (section) {
    case GroupColumn: return tr("Group");
    case EventColumn: return tr("Event");
    case UnitColumn: return tr("Unit");
    }
    const int location = section - FirstLocationColumn;
    if (location < static_cast<int>(locations_.size())) return locationName(locations_[static_cast<size_t>(location)]);
    switch (static_cast<Statistic>(location - static_cast<int>(locations_.size()))) {
    case Statistic::Sum: return tr("Sum");
    case Statistic::Min: return tr("Min");
    case Statistic::Max: return tr("Max");
    case Statistic::Mean: return tr("Mean");
    case Statistic::Coverage: return tr("Coverage");
    }
    return {};
}

} // namespace perfdash
