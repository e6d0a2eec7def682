#include "widgets/measure/PlanModel.h"

#include <QFont>
#include <QGuiApplication>
#include <QPalette>
#include <algorithm>

#include "widgets/common/StatusColors.h"

namespace perfdash {
namespace {

// Event rows carry their group's row + 1 as internal id; group rows carry 0;
// a core type's row under an event also its event's row + 1, in the high half.
constexpr quintptr kGroupRow = 0;
constexpr int kEventShift = 32;

quintptr groupOf(quintptr id) { return id & ((quintptr(1) << kEventShift) - 1); }
quintptr eventOf(quintptr id) { return id >> kEventShift; }

} // namespace

PlanModel::PlanModel(QObject* parent) : QAbstractItemModel(parent) {}

void PlanModel::setPlan(const MeasurementPlan& plan) {
    beginResetModel();
    groups_ = plan.groups;
    slots_.clear();
    for (const EventSlot& slot : plan.eventSet) slots_.push_back(slot.event);
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
    if (parent.column() != 0 || eventOf(parent.internalId()) != 0) return {};
    if (parent.internalId() != kGroupRow) { // an event: its core types
        const auto& event = groups_[groupOf(parent.internalId()) - 1].events[static_cast<size_t>(parent.row())];
        if (row >= static_cast<int>(event.coreTypes.size())) return {};
        return createIndex(row, column, parent.internalId() | (static_cast<quintptr>(parent.row()) + 1) << kEventShift);
    }
    const auto& events = groups_[static_cast<size_t>(parent.row())].events;
    if (row >= static_cast<int>(events.size())) return {};
    return createIndex(row, column, static_cast<quintptr>(parent.row()) + 1);
}

QModelIndex PlanModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == kGroupRow) return {};
    if (const quintptr event = eventOf(child.internalId()))
        return createIndex(static_cast<int>(event - 1), 0, groupOf(child.internalId()));
    return createIndex(static_cast<int>(child.internalId() - 1), 0, kGroupRow);
}

int PlanModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return static_cast<int>(groups_.size());
    if (parent.column() != 0 || eventOf(parent.internalId()) != 0) return 0;
    if (parent.internalId() != kGroupRow)
        return static_cast<int>(
            groups_[groupOf(parent.internalId()) - 1].events[static_cast<size_t>(parent.row())].coreTypes.size());
    return static_cast<int>(groups_[static_cast<size_t>(parent.row())].events.size());
}

int PlanModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QVariant PlanModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    if (index.internalId() == kGroupRow) return groupData(groups_[static_cast<size_t>(index.row())], index.column(), role);
    const auto& group = groups_[groupOf(index.internalId()) - 1];
    if (const quintptr event = eventOf(index.internalId()))
        return coreTypeData(group.events[event - 1].coreTypes[static_cast<size_t>(index.row())], index.column(), role);
    return eventData(group.events[static_cast<size_t>(index.row())], index.column(), role);
}

QVariant PlanModel::coreTypeData(const PlannedEvent::CoreTypePart& part, int column, int role) const {
    const bool counted = part.eventSetSlot >= 0 && static_cast<size_t>(part.eventSetSlot) < slots_.size();
    const QString type = QString::fromStdString(part.corePmu);
    switch (role) {
    case CountedRole: return counted;
    case Qt::DisplayRole:
        switch (column) {
        case EventColumn:
            return counted ? QStringLiteral("%1: %2").arg(type, QString::fromStdString(slots_[size_t(part.eventSetSlot)].name))
                           : type;
        case StatusColumn: return counted ? QStringLiteral("✓") : QStringLiteral("✗");
        case ReasonColumn: return QString::fromStdString(part.reason);
        }
        return {};
    case Qt::ToolTipRole:
        if (column == EventColumn && counted) {
            const PerfEncoding& code = slots_[size_t(part.eventSetSlot)].encoding;
            return tr("On the %1 CPUs (%2 of them): type %3, config 0x%4")
                .arg(type)
                .arg(part.cpus.size())
                .arg(code.type)
                .arg(code.config, 0, 16);
        }
        if (column == ReasonColumn || column == StatusColumn)
            return counted ? tr("will be counted on the %1 CPUs").arg(type) : QString::fromStdString(part.reason);
        return {};
    case Qt::ForegroundRole:
    case Qt::AccessibleTextRole: return statusLook(counted, column, role);
    }
    return {};
}

QVariant PlanModel::statusLook(bool counted, int column, int role) const {
    if (column != StatusColumn) return {};
    if (role == Qt::ForegroundRole)
        return counted ? okColor(QGuiApplication::palette()) : errorColor(QGuiApplication::palette());
    return counted ? tr("counted") : tr("not counted");
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
            // A box this machine lacks is no failure: its reason says the metrics use the boxes it has.
            if (!counted) return event.absent() ? QStringLiteral("–") : QStringLiteral("✗");
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
        if (column == EventColumn) {
            QStringList tip;
            if (event.spec != event.name)
                tip << tr("%1, written as %2").arg(QString::fromStdString(event.name), QString::fromStdString(event.spec));
            // likwid's own code, which no vendor list has: whose code it is, and what the vendor's list has instead.
            if (event.likwidCode())
                tip << tr("likwid's code: %1").arg(QString::fromStdString(event.codeNote));
            return tip.isEmpty() ? QVariant() : QVariant(tip.join(QLatin1Char('\n')));
        }
        return {};
    case Qt::ForegroundRole:
    case Qt::AccessibleTextRole: return statusLook(counted, column, role);
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
