#include "widgets/probes/BenchCatalogModel.h"

#include <QBrush>
#include <QGuiApplication>
#include <QPalette>

#include "core/probes/BenchRunner.h"

namespace perfdash {

BenchCatalogModel::BenchCatalogModel(InstructionCatalog catalog, const CpuFeatures& features, QObject* parent)
    : QAbstractTableModel(parent), catalog_(std::move(catalog)) {
    for (const auto& e : catalog_.entries()) {
        whyNot_.push_back(QString::fromStdString(whyEntryCannotRun(e, hostArch(), features)));
        searchText_.push_back(QString::fromStdString(e.name + '\n' + e.category + '\n' + e.instruction.text() + '\n' +
                                                     e.description)
                                  .toLower());
    }
}

int BenchCatalogModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(catalog_.entries().size());
}

int BenchCatalogModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant BenchCatalogModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const CatalogEntry& e = entry(index.row());
    const QString& whyNot = whyNot_[static_cast<size_t>(index.row())];
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case NameColumn: return QString::fromStdString(e.name);
        case CategoryColumn: return QString::fromStdString(e.category);
        case TypeColumn: return QString::fromLatin1(toString(e.instruction.kind()));
        case TemplateColumn: return QString::fromStdString(e.instruction.text());
        case RunsHereColumn: return whyNot.isEmpty() ? tr("yes") : tr("no");
        case DescriptionColumn: return QString::fromStdString(e.description);
        }
    }
    if (role == Qt::ToolTipRole) {
        if (index.column() == RunsHereColumn || !whyNot.isEmpty())
            return whyNot.isEmpty() ? tr("This CPU has every feature the entry needs.") : whyNot;
        if (index.column() == DescriptionColumn && !e.description.empty()) return QString::fromStdString(e.description);
        return tr("%1 (from %2)").arg(QString::fromStdString(e.instruction.text()), QString::fromStdString(e.origin));
    }
    if (role == Qt::ForegroundRole && !whyNot.isEmpty())
        return QGuiApplication::palette().brush(QPalette::Disabled, QPalette::Text);
    return {};
}

QVariant BenchCatalogModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case NameColumn: return tr("Name");
    case CategoryColumn: return tr("Category");
    case TypeColumn: return tr("Type");
    case TemplateColumn: return tr("Template");
    case RunsHereColumn: return tr("Runs here");
    case DescriptionColumn: return tr("Description");
    }
    return {};
}

} // namespace perfdash
