#pragma once
// Two sessions' functions side by side (core/profile's compareRuns, the
// table `report --functions --baseline` prints): each function's change of
// self share from A to B in share points ± its error, its self share and
// samples in each, and each metric both runs have, A and B. A function
// sampled in one run only says so ("-" and its tooltip).
#include <QAbstractTableModel>
#include <QStringList>
#include <vector>

#include "core/profile/ProfileCompare.h"

namespace perfdash {

class FunctionChangesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Then, per compared metric, its value in A and in B.
    enum Column { ChangeColumn, SelfAColumn, SelfBColumn, SamplesAColumn, SamplesBColumn, NameColumn, ModuleColumn,
                  FirstMetricColumn };
    enum Role {
        SortRole = Qt::UserRole + 1, // double for the figures (NaN where a run has no value), the text otherwise
    };

    explicit FunctionChangesModel(QObject* parent = nullptr);

    void setComparison(FunctionComparison comparison);
    void clear();
    const std::vector<FunctionChange>& changes() const { return comparison_.changes; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const FunctionChange& c, int column) const;
    QVariant sortValue(const FunctionChange& c, int column) const;
    QString toolTip(const FunctionChange& c, int column) const;

    FunctionComparison comparison_;
};

} // namespace perfdash
