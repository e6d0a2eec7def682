#include "widgets/probes/BenchCatalogFilter.h"

namespace perfdash {

BenchCatalogFilter::BenchCatalogFilter(BenchCatalogModel& model, QObject* parent)
    : QSortFilterProxyModel(parent), catalog_(model) {
    setSourceModel(&model);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void BenchCatalogFilter::setText(const QString& text) {
    const QStringList terms = text.toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (terms == terms_) return;
    terms_ = terms;
    invalidateRowsFilter();
}

std::vector<int> BenchCatalogFilter::acceptedRows() const {
    std::vector<int> rows;
    for (int r = 0; r < catalog_.rowCount(); ++r)
        if (filterAcceptsRow(r, {})) rows.push_back(r);
    return rows;
}

bool BenchCatalogFilter::filterAcceptsRow(int sourceRow, const QModelIndex&) const {
    const QString& text = catalog_.searchText(sourceRow);
    for (const QString& t : terms_)
        if (!text.contains(t)) return false;
    return true;
}

} // namespace perfdash
