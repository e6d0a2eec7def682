#include "widgets/hotspots/FunctionTableModel.h"

#include <QApplication>
#include <QPalette>
#include <cmath>

#include "core/presentation/NumberFormat.h"
#include "core/profile/ProfileOutput.h"
#include "core/util/PathName.h"
#include "widgets/common/QtStrings.h"

namespace perfdash {

namespace {

bool fewSamples(const FunctionRow& row) { return row.self[ProfileColumns::kSamples] < ProfileMetrics::kMinSamples; }

} // namespace

FunctionTableModel::FunctionTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void FunctionTableModel::setRows(const Profile& profile, std::vector<FunctionRow> rows, ProfileGrouping grouping,
                                 const std::vector<std::string>& metrics) {
    beginResetModel();
    rows_ = std::move(rows);
    grouping_ = grouping;
    events_.clear();
    eventColumns_.clear();
    for (size_t e : sampledEvents(profile)) {
        events_ << toQString(profile.events[e].counter);
        eventColumns_.push_back(profile.columns().event(e));
    }
    metrics_.clear();
    for (const std::string& m : metrics) metrics_ << toQString(m);
    endResetModel();
}

void FunctionTableModel::clear() {
    beginResetModel();
    rows_.clear();
    events_.clear();
    eventColumns_.clear();
    metrics_.clear();
    endResetModel();
}

int FunctionTableModel::column(Column kind) const {
    if (kind == NameColumn) return 0;
    if (kind == ModuleColumn) return hasModule() ? 1 : -1;
    return static_cast<int>(kind) - (hasModule() ? 0 : 1);
}

FunctionTableModel::Column FunctionTableModel::kindOf(int column, int& index) const {
    index = 0;
    if (column == 0) return NameColumn;
    const int first = this->column(FirstEventColumn);
    if (column < first) return static_cast<Column>(column + (hasModule() ? 0 : 1));
    index = column - first;
    return FirstEventColumn; // an event, or a metric where index >= the events
}

int FunctionTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int FunctionTableModel::columnCount(const QModelIndex& parent) const {
    if (parent.isValid()) return 0;
    return firstMetricColumn() + static_cast<int>(metrics_.size());
}

QVariant FunctionTableModel::display(const FunctionRow& row, int column) const {
    int index = 0;
    switch (kindOf(column, index)) {
    case NameColumn:
        return toQString(row.name) + (row.inlinedInto.empty() ? QString() : tr(" [inlined into %1]").arg(toQString(row.inlinedInto))) +
               (row.kernel && grouping_ == ProfileGrouping::Function ? tr(" [kernel]") : QString());
    case ModuleColumn: return toQString(pathFileName(row.module)); // the path, long in a build tree, is in the tooltip
    case SelfColumn: return shareText(row.selfShare);
    case TotalColumn: return shareText(row.totalShare);
    case SamplesColumn: return toQString(formatNumber(row.self[ProfileColumns::kSamples]));
    case FirstEventColumn: break;
    }
    if (index < static_cast<int>(eventColumns_.size()))
        return toQString(formatNumber(row.self[eventColumns_[static_cast<size_t>(index)]]));
    return toQString(metricText(row.metrics[static_cast<size_t>(index) - eventColumns_.size()]));
}

QVariant FunctionTableModel::sortValue(const FunctionRow& row, int column) const {
    int index = 0;
    switch (kindOf(column, index)) {
    case NameColumn: return toQString(row.name);
    case ModuleColumn: return toQString(row.module);
    case SelfColumn: return row.selfShare.value;
    case TotalColumn: return row.totalShare.value;
    case SamplesColumn: return row.self[ProfileColumns::kSamples];
    case FirstEventColumn: break;
    }
    if (index < static_cast<int>(eventColumns_.size())) return row.self[eventColumns_[static_cast<size_t>(index)]];
    return row.metrics[static_cast<size_t>(index) - eventColumns_.size()].value;
}

QString FunctionTableModel::toolTip(const FunctionRow& row, int column) const {
    QStringList lines;
    int index = 0;
    const Column kind = kindOf(column, index);
    if (kind == NameColumn || kind == ModuleColumn) {
        lines << toQString(row.name);
        if (!row.module.empty()) lines << tr("Module: %1").arg(toQString(row.module));
        if (!row.file.empty() && grouping_ == ProfileGrouping::Function) lines << tr("Source: %1").arg(toQString(row.file));
        if (!row.inlinedInto.empty()) lines << tr("Inlined into %1 wherever it was sampled").arg(toQString(row.inlinedInto));
        if (row.incompleteStacks > 0)
            lines << tr("Samples whose call stacks did not reach a process or thread entry: %1")
                         .arg(toQString(formatNumber(row.incompleteStacks)));
    } else if (kind == SelfColumn) {
        lines << tr("Its own samples (not those of what it calls) in the selection's, ± one standard error");
    } else if (kind == TotalColumn) {
        lines << tr("The samples with it anywhere on the call stack, once per sample, ± one standard error");
    } else if (kind == FirstEventColumn && index >= static_cast<int>(eventColumns_.size())) {
        lines << tr("%1 on its own samples' summed counts, ± its standard error")
                     .arg(metrics_.value(index - static_cast<int>(eventColumns_.size())));
    }
    if (fewSamples(row))
        lines << tr("Only %1 samples: fewer than %2, too few to tell its metrics apart from noise")
                     .arg(toQString(formatNumber(row.self[ProfileColumns::kSamples])))
                     .arg(ProfileMetrics::kMinSamples);
    return lines.join(QLatin1Char('\n'));
}

QVariant FunctionTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid)) return {};
    const FunctionRow& row = rows_[static_cast<size_t>(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole: return display(row, column);
    case SortRole: return sortValue(row, column);
    case FewSamplesRole: return fewSamples(row);
    case Qt::ToolTipRole: {
        const QString tip = toolTip(row, column);
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    case Qt::AccessibleTextRole:
        return fewSamples(row) ? tr("%1 (too few samples to tell)").arg(display(row, column).toString()) : display(row, column);
    case Qt::ForegroundRole:
        if (fewSamples(row)) return QApplication::palette().color(QPalette::Disabled, QPalette::Text);
        return {};
    case Qt::TextAlignmentRole:
        return column == 0 || column == this->column(ModuleColumn) ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                                   : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default: return {};
    }
}

QVariant FunctionTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount()) return {};
    int index = 0;
    const Column kind = kindOf(section, index);
    const bool event = kind == FirstEventColumn && index < static_cast<int>(eventColumns_.size());
    if (role == Qt::ToolTipRole && event) return tr("The event's count between samples, summed over the row's own samples");
    if (role != Qt::DisplayRole) return {};
    switch (kind) {
    case NameColumn:
        switch (grouping_) {
        case ProfileGrouping::Function: return tr("Function");
        case ProfileGrouping::File: return tr("Source file");
        case ProfileGrouping::Module: return tr("Module");
        case ProfileGrouping::Process: return tr("Process");
        case ProfileGrouping::Thread: return tr("Thread");
        }
        return {};
    case ModuleColumn: return tr("Module");
    case SelfColumn: return tr("Self %");
    case TotalColumn: return tr("Total %");
    case SamplesColumn: return tr("Samples");
    case FirstEventColumn: break;
    }
    if (event) return events_.value(index);
    return metrics_.value(index - static_cast<int>(eventColumns_.size()));
}

} // namespace perfdash
