#pragma once
// The marker regions of a finished measurement, one row per region and the
// group it was counted with (a region measured under several groups has a
// row per group): its threads, all their calls, and its time (the longest
// thread's, the region's span when its threads ran in parallel).
#include <QAbstractTableModel>
#include <optional>
#include <vector>

#include "core/result/MeasurementResult.h"

namespace perfdash {

class RegionListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { RegionColumn, GroupColumn, ThreadsColumn, CallsColumn, TimeColumn, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole + 1, // numbers as double (NaN last), text as text
        RegionIndexRole,             // int: index into MeasurementResult::regions
    };

    explicit RegionListModel(QObject* parent = nullptr);

    void setRegions(const std::vector<RegionResult>& regions);
    void clear();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<RegionResult> regions_;
};

// A figure of a region over its threads: `value` when every thread has one;
// otherwise n/a, and `partial` holds what the threads that have one give (a
// lower bound, with how many threads it holds) when some do (CountSum.h).
struct RegionFigure {
    double value = kNotAvailable;
    std::optional<PartialSum> partial;
};
// Summed calls of a region's threads.
RegionFigure totalCalls(const RegionResult& region);
// The longest thread's time in the region: its span when the threads ran in parallel.
RegionFigure longestTime(const RegionResult& region);
// "17", "≥ 17 (partial)" or "n/a".
QString regionFigureText(const RegionFigure& figure);
// Why the calls or the time is partial or n/a (empty when it is complete).
QString regionCallsToolTip(const RegionFigure& calls);
QString regionTimeToolTip(const RegionFigure& time);

} // namespace perfdash
