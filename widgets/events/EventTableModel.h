#pragma once
// Every event of the EventCatalog as a flat table, one row per catalog entry
// (row == catalog index). It never checks: availability arrives from an
// AvailabilityScan (off the GUI thread) through applyAvailability(), and a
// row shows "checking…" until then, so data() is always cheap and never blocks.
// Unsupported rows are greyed out with the short reason in the Availability
// column and the full reason as its tooltip.
#include <QAbstractTableModel>
#include <QColor>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

#include "core/events/EventCatalog.h"
#include "widgets/events/AvailabilityScan.h"

namespace perfdash {

class EventTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, SourceColumn, PmuColumn, AvailabilityColumn, DescriptionColumn, ColumnCount };
    enum Role {
        CatalogIndexRole = Qt::UserRole + 1, // the row's EventCatalog index (qulonglong)
        EventStringRole,                     // the string the resolver accepts ("msr/tsc/")
    };

    // `catalog` must outlive the model.
    explicit EventTableModel(const EventCatalog& catalog, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QStringList mimeTypes() const override;
    QMimeData* mimeData(const QModelIndexList& indexes) const override;

    const EventCatalog& catalog() const { return catalog_; }
    const EventCatalogEntry& entry(int row) const { return catalog_.entries()[static_cast<size_t>(row)]; }
    // nullptr while the row has not been checked yet.
    const Availability* availability(int row) const;
    int checkedCount() const { return checkedCount_; }

    // For the filter and sort proxy (no QVariant on the hot path).
    // True if every lower-case term occurs in the name, an alias or the description.
    bool matchesAll(int row, const QStringList& lowerCaseTerms) const;
    const QString& name(int row) const { return rows_[static_cast<size_t>(row)].name; }
    const QString& pmu(int row) const { return rows_[static_cast<size_t>(row)].pmu; }
    const QString& description(int row) const { return rows_[static_cast<size_t>(row)].description; }
    QString availabilityText(int row) const;
    // The row's position when sorted case-insensitively by a text column
    // (Name, PMU, Description); computed on first use per column, since
    // comparing strings at every sort of ~20 000 rows is what makes sorting slow.
    int sortRank(int row, int column) const;

    static QString sourceName(EventSource source);
    // The text colour of events that cannot be counted here.
    static QColor unavailableColour();

public slots:
    // Stores checked results for rows batch.firstRow... and announces them.
    void applyAvailability(const perfdash::AvailabilityBatch& batch);

private:
    struct Row {
        QString name;
        QString pmu;
        QString description;
        QString haystack; // lower case: name, aliases and description, '\n'-separated
    };

    const EventCatalog& catalog_;
    std::vector<Row> rows_;
    std::vector<std::optional<Availability>> availability_;
    mutable std::vector<int> sortRanks_[ColumnCount]; // empty until a column is first sorted
    int checkedCount_ = 0;
};

} // namespace perfdash
