#pragma once
// The max-IPC curves as a table: one row per number of independent chains,
// one column per instruction class (IPC there; n/a where the curve stops or
// failed, with the reason in the tooltip).
#include <QAbstractTableModel>
#include <vector>

#include "core/probes/IpcProbe.h"

namespace perfdash {

class IpcCurveModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { ChainsColumn, FirstCurveColumn };
    enum Role { ValueRole = Qt::UserRole + 1 }; // chains, or IPC as double (NaN where n/a)

    explicit IpcCurveModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setCurves(std::vector<IpcCurve> curves);
    const std::vector<IpcCurve>& curves() const { return curves_; }

private:
    const IpcPoint* point(int row, int column) const;
    std::vector<IpcCurve> curves_;
    int maxChains_ = 0;
};

} // namespace perfdash
