#include "widgets/hosts/FleetModel.h"

#include <QBrush>
#include <QColor>

#include <cmath>

#include "core/presentation/KeyFigures.h"
#include "core/util/Outliers.h"
#include "widgets/common/QtStrings.h"
#include "widgets/common/StatusColors.h"
#include "widgets/common/ValueText.h"

namespace perfdash {

FleetModel::FleetModel(QObject* parent) : QAbstractTableModel(parent) {}

int FleetModel::rowOf(const QString& host) const {
    for (size_t r = 0; r < hosts_.size(); ++r)
        if (hosts_[r].name == host) return static_cast<int>(r);
    return -1;
}

void FleetModel::addHost(const QString& host) {
    if (rowOf(host) >= 0) return;
    const int row = static_cast<int>(hosts_.size());
    beginInsertRows({}, row, row);
    hosts_.push_back({host, tr("connecting"), 0, std::vector<double>(metrics_.size(), std::nan(""))});
    for (auto& column : outliers_) column.push_back(false);
    endInsertRows();
    flagOutliers();
}

void FleetModel::removeHost(const QString& host) {
    const int row = rowOf(host);
    if (row < 0) return;
    beginRemoveRows({}, row, row);
    hosts_.erase(hosts_.begin() + row);
    for (auto& column : outliers_) column.erase(column.begin() + row);
    endRemoveRows();
    flagOutliers();
}

void FleetModel::setState(const QString& host, const QString& state) {
    addHost(host);
    const int row = rowOf(host);
    hosts_[static_cast<size_t>(row)].state = state;
    emit dataChanged(index(row, StateColumn), index(row, StateColumn));
}

int FleetModel::columnOf(const QString& metric) {
    if (const auto at = metrics_.indexOf(metric); at >= 0) return static_cast<int>(at);
    const int column = static_cast<int>(metrics_.size());
    beginInsertColumns({}, FirstMetricColumn + column, FirstMetricColumn + column);
    metrics_.append(metric);
    for (Host& h : hosts_) h.values.push_back(std::nan(""));
    outliers_.emplace_back(hosts_.size(), false);
    endInsertColumns();
    return column;
}

void FleetModel::addInterval(const QString& host, const IntervalResult& interval) {
    addHost(host);
    for (const GroupResult& g : interval.groups)
        for (const MetricResult& m : g.metrics)
            if (isKeyFigure(m)) {
                const int column = columnOf(toQString(g.name) + ": " + toQString(m.name));
                hosts_[static_cast<size_t>(rowOf(host))].values[static_cast<size_t>(column)] = m.aggregate;
            }
    const int row = rowOf(host);
    Host& h = hosts_[static_cast<size_t>(row)];
    h.t = interval.t;
    h.state = tr("live");
    emit dataChanged(index(row, HostColumn), index(row, columnCount() - 1));
    flagOutliers();
}

void FleetModel::flagOutliers() {
    for (size_t c = 0; c < outliers_.size(); ++c) {
        std::vector<double> column;
        for (const Host& h : hosts_) column.push_back(h.values[c]);
        const std::vector<bool> flags = outliers(column);
        for (size_t r = 0; r < flags.size(); ++r) {
            if (outliers_[c][r] == flags[r]) continue;
            outliers_[c][r] = flags[r];
            const QModelIndex cell = index(static_cast<int>(r), FirstMetricColumn + static_cast<int>(c));
            emit dataChanged(cell, cell);
        }
    }
}

QStringList FleetModel::hosts() const {
    QStringList out;
    for (const Host& h : hosts_) out.append(h.name);
    return out;
}

QString FleetModel::metricOfColumn(int column) const {
    return column >= FirstMetricColumn && column - FirstMetricColumn < metrics_.size()
               ? metrics_[column - FirstMetricColumn]
               : QString();
}

int FleetModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(hosts_.size());
}

int FleetModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : FirstMetricColumn + static_cast<int>(metrics_.size());
}

QVariant FleetModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Host& h = hosts_[static_cast<size_t>(index.row())];
    if (index.column() == HostColumn) {
        if (role == Qt::DisplayRole || role == SortRole) return h.name;
        return {};
    }
    if (index.column() == StateColumn) {
        if (role == Qt::DisplayRole || role == SortRole) return h.state;
        return {};
    }
    const size_t c = static_cast<size_t>(index.column() - FirstMetricColumn);
    const double v = h.values[c];
    const bool outlier = outliers_[c][static_cast<size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole: return tileValueText(v) + (outlier ? " ⚠" : "");
    case SortRole: return std::isnan(v) ? QVariant() : QVariant(v);
    case OutlierRole: return outlier;
    case Qt::TextAlignmentRole: return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ForegroundRole:
        return outlier ? QVariant(QBrush(warningColor(QPalette()))) : QVariant();
    case Qt::ToolTipRole:
        if (std::isnan(v)) return tr("%1 has no value of %2").arg(h.name, metrics_[static_cast<int>(c)]);
        return outlier ? tr("%1's %2 stands out from the other hosts'").arg(h.name, metrics_[static_cast<int>(c)])
                       : QVariant();
    default: return {};
    }
}

QVariant FleetModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::DisplayRole) {
        if (section == HostColumn) return tr("Host");
        if (section == StateColumn) return tr("State");
        // "GROUP: metric" on two lines: the columns stay as narrow as their numbers.
        return metricOfColumn(section).replace(QStringLiteral(": "), QStringLiteral("\n"));
    }
    if (role == Qt::ToolTipRole && section >= FirstMetricColumn)
        return tr("%1 in each host's latest interval; ⚠: it stands out from the other hosts'")
            .arg(metricOfColumn(section));
    return {};
}

} // namespace perfdash
