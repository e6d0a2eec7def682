#include "widgets/overview/OverviewTileModel.h"

#include <QLocale>
#include <cmath>

#include "core/presentation/KeyFigures.h"
#include "core/presentation/NumberFormat.h"
#include "core/presentation/TopDown.h"
#include "core/result/MetricCoverage.h"
#include "widgets/common/SeriesNames.h"
#include "widgets/common/TimelineData.h"

namespace perfdash {

OverviewTileModel::OverviewTileModel(const TimelineData& data, QObject* parent)
    : QAbstractListModel(parent), data_(data) {}

void OverviewTileModel::setThresholds(MetricThresholds thresholds) {
    thresholds_ = std::move(thresholds);
    if (!tiles_.empty()) emit dataChanged(index(0), index(rowCount() - 1));
}

void OverviewTileModel::clear() {
    beginResetModel();
    result_.reset();
    tiles_.clear();
    endResetModel();
}

const std::vector<GroupResult>& OverviewTileModel::groups() const {
    return result_ ? result_->groups : data_.groups();
}

void OverviewTileModel::refresh() {
    if (result_) return; // the whole run's figures stay
    rebuild();
}

void OverviewTileModel::showResult(const MeasurementResult& result) {
    result_ = result;
    rebuild();
}

// Tiles keep their rows while the session's shape stays (every batch of a
// run): only their values change then.
void OverviewTileModel::rebuild() {
    std::vector<Tile> tiles;
    const std::vector<GroupResult>& shape = groups();
    for (size_t g = 0; g < shape.size(); ++g)
        for (size_t m = 0; m < shape[g].metrics.size(); ++m) {
            if (!isKeyFigure(shape[g].metrics[m])) continue;
            Tile tile{g, m, -1};
            const auto& series = data_.series();
            for (size_t s = 0; s < series.size(); ++s)
                if (series[s].kind == SeriesKind::Metric && series[s].group == g && series[s].item == m &&
                    series[s].location == kAggregateLocation)
                    tile.series = static_cast<int>(s);
            tiles.push_back(tile);
        }
    const bool same = tiles.size() == tiles_.size() &&
                      std::equal(tiles.begin(), tiles.end(), tiles_.begin(), [](const Tile& a, const Tile& b) {
                          return a.group == b.group && a.metric == b.metric && a.series == b.series;
                      });
    if (same) {
        if (!tiles_.empty()) emit dataChanged(index(0), index(rowCount() - 1));
        return;
    }
    beginResetModel();
    tiles_ = std::move(tiles);
    endResetModel();
}

std::vector<size_t> OverviewTileModel::tileSeries() const {
    std::vector<size_t> out;
    for (const Tile& tile : tiles_)
        if (tile.series >= 0) out.push_back(static_cast<size_t>(tile.series));
    return out;
}

double OverviewTileModel::value(const Tile& tile) const {
    if (result_) return result_->groups[tile.group].metrics[tile.metric].aggregate;
    const TimelineStore& store = data_.store();
    if (tile.series < 0 || store.size() == 0) return kNotAvailable;
    return store.series(static_cast<size_t>(tile.series)).value(store.size() - 1);
}

double OverviewTileModel::coverage(const Tile& tile) const {
    if (result_) return metricCoverage(result_->groups[tile.group], kAggregateLocation);
    const TimelineStore& store = data_.store();
    if (tile.series < 0 || store.size() == 0) return kNotAvailable;
    return store.series(static_cast<size_t>(tile.series)).coverage(store.size() - 1);
}

QString OverviewTileModel::reason(const Tile& tile, double value) const {
    const GroupResult& group = groups()[tile.group];
    if (!isAvailable(value)) {
        const QStringList missing = uncountedMetricInputs(group, tile.metric);
        if (!missing.isEmpty()) return tr("n/a: not counted here: %1").arg(missing.join(QLatin1String("; ")));
        return tr("n/a: an input of the formula has no value, or it divided by zero");
    }
    const MetricResult& metric = group.metrics[tile.metric];
    if (const MetricThreshold* rule = thresholds_.find(group.name, metric.name))
        return rule->rate(value) == Rating::Good ? QString() : QString::fromStdString(rule->why);
    if (rating(tile) != Rating::Warning) return {};
    return tr("past the vendor's threshold (%1) given in the group file").arg(QString::fromStdString(thresholdText(*metric.threshold)));
}

// A rule of thresholds.json first (the user's own); else the threshold the
// group file gives the metric (a vendor's, for top-down groups), marked as
// the text and HTML reports mark it.
Rating OverviewTileModel::rating(const Tile& tile) const {
    const GroupResult& group = groups()[tile.group];
    const MetricResult& metric = group.metrics[tile.metric];
    const double v = value(tile);
    if (const MetricThreshold* rule = thresholds_.find(group.name, metric.name)) return rule->rate(v);
    if (!metric.threshold || !isAvailable(v)) return Rating::None;
    std::vector<double> values(group.metrics.size(), kNotAvailable);
    for (const Tile& other : tiles_)
        if (other.group == tile.group) values[other.metric] = value(other);
    return metricsPastThreshold(group, values)[tile.metric] ? Rating::Warning : Rating::Good;
}

int OverviewTileModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(tiles_.size());
}

