#pragma once
// Exporting a session as a report file: JSON (the engine's schema, which
// opens again as a session), CSV, the text report, a self-contained HTML
// report and a PDF of the same report. A session with samples (perfdash-cli
// record) keeps them in its JSON, and its HTML and PDF reports add its hot
// functions (and, in HTML, its flame graph). Every file is written atomically.
// Safe to call off the GUI thread (a long session takes a while to write).
#include <QString>
#include <memory>
#include <optional>

#include "core/profile/Profile.h"
#include "core/result/MeasurementResult.h"
#include "core/util/Outcome.h"

namespace perfdash {

enum class ExportFormat { Json, Csv, Text, Html, Pdf };

// From the file's suffix (.json, .csv, .txt, .html/.htm, .pdf, any letter case).
std::optional<ExportFormat> exportFormatForPath(const QString& path);
QString exportSuffix(ExportFormat format); // "json", ...
// For QFileDialog: "JSON report (*.json);;CSV table (*.csv);;..." in the order of ExportFormat.
QString exportFileFilters();

// A session's samples, where it has them, and the file they were read from (the report names it).
struct ExportSamples {
    std::shared_ptr<const Profile> profile;
    std::string file;
};

// The format comes from `path`'s suffix; an unknown suffix is an error naming the ones accepted.
Status exportReport(const MeasurementResult& result, const QString& path, const ExportSamples& samples = {});
Status exportReport(const MeasurementResult& result, const QString& path, ExportFormat format,
                    const ExportSamples& samples = {});

// The PDF report's bytes: the HTML report laid out by QTextDocument on A4
// pages, its charts rasterised from their SVG (QTextDocument draws no SVG).
QByteArray renderPdfReport(const MeasurementResult& result, const ExportSamples& samples = {});

} // namespace perfdash
