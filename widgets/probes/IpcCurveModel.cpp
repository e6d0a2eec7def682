#include "widgets/probes/IpcCurveModel.h"

#include <QLocale>
#include <algorithm>
#include <limits>

#include "widgets/probes/ProbeFormat.h"

namespace perfdash {

IpcCurveModel::IpcCurveModel(QObject* parent) : QAbstractTableModel(parent) {}

int IpcCurveModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : maxChains_; }

int IpcCurveModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : FirstCurveColumn + static_cast<int>(curves_.size());
}

void IpcCurveModel::setCurves(std::vector<IpcCurve> curves) {
    beginResetModel();
    curves_ = std::move(curves);
    maxChains_ = 0;
    for (const auto& c : curves_)
        for (const auto& p : c.points) maxChains_ = std::max(maxChains_, p.chains);
    endResetModel();
}

const IpcPoint* IpcCurveModel::point(int row, int column) const {
    const auto& points = curves_[static_cast<size_t>(column - FirstCurveColumn)].points;
    const auto it = std::find_if(points.begin(), points.end(), [&](const IpcPoint& p) { return p.chains == row + 1; });
    return it == points.end() ? nullptr : &*it;
}

QVariant IpcCurveModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const int chains = index.row() + 1;
    if (index.column() == ChainsColumn) {
        if (role == Qt::DisplayRole || role == ValueRole) return chains;
        return {};
    }
    const IpcCurve& curve = curves_[static_cast<size_t>(index.column() - FirstCurveColumn)];
    const IpcPoint* p = point(index.row(), index.column());
    const double ipc = p ? p->ipc() : std::numeric_limits<double>::quiet_NaN();
    switch (role) {
    case ValueRole: return ipc;
    case Qt::DisplayRole: return formatCycles(ipc);
    case Qt::TextAlignmentRole: return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (!curve.error.empty()) return tr("n/a: %1").arg(QString::fromStdString(curve.error));
        if (!p) return tr("n/a: %1").arg(curve.note.empty() ? tr("not measured") : QString::fromStdString(curve.note));
        if (!p->cyclesPerInstruction) return tr("n/a: %1").arg(QString::fromStdString(p->unavailable));
        return tr("%1 independent chains of %2: %3 cycles per instruction from the fastest runs, %4 from the "
                  "median runs, over %5 repetitions")
            .arg(chains)
            .arg(QString::fromStdString(curve.instruction), formatCycles(p->cyclesPerInstruction->min),
                 formatCycles(p->cyclesPerInstruction->median))
            .arg(p->cyclesPerInstruction->count);
    }
    return {};
}

QVariant IpcCurveModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    if (section == ChainsColumn) return tr("Chains");
    const int i = section - FirstCurveColumn;
    if (i < 0 || i >= static_cast<int>(curves_.size())) return {};
    return QString::fromLatin1(toString(curves_[static_cast<size_t>(i)].cls));
}

} // namespace perfdash
