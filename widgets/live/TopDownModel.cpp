#include "widgets/live/TopDownModel.h"

#include <QLocale>

#include "core/presentation/KeyFigures.h"
#include "core/presentation/NumberFormat.h"

namespace perfdash {

QString shareText(double value) {
    if (!isAvailable(value)) return QString::fromLatin1(kNotAvailableText);
    return QLocale().toString(value, 'f', 1) + QStringLiteral(" %");
}

void TopDownModel::setGroup(const GroupResult* group) {
    beginResetModel();
    group_ = group ? *group : GroupResult{};
    // Values stay out of the copy: they come through setValues.
    for (auto& m : group_.metrics) m.perLocation.clear();
    group_.events.clear();
    shape_ = topDownShape(group_);
    bars_ = topDownBars(group_, shape_, {});
    firstBar_.clear();
    for (size_t b = 0; b < bars_.size(); ++b)
        if (bars_[b].level == 1) firstBar_.push_back(b);
    endResetModel();
}

void TopDownModel::setValues(const std::vector<double>& values) {
    if (shape_.empty()) return;
    bars_ = topDownBars(group_, shape_, values);
    emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    for (int row = 0; row < rowCount(); ++row) {
        const QModelIndex category = index(row, 0);
        if (const int children = rowCount(category))
            emit dataChanged(index(0, 0, category), index(children - 1, ColumnCount - 1, category));
    }
}

QString TopDownModel::name(size_t metric) const {
    return QString::fromStdString(splitMetricName(group_.metrics[metric].name).name);
}

QString TopDownModel::describe(const TopDownBar& bar) const {
    QString text = QStringLiteral("%1: %2").arg(name(bar.metric), shareText(bar.value));
    if (bar.marked)
        text += tr(", past its threshold %1").arg(QString::fromStdString(thresholdText(*bar.threshold)));
    return text;
}

const TopDownBar* TopDownModel::barAt(const QModelIndex& index) const {
    if (!index.isValid()) return nullptr;
    const size_t row = size_t(index.row());
    if (index.internalId() == 0) return &bars_[firstBar_[row]];
    return &bars_[firstBar_[index.internalId() - 1] + 1 + row];
}

QModelIndex TopDownModel::index(int row, int column, const QModelIndex& parent) const {
    if (!hasIndex(row, column, parent)) return {};
    // A child's id is its category's row + 1, so that 0 means "a category".
    return createIndex(row, column, parent.isValid() ? quintptr(parent.row() + 1) : quintptr(0));
}

QModelIndex TopDownModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == 0) return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int TopDownModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid()) return int(shape_.size());
    if (parent.column() != 0 || parent.internalId() != 0) return 0;
    return int(shape_[size_t(parent.row())].children.size());
}

int TopDownModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QVariant TopDownModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const TopDownBar& bar = *barAt(index);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn: return name(bar.metric);
        case ShareColumn: return shareText(bar.value);
        case ThresholdColumn:
            return bar.threshold ? QString::fromStdString(thresholdText(*bar.threshold)) : QString();
        }
        return {};
    case Qt::AccessibleTextRole: return describe(bar);
    case Qt::ToolTipRole:
        return QString::fromStdString(group_.metrics[bar.metric].name + " = " + group_.metrics[bar.metric].formula);
    case Qt::TextAlignmentRole:
        return index.column() == NameColumn ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case MarkedRole: return bar.marked;
    case ValueRole: return bar.value;
    case LevelRole: return bar.level;
    default: return {};
    }
}

QVariant TopDownModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case NameColumn: return tr("Category");
    case ShareColumn: return tr("Share of slots");
    case ThresholdColumn: return tr("Threshold");
    }
    return {};
}

} // namespace perfdash
