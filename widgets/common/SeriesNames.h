#pragma once
// How the live view names what it shows: locations ("CPU 3"), metric names
// split into name and unit ("Clock [MHz]" → "Clock", "MHz"), event rates'
// units. Shared by the charts, the tables and the summary so that one thing
// is called the same everywhere.
#include <QString>
#include <string>

#include "core/result/MeasurementResult.h"

namespace perfdash {

struct NameAndUnit {
    QString name;
    QString unit; // empty: a plain number (a ratio such as CPI)
};

// "Clock [MHz]" → {"Clock", "MHz"}; "CPI" → {"CPI", ""}.
NameAndUnit splitMetricName(const std::string& metricName);

// The unit of an event's rate (delta / dt): "events/s" for plain counts, "Joules/s".
QString eventRateUnit(const std::string& eventUnit);

// "CPU 3", "thread 1234", "process 99".
QString locationName(const LocationInfo& location);
// A column whose counts came before the run named its location: shown as
// "location N" (N its index), since its kind is not known either. Its id is
// negative, which no CPU, thread or process has.
LocationInfo unnamedLocation(size_t index);

// What the sum over locations of an event is called, and the metric formula
// applied to the summed counts.
QString eventTotalName();
// What a gauge's (a temperature's) figure over the locations is: their average, never a sum.
QString gaugeAverageName();
QString metricAggregateName();

} // namespace perfdash
