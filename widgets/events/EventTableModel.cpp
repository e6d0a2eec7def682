#include "widgets/events/EventTableModel.h"

#include <QApplication>
#include <QPalette>
#include <QSet>
#include <algorithm>
#include <numeric>

#include "widgets/common/QtStrings.h"
#include "widgets/events/EventMimeData.h"

namespace perfdash {

namespace {

// Rich text, so that a long reason wraps instead of running off the screen.
QString wrappedToolTip(const QString& text) { return QStringLiteral("<p>") + text.toHtmlEscaped() + QStringLiteral("</p>"); }

} // namespace

QColor EventTableModel::unavailableColour() {
    // Between text and background: clearly greyed out, still readable (the
    // palette's disabled text is too faint for a table that is mostly grey).
    const QPalette palette = QApplication::palette();
    const QColor text = palette.color(QPalette::Text);
    const QColor base = palette.color(QPalette::Base);
    auto mix = [](int t, int b) { return (t * 55 + b * 45) / 100; };
    return QColor(mix(text.red(), base.red()), mix(text.green(), base.green()), mix(text.blue(), base.blue()));
}

EventTableModel::EventTableModel(const EventCatalog& catalog, QObject* parent)
    : QAbstractTableModel(parent), catalog_(catalog) {
    const auto& entries = catalog_.entries();
    rows_.reserve(entries.size());
    for (const auto& e : entries) {
        Row row{toQString(e.name), toQString(e.pmu), toQString(e.description), {}};
        QStringList parts{row.name};
        for (const auto& alias : e.aliases) parts.append(toQString(alias));
        parts.append(row.description);
        row.haystack = parts.join(QLatin1Char('\n')).toLower();
        rows_.push_back(std::move(row));
    }
    availability_.resize(entries.size());
}

int EventTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int EventTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

const Availability* EventTableModel::availability(int row) const {
    const auto& a = availability_[static_cast<size_t>(row)];
    return a ? &*a : nullptr;
}

QString EventTableModel::sourceName(EventSource source) {
    switch (source) {
    case EventSource::Hardware: return tr("Hardware");
    case EventSource::HardwareCache: return tr("Hardware cache");
    case EventSource::Software: return tr("Software");
    case EventSource::Tracepoint: return tr("Tracepoint");
    case EventSource::SysfsPmu: return tr("Kernel PMU");
    case EventSource::Raw: return tr("Raw");
    case EventSource::Libpfm: return tr("libpfm4");
    case EventSource::Loongson2f: return tr("Loongson 2E/2F");
    case EventSource::Hwmon: return tr("Hardware monitor (gauge)");
    case EventSource::Powercap: return tr("Powercap (RAPL energy)");
    }
    return {};
}

QString EventTableModel::availabilityText(int row) const {
    const Availability* a = availability(row);
    if (!a) return tr("checking…");
    if (a->state == Availability::State::Countable) return tr("countable");
    return toQString(a->brief);
}

bool EventTableModel::matchesAll(int row, const QStringList& lowerCaseTerms) const {
    const QString& haystack = rows_[static_cast<size_t>(row)].haystack;
    for (const QString& term : lowerCaseTerms)
        if (!haystack.contains(term)) return false;
    return true;
}

int EventTableModel::sortRank(int row, int column) const {
    std::vector<int>& ranks = sortRanks_[column];
    if (ranks.empty()) {
        auto text = [this, column](int r) -> const QString& {
            const Row& x = rows_[static_cast<size_t>(r)];
            return column == PmuColumn ? x.pmu : column == DescriptionColumn ? x.description : x.name;
        };
        std::vector<int> order(rows_.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            return QString::compare(text(a), text(b), Qt::CaseInsensitive) < 0;
        });
        ranks.resize(order.size());
        for (size_t position = 0; position < order.size(); ++position)
            ranks[static_cast<size_t>(order[position])] = static_cast<int>(position);
    }
    return ranks[static_cast<size_t>(row)];
}

QVariant EventTableModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const int row = index.row();
    const Row& r = rows_[static_cast<size_t>(row)];
    const Availability* a = availability(row);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn: return r.name;
        case SourceColumn: return sourceName(entry(row).source);
        case PmuColumn: return r.pmu;
        case AvailabilityColumn: return availabilityText(row);
        case DescriptionColumn: return r.description;
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == AvailabilityColumn) {
            if (!a) return tr("Not checked yet: perfdash is checking which events can be counted here.");
            return a->reason.empty() ? tr("Can be counted on this machine.") : wrappedToolTip(toQString(a->reason));
        }
        if (index.column() == DescriptionColumn && !r.description.isEmpty()) return wrappedToolTip(r.description);
        return {};
    case Qt::ForegroundRole:
        if (a && a->state == Availability::State::Unsupported) return unavailableColour();
        return {};
    case CatalogIndexRole: return QVariant::fromValue<qulonglong>(static_cast<qulonglong>(row));
    case EventStringRole: return r.name;
    }
    return {};
}

QVariant EventTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case NameColumn: return tr("Event");
    case SourceColumn: return tr("Source");
    case PmuColumn: return tr("PMU");
    case AvailabilityColumn: return tr("Availability");
    case DescriptionColumn: return tr("Description");
    }
    return {};
}

Qt::ItemFlags EventTableModel::flags(const QModelIndex& index) const {
    if (!index.isValid()) return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled | Qt::ItemNeverHasChildren;
}

QStringList EventTableModel::mimeTypes() const { return {QString::fromLatin1(kEventListMimeType)}; }

QMimeData* EventTableModel::mimeData(const QModelIndexList& indexes) const {
    QStringList events;
    QSet<int> seen;
    for (const QModelIndex& index : indexes) {
        if (!index.isValid() || seen.contains(index.row())) continue;
        seen.insert(index.row());
        events.append(name(index.row()));
    }
    return makeEventMimeData(events);
}

void EventTableModel::applyAvailability(const AvailabilityBatch& batch) {
    if (batch.values.empty()) return;
    const size_t first = static_cast<size_t>(batch.firstRow);
    Q_ASSERT(first + batch.values.size() <= availability_.size());
    for (size_t i = 0; i < batch.values.size(); ++i) {
        if (!availability_[first + i]) ++checkedCount_;
        availability_[first + i] = batch.values[i];
    }
    const int last = batch.firstRow + static_cast<int>(batch.values.size()) - 1;
    emit dataChanged(index(batch.firstRow, 0), index(last, ColumnCount - 1));
}

} // namespace perfdash
