#pragma once
// Reads what ReportJson writes, exactly: writing what was read gives the
// same JSON again (null reads as NaN). It reads every schema up to
// kReportSchemaVersion: a schema-1 file lacks the metrics' coverage, which
// is derived from the events anyway, and written again it is schema 2.
// Bad input of any kind — not JSON, a newer schema, a missing field, a
// wrong type — is an Error naming the input and the field, never an
// exception or a crash.
#include <string>
#include <string_view>
#include <variant>

#include "core/result/MeasurementResult.h"
#include "core/util/Outcome.h"

namespace perfdash {

// `source` names the input in messages: a file name, "line 12 of host1's stream".
// The derived flat maps (totals, metrics, deltas) are not read: they are rebuilt from "groups".
Result<MeasurementResult> readReportJson(std::string_view text, const std::string& source);
Result<MeasurementResult> readReportFile(const std::string& path);

// One interval of a `--json -t` stream, with the locations its per-location values belong to.
struct IntervalLine {
    std::vector<LocationInfo> locations;
    IntervalResult interval;
};

// One line of a `--json -t` stream: an interval, or the final report.
using ReportStreamItem = std::variant<IntervalLine, MeasurementResult>;
Result<ReportStreamItem> readReportStreamLine(std::string_view line, const std::string& source);

} // namespace perfdash
