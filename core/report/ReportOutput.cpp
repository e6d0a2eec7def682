#include "core/report/ReportOutput.h"

#include "core/report/ReportCsv.h"
#include "core/report/ReportJson.h"
#include "core/report/TextReport.h"
#include "core/util/AtomicFile.h"
#include "core/util/Strings.h"

namespace perfdash {

Result<ReportFormat> reportFormatForPath(std::string_view path) {
    const std::string_view name = path.substr(path.find_last_of('/') + 1); // npos + 1 == 0: no directory part
    const size_t dot = name.find_last_of('.');
    const std::string accepted = "use .json, .csv, .txt or .html";
    if (dot == std::string_view::npos || dot == 0)
        return makeError("output file '" + std::string(path) + "' has no suffix to choose the format by (" + accepted + ")");
    const std::string suffix = toLower(name.substr(dot));
    if (suffix == ".json") return ReportFormat::Json;
    if (suffix == ".csv") return ReportFormat::Csv;
    if (suffix == ".txt") return ReportFormat::Text;
    if (suffix == ".html") return ReportFormat::Html;
    return makeError("output file '" + std::string(path) + "': unknown format '" + std::string(name.substr(dot)) +
                     "' (" + accepted + ")");
}

std::string renderReport(const MeasurementResult& result, ReportFormat format, std::vector<HtmlSection> sections) {
    switch (format) {
    case ReportFormat::Json: return formatReportJson(result);
    case ReportFormat::Csv: return formatReportCsv(result);
    case ReportFormat::Html: {
        HtmlReportOptions options = htmlReportOptionsFromData();
        options.sections = std::move(sections);
        return formatHtmlReport(result, options);
    }
    case ReportFormat::Text: break;
    }
    return formatTextReport(result);
}

Status writeReportFile(const std::string& path, const MeasurementResult& result, std::vector<HtmlSection> sections) {
    auto format = reportFormatForPath(path);
    if (!format) return format.error();
    return writeFileAtomically(path, renderReport(result, *format, std::move(sections)));
}

} // namespace perfdash
