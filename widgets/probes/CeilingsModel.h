#pragma once
// The measured ceilings as a table: one row per memory figure (level, kernel,
// ISA, precision, threads, working set, application and hardware bytes per
// second, bytes per cycle), then one per peak FLOP figure. A figure whose
// fastest window never repeated says so in its tooltip; one beyond the
// physical bound is marked too.
#include <QAbstractTableModel>

#include "core/probes/Ceilings.h"

namespace perfdash {

class CeilingsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { LevelColumn, KernelColumn, IsaColumn, PrecisionColumn, ThreadsColumn, WorkingSetColumn,
                  PerSecondColumn, HardwareColumn, PerCycleColumn, ColumnCount };
    enum Role { ValueRole = Qt::UserRole + 1 }; // the figure as a double (bytes or FLOP per second, per cycle)

    explicit CeilingsModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setCeilings(Ceilings ceilings);
    const Ceilings& ceilings() const { return ceilings_; }

private:
    Ceilings ceilings_;
};

} // namespace perfdash
