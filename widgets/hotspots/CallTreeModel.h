#pragma once
// A call tree of the Hotspots page as a tree model: top-down (the flame
// graph's boxes), bottom-up, or one function's callers or callees
// (core/profile's callTree). Each node: its name, its share of the
// selection's samples through it (total) and ending in it (self), its
// samples and the group's metrics on its samples, ± their error; children
// heaviest first. A node of fewer samples than ProfileMetrics::kMinSamples is
// greyed, and its tooltip and accessible text say why.
#include <QAbstractItemModel>
#include <QStringList>
#include <memory>
#include <unordered_map>
#include <vector>

#include "core/profile/FlameTree.h"

namespace perfdash {

class CallTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { NameColumn, TotalColumn, SelfColumn, SamplesColumn, FirstMetricColumn };
    enum Role {
        NodeRole = Qt::UserRole + 1, // the node's index in the tree
        FewSamplesRole,              // bool
    };

    explicit CallTreeModel(QObject* parent = nullptr);

    // `values`: colouredTree()'s of the tree, [m] for metric m; `selection`: the columns of the selection summed,
    // whose samples the shares are of. `showRoot`: the root is the one top-level row (a function whose callers
    // or callees these are); otherwise its children are the top level.
    void setTree(std::shared_ptr<const FlameTree> tree, std::shared_ptr<const FlameColourings> values,
                 const std::vector<std::string>& metrics, std::vector<double> selection, bool showRoot);
    void clear();
    const FlameTree* tree() const { return tree_.get(); }
    // Where a node is; invalid for the hidden root.
    QModelIndex indexOf(uint32_t node) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& index) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    uint32_t nodeOf(const QModelIndex& index) const { return static_cast<uint32_t>(index.internalId()); }
    bool few(uint32_t node) const;
    QVariant display(uint32_t node, int column) const;

    std::shared_ptr<const FlameTree> tree_;
    std::shared_ptr<const FlameColourings> values_;
    QStringList metrics_;
    std::vector<double> selection_;
    bool showRoot_ = false;
    // A node's children heaviest first, sorted when first asked for: a view
    // opens a few of a large tree's nodes, and sorting them all would cost
    // every update its time. Each sorted child's row is kept in row_.
    const std::vector<uint32_t>& childrenOf(uint32_t node) const;
    int rowOf(uint32_t node) const;

    mutable std::unordered_map<uint32_t, std::vector<uint32_t>> children_;
    mutable std::unordered_map<uint32_t, int> row_;
};

} // namespace perfdash
