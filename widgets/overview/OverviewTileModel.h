#pragma once
// The overview's key figures: one tile per metric of every measured group
// (not its "Runtime", which is the interval's length): the value with its
// unit and multiplex coverage, the band of the metric's threshold where
// resources/metrics/thresholds.json has one (else the group file's own, such
// as Intel's top-down thresholds: past it is "worth a look"), and, when the value is n/a,
// the reason (the inputs that could not be counted here, and why).
// While a session runs a tile shows the latest interval; once its
// MeasurementResult is in, the whole run. The series a tile's sparkline
// draws is the tile's aggregate series in the TimelineData it was given.
#include <QAbstractListModel>
#include <optional>
#include <vector>

#include "core/presentation/MetricThresholds.h"
#include "core/result/MeasurementResult.h"
#include "widgets/common/ValueText.h" // the tiles' numbers

namespace perfdash {

class TimelineData;

class OverviewTileModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role {
        ValueTextRole = Qt::UserRole + 1, // "12.3", or "n/a"
        UnitRole,                         // "1/s"; empty for a plain ratio
        CoverageTextRole,                 // "coverage 100.0%", or "not counted"
        RatingRole,                       // int(Rating)
        ReasonRole,                       // why n/a, or what the threshold's band means; empty otherwise
        SeriesRole,                       // index into TimelineData::series(), or -1 when there is no timeline
        GroupRole,                        // the group's name
        GroupShortRole,                   // the group's SHORT line
    };

    // `data` (the session's timeline) must outlive the model.
    explicit OverviewTileModel(const TimelineData& data, QObject* parent = nullptr);

    void setThresholds(MetricThresholds thresholds);
    // A new session: no tiles until its first interval (or its result).
    void clear();
    // The timeline got intervals: the tiles show its latest one.
    void refresh();
    void showResult(const MeasurementResult& result);
    bool wholeRun() const { return result_.has_value(); }
    // The aggregate series of every tile that has one, in tile order.
    std::vector<size_t> tileSeries() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    struct Tile {
        size_t group = 0;
        size_t metric = 0;
        int series = -1;
    };
    const std::vector<GroupResult>& groups() const;
    void rebuild();
    double value(const Tile& tile) const;
    double coverage(const Tile& tile) const;
    QString reason(const Tile& tile, double value) const;
    Rating rating(const Tile& tile) const;

    const TimelineData& data_;
    MetricThresholds thresholds_;
    std::optional<MeasurementResult> result_;
    std::vector<Tile> tiles_;
};

} // namespace perfdash
