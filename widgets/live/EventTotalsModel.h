#pragma once
// Raw counts per location, as totals so far (summed over the intervals that
// arrived, updated with every batch) or, once the run is over, the exact
// whole-run totals of the MeasurementResult. One row per event of every
// group; columns: group, event, unit, one per location, then sum, min, max
// and mean over the locations and the multiplex coverage.
#include <QAbstractTableModel>
#include <QCoreApplication>
#include <vector>

#include "core/session/MeasurementResult.h"

namespace perfdash {

class EventTotalsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { GroupColumn, EventColumn, UnitColumn, FirstLocationColumn };
    enum class Statistic { Sum, Min, Max, Mean, Coverage };

    explicit EventTotalsModel(QObject* parent = nullptr);

    void beginSession(std::vector<LocationInfo> locations);
    void appendIntervals(const std::vector<IntervalResult>& intervals);
    // The run's own totals replace the sums of intervals.
    void showResult(const MeasurementResult& result);

    // What the numbers are: "Totals so far (12.3 s)" or "Whole run (12.3 s)".
    QString scopeText() const;
    int statisticColumn(Statistic statistic) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        EventResult event; // perLocation/total: the totals shown
        QString group;
        std::vector<double> coveredSeconds; // live: sum of coverage x dt per location
    };
    void defineRows(const std::vector<GroupResult>& groups);
    double statistic(const Row& row, Statistic statistic) const;
    QVariant valueCell(const Row& row, int column, int role) const;

    std::vector<LocationInfo> locations_;
    std::vector<Row> rows_;
    double seconds_ = 0;
    bool wholeRun_ = false;
};

} // namespace perfdash
