#pragma once
// Raw counts per location, as totals so far (summed over the intervals that
// arrived, updated with every batch) or, once the run is over, the exact
// whole-run totals of the MeasurementResult. One row per event of every
// group; columns: group, event, unit, the sum, min, max and mean over the
// locations and the multiplex coverage, then one per location (the figures
// a reader wants first stay in view with 64 CPUs to the right). On a hybrid
// CPU each event counted per core type is followed by a row per core type
// ("on cpu_core"), whose Sum and Coverage are its total on that type
// (EventResult::coreTypes: while it runs the intervals' totals summed, then
// the whole run's), as perf stat prints a line per core PMU: rows stay in
// view in the narrow table where columns beside the Sum would not.
//
// Sums follow core/result/CountSum.h: an interval or location without a
// value is unknown, never 0. A cell none of whose intervals had a value is
// "n/a" with the reason; one that only some had a value for is shown as
// partial ("≥ 1234 (partial)", short so that it does not widen its column
// past the other rows' figures; the tooltip and a copy say "3 of 10
// intervals"), never as the total.
#include <QAbstractTableModel>
#include <QCoreApplication>
#include <vector>

#include "core/result/CountSum.h"
#include "core/result/MeasurementResult.h"

namespace perfdash {

class EventTotalsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum class Statistic { Sum, Min, Max, Mean, Coverage };
    enum Column { GroupColumn, EventColumn, UnitColumn, FirstStatisticColumn, FirstLocationColumn = FirstStatisticColumn + 5 };

    explicit EventTotalsModel(QObject* parent = nullptr);

    void beginRun(std::vector<LocationInfo> locations);
    void appendIntervals(const std::vector<IntervalResult>& intervals);
    // The run's own totals replace the sums of intervals.
    void showResult(const MeasurementResult& result);

    // What the numbers are: "Totals so far (12.3 s)" or "Whole run (12.3 s)",
    // said to be recorded (a replay) or synthetic, as the Overview says it.
    QString scopeText() const;
    // Hybrid CPUs: the core type (its PMU: "cpu_core") of a row that is an event's total on one type; empty for
    // an event's own row.
    std::string coreTypeOfRow(int row) const;
    // How many groups the rows are of, and whether any event has a unit: a view hides columns that say nothing.
    size_t groupCount() const;
    bool hasUnits() const;
    int statisticColumn(Statistic statistic) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    // One figure of a row: the value when complete (NaN otherwise), its
    // coverage, and the partial sum when only some parts had a value.
    struct Cell {
        CountValue count;
        std::optional<PartialSum> partial;
        std::string parts; // what the partial sum's parts are: "intervals", "locations"
        // Min, max and mean: taken over `over` of `of` locations (those whose total is complete).
        size_t over = 0, of = 0;
    };
    struct Row {
        EventResult event; // names, counted, reason; whole run: the run's totals
        QString group;
        std::vector<CountSum> sums; // per location: over the intervals so far, or the run's total
        size_t groupIndex = 0, eventIndex = 0; // where an interval holds the event
        // A hybrid event's total on one core type (empty: the event's own row): over the intervals so far.
        std::string coreType{};
        CountSum coreTypeSum{};
    };
    // The rows of one event: its own, then one per core type it is counted on.
    void addRows(const EventResult& event, const QString& group, size_t groupIndex, size_t eventIndex);
    void defineRows(const std::vector<GroupResult>& groups);
    Cell coreTypeCell(const Row& row) const;
    QVariant coreTypeRowValue(const Row& row, int column, int role) const;
    Cell locationCell(const Row& row, size_t location) const;
    Cell statistic(const Row& row, Statistic statistic) const;
    QVariant valueCell(const Row& row, int column, int role) const;

    std::vector<LocationInfo> locations_;
    std::vector<Row> rows_;
    double seconds_ = 0;
    bool wholeRun_ = false;
    bool recorded_ = false;  // the whole run of a replay
    bool synthetic_ = false; // made up (a test fixture), never called recorded
};

} // namespace perfdash
