#include "widgets/sessions/FunctionChangesModel.h"

#include <cmath>

#include "core/presentation/NumberFormat.h"
#include "core/profile/ProfileOutput.h"
#include "widgets/common/QtStrings.h"
#include "widgets/common/ShareText.h"

namespace perfdash {

FunctionChangesModel::FunctionChangesModel(QObject* parent) : QAbstractTableModel(parent) {}

void FunctionChangesModel::setComparison(FunctionComparison comparison) {
    beginResetModel();
    comparison_ = std::move(comparison);
    endResetModel();
}

void FunctionChangesModel::clear() { setComparison({}); }

int FunctionChangesModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(comparison_.changes.size());
}

int FunctionChangesModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : FirstMetricColumn + 2 * static_cast<int>(comparison_.metrics.size());
}

QVariant FunctionChangesModel::display(const FunctionChange& c, int column) const {
    const QString absent = QStringLiteral("-");
    switch (column) {
    case ChangeColumn:
        return QStringLiteral("%1 ± %2").arg(c.change * 100, 0, 'f', 1).arg(c.changeError * 100, 0, 'f', 1).prepend(
            c.change > 0 ? QStringLiteral("+") : QString());
    case SelfAColumn: return c.inBaseline ? shareText(c.baselineSelf) : absent;
    case SelfBColumn: return c.inSession ? shareText(c.self) : absent;
    case SamplesAColumn: return c.inBaseline ? toQString(formatNumber(c.baselineSamples)) : absent;
    case SamplesBColumn: return c.inSession ? toQString(formatNumber(c.samples)) : absent;
    case NameColumn: return toQString(c.name);
    case ModuleColumn: return toQString(c.module);
    default: break;
    }
    const size_t m = static_cast<size_t>(column - FirstMetricColumn) / 2;
    const bool a = (column - FirstMetricColumn) % 2 == 0;
    if (a) return c.inBaseline ? toQString(metricText(c.baselineMetrics[m])) : absent;
    return c.inSession ? toQString(metricText(c.metrics[m])) : absent;
}

QVariant FunctionChangesModel::sortValue(const FunctionChange& c, int column) const {
    switch (column) {
    case ChangeColumn: return c.change;
    case SelfAColumn: return c.inBaseline ? c.baselineSelf.value : 0.0;
    case SelfBColumn: return c.inSession ? c.self.value : 0.0;
    case SamplesAColumn: return c.baselineSamples;
    case SamplesBColumn: return c.samples;
    case NameColumn: return toQString(c.name);
    case ModuleColumn: return toQString(c.module);
    default: break;
    }
    const size_t m = static_cast<size_t>(column - FirstMetricColumn) / 2;
    const bool a = (column - FirstMetricColumn) % 2 == 0;
    if (a) return c.inBaseline ? c.baselineMetrics[m].value : NAN;
    return c.inSession ? c.metrics[m].value : NAN;
}

QString FunctionChangesModel::toolTip(const FunctionChange& c, int column) const {
    if (column == ChangeColumn)
        return tr("Its self share in B minus that in A, in share points, ± the standard error of the difference (the "
                  "two runs' binomial errors, taken as independent)");
    if (!c.inBaseline) return tr("%1 was not sampled in A").arg(toQString(c.name));
    if (!c.inSession) return tr("%1 was not sampled in B").arg(toQString(c.name));
    return {};
}

QVariant FunctionChangesModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid)) return {};
    const FunctionChange& c = comparison_.changes[static_cast<size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::AccessibleTextRole: return display(c, index.column());
    case SortRole: return sortValue(c, index.column());
    case Qt::ToolTipRole: {
        const QString tip = toolTip(c, index.column());
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    case Qt::TextAlignmentRole:
        return index.column() == NameColumn || index.column() == ModuleColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                                                : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default: return {};
    }
}

QVariant FunctionChangesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= columnCount()) return {};
    switch (section) {
    case ChangeColumn: return tr("Change [points]");
    case SelfAColumn: return tr("Self % A");
    case SelfBColumn: return tr("Self % B");
    case SamplesAColumn: return tr("Samples A");
    case SamplesBColumn: return tr("Samples B");
    case NameColumn: return tr("Function");
    case ModuleColumn: return tr("Module");
    default: break;
    }
    const QString metric = toQString(comparison_.metrics[static_cast<size_t>(section - FirstMetricColumn) / 2]);
    return (section - FirstMetricColumn) % 2 == 0 ? tr("%1 A").arg(metric) : tr("%1 B").arg(metric);
}

} // namespace perfdash
