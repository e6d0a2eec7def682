#pragma once
// A measurement plan as a tree for the preview before starting: each group,
// and under it each of its events with whether it will be counted here
// (✓, or ✗ with the reason), the counter it is on, and its canonical name;
// under a hybrid CPU's core event, one row per core type (cpu_core,
// cpu_atom) with that type's own event and encoding, or why it lacks it.
#include <QAbstractItemModel>
#include <vector>

#include "core/measurement/MeasurementPlan.h"

namespace perfdash {

class PlanModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { EventColumn, StatusColumn, CounterColumn, ReasonColumn, ColumnCount };
    enum Role { CountedRole = Qt::UserRole + 1 }; // bool, on event rows

    explicit PlanModel(QObject* parent = nullptr);

    void setPlan(const MeasurementPlan& plan);
    void clear();
    bool isEmpty() const { return groups_.empty(); }

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant groupData(const PlannedGroup& group, int column, int role) const;
    QVariant eventData(const PlannedEvent& event, int column, int role) const;
    QVariant coreTypeData(const PlannedEvent::CoreTypePart& part, int column, int role) const;
    // The status column's colour (ForegroundRole) and words (AccessibleTextRole).
    QVariant statusLook(bool counted, int column, int role) const;

    std::vector<PlannedGroup> groups_;
    std::vector<ResolvedEvent> slots_; // the plan's event set: each core type's own event
};

} // namespace perfdash
