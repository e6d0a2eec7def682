#pragma once
// The JSON form of a MeasurementResult (docs/report-schema.md): the saved
// report and the `--json -t` stream, where every interval is one line and
// the final report is one more. A "type" field tells the two apart.
#include <string>

#include <nlohmann/json.hpp>

#include "core/result/MeasurementResult.h"

namespace perfdash {

inline constexpr const char* kReportType = "report";
inline constexpr const char* kIntervalType = "interval";

// Fields in a fixed, readable order (schema and run details first, the big arrays last).
nlohmann::ordered_json reportToJson(const MeasurementResult& result);

// The report with an empty "intervals" array, without serializing (or
// copying) the timeline: a session's final write adds the intervals it saved.
nlohmann::ordered_json reportHeaderToJson(const MeasurementResult& result);

// One element of a report's "intervals" array: a session's autosave turns
// each interval into JSON once, as it arrives, instead of the whole report.
nlohmann::ordered_json reportIntervalToJson(const IntervalResult& interval);

// Indented, for files; ends with '\n'.
std::string formatReportJson(const MeasurementResult& result);

// One line without the newline: the last object of a `--json -t` stream.
std::string formatReportJsonLine(const MeasurementResult& result);

// One line without the newline, printed (and flushed) as each interval
// arrives. It names its locations so that each line stands on its own.
std::string formatIntervalJsonLine(const IntervalResult& interval, const std::vector<LocationInfo>& locations);

} // namespace perfdash
