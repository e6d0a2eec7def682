#pragma once
// The drill-down of a session's top-down group for one span of the run: each
// level-1 category (Frontend bound, Bad speculation, Backend bound, Retiring)
// a top-level row, its level-2 metrics its children, with the share of the
// slots, the vendor's threshold and whether the value is past it (core/report
// /TopDown, the same rule as the text and HTML reports). Values come from the
// view (TopDownView): the span's and location's means, or the whole run's.
#include <QAbstractItemModel>
#include <vector>

#include "core/presentation/TopDown.h"

namespace perfdash {

class TopDownModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { NameColumn, ShareColumn, ThresholdColumn, ColumnCount };
    enum Role { MarkedRole = Qt::UserRole + 1, ValueRole, LevelRole };

    using QAbstractItemModel::QAbstractItemModel;

    // The group whose hierarchy is shown (a copy: names, formulas, thresholds); none: no rows.
    void setGroup(const GroupResult* group);
    // Parallel to the group's metrics; NaN: n/a.
    void setValues(const std::vector<double>& values);

    bool empty() const { return shape_.empty(); }
    const std::vector<TopDownCategory>& shape() const { return shape_; }
    // Each level-1 category followed by its level-2 metrics, as drawn.
    const std::vector<TopDownBar>& bars() const { return bars_; }
    // "Frontend bound": the metric's name without its unit.
    QString name(size_t metric) const;
    // "Frontend bound: 14.2 %, past its threshold > 15": what a screen reader says for a bar.
    QString describe(const TopDownBar& bar) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    // The bar behind an index: level-1 rows have internal id 0, a child the id of its category + 1.
    const TopDownBar* barAt(const QModelIndex& index) const;

    GroupResult group_;
    std::vector<TopDownCategory> shape_;
    std::vector<TopDownBar> bars_;
    std::vector<size_t> firstBar_; // per category: its bar's index in bars_
};

// "14.2 %", "n/a": a share as the view and its bars print it.
QString shareText(double value);

} // namespace perfdash
