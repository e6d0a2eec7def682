#pragma once
// The results of instruction benchmarks, one row per entry (running an entry
// again replaces its row), next to reference values where the user loaded a
// reference table (perfdash ships none: ReferenceTable.h). Measured values are
// medians over the repetitions; their spread and the cycles source are in the
// tooltips. A value that was not measured, or has no reference, reads "n/a"
// with the reason in the tooltip.
#include <QAbstractTableModel>
#include <memory>
#include <vector>

#include "core/probes/BenchResult.h"
#include "core/probes/ReferenceTable.h"

namespace perfdash {

class BenchResultsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        InstructionColumn,
        StatusColumn,
        LatencyColumn,
        LatencyReferenceColumn,
        LatencyDeviationColumn,
        ThroughputColumn, // reciprocal throughput, cycles per instruction
        ThroughputReferenceColumn,
        ThroughputDeviationColumn,
        IpcColumn,
        ReferenceSourceColumn,
        ColumnCount
    };
    enum Role {
        // The number behind a numeric cell as a double (NaN where it reads n/a).
        ValueRole = Qt::UserRole + 1,
        // What the results view sorts by: ValueRole for numbers, the text otherwise.
        SortRole,
    };

    explicit BenchResultsModel(QObject* parent = nullptr);
    ~BenchResultsModel() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Appends the result, or replaces the row of an earlier result of the same entry.
    void addResult(const BenchResult& result);
    void clear();
    const BenchResult& result(int row) const { return rows_[static_cast<size_t>(row)].result; }
    int rowOf(const QString& name) const; // -1 if there is none

    // Compares every row (and every later one) with `table`.
    void setReferenceTable(ReferenceTable table, const QString& sourceName);
    void clearReferenceTable();
    bool hasReferenceTable() const { return references_ != nullptr; }
    QString referenceSourceName() const { return referenceName_; }
    // The table's microarchitectures, sorted; narrowing to one compares with its rows only.
    QStringList microarchitectures() const;
    void setMicroarchitecture(const QString& microarchitecture); // empty: every row

private:
    struct Row {
        BenchResult result;
        std::vector<ReferenceComparison> comparisons; // into *references_
    };
    std::vector<ReferenceComparison> compare(const BenchResult& result) const;
    void recompareAll();
    double value(const Row& row, int column) const;
    QString text(const Row& row, int column) const;
    QString toolTip(const Row& row, int column) const;

    std::vector<Row> rows_;
    std::unique_ptr<ReferenceTable> references_; // a stable address: comparisons point into it
    QString referenceName_;
    QString microarchitecture_;
};

} // namespace perfdash
