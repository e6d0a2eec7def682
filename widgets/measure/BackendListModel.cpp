#include "widgets/measure/BackendListModel.h"

namespace perfdash {

BackendListModel::BackendListModel(QObject* parent) : QAbstractListModel(parent) {}

void BackendListModel::setBackends(std::vector<BackendInfo> backends) {
    beginResetModel();
    backends_ = std::move(backends);
    endResetModel();
}

int BackendListModel::rowOf(const QString& name) const {
    for (size_t i = 0; i < backends_.size(); ++i)
        if (QString::fromStdString(backends_[i].name) == name) return static_cast<int>(i);
    return -1;
}

const BackendInfo* BackendListModel::find(const QString& name) const {
    const int row = rowOf(name);
    return row < 0 ? nullptr : &backends_[static_cast<size_t>(row)];
}

int BackendListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(backends_.size());
}

QString BackendListModel::explanation(const BackendInfo& b) {
    QString text = QString::fromStdString(b.detail);
    if (!b.available) {
        text = tr("Not available here: %1").arg(text);
        if (!b.fix.empty() && b.detail.find(b.fix) == std::string::npos) // some details name their fix already
            text += QLatin1Char('\n') + tr("To make it available: %1").arg(QString::fromStdString(b.fix));
    }
    return text;
}

QVariant BackendListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid)) return {};
    const BackendInfo& b = backends_[static_cast<size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return b.available ? QString::fromStdString(b.title)
                           : tr("%1 (not available)").arg(QString::fromStdString(b.title));
    case Qt::ToolTipRole:
    case Qt::AccessibleDescriptionRole: return explanation(b);
    case NameRole: return QString::fromStdString(b.name);
    case AvailableRole: return b.available;
    default: return {};
    }
}

Qt::ItemFlags BackendListModel::flags(const QModelIndex& index) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid)) return Qt::NoItemFlags;
    // A disabled item cannot be chosen in a QComboBox, by mouse or keyboard.
    return backends_[static_cast<size_t>(index.row())].available ? Qt::ItemIsEnabled | Qt::ItemIsSelectable
                                                                  : Qt::NoItemFlags;
}

} // namespace perfdash
