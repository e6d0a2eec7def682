#pragma once
// Session A and session B side by side (core/session/SessionComparison.h):
// one row per event total and metric, with B − A and (B − A) / |A|. A value
// that is not available stays "n/a", and so does every difference with it.
// Rows whose relative difference reaches the threshold are highlighted.
#include <QAbstractTableModel>
#include <QString>
#include <vector>

#include "core/session/SessionComparison.h"

namespace perfdash {

class SessionComparisonModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { GroupColumn, KindColumn, NameColumn, AColumn, BColumn, AbsoluteColumn, RelativeColumn, ColumnCount };
    enum Role {
        SortRole = Qt::UserRole + 1, // numbers as double (n/a sorts below every number), text as text
        ValueRole,                   // double: the cell's number, NaN for n/a
        HighlightRole,               // bool: the row's relative difference reaches the threshold
    };

    explicit SessionComparisonModel(QObject* parent = nullptr);

    void setSessions(MeasurementResult a, MeasurementResult b);
    const MeasurementResult& sessionA() const { return a_; }
    const MeasurementResult& sessionB() const { return b_; }

    // As a fraction: 0.1 highlights rows that differ by 10 % or more (default).
    void setHighlightThreshold(double relative);
    double highlightThreshold() const { return threshold_; }
    bool isHighlighted(int row) const;

    const ComparisonRow& comparisonRow(int row) const { return rows_.at(static_cast<size_t>(row)); }
    // The row's timeline in A and B on one time axis, for the live view to overlay.
    AlignedTimelines alignedTimelines(int row) const;
    // "A: stream, started …, 12.3 s"; side 0 is A, 1 is B.
    QString sessionLabel(int side) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "+25 %", "-3.2 %", "n/a".
    static QString relativeText(double relative);

signals:
    void highlightThresholdChanged(double relative);

private:
    double cellValue(const ComparisonRow& row, int column) const;
    QString cellText(const ComparisonRow& row, int column) const;

    MeasurementResult a_, b_;
    std::vector<ComparisonRow> rows_;
    double threshold_ = 0.1;
};

} // namespace perfdash
