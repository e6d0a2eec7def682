#pragma once
// The core clock of one CPU over time: one row per measurement (seconds since
// the first, the measured clock, and each clock the system reports), for the
// clock chart and a table. Columns are fixed by the first sample's reference
// sources; a later sample lacking one reads n/a there. The oldest rows go
// once kMaxSamples are held.
#include <QAbstractTableModel>
#include <deque>

#include "core/probes/ClockReport.h"

namespace perfdash {

class ClockHistoryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { TimeColumn, MeasuredColumn, FirstReferenceColumn };
    enum Role { ValueRole = Qt::UserRole + 1 }; // seconds or Hz as double; NaN where n/a
    static constexpr int kMaxSamples = 1000;

    explicit ClockHistoryModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void addSample(const CpuClockReport& report);
    void clear();
    const CpuClockReport& sample(int row) const { return samples_[static_cast<size_t>(row)]; }
    double seconds(int row) const; // since the first sample ever added (after clear())
    // Hz of column `column` in `row`, NaN where there is no value.
    double hz(int row, int column) const;
    const QStringList& referenceSources() const { return sources_; }

private:
    const ReferenceClock* reference(int row, int column) const;

    std::deque<CpuClockReport> samples_;
    QStringList sources_;
    double origin_ = 0;
};

} // namespace perfdash