QVariant OverviewTileModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Tile& tile = tiles_[static_cast<size_t>(index.row())];
    const GroupResult& group = groups()[tile.group];
    const MetricResult& metric = group.metrics[tile.metric];
    const NameAndUnit name = splitMetricName(metric.name);
    switch (role) {
    case Qt::DisplayRole: return name.name;
    case UnitRole: return name.unit;
    case GroupRole: return QString::fromStdString(group.name);
    case GroupShortRole: return QString::fromStdString(group.shortDescription);
    case SeriesRole: return tile.series;
    case ValueTextRole: return tileValueText(value(tile));
    case CoverageTextRole: {
        // A figure without a value has no coverage worth reading, whatever its group's other events had.
        const double c = coverage(tile);
        if (isAvailable(value(tile)) && isAvailable(c))
            return tr("coverage %1").arg(QString::fromStdString(formatCoverage(c)));
        return uncountedMetricInputs(group, tile.metric).isEmpty() ? tr("no value") : QString::fromLatin1(kNotCountedText);
    }
    case RatingRole: return static_cast<int>(rating(tile));
    case ReasonRole: return reason(tile, value(tile));
    case Qt::ToolTipRole: {
        QStringList lines{QStringLiteral("%1 = %2").arg(QString::fromStdString(metric.name),
                                                        QString::fromStdString(metric.formula))};
        // The tile rounds (12.35 G); the exact figure is one hover away.
        if (isAvailable(value(tile))) lines << QString::fromStdString(formatNumber(value(tile)) + unitSuffix(name.unit.toStdString()));
        if (const QString why = reason(tile, value(tile)); !why.isEmpty()) lines << why;
        return lines.join(QLatin1Char('\n'));
    }
    case Qt::AccessibleTextRole: {
        QString text = QStringLiteral("%1: %2").arg(name.name, tileValueText(value(tile)));
        if (isAvailable(value(tile)) && !name.unit.isEmpty()) text += QLatin1Char(' ') + name.unit;
        return text;
    }
    default: return {};
    }
}

QHash<int, QByteArray> OverviewTileModel::roleNames() const {
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(ValueTextRole, "valueText");
    names.insert(UnitRole, "unit");
    names.insert(CoverageTextRole, "coverageText");
    names.insert(RatingRole, "rating");
    names.insert(ReasonRole, "reason");
    names.insert(SeriesRole, "series");
    names.insert(GroupRole, "group");
    names.insert(GroupShortRole, "groupShort");
    return names;
}

} // namespace perfdash
