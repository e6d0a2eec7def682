#include "widgets/events/EventFilterProxyModel.h"

namespace perfdash {

namespace {

// Sort rank of the Availability column: what can be counted first, then what is not known (yet) last.
int availabilityRank(const Availability* a) {
    if (!a) return 4;
    switch (a->state) {
    case Availability::State::Countable: return 0;
    case Availability::State::Restricted: return 1;
    case Availability::State::Unsupported: return 2;
    case Availability::State::Unchecked: return 3;
    }
    return 4;
}

} // namespace

EventFilterProxyModel::EventFilterProxyModel(EventTableModel& model, QObject* parent)
    : QSortFilterProxyModel(parent), events_(model) {
    // Qt's dynamic filtering re-sorts and re-filters the rows of every
    // dataChanged one by one: with batches of thousands of rows that stalled
    // the GUI for over a second (measured, list sorted by name). The only
    // data that changes is availability, and it matters only to the
    // countable-only filter and the Availability column's order: then one
    // full pass per batch is cheaper.
    //
    // Every change uses invalidate(), not invalidateFilter(): it rebuilds the
    // mapping behind one layout change, where invalidateFilter() removes and
    // inserts rows range by range: thousands of signals for a scattered
    // filter, and five times the time per keystroke here.
    setDynamicSortFilter(false);
    setSourceModel(&model);
    connect(&model, &QAbstractItemModel::dataChanged, this, [this] {
        if (countableOnly_ || sortColumn() == EventTableModel::AvailabilityColumn) invalidate();
    });
}

void EventFilterProxyModel::setText(const QString& text) {
    if (text == text_) return;
    text_ = text;
    terms_ = text.toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    invalidate();
}

void EventFilterProxyModel::setSource(std::optional<EventSource> source) {
    if (source == source_) return;
    source_ = source;
    invalidate();
}

void EventFilterProxyModel::setPmu(const QString& pmu) {
    if (pmu == pmu_) return;
    pmu_ = pmu;
    invalidate();
}

void EventFilterProxyModel::setCountableOnly(bool countableOnly) {
    if (countableOnly == countableOnly_) return;
    countableOnly_ = countableOnly;
    invalidate();
}

bool EventFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex&) const {
    if (source_ && events_.entry(sourceRow).source != *source_) return false;
    if (!pmu_.isEmpty() && events_.pmu(sourceRow) != pmu_) return false;
    if (countableOnly_) {
        const Availability* a = events_.availability(sourceRow);
        if (!a || !a->countable()) return false;
    }
    return terms_.isEmpty() || events_.matchesAll(sourceRow, terms_);
}

bool EventFilterProxyModel::lessThan(const QModelIndex& left, const QModelIndex& right) const {
    const int l = left.row();
    const int r = right.row();
    switch (left.column()) {
    case EventTableModel::SourceColumn: return events_.entry(l).source < events_.entry(r).source;
    case EventTableModel::AvailabilityColumn: // by verdict; within one, catalog order groups by source and model
        return availabilityRank(events_.availability(l)) < availabilityRank(events_.availability(r));
    default: // the text columns never change: their order is computed once
        return events_.sortRank(l, left.column()) < events_.sortRank(r, left.column());
    }
    return l < r;
}

} // namespace perfdash
