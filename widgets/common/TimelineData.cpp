#include "widgets/common/TimelineData.h"

#include <QRegularExpression>
#include <algorithm>
#include <cmath>

#include "core/presentation/NumberFormat.h"
#include "core/result/MetricCoverage.h"
#include "widgets/common/SeriesNames.h"

namespace perfdash {

namespace {
// About 10 s of 10 ms intervals point by point, the rest in 1024 buckets per
// series: a 64-CPU session of two groups (1820 series) stays near 100 MB
// however long it runs (bench/frame measures it). Every interval is in the
// session file (RunRecorder), whatever the store keeps.
constexpr TimelineLimits kLimits{1024, 1024};
} // namespace

void TimelineData::reset(std::vector<LocationInfo> locations) {
    locations_ = std::move(locations);
    locationLabels_.clear();
    shape_.clear();
    series_.clear();
    store_.reset(0);
}

void TimelineData::append(const std::vector<IntervalResult>& intervals) {
    for (const auto& interval : intervals) {
        if (shape_.empty()) defineSeries(interval);
        appendInterval(interval);
    }
}

void TimelineData::defineSeries(const IntervalResult& first) {
    shape_ = first.groups;
    size_t locationCount = locations_.size();
    for (auto& group : shape_) {
        for (auto& event : group.events) {
            locationCount = std::max(locationCount, event.perLocation.size());
            event.perLocation.clear();
            event.total = {};
        }
        for (auto& metric : group.metrics) {
            locationCount = std::max(locationCount, metric.perLocation.size());
            metric.perLocation.clear();
            metric.aggregate = kNotAvailable;
        }
    }
    // A feed without locations still gets names for its columns.
    for (size_t l = locations_.size(); l < locationCount; ++l) locations_.push_back(unnamedLocation(l));

    const bool severalGroups = shape_.size() > 1;
    auto qualified = [&](const GroupResult& group, const QString& name) {
        return severalGroups ? QStringLiteral("%1: %2").arg(QString::fromStdString(group.name), name) : name;
    };
    auto addPerLocation = [&](SeriesInfo info) {
        series_.push_back(info);
        for (size_t l = 0; l < locations_.size(); ++l) {
            info.location = static_cast<int>(l);
            series_.push_back(info);
        }
    };
    for (size_t g = 0; g < shape_.size(); ++g)
        for (size_t m = 0; m < shape_[g].metrics.size(); ++m) {
            const NameAndUnit split = splitMetricName(shape_[g].metrics[m].name);
            addPerLocation(
                {SeriesKind::Metric, g, m, kAggregateLocation, qualified(shape_[g], split.name), split.unit});
        }
    for (size_t g = 0; g < shape_.size(); ++g)
        for (size_t e = 0; e < shape_[g].events.size(); ++e) {
            const EventResult& event = shape_[g].events[e];
            addPerLocation({event.gauge ? SeriesKind::EventReading : SeriesKind::EventRate, g, e, kAggregateLocation,
                            qualified(shape_[g], QString::fromStdString(event.event)),
                            event.gauge ? QString::fromStdString(event.unit) : eventRateUnit(event.unit)});
        }
    store_.reset(series_.size(), kLimits);
}

namespace {
template <class T> const T* at(const std::vector<T>& v, size_t i) { return i < v.size() ? &v[i] : nullptr; }
} // namespace

void TimelineData::appendInterval(const IntervalResult& interval) {
    row_.clear();
    for (const SeriesInfo& s : series_) {
        CountValue sample;
        const GroupResult* group = at(interval.groups, s.group);
        const bool aggregate = s.location == kAggregateLocation;
        const auto location = static_cast<size_t>(s.location);
        if (group && s.kind == SeriesKind::Metric) {
            if (const MetricResult* metric = at(group->metrics, s.item)) {
                const double* perLocation = aggregate ? nullptr : at(metric->perLocation, location);
                sample.value = aggregate ? metric->aggregate : (perLocation ? *perLocation : kNotAvailable);
                sample.coverage = metricCoverage(*group, s.location);
            }
        } else if (group) {
            if (const EventResult* event = at(group->events, s.item)) {
                const CountValue* count = aggregate ? &event->total : at(event->perLocation, location);
                if (count && s.kind == SeriesKind::EventReading) sample = {count->value, count->coverage};
                else if (count && interval.dt > 0) sample = {count->value / interval.dt, count->coverage};
            }
        }
        row_.push_back(sample);
    }
    store_.append(interval.t, interval.dt, row_);
}

QString TimelineData::locationName(const SeriesInfo& series) const {
    if (series.location == kAggregateLocation)
        return series.kind == SeriesKind::Metric         ? metricAggregateName()
               : series.kind == SeriesKind::EventReading ? gaugeAverageName()
                                                         : eventTotalName();
    if (series.location < locationLabels_.size()) return locationLabels_[series.location];
    return perfdash::locationName(locations_[static_cast<size_t>(series.location)]);
}

std::optional<int> TimelineData::heldElsewhere(const SeriesInfo& series) const {
    if (series.location == kAggregateLocation || series.group >= shape_.size()) return std::nullopt;
    const GroupResult& group = shape_[series.group];
    const auto location = static_cast<size_t>(series.location);
    if (series.kind == SeriesKind::Metric)
        return series.item < group.metrics.size() ? group.metrics[series.item].heldElsewhere.at(location) : std::nullopt;
    return series.item < group.events.size() ? group.events[series.item].heldElsewhere.at(location) : std::nullopt;
}

QStringList TimelineData::uncountedInputs(const SeriesInfo& series) const {
    const GroupResult& group = shape_[series.group];
    if (series.kind == SeriesKind::Metric) return uncountedMetricInputs(group, series.item);
    QStringList out;
    if (const EventResult& event = group.events[series.item]; !event.counted)
        out << QStringLiteral("%1: %2").arg(QString::fromStdString(event.event), QString::fromStdString(event.reason));
    return out;
}

QStringList uncountedMetricInputs(const GroupResult& group, size_t metric) {
    // The formula names events by their counter (slot) names.
    static const QRegularExpression identifier(QStringLiteral("[A-Za-z_][A-Za-z0-9_]*"));
    QStringList names;
    for (auto it = identifier.globalMatch(QString::fromStdString(group.metrics[metric].formula)); it.hasNext();)
        names << it.next().captured();
    QStringList out;
    for (const auto& event : group.events)
        if (!event.counted && names.contains(QString::fromStdString(event.counter)))
            out << QStringLiteral("%1: %2").arg(QString::fromStdString(event.event), QString::fromStdString(event.reason));
    return out;
}

QString TimelineData::describePoint(size_t series, size_t index) const {
    const SeriesInfo& info = series_[series];
    const SeriesColumn& column = store_.series(series);
    const double value = column.value(index);
    const double coverage = column.coverage(index);

    QStringList lines;
    lines << tr("%1 — %2").arg(info.name, locationName(info));
    QString valueText = QString::fromStdString(formatNumber(value));
    if (isAvailable(value) && !info.unit.isEmpty()) valueText += QLatin1Char(' ') + info.unit;
    lines << valueText;
    if (index < column.coarseEnd())
        lines << tr("the mean of %n interval(s): older intervals are kept as means here (the saved session has each one)",
                    nullptr, int(column.bucketSize()));
    const QString coverageText = QString::fromStdString(formatCoverage(coverage));
    // A value without a coverage comes from a feed that has none (the overlay
    // of two saved sessions): say nothing rather than "not counted".
    if (!isAvailable(coverage)) {
        if (!isAvailable(value)) lines << tr("coverage: n/a (not counted)");
    } else if (!isAvailable(value)) {
        // Nothing was scaled: say why there is no value rather than "multiplexed".
        QString why;
        if (info.kind == SeriesKind::Metric)
            why = tr("an input of the formula has no value here, or it divided by zero");
        else if (info.location == kAggregateLocation)
            why = info.kind == SeriesKind::EventReading
                      ? tr("not every location has a reading, so the average is not known")
                      : tr("not every location has a value, so the total is not known");
        else
            why = QString::fromStdString(noValueReason({value, coverage}));
        lines << tr("coverage: %1 (no value: %2)").arg(coverageText, why);
    } else if (coverage < 1.0)
        lines << tr("coverage: %1 (multiplexed: scaled up from the time it was counted)").arg(coverageText);
    else
        lines << tr("coverage: %1").arg(coverageText);
    lines << tr("t = %1 s (interval of %2 s)")
                 .arg(QString::number(store_.time(index), 'f', 3), QString::number(store_.duration(index), 'g', 4));
    return lines.join(QLatin1Char('\n'));
}

} // namespace perfdash
