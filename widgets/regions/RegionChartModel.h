#pragma once
// One quantity of the marker regions (calls, time, an event or a metric of
// a group) per region and thread: the data behind the regions bar chart.
// Rows are the regions counted with the quantity's group, columns the
// threads of any of them, by TID. A thread that did not run a region, and a
// value that is not available, read "n/a" and have NaN as value.
#include <QAbstractTableModel>
#include <QStringList>
#include <vector>

#include "core/result/MeasurementResult.h"

namespace perfdash {

struct RegionQuantity {
    enum class Kind { Calls, Time, Event, Metric };
    Kind kind = Kind::Time;
    int groupIndex = 0; // RegionResult::groupIndex of the regions it exists for
    int item = 0;       // index into the group's events or metrics
    QString label;      // "Time [s]", "page-faults (FAULTS)", "Page faults [1/s]"; "GROUP: " first when there are several groups
};

// What can be charted for these regions: per group, time, calls, events and metrics.
std::vector<RegionQuantity> regionQuantities(const std::vector<RegionResult>& regions);

class RegionChartModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role { ValueRole = Qt::UserRole + 1 }; // double, NaN when not available

    explicit RegionChartModel(QObject* parent = nullptr);

    void setRegions(const std::vector<RegionResult>& regions);
    void clear();
    const std::vector<RegionQuantity>& quantities() const { return quantities_; }
    // Index into quantities(); the first is chosen after setRegions.
    void setQuantity(int index);
    int quantity() const { return quantity_; }
    // The chosen quantity's label, empty when there is none.
    QString quantityLabel() const;
    // Whether the values are counts or sums (calls, time, events), which stack meaningfully; metrics are rates and ratios.
    bool quantityAdds() const;
    // True when some thread that ran a region has no value for the quantity (not counted, not computable).
    bool hasUnavailableValues() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void rebuild(); // between beginResetModel and endResetModel
    double valueOf(const RegionResult& region, size_t thread) const;

    std::vector<RegionResult> regions_;
    std::vector<RegionQuantity> quantities_;
    int quantity_ = -1;
    std::vector<const RegionResult*> rows_; // the regions counted with the quantity's group
    std::vector<int> tids_;                  // columns
    std::vector<std::vector<double>> values_; // [row][column]
    bool unavailable_ = false;
};

} // namespace perfdash
