#include "widgets/common/SeriesNames.h"

#include <QCoreApplication>

#include "core/presentation/KeyFigures.h"

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
    if (location.id < 0) return QStringLiteral("location %1").arg(-1 - location.id);
    const QString host = location.host.empty() ? QString() : QString::fromStdString(location.host) + QLatin1Char(':');
    switch (location.kind) {
    case LocationKind::Cpu:
        return host + QCoreApplication::translate("perfdash::SeriesNames", "CPU %1").arg(location.id);
    case LocationKind::Thread:
        return host + QCoreApplication::translate("perfdash::SeriesNames", "thread %1").arg(location.id);
    case LocationKind::Process:
        return host + QCoreApplication::translate("perfdash::SeriesNames", "process %1").arg(location.id);
    case LocationKind::Host: break;
    }
    return host + QStringLiteral("%1 %2").arg(QString::fromLatin1(toString(location.kind))).arg(location.id);
}

QString eventTotalName() { return QCoreApplication::translate("perfdash::SeriesNames", "total"); }
QString gaugeAverageName() { return QCoreApplication::translate("perfdash::SeriesNames", "average"); }
QString metricAggregateName() { return QCoreApplication::translate("perfdash::SeriesNames", "aggregate"); }

LocationInfo unnamedLocation(size_t index) {
    return {LocationKind::Cpu, -1 - static_cast<int>(index)};
}

} // namespace perfdash
