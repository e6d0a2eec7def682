#pragma once
// The timeline of one session as the charts see it: the series (every
// metric and every event rate, per location and in aggregate) defined from
// the first interval's groups, and every interval's samples in a
// TimelineStore (with limits: old intervals are kept as buckets). Fed with batches in MeasurementController::intervalsArrived's
// shape; a replayed session feeds the same shape, possibly all at once.
#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

#include "core/result/MeasurementResult.h"
#include "core/result/MetricCoverage.h"
#include "core/result/TimelineStore.h"

namespace perfdash {

// EventReading: a gauge's reading (a temperature), shown as read, not per second.
enum class SeriesKind { Metric, EventRate, EventReading };

struct SeriesInfo {
    SeriesKind kind = SeriesKind::Metric;
    size_t group = 0;                  // index in IntervalResult::groups
    size_t item = 0;                   // index in that group's metrics or events
    int location = kAggregateLocation; // index in locations(), or the aggregate (events: the total; gauges: the average)
    QString name;                      // "Clock", "page-faults"; "GROUP: name" when the session has several groups
    QString unit;                      // "MHz", "events/s"; empty for a plain ratio
};

// The events a metric's formula needs that could not be counted, each "event: reason".
QStringList uncountedMetricInputs(const GroupResult& group, size_t metric);

class TimelineData {
    Q_DECLARE_TR_FUNCTIONS(TimelineData)

public:
    // Forgets everything (location labels too); the next interval defines the series.
    void reset(std::vector<LocationInfo> locations);
    // Names to show for the locations instead of "CPU 3": an overlay of two
    // sessions (widgets/sessions) names its two lines after the sessions.
    void setLocationLabels(QStringList labels) { locationLabels_ = std::move(labels); }
    void append(const std::vector<IntervalResult>& intervals);

    const TimelineStore& store() const { return store_; }
    const std::vector<SeriesInfo>& series() const { return series_; }
    const std::vector<LocationInfo>& locations() const { return locations_; }
    // The groups as the first interval described them (events counted or
    // not and why, metric formulas); values are not kept here.
    const std::vector<GroupResult>& groups() const { return shape_; }

    // "CPU 3", or the aggregate's name for the series' kind.
    QString locationName(const SeriesInfo& series) const;
    // The CPU whose value holds a per-location series' (a package unit read
    // once per package: core/result's HeldElsewhere); none for the others.
    std::optional<int> heldElsewhere(const SeriesInfo& series) const;
    // Inputs of the series that could not be counted here, each "event: reason".
    QStringList uncountedInputs(const SeriesInfo& series) const;
    // What a tooltip says about one point: series, location, value with unit,
    // multiplex coverage and the interval's time.
    QString describePoint(size_t series, size_t index) const;

private:
    void defineSeries(const IntervalResult& first);
    void appendInterval(const IntervalResult& interval);

    std::vector<LocationInfo> locations_;
    QStringList locationLabels_;
    std::vector<GroupResult> shape_;
    std::vector<SeriesInfo> series_;
    TimelineStore store_;
    std::vector<CountValue> row_; // reused for every interval
};

} // namespace perfdash
