#include "widgets/common/SeriesNames.h"

#include <QCoreApplication>

#include "core/report/KeyFigures.h"

namespace perfdash {

NameAndUnit splitMetricName(const std::string& metricName) {
    const MetricNameParts parts = perfdash::splitMetricName(std::string_view(metricName));
    return {QString::fromStdString(parts.name), QString::fromStdString(parts.unit)};
}

QString eventRateUnit(const std::string& eventUnit) {
    if (eventUnit.empty()) return QCoreApplication::translate("perfdash::SeriesNames", "events/s");
    return QString::fromStdString(eventUnit) + QStringLiteral("/s");
}

QString locationName(const LocationInfo& location) {
    const QString host = location.host.empty() ? QString() : QString::fromStdString(location.host) + QLatin1Char(':');
    if (location.kind == "cpu")
        return host + QCoreApplication::translate("perfdash::SeriesNames", "CPU %1").arg(location.id);
    if (location.kind == "thread")
        return host + QCoreApplication::translate("perfdash::SeriesNames", "thread %1").arg(location.id);
    if (location.kind == "process")
        return host + QCoreApplication::translate("perfdash::SeriesNames", "process %1").arg(location.id);
    return host + QStringLiteral("%1 %2").arg(QString::fromStdString(location.kind)).arg(location.id);
}

QString eventTotalName() { return QCoreApplication::translate("perfdash::SeriesNames", "total"); }
QString gaugeAverageName() { return QCoreApplication::translate("perfdash::SeriesNames", "average"); }
QString metricAggregateName() { return QCoreApplication::translate("perfdash::SeriesNames", "aggregate"); }

} // namespace perfdash
