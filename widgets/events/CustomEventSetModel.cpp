#include "widgets/events/CustomEventSetModel.h"

#include <QRegularExpression>

#include "widgets/events/EventMimeData.h"

namespace perfdash {

CustomEventSetModel::CustomEventSetModel(QObject* parent) : QAbstractTableModel(parent) {}

int CustomEventSetModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(counters_.size());
}

int CustomEventSetModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant CustomEventSetModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    if (role != Qt::DisplayRole && role != Qt::EditRole) return {};
    const Counter& c = counters_[static_cast<size_t>(index.row())];
    return index.column() == SlotColumn ? c.slot : c.event;
}

bool CustomEventSetModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid) || role != Qt::EditRole) return false;
    // Both end up as one word of a group file line; the parser reports anything else wrong at save time.
    const QString text = value.toString().simplified().remove(QLatin1Char(' '));
    if (text.isEmpty()) return false;
    Counter& c = counters_[static_cast<size_t>(index.row())];
    (index.column() == SlotColumn ? c.slot : c.event) = text;
    emit dataChanged(index, index, {Qt::DisplayRole, Qt::EditRole});
    return true;
}

QVariant CustomEventSetModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    return section == SlotColumn ? tr("Slot") : tr("Event");
}

Qt::ItemFlags CustomEventSetModel::flags(const QModelIndex& index) const {
    if (!index.isValid()) return Qt::ItemIsDropEnabled;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable | Qt::ItemNeverHasChildren;
}

bool CustomEventSetModel::removeRows(int row, int count, const QModelIndex& parent) {
    if (parent.isValid() || row < 0 || count <= 0 || row + count > rowCount()) return false;
    beginRemoveRows({}, row, row + count - 1);
    counters_.erase(counters_.begin() + row, counters_.begin() + row + count);
    endRemoveRows();
    return true;
}

QStringList CustomEventSetModel::mimeTypes() const { return {QString::fromLatin1(kEventListMimeType)}; }

Qt::DropActions CustomEventSetModel::supportedDropActions() const { return Qt::CopyAction; }

bool CustomEventSetModel::canDropMimeData(const QMimeData* data, Qt::DropAction action, int, int,
                                          const QModelIndex&) const {
    return action == Qt::CopyAction && hasEventList(data);
}

bool CustomEventSetModel::dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                                       const QModelIndex& parent) {
    if (!canDropMimeData(data, action, row, column, parent)) return false;
    addEvents(decodeEventMimeData(data));
    return true;
}

int CustomEventSetModel::addEvents(const QStringList& events) {
    QStringList taken;
    QStringList present;
    for (const Counter& c : counters_) {
        taken.append(c.slot);
        present.append(c.event);
    }
    std::vector<Counter> added;
    for (const QString& event : events) {
        if (present.contains(event)) continue;
        const QString slot = slotNameFor(event, taken);
        taken.append(slot);
        present.append(event);
        added.push_back({slot, event});
    }
    if (added.empty()) return 0;
    const int first = rowCount();
    beginInsertRows({}, first, first + static_cast<int>(added.size()) - 1);
    counters_.insert(counters_.end(), added.begin(), added.end());
    endInsertRows();
    return static_cast<int>(added.size());
}

void CustomEventSetModel::clear() {
    if (counters_.empty()) return;
    beginResetModel();
    counters_.clear();
    endResetModel();
}

QStringList CustomEventSetModel::events() const {
    QStringList out;
    for (const Counter& c : counters_) out.append(c.event);
    return out;
}

std::vector<std::pair<std::string, std::string>> CustomEventSetModel::counters() const {
    std::vector<std::pair<std::string, std::string>> out;
    for (const Counter& c : counters_) out.emplace_back(c.slot.toStdString(), c.event.toStdString());
    return out;
}

QString CustomEventSetModel::slotNameFor(const QString& event, const QStringList& taken) {
    // A libpfm4 model prefix ("skl::") says nothing the formulas need.
    const int model = event.indexOf(QStringLiteral("::"));
    QString base = model < 0 ? event : event.mid(model + 2);
    static const QRegularExpression notIdentifier(QStringLiteral("[^A-Za-z0-9]+"));
    base = base.toUpper().replace(notIdentifier, QStringLiteral("_"));
    while (base.startsWith(QLatin1Char('_'))) base.remove(0, 1);
    while (base.endsWith(QLatin1Char('_'))) base.chop(1);
    if (base.isEmpty() || base.front().isDigit()) base.prepend(QStringLiteral("EVENT_"));
    QString slot = base;
    for (int n = 2; taken.contains(slot); ++n) slot = base + QLatin1Char('_') + QString::number(n);
    return slot;
}

} // namespace perfdash
