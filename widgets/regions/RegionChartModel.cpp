#include "widgets/regions/RegionChartModel.h"

#include <algorithm>
#include <set>

#include "core/presentation/NumberFormat.h"
#include "core/report/TextReport.h"

namespace perfdash {

std::vector<RegionQuantity> regionQuantities(const std::vector<RegionResult>& regions) {
    std::vector<const RegionResult*> firstOfGroup; // one region per group: they all have the group's events and metrics
    for (const auto& r : regions)
        if (std::none_of(firstOfGroup.begin(), firstOfGroup.end(),
                         [&](const RegionResult* seen) { return seen->groupIndex == r.groupIndex; }))
            firstOfGroup.push_back(&r);
    const bool severalGroups = firstOfGroup.size() > 1;
    std::vector<RegionQuantity> out;
    for (const RegionResult* r : firstOfGroup) {
        const QString prefix = severalGroups ? QString::fromStdString(r->group.name) + QStringLiteral(": ") : QString();
        using Kind = RegionQuantity::Kind;
        out.push_back({Kind::Time, r->groupIndex, 0, prefix + RegionChartModel::tr("Time [s]")});
        out.push_back({Kind::Calls, r->groupIndex, 0, prefix + RegionChartModel::tr("Calls")});
        for (size_t e = 0; e < r->group.events.size(); ++e) {
            const EventResult& event = r->group.events[e];
            QString label = QString::fromStdString(event.event + unitSuffix(event.unit));
            if (event.counter != event.event) label += QStringLiteral(" (%1)").arg(QString::fromStdString(event.counter));
            out.push_back({Kind::Event, r->groupIndex, static_cast<int>(e), prefix + label});
        }
        for (size_t m = 0; m < r->group.metrics.size(); ++m)
            out.push_back({Kind::Metric, r->groupIndex, static_cast<int>(m),
                           prefix + QString::fromStdString(r->group.metrics[m].name)});
    }
    return out;
}

RegionChartModel::RegionChartModel(QObject* parent) : QAbstractTableModel(parent) {}

void RegionChartModel::setRegions(const std::vector<RegionResult>& regions) {
    beginResetModel();
    regions_ = regions;
    quantities_ = regionQuantities(regions_);
    quantity_ = quantities_.empty() ? -1 : 0;
    rebuild();
    endResetModel();
}

void RegionChartModel::clear() { setRegions({}); }

void RegionChartModel::setQuantity(int index) {
    beginResetModel();
    quantity_ = index >= 0 && index < static_cast<int>(quantities_.size()) ? index : -1;
    rebuild();
    endResetModel();
}

QString RegionChartModel::quantityLabel() const {
    return quantity_ < 0 ? QString() : quantities_[static_cast<size_t>(quantity_)].label;
}

bool RegionChartModel::quantityAdds() const {
    return quantity_ >= 0 && quantities_[static_cast<size_t>(quantity_)].kind != RegionQuantity::Kind::Metric;
}

bool RegionChartModel::hasUnavailableValues() const { return unavailable_; }

double RegionChartModel::valueOf(const RegionResult& r, size_t t) const {
    const RegionQuantity& q = quantities_[static_cast<size_t>(quantity_)];
    const auto item = static_cast<size_t>(q.item);
    switch (q.kind) {
    case RegionQuantity::Kind::Calls: return t < r.calls.size() ? static_cast<double>(r.calls[t]) : kNotAvailable;
    case RegionQuantity::Kind::Time: return t < r.timeS.size() ? r.timeS[t] : kNotAvailable;
    case RegionQuantity::Kind::Event: {
        if (item >= r.group.events.size()) return kNotAvailable;
        const EventResult& e = r.group.events[item];
        return e.counted && t < e.perLocation.size() ? e.perLocation[t].value : kNotAvailable;
    }
    case RegionQuantity::Kind::Metric:
        return item < r.group.metrics.size() && t < r.group.metrics[item].perLocation.size()
                   ? r.group.metrics[item].perLocation[t]
                   : kNotAvailable;
    }
    return kNotAvailable;
}

void RegionChartModel::rebuild() {
    rows_.clear();
    tids_.clear();
    values_.clear();
    unavailable_ = false;
    if (quantity_ >= 0) {
        const int group = quantities_[static_cast<size_t>(quantity_)].groupIndex;
        std::set<int> tids;
        for (const auto& r : regions_) {
            if (r.groupIndex != group) continue;
            rows_.push_back(&r);
            for (const auto& t : r.threads) tids.insert(t.id);
        }
        tids_.assign(tids.begin(), tids.end());
        for (const RegionResult* r : rows_) {
            std::vector<double> row(tids_.size(), kNotAvailable);
            for (size_t t = 0; t < r->threads.size(); ++t) {
                const auto column = std::lower_bound(tids_.begin(), tids_.end(), r->threads[t].id) - tids_.begin();
                row[static_cast<size_t>(column)] = valueOf(*r, t);
                unavailable_ = unavailable_ || !isAvailable(row[static_cast<size_t>(column)]);
            }
            values_.push_back(std::move(row));
        }
    }
}

int RegionChartModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int RegionChartModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(tids_.size());
}

QVariant RegionChartModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::ParentIsInvalid)) return {};
    const double v = values_[static_cast<size_t>(index.row())][static_cast<size_t>(index.column())];
    if (role == Qt::DisplayRole) return QString::fromStdString(formatNumber(v));
    if (role == ValueRole) return v;
    return {};
}

QVariant RegionChartModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Horizontal)
        return section >= 0 && section < columnCount() ? QVariant(tr("TID %1").arg(tids_[static_cast<size_t>(section)]))
                                                      : QVariant();
    return section >= 0 && section < rowCount() ? QVariant(QString::fromStdString(rows_[static_cast<size_t>(section)]->name))
                                                : QVariant();
}

} // namespace perfdash
