#pragma once
// One marker region under one group, like likwid's region tables but turned
// so that threads are rows: each thread's calls, time in the region, event
// counts and metrics, and a last row for the region as a whole (calls
// summed, the longest thread's time, event totals, metric aggregates).
// Values that are not available read "n/a" and events that were not
// counted "not counted", each with the reason as tooltip, never 0.
#include <QAbstractTableModel>
#include <optional>

#include "core/result/MeasurementResult.h"

namespace perfdash {

class RegionTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Fixed columns; the group's events follow them, then its metrics.
    enum Column { ThreadColumn, CallsColumn, TimeColumn, FirstEventColumn };
    enum Role {
        ValueRole = Qt::UserRole + 1, // double: the number shown (NaN when not available)
        AggregateRowRole,             // bool: the region-as-a-whole row
    };

    explicit RegionTableModel(QObject* parent = nullptr);

    void setRegion(const RegionResult& region);
    void clear();
    // The region shown, if any.
    const RegionResult* region() const { return region_ ? &*region_ : nullptr; }
    // The row of the region as a whole (after the threads), or -1 when empty.
    int aggregateRow() const;
    int firstMetricColumn() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant eventData(const EventResult& event, int row, int role) const;
    QVariant metricData(const MetricResult& metric, int row, int role) const;
    int threadCount() const;

    std::optional<RegionResult> region_;
};

} // namespace perfdash
