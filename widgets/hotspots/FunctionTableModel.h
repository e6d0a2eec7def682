#pragma once
// The Hotspots page's table: a row per function (or per file, module,
// process or thread: ProfileGrouping), with its share of the samples (self
// and total, ± the binomial error), its sample count, each sampled event's
// count and each of the group's metrics on its own samples, ± their error.
// A row from fewer samples than ProfileMetrics::kMinSamples is greyed, and
// its tooltip says why its figures cannot be told apart: colour is never the
// only carrier (FewSamplesRole, the tooltip, the accessible text).
#include <QAbstractTableModel>
#include <QStringList>
#include <vector>

#include "core/profile/ProfileViews.h"
#include "widgets/common/ShareText.h"

namespace perfdash {

class FunctionTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // The columns in their order: the name, its module (functions and files only), the shares, the samples,
    // then each sampled event and each metric. column() gives where one is.
    enum Column { NameColumn, ModuleColumn, SelfColumn, TotalColumn, SamplesColumn, FirstEventColumn };
    enum Role {
        SortRole = Qt::UserRole + 1, // double for the figures (self/total: the share; metrics: NaN when n/a), the text otherwise
        FewSamplesRole,              // bool: fewer samples than a metric needs
    };

    explicit FunctionTableModel(QObject* parent = nullptr);

    // The rows of one table of `profile` (groupedTable()): its sampled events (their slots head the columns)
    // and its metrics (ProfileMetrics::names()) are the figures.
    void setRows(const Profile& profile, std::vector<FunctionRow> rows, ProfileGrouping grouping,
                 const std::vector<std::string>& metrics);
    void clear();
    const std::vector<FunctionRow>& rows() const { return rows_; }
    ProfileGrouping grouping() const { return grouping_; }
    // Where a column is; -1 for the module where rows are modules, processes or threads.
    int column(Column kind) const;
    int firstMetricColumn() const { return column(FirstEventColumn) + static_cast<int>(eventColumns_.size()); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    bool hasModule() const { return grouping_ == ProfileGrouping::Function || grouping_ == ProfileGrouping::File; }
    // The column's kind, its index among the events or metrics in `index`.
    Column kindOf(int column, int& index) const;
    QVariant display(const FunctionRow& row, int column) const;
    QVariant sortValue(const FunctionRow& row, int column) const;
    QString toolTip(const FunctionRow& row, int column) const;

    std::vector<FunctionRow> rows_;
    ProfileGrouping grouping_ = ProfileGrouping::Function;
    QStringList events_;               // the sampled events' slots
    std::vector<size_t> eventColumns_; // their columns in a row's sums (ProfileColumns::event)
    QStringList metrics_;
};

} // namespace perfdash
