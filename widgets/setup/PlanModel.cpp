#include "widgets/setup/PlanModel.h"

#include <QFont>
#include <QGuiApplication>
#include <QPalette>
#include <algorithm>

#include "widgets/common/StatusColors.h"

namespace perfdash {
namespace {

// Event rows carry their group's row + 1 as internal id; group rows carry 0.
constexpr quintptr kGroupRow = 0;

} // namespace

PlanModel::PlanModel(QObject* parent) : QAbstractItemModel(parent) {}

void PlanModel::setPlan(const MeasurementPlan& plan) {
    beginResetModel();
    groups_ = plan.groups;
    endResetModel();
}

void PlanModel::clear() {
    if (groups_.empty()) return;
    beginResetModel();
    groups_.clear();
    endResetModel();
}

QModelIndex PlanModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column < 0 || column >= ColumnCount) return {};
    if (!parent.isValid()) return row < static_cast<int>(groups_.size()) ? createIndex(row, column, kGroupRow) : QModelIndex();
    if (parent.internalId() != kGroupRow || parent.column() != 0) return {};
    const auto& events = groups_[static_cast<size_t>(parent.row())].events;
    if (row >= static_cast<int>(events.size())) return {};
    return createIndex(row, column, static_cast<quintptr>(parent.row()) + 1);
}

QModelIndex PlanModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == kGroupRow) return {};
    return createIndex(static_cast<int>(child.internalId() - 1), 0, kGroupRow);
}

int PlanModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return static_cast<int>(groups_.size());
    if (parent.internalId() != kGroupRow || parent.column() != 0) return 0;
    return static_cast<int>(groups_[static_cast<size_t>(parent.row())].events.size());
}

int PlanModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QVariant PlanModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    if (index.internalId() == kGroupRow) return groupData(groups_[static_cast<size_t>(index.row())], index.column(), role);
    const auto& group = groups_[static_cast<size_t>(index.internalId() - 1)];
    return eventData(group.events[static_cast<size_t>(index.row())], index.column(), role);
}

QVariant PlanModel::groupData(const PlannedGroup& group, int column, int role) const {
    const auto counted = std::count_if(group.events.begin(), group.events.end(),
                                       [](const PlannedEvent& e) { return e.eventSetSlot >= 0; });
    const int total = static_cast<int>(group.events.size());
    if (role == Qt::DisplayRole) {
        if (column == EventColumn) return QString::fromStdString(group.group.name);
        if (column == StatusColumn) return tr("%1 of %2").arg(counted).arg(total);
    }
    if (role == Qt::ToolTipRole && column == EventColumn) return QString::fromStdString(group.group.shortDescription);
    if (role == Qt::ToolTipRole && column == StatusColumn)
        return tr("Events of the group that will be counted here: %1 of %2").arg(counted).arg(total);
    if (role == Qt::FontRole && column == EventColumn) {
        QFont font = QGuiApplication::font();
        font.setBold(true);
        return font;
    }
    return {};
}

QVariant PlanModel::eventData(const PlannedEvent& event, int column, int role) const {
    const bool counted = event.eventSetSlot >= 0;
    const bool restricted = event.availability.state == Availability::State::Restricted;
    switch (role) {
    case CountedRole: return counted;
    case Qt::DisplayRole:
        switch (column) {
        case EventColumn: return QString::fromStdString(event.name);
        case StatusColumn:
            if (!counted) return QStringLiteral("✗");
            return restricted ? QStringLiteral("✓ ") + QString::fromStdString(event.availability.brief) : QStringLiteral("✓");
        case CounterColumn: return QString::fromStdString(event.counter);
        case ReasonColumn: return QString::fromStdString(event.availability.reason);
        }
        return {};
    case Qt::ToolTipRole:
        if (column == ReasonColumn || column == StatusColumn) {
            if (counted && !restricted) return tr("will be counted");
            return QString::fromStdString(event.availability.reason);
        }
        if (column == EventColumn && event.spec != event.name)
            return tr("%1, written as %2").arg(QString::fromStdString(event.name), QString::fromStdString(event.spec));
        return {};
    case Qt::ForegroundRole:
        if (column != StatusColumn) return {};
        return counted ? okColor(QGuiApplication::palette()) : errorColor(QGuiApplication::palette());
    case Qt::AccessibleTextRole:
        if (column == StatusColumn) return counted ? tr("counted") : tr("not counted");
        return {};
    }
    return {};
}

QVariant PlanModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case EventColumn: return tr("Event");
    case StatusColumn: return tr("Counted");
    case CounterColumn: return tr("Counter");
    case ReasonColumn: return tr("Why not");
    }
    return {};
}

} // namespace perfdash
