#include "widgets/live/EventTotalsModel.h"

#include <algorithm>

#include "core/presentation/NumberFormat.h"
#include "widgets/common/SeriesNames.h"
#include "widgets/live/TableCopy.h"

namespace perfdash {

namespace {

// An event's total on one core type, where it has one.
const CoreTypeTotal* onCoreType(const EventResult& event, const std::string& type) {
    for (const auto& t : event.coreTypes)
        if (t.coreType == type) return &t;
    return nullptr;
}

} // namespace

EventTotalsModel::EventTotalsModel(QObject* parent) : QAbstractTableModel(parent) {}

void EventTotalsModel::beginRun(std::vector<LocationInfo> locations) {
    beginResetModel();
    locations_ = std::move(locations);
    rows_.clear();
    seconds_ = 0;
    wholeRun_ = recorded_ = synthetic_ = false;
    endResetModel();
}

void EventTotalsModel::addRows(const EventResult& event, const QString& group, size_t groupIndex, size_t eventIndex) {
    rows_.push_back({event, group, std::vector<CountSum>(locations_.size()), groupIndex, eventIndex});
    if (!event.counted) return;
    for (const CoreTypeTotal& type : event.coreTypes)
        rows_.push_back({event, group, {}, groupIndex, eventIndex, type.coreType});
}

void EventTotalsModel::defineRows(const std::vector<GroupResult>& groups) {
    beginResetModel();
    rows_.clear();
    size_t locationCount = locations_.size();
    for (const auto& group : groups)
        for (const auto& event : group.events) locationCount = std::max(locationCount, event.perLocation.size());
    for (size_t l = locations_.size(); l < locationCount; ++l) locations_.push_back(unnamedLocation(l));
    for (size_t g = 0; g < groups.size(); ++g)
        for (size_t e = 0; e < groups[g].events.size(); ++e) {
            EventResult event = groups[g].events[e];
            event.perLocation.clear();
            event.total = {};
            event.partialTotal.reset();
            addRows(event, QString::fromStdString(groups[g].name), g, e);
        }
    endResetModel();
}

void EventTotalsModel::appendIntervals(const std::vector<IntervalResult>& intervals) {
    if (intervals.empty() || wholeRun_) return;
    if (rows_.empty()) defineRows(intervals.front().groups);
    const EventResult missing;
    for (const auto& interval : intervals) {
        seconds_ += interval.dt;
        for (Row& row : rows_) {
            if (!row.event.counted) continue;
            // An interval that lacks the event (a damaged replay) or a location has no value there: the
            // sum becomes partial, never the sum of the intervals that had one.
            const bool has = row.groupIndex < interval.groups.size() &&
                             row.eventIndex < interval.groups[row.groupIndex].events.size();
            const EventResult& event = has ? interval.groups[row.groupIndex].events[row.eventIndex] : missing;
            if (!row.coreType.empty()) {
                // The interval's total on the core type (its CPUs', or a task's part): one without it makes
                // the sum partial.
                const CoreTypeTotal* type = onCoreType(event, row.coreType);
                if (type) row.coreTypeSum.add(type->total, type->partialTotal, interval.dt);
                else row.coreTypeSum.add(CountValue{}, interval.dt);
                continue;
            }
            for (size_t l = 0; l < row.sums.size(); ++l) {
                // A gauge (a temperature) is its latest reading, never a sum of intervals (core/result/GaugeStats.h).
                if (row.event.gauge) row.sums[l] = CountSum{};
                row.sums[l].add(l < event.perLocation.size() ? event.perLocation[l] : CountValue{}, interval.dt);
            }
        }
    }
    if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

void EventTotalsModel::showResult(const MeasurementResult& result) {
    beginResetModel();
    locations_ = result.locations;
    rows_.clear();
    for (size_t g = 0; g < result.groups.size(); ++g)
        for (size_t e = 0; e < result.groups[g].events.size(); ++e) {
            const EventResult& event = result.groups[g].events[e];
            const size_t first = rows_.size();
            addRows(event, QString::fromStdString(result.groups[g].name), g, e);
            Row& row = rows_[first];
            if (event.counted)
                for (size_t l = 0; l < row.sums.size(); ++l)
                    row.sums[l].add(l < event.perLocation.size() ? event.perLocation[l] : CountValue{});
        }
    seconds_ = result.durationS;
    wholeRun_ = true;
    recorded_ = result.replay;
    synthetic_ = !result.synthetic.empty();
    endResetModel();
}

QString EventTotalsModel::scopeText() const {
    const QString seconds = QString::number(seconds_, 'f', 1);
    if (!wholeRun_) return tr("Totals so far (%1 s)").arg(seconds);
    if (synthetic_) return tr("Whole run of synthetic data, not measured (%1 s)").arg(seconds);
    return recorded_ ? tr("Whole run, recorded (%1 s)").arg(seconds) : tr("Whole run (%1 s)").arg(seconds);
}

size_t EventTotalsModel::groupCount() const {
    QStringList groups;
    for (const Row& row : rows_)
        if (!groups.contains(row.group)) groups << row.group;
    return static_cast<size_t>(groups.size());
}

bool EventTotalsModel::hasUnits() const {
    return std::any_of(rows_.begin(), rows_.end(), [](const Row& row) { return !row.event.unit.empty(); });
}

std::string EventTotalsModel::coreTypeOfRow(int row) const {
    return row >= 0 && row < rowCount() ? rows_[static_cast<size_t>(row)].coreType : std::string();
}

int EventTotalsModel::statisticColumn(Statistic statistic) const {
    return FirstStatisticColumn + static_cast<int>(statistic);
}

int EventTotalsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int EventTotalsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : FirstLocationColumn + static_cast<int>(locations_.size());
}

EventTotalsModel::Cell EventTotalsModel::locationCell(const Row& row, size_t location) const {
    if (!row.event.counted || location >= row.sums.size()) return {};
    const CountSum& sum = row.sums[location];
    return {{sum.total().value, sum.meanCoverage()}, sum.partial(), "intervals"};
}

EventTotalsModel::Cell EventTotalsModel::coreTypeCell(const Row& row) const {
    if (wholeRun_) {
        const CoreTypeTotal* type = onCoreType(row.event, row.coreType);
        return type ? Cell{type->total, type->partialTotal, "locations"} : Cell{};
    }
    return {{row.coreTypeSum.total().value, row.coreTypeSum.meanCoverage()}, row.coreTypeSum.partial(), "intervals"};
}

// A core type's row has its Sum and Coverage; the other figures are over all locations, in the event's own row.
QVariant EventTotalsModel::coreTypeRowValue(const Row& row, int column, int role) const {
    const bool isSum = column == statisticColumn(Statistic::Sum), isCoverage = column == statisticColumn(Statistic::Coverage);
    const CoreTypeTotal* type = onCoreType(row.event, row.coreType);
    if ((!isSum && !isCoverage) || !type) return role == Qt::DisplayRole ? QVariant(QString()) : QVariant();
    if (role == Qt::TextAlignmentRole) return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (!type->reason.empty()) {
        if (role == Qt::ToolTipRole)
            return tr("Not counted on %1: %2").arg(QString::fromStdString(row.coreType), QString::fromStdString(type->reason));
        if (role == Qt::DisplayRole) return isSum ? tr("n/a") : QString();
        return role == kRawValueRole ? QVariant(kNotAvailable) : QVariant();
    }
    const Cell cell = coreTypeCell(row);
    if (isCoverage) {
        if (role == Qt::DisplayRole) return QString::fromStdString(formatCoverage(cell.count.coverage));
        return role == kRawValueRole ? QVariant(cell.count.coverage) : QVariant();
    }
    switch (role) {
    case Qt::DisplayRole:
        return QString::fromStdString(cell.partial ? formatPartialShort(*cell.partial) : formatNumber(cell.count.value));
    case kRawValueRole:
        // A partial figure is copied as its text with how many parts it holds, never as a bare number.
        if (cell.partial) return QString::fromStdString(formatPartial(*cell.partial, cell.parts));
        return cell.count.value;
    case Qt::ToolTipRole: {
        const std::string text = describeCount(cell.count, cell.partial, cell.parts);
        return text.empty() ? QVariant() : QVariant(QString::fromStdString(text));
    }
    default: return {};
    }
}

EventTotalsModel::Cell EventTotalsModel::statistic(const Row& row, Statistic statistic) const {
    if (!row.event.counted || (row.event.gauge && statistic == Statistic::Sum)) return {};
    // A package unit's CPUs whose count another CPU holds are in no figure: nothing of theirs is missing.
    const auto held = [&](size_t location) { return row.event.heldElsewhere.at(location).has_value(); };
    CountSum overLocations;
    for (size_t l = 0; l < row.sums.size(); ++l)
        if (!held(l)) overLocations.add(row.sums[l]);
    if (statistic == Statistic::Sum) {
        if (wholeRun_) return {row.event.total, row.event.partialTotal, "locations"};
        return {overLocations.total(), overLocations.partial(), "locations"};
    }
    if (statistic == Statistic::Coverage)
        return {{wholeRun_ ? row.event.total.coverage : overLocations.lowestCoverage(), kNotAvailable}, {}, {}};
    // Min, max and mean of the locations whose total is known, by the STAT rows' rule (CountSum.h); the
    // others are left out, and the cell says so.
    std::vector<CountValue> totals;
    for (const CountSum& sum : row.sums) totals.push_back(sum.total());
    const LocationStatistics s = locationStatistics(totals, row.event.heldElsewhere);
    Cell cell;
    cell.over = s.over;
    cell.of = s.of;
    cell.count.value = statistic == Statistic::Min ? s.min : statistic == Statistic::Max ? s.max : s.mean;
    return cell;
}

QVariant EventTotalsModel::valueCell(const Row& row, int column, int role) const {
    const int location = column - FirstLocationColumn;
    const bool isLocation = location >= 0;
    const auto stat = static_cast<Statistic>(column - FirstStatisticColumn);
    if (isLocation && row.event.counted)
        if (const auto reader = row.event.heldElsewhere.at(static_cast<size_t>(location)))
            return heldElsewhereCell(*reader, role);
    const Cell cell = isLocation ? locationCell(row, static_cast<size_t>(location)) : statistic(row, stat);
    const bool isCoverage = !isLocation && stat == Statistic::Coverage;
    const bool leftOut = cell.over < cell.of; // a min, max or mean over some locations only
    auto display = [&]() -> QString {
        if (!row.event.counted && !isLocation && stat == Statistic::Sum) return tr("not counted");
        if (row.event.gauge && !isLocation && stat == Statistic::Sum) return tr("no sum (gauge)");
        if (isCoverage) return QString::fromStdString(formatCoverage(cell.count.value));
        if (cell.partial) return QString::fromStdString(formatPartialShort(*cell.partial));
        const QString number = QString::fromStdString(formatNumber(cell.count.value));
        return leftOut && isAvailable(cell.count.value) ? tr("%1 (of %2 of %3 locations)").arg(number).arg(cell.over).arg(cell.of)
                                                        : number;
    };
    switch (role) {
    case Qt::DisplayRole: return display();
    case kRawValueRole:
        // A figure that is not the whole answer is copied as its text, never as a bare number; a partial
        // one with how many parts it holds, which the copy's reader has no tooltip for.
        if (cell.partial) return QString::fromStdString(formatPartial(*cell.partial, cell.parts));
        if (leftOut && isAvailable(cell.count.value)) return display();
        return cell.count.value;
    case Qt::TextAlignmentRole: return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (!row.event.counted) return tr("Not counted: %1").arg(QString::fromStdString(row.event.reason));
        if (row.event.gauge)
            return tr("A gauge: each location's latest reading (in %1), not a count; over the locations only "
                      "Min, Max and Mean mean anything, never a Sum")
                .arg(QString::fromStdString(row.event.unit));
        if (isCoverage)
            return isAvailable(cell.count.value) ? QVariant() : QVariant(tr("No coverage known: the counters never ran"));
        if (leftOut)
            return cell.over == 0 ? tr("No location has a complete total")
                                  : tr("Over the %1 of %2 locations whose total is complete; the others are n/a or "
                                       "partial")
                                        .arg(cell.over)
                                        .arg(cell.of);
        if (const std::string text = describeCount(cell.count, cell.partial, cell.parts); !text.empty())
            return QString::fromStdString(text);
        return {};
    default: return {};
    }
}

QVariant EventTotalsModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Row& row = rows_[static_cast<size_t>(index.row())];
    if (index.column() >= FirstStatisticColumn)
        return row.coreType.empty() ? valueCell(row, index.column(), role) : coreTypeRowValue(row, index.column(), role);
    if (role != Qt::DisplayRole && role != kRawValueRole && role != Qt::ToolTipRole) return {};
    const QString coreType = QString::fromStdString(row.coreType);
    switch (index.column()) {
    case GroupColumn: return row.group;
    case EventColumn:
        if (!coreType.isEmpty()) {
            // Indented under its event, as its part; a copy names the event too.
            if (role == Qt::DisplayRole) return tr("  on %1").arg(coreType);
            if (role == kRawValueRole) return tr("%1 on %2").arg(QString::fromStdString(row.event.event), coreType);
            return tr("%1 on the %2 cores alone: the CPUs of that core type, or a task's counts while it ran on them")
                .arg(QString::fromStdString(row.event.event), coreType);
        }
        if (role == Qt::ToolTipRole) {
            const QString counter = tr("Counter %1").arg(QString::fromStdString(row.event.counter));
            // likwid's own code, which no vendor list has: whose code it is, and what the vendor's list has instead.
            if (!row.event.likwidCode()) return counter;
            return counter + QStringLiteral("\n") + tr("likwid's code: %1").arg(QString::fromStdString(row.event.codeNote));
        }
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
    if (section >= FirstLocationColumn) return locationName(locations_[static_cast<size_t>(section - FirstLocationColumn)]);
    switch (static_cast<Statistic>(section - FirstStatisticColumn)) {
    case Statistic::Sum: return tr("Sum");
    case Statistic::Min: return tr("Min");
    case Statistic::Max: return tr("Max");
    case Statistic::Mean: return tr("Mean");
    case Statistic::Coverage: return tr("Coverage");
    }
    return {};
}

} // namespace perfdash
