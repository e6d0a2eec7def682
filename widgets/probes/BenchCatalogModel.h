#pragma once
// The instruction catalog as a table, one row per entry (row == catalog
// index), with whether the entry can run on this machine and, if not, why.
// Entries this CPU cannot run are greyed out, the reason in a tooltip.
#include <QAbstractTableModel>
#include <vector>

#include "core/probes/CpuFeatures.h"
#include "core/probes/InstructionCatalog.h"

namespace perfdash {

class BenchCatalogModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, CategoryColumn, TypeColumn, TemplateColumn, RunsHereColumn, DescriptionColumn, ColumnCount };

    // `features`: this CPU's, to decide what runs here (see whyEntryCannotRun).
    BenchCatalogModel(InstructionCatalog catalog, const CpuFeatures& features, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const InstructionCatalog& catalog() const { return catalog_; }
    const CatalogEntry& entry(int row) const { return catalog_.entries()[static_cast<size_t>(row)]; }
    bool runsHere(int row) const { return whyNot_[static_cast<size_t>(row)].isEmpty(); }
    // The text the filter searches: name, category, template and description, lower case.
    const QString& searchText(int row) const { return searchText_[static_cast<size_t>(row)]; }

private:
    InstructionCatalog catalog_;
    std::vector<QString> whyNot_; // empty: runs here
    std::vector<QString> searchText_;
};

} // namespace perfdash
