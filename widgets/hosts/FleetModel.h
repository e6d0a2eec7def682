#pragma once
// The fleet table: one row per host, one column per key metric of the
// groups the hosts count ("GROUP: metric"), each cell the host's value in
// its latest interval. A value that stands out from the other hosts' (core/
// util/Outliers.h) is flagged: OutlierRole, a warning colour and a tooltip.
// Fed by AgentStream's intervals (or a saved fleet session's), on the GUI
// thread; it never does I/O.
#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

#include "core/result/MeasurementResult.h"

namespace perfdash {

class FleetModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { HostColumn, StateColumn, FirstMetricColumn };
    enum Role { SortRole = Qt::UserRole + 1, OutlierRole };

    explicit FleetModel(QObject* parent = nullptr);

    // A host is a row from when it is added (state "connecting") or first counted.
    void addHost(const QString& host);
    void removeHost(const QString& host);
    void setState(const QString& host, const QString& state);
    void addInterval(const QString& host, const IntervalResult& interval);

    QStringList hosts() const;
    QString metricOfColumn(int column) const; // "GROUP: metric"; empty for the host and state columns

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Host {
        QString name;
        QString state;
        double t = 0;               // the latest interval's end, seconds since its agent started
        std::vector<double> values; // per metric column, NaN: none
    };
    int rowOf(const QString& host) const;
    int columnOf(const QString& metric); // adds the column when new
    void flagOutliers();

    std::vector<Host> hosts_;
    QStringList metrics_;
    std::vector<std::vector<bool>> outliers_; // [metric][row]
};

} // namespace perfdash
