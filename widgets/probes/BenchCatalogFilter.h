#pragma once
// Filters a BenchCatalogModel by text: every whitespace-separated word must
// occur, case-insensitively, in an entry's name, category, template or
// description.
#include <QSortFilterProxyModel>
#include <QStringList>

#include "widgets/probes/BenchCatalogModel.h"

namespace perfdash {

class BenchCatalogFilter : public QSortFilterProxyModel {
    Q_OBJECT
public:
    // `model` must outlive the filter.
    explicit BenchCatalogFilter(BenchCatalogModel& model, QObject* parent = nullptr);
    void setText(const QString& text);
    // The catalog rows the filter lets through, in catalog order.
    std::vector<int> acceptedRows() const;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    BenchCatalogModel& catalog_;
    QStringList terms_;
};

} // namespace perfdash
