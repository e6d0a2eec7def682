#pragma once
// Metric values per location and in aggregate: those of the latest interval
// while a session runs, the whole run's once its MeasurementResult is in.
// One row per metric of every group; columns: group, metric, unit, the
// aggregate (the formula on the summed counts), the multiplex coverage (the
// lowest of the group's events, MetricCoverage.h), then one per location:
// the figures a reader wants first stay in view with 64 CPUs to the right.
// On a hybrid CPU each metric with values per core type is followed by a row
// per core type ("on cpu_core"): its Aggregate is the formula on that type's
// totals (MetricResult::perCoreType), as the event table's rows per type.
#include <QAbstractTableModel>
#include <optional>
#include <vector>

#include "core/result/MeasurementResult.h"

namespace perfdash {

class MetricValuesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { GroupColumn, MetricColumn, UnitColumn, AggregateColumn, CoverageColumn, FirstLocationColumn };

    explicit MetricValuesModel(QObject* parent = nullptr);

    void beginRun(std::vector<LocationInfo> locations);
    // Shows the last interval of the batch.
    void appendIntervals(const std::vector<IntervalResult>& intervals);
    void showResult(const MeasurementResult& result);

    // "Latest interval (t = 12.30 s)" or "Whole run (12.3 s)".
    QString scopeText() const;
    int aggregateColumn() const { return AggregateColumn; }
    size_t groupCount() const { return groups_.size(); }
    int coverageColumn() const { return CoverageColumn; }
    // Whether the Coverage column would read "100.0%" (or n/a) in every row.
    bool fullyCovered() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        size_t group = 0;
        size_t metric = 0;
        std::optional<size_t> coreType{}; // a row of the metric on one core type: index into its perCoreType
        bool operator==(const Row&) const = default;
    };
    void show(std::vector<GroupResult> groups);
    double value(const Row& row, int column) const;

    std::vector<LocationInfo> locations_;
    std::vector<GroupResult> groups_;
    std::vector<Row> rows_;
    double t_ = 0;
    bool wholeRun_ = false;
};

} // namespace perfdash
