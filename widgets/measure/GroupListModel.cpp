#include "widgets/measure/GroupListModel.h"

#include <QGuiApplication>

#include "widgets/common/StatusColors.h"

namespace perfdash {

GroupListModel::GroupListModel(const SlotResolver& naming, QObject* parent)
    : QAbstractTableModel(parent), naming_(naming) {}

GroupListModel::SlotsHere GroupListModel::slotsHere(const std::vector<GroupSlot>& eventSet, const SlotResolver& naming) {
    SlotsHere here;
    for (const GroupSlot& slot : eventSet) {
        ++here.total;
        // A hybrid CPU's slot resolves only where every core type reads it; each one that does not says why.
        bool everywhere = true;
        bool likwidCode = false;
        for (const CoreTypeEvent& part : naming.resolveCoreTypes(slot)) {
            if (part.event && part.event->likwidCode() && !likwidCode) {
                likwidCode = true; // once per slot, also where each core type has the code
                here.likwidCodes << QString::fromStdString(slot.counter + " " + part.event->codeNote);
            }
            if (part.event) continue;
            everywhere = false;
            const QString where = part.corePmu.empty() ? QString() : QStringLiteral(" (%1)").arg(QString::fromStdString(part.corePmu));
            (part.event.error().absent ? here.absent : here.unresolved)
                << QStringLiteral("%1 %2%3: %4")
                                   .arg(QString::fromStdString(slot.counter), QString::fromStdString(slot.event), where,
                                        QString::fromStdString(part.event.error().message));
        }
        if (everywhere) ++here.resolved;
    }
    return here;
}

void GroupListModel::setGroups(std::vector<GroupEntry> groups) {
    beginResetModel();
    groups_ = std::move(groups);
    here_.clear();
    // From the slots list() parsed: no group file is read twice.
    for (const GroupEntry& g : groups_) here_.push_back(slotsHere(g.eventSet, naming_));
    QStringList still;
    for (const auto& name : checked_)
        if (const int row = rowOfGroup(name); row >= 0 && usable(row)) still << name;
    const bool changed = still != checked_;
    checked_ = still;
    endResetModel();
    if (changed) emit checkedGroupsChanged(checked_);
}

int GroupListModel::rowOfGroup(const QString& name) const {
    const std::string n = name.toStdString();
    for (size_t i = 0; i < groups_.size(); ++i)
        if (groups_[i].name == n) return static_cast<int>(i);
    return -1;
}

QStringList GroupListModel::setCheckedGroups(const QStringList& names) {
    QStringList unusable;
    QStringList next;
    for (const auto& name : names) {
        const int row = rowOfGroup(name);
        if (row < 0 || !usable(row)) unusable << name;
        else if (!next.contains(name)) next << name;
    }
    if (next != checked_) {
        checked_ = next;
        if (!groups_.empty()) emit dataChanged(index(0, NameColumn), index(rowCount() - 1, NameColumn), {Qt::CheckStateRole});
        emit checkedGroupsChanged(checked_);
    }
    return unusable;
}

int GroupListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(groups_.size());
}

int GroupListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant GroupListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const GroupEntry& g = groups_[static_cast<size_t>(index.row())];
    const QString name = QString::fromStdString(g.name);
    switch (role) {
    case NameRole: return name;
    case Qt::DisplayRole:
        if (index.column() == NameColumn) return name;
        if (index.column() == ResolvesColumn) {
            if (!g.problem.empty()) return QString();
            const SlotsHere& here = here_[static_cast<size_t>(index.row())];
            QString resolves = !here.absent.isEmpty()
                                   ? tr("%1 of %2, %3 absent here").arg(here.resolved).arg(here.total).arg(here.absent.size())
                               : here.resolved == here.total ? tr("all %1").arg(here.total)
                                                             : tr("%1 of %2").arg(here.resolved).arg(here.total);
            if (!here.likwidCodes.isEmpty())
                resolves += here.likwidCodes.size() == 1
                                ? tr(", 1 likwid's code")
                                : tr(", %1 likwid's codes").arg(here.likwidCodes.size());
            return resolves;
        }
        return g.problem.empty() ? QString::fromStdString(g.shortDescription) : tr("(cannot be used: see tooltip)");
    case Qt::ForegroundRole:
        if (index.column() == ResolvesColumn && g.problem.empty()) {
            const SlotsHere& here = here_[static_cast<size_t>(index.row())];
            // Absent boxes are no failure: the metrics use the boxes this machine has.
            if (!here.unresolved.isEmpty()) return errorColor(QGuiApplication::palette()); // readable in dark mode too
        }
        return {};
    case Qt::ToolTipRole:
        if (!g.problem.empty()) return QString::fromStdString(g.problem);
        if (index.column() == ResolvesColumn) {
            const SlotsHere& here = here_[static_cast<size_t>(index.row())];
            QStringList parts;
            if (!here.unresolved.isEmpty())
                parts << tr("Not resolved here:\n%1").arg(here.unresolved.join(QLatin1Char('\n')));
            if (!here.absent.isEmpty())
                parts << tr("Absent here (boxes this machine lacks; the metrics are computed from the boxes it has "
                            "and name them):\n%1")
                             .arg(here.absent.join(QLatin1Char('\n')));
            if (!here.likwidCodes.isEmpty())
                parts << tr("likwid's own codes, which no vendor list for this CPU has: counted as likwid-perfctr "
                            "counts them, and the metrics computed from them say so:\n%1")
                             .arg(here.likwidCodes.join(QLatin1Char('\n')));
            if (parts.isEmpty())
                return tr("Every event of %1 has an encoding on this machine's architecture; whether this machine "
                          "can count it is shown under \"What will be counted\" once the group is ticked")
                    .arg(name);
            return parts.join(QStringLiteral("\n\n"));
        }
        return tr("%1 (%2, %3)")
            .arg(QString::fromStdString(g.shortDescription), QString::fromStdString(toString(g.origin)),
                 QString::fromStdString(g.file));
    case Qt::CheckStateRole:
        if (index.column() != NameColumn) return {};
        return checked_.contains(name) ? Qt::Checked : Qt::Unchecked;
    }
    return {};
}

bool GroupListModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (role != Qt::CheckStateRole || index.column() != NameColumn || !index.isValid() ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !usable(index.row()))
        return false;
    const QString name = QString::fromStdString(group(index.row()).name);
    const bool check = value.value<Qt::CheckState>() == Qt::Checked;
    if (check == checked_.contains(name)) return true;
    if (check) checked_ << name;
    else checked_.removeAll(name);
    emit dataChanged(index, index, {Qt::CheckStateRole});
    emit checkedGroupsChanged(checked_);
    return true;
}

Qt::ItemFlags GroupListModel::flags(const QModelIndex& index) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return Qt::NoItemFlags;
    if (!usable(index.row())) return Qt::ItemNeverHasChildren; // shown, greyed out, not selectable
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
    if (index.column() == NameColumn) f |= Qt::ItemIsUserCheckable;
    return f;
}

QVariant GroupListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    if (section == NameColumn) return tr("Group");
    if (section == ResolvesColumn) return tr("Resolve here");
    if (section == DescriptionColumn) return tr("Description");
    return {};
}

} // namespace perfdash
