#include "widgets/hotspots/CallTreeModel.h"

#include <QApplication>
#include <QPalette>
#include <algorithm>

#include "core/presentation/NumberFormat.h"
#include "core/profile/ProfileOutput.h"
#include "widgets/common/QtStrings.h"
#include "widgets/hotspots/FunctionTableModel.h"

namespace perfdash {

CallTreeModel::CallTreeModel(QObject* parent) : QAbstractItemModel(parent) {}

void CallTreeModel::setTree(std::shared_ptr<const FlameTree> tree, std::shared_ptr<const FlameColourings> values,
                            const std::vector<std::string>& metrics, std::vector<double> selection, bool showRoot) {
    beginResetModel();
    tree_ = std::move(tree);
    values_ = std::move(values);
    metrics_.clear();
    for (const std::string& m : metrics) metrics_ << toQString(m);
    selection_ = std::move(selection);
    showRoot_ = showRoot;
    children_.clear();
    row_.clear();
    endResetModel();
}

const std::vector<uint32_t>& CallTreeModel::childrenOf(uint32_t node) const {
    auto [it, added] = children_.try_emplace(node);
    if (added) {
        const auto children = tree_->children(node);
        it->second.assign(children.begin(), children.end());
        std::stable_sort(it->second.begin(), it->second.end(),
                         [&](uint32_t a, uint32_t b) { return tree_->samples(a) > tree_->samples(b); });
        for (size_t r = 0; r < it->second.size(); ++r) row_[it->second[r]] = static_cast<int>(r);
    }
    return it->second;
}

int CallTreeModel::rowOf(uint32_t node) const {
    if (node == 0) return 0;
    childrenOf(tree_->nodes[node].parent);
    return row_.at(node);
}

void CallTreeModel::clear() {
    beginResetModel();
    tree_.reset();
    values_.reset();
    metrics_.clear();
    children_.clear();
    row_.clear();
    endResetModel();
}

QModelIndex CallTreeModel::indexOf(uint32_t node) const {
    if (!tree_ || node >= tree_->nodes.size() || (node == 0 && !showRoot_)) return {};
    return createIndex(rowOf(node), 0, quintptr(node));
}

QModelIndex CallTreeModel::index(int row, int column, const QModelIndex& parent) const {
    if (!tree_ || row < 0 || column < 0 || column >= columnCount()) return {};
    if (!parent.isValid()) {
        if (showRoot_) return row == 0 ? createIndex(0, column, quintptr(0)) : QModelIndex();
        const auto& top = childrenOf(0);
        return row < int(top.size()) ? createIndex(row, column, quintptr(top[size_t(row)])) : QModelIndex();
    }
    const auto& children = childrenOf(nodeOf(parent));
    return row < int(children.size()) ? createIndex(row, column, quintptr(children[size_t(row)])) : QModelIndex();
}

QModelIndex CallTreeModel::parent(const QModelIndex& index) const {
    if (!index.isValid() || !tree_) return {};
    const uint32_t node = nodeOf(index);
    if (node == 0) return {};
    const uint32_t parent = tree_->nodes[node].parent;
    if (parent == 0) return showRoot_ ? createIndex(0, 0, quintptr(0)) : QModelIndex();
    return createIndex(rowOf(parent), 0, quintptr(parent));
}

int CallTreeModel::rowCount(const QModelIndex& parent) const {
    if (!tree_ || parent.column() > 0) return 0;
    if (!parent.isValid()) return showRoot_ ? 1 : int(tree_->children(0).size());
    return int(tree_->children(nodeOf(parent)).size());
}

int CallTreeModel::columnCount(const QModelIndex&) const { return FirstMetricColumn + int(metrics_.size()); }

bool CallTreeModel::few(uint32_t node) const { return tree_->samples(node) < ProfileMetrics::kMinSamples; }

QVariant CallTreeModel::display(uint32_t node, int column) const {
    const double* sums = tree_->sumsOf(node);
    const double weight = selection_[ProfileColumns::kWeight], samples = selection_[ProfileColumns::kSamples];
    switch (column) {
    case NameColumn: return toQString(tree_->nameOf(node));
    case TotalColumn: return shareText(shareOf(sums[ProfileColumns::kWeight], weight, samples));
    case SelfColumn: return shareText(shareOf(tree_->selfOf(node)[ProfileColumns::kWeight], weight, samples));
    case SamplesColumn: return toQString(formatNumber(sums[ProfileColumns::kSamples]));
    default: return toQString(metricText((*values_)[size_t(column - FirstMetricColumn)][node].metric));
    }
}

QVariant CallTreeModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !tree_ || !checkIndex(index)) return {};
    const uint32_t node = nodeOf(index);
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole: return display(node, column);
    case NodeRole: return node;
    case FewSamplesRole: return few(node);
    case Qt::ToolTipRole:
        if (!few(node)) return column == NameColumn ? QVariant(toQString(tree_->nameOf(node))) : QVariant();
        return tr("Only %1 samples: fewer than %2, too few to tell its metrics apart from noise")
            .arg(toQString(formatNumber(tree_->samples(node))))
            .arg(ProfileMetrics::kMinSamples);
    case Qt::AccessibleTextRole:
        return few(node) ? tr("%1 (too few samples to tell)").arg(display(node, column).toString()) : display(node, column);
    case Qt::ForegroundRole:
        if (few(node)) return QApplication::palette().color(QPalette::Disabled, QPalette::Text);
        return {};
    case Qt::TextAlignmentRole:
        return column == NameColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default: return {};
    }
}

QVariant CallTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount()) return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case TotalColumn: return tr("The selection's samples through this call path, ± one standard error");
        case SelfColumn: return tr("The selection's samples that ended here, ± one standard error");
        case NameColumn:
        case SamplesColumn: return {};
        default:
            return tr("%1 on the samples through this call path, ± its standard error").arg(metrics_.value(section - FirstMetricColumn));
        }
    }
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case NameColumn: return tr("Call path");
    case TotalColumn: return tr("Total %");
    case SelfColumn: return tr("Self %");
    case SamplesColumn: return tr("Samples");
    default: return metrics_.value(section - FirstMetricColumn);
    }
}

} // namespace perfdash
