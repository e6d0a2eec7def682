#pragma once
// `-o FILE`: the file's suffix chooses the format, and the file is written
// atomically (a crash never leaves half a report).
#include <string>
#include <string_view>

#include "core/report/HtmlReport.h"
#include "core/result/MeasurementResult.h"
#include "core/util/Outcome.h"

namespace perfdash {

enum class ReportFormat { Json, Csv, Text, Html };

// ".json", ".csv", ".txt", ".html", in any letter case; anything else is an error naming the suffix.
Result<ReportFormat> reportFormatForPath(std::string_view path);

// `sections`: what the HTML report adds after the groups (HtmlSection); the other formats have their own
// ways to the same data (a session's JSON holds its profile).
std::string renderReport(const MeasurementResult& result, ReportFormat format, std::vector<HtmlSection> sections = {});

Status writeReportFile(const std::string& path, const MeasurementResult& result, std::vector<HtmlSection> sections = {});

} // namespace perfdash
