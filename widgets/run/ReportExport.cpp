#include "widgets/run/ReportExport.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgRenderer>
#include <QTextDocument>
#include <QUrl>

#include "core/profile/ProfileJson.h"
#include "core/profile/ProfileOutput.h"
#include "core/report/HtmlReport.h"
#include "core/report/ReportCharts.h"
#include "core/report/ReportOutput.h"
#include "core/report/ReportTables.h"
#include "core/util/AtomicFile.h"

namespace perfdash {

namespace {

struct ExportText {
    Q_DECLARE_TR_FUNCTIONS(ReportExport)
};

constexpr int kPdfResolution = 96;   // the layout's pixels are the screen's (text and lines stay vectors)
constexpr double kChartScale = 2.0;  // charts are rasterised at twice their size, so print stays sharp

QImage rasterise(const SvgDrawing& drawing) {
    QSvgRenderer renderer(QByteArray::fromStdString(drawing.svg));
    QImage image(QSize(drawing.width, drawing.height) * kChartScale, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    renderer.render(&painter);
    return image;
}

Status writeAtomically(const QString& path, std::string_view bytes) {
    return writeFileAtomically(path.toStdString(), bytes);
}

// The HTML report's options, with the hot functions of a session with samples.
HtmlReportOptions htmlOptions(const MeasurementResult& result, const ExportSamples& samples) {
    HtmlReportOptions options = htmlReportOptionsFromData();
    if (samples.profile)
        options.sections.push_back(profileHtmlSection(*samples.profile, {samples.file, result.startedAt, true}, 25));
    return options;
}

} // namespace

std::optional<ExportFormat> exportFormatForPath(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("json")) return ExportFormat::Json;
    if (suffix == QLatin1String("csv")) return ExportFormat::Csv;
    if (suffix == QLatin1String("txt")) return ExportFormat::Text;
    if (suffix == QLatin1String("html") || suffix == QLatin1String("htm")) return ExportFormat::Html;
    if (suffix == QLatin1String("pdf")) return ExportFormat::Pdf;
    return std::nullopt;
}

QString exportSuffix(ExportFormat format) {
    switch (format) {
    case ExportFormat::Json: return QStringLiteral("json");
    case ExportFormat::Csv: return QStringLiteral("csv");
    case ExportFormat::Text: return QStringLiteral("txt");
    case ExportFormat::Html: return QStringLiteral("html");
    case ExportFormat::Pdf: return QStringLiteral("pdf");
    }
    return {};
}

QString exportFileFilters() {
    return QStringList{ExportText::tr("JSON report (*.json)"), ExportText::tr("CSV table (*.csv)"),
                       ExportText::tr("Text report (*.txt)"), ExportText::tr("HTML report (*.html *.htm)"),
                       ExportText::tr("PDF report (*.pdf)")}
        .join(QLatin1String(";;"));
}

Status exportReport(const MeasurementResult& result, const QString& path, const ExportSamples& samples) {
    const auto format = exportFormatForPath(path);
    if (!format)
        return makeError("cannot export to '" + path.toStdString() + "': the file name must end in .json, .csv, "
                         ".txt, .html or .pdf (the suffix chooses the format)");
    return exportReport(result, path, *format, samples);
}

Status exportReport(const MeasurementResult& result, const QString& path, ExportFormat format,
                    const ExportSamples& samples) {
    // The file describes the measurement; that it was opened for replay here is no part of it.
    if (result.replay) {
        MeasurementResult measured = result;
        measured.replay = false;
        return exportReport(measured, path, format, samples);
    }
    switch (format) {
    case ExportFormat::Json: // with its samples, it opens again as the session it was
        return writeAtomically(path, samples.profile ? formatSessionJson(result, *samples.profile)
                                                     : renderReport(result, ReportFormat::Json));
    case ExportFormat::Csv: return writeAtomically(path, renderReport(result, ReportFormat::Csv));
    case ExportFormat::Text: return writeAtomically(path, renderReport(result, ReportFormat::Text));
    case ExportFormat::Html: return writeAtomically(path, formatHtmlReport(result, htmlOptions(result, samples)));
    case ExportFormat::Pdf: {
        const QByteArray pdf = renderPdfReport(result, samples);
        return writeAtomically(path, std::string_view(pdf.constData(), static_cast<size_t>(pdf.size())));
    }
    }
    return makeError("unknown export format");
}

QByteArray renderPdfReport(const MeasurementResult& result, const ExportSamples& samples) {
    QTextDocument document;
    document.setDocumentMargin(0);
    SvgOptions options;
    options.standalone = true;
    const std::vector<ReportChart> charts = reportCharts(result, options);
    for (size_t i = 0; i < charts.size(); ++i)
        document.addResource(QTextDocument::ImageResource, QUrl(QString::fromStdString(htmlChartResourceName(i))),
                             rasterise(charts[i].drawing));
    HtmlReportOptions html = htmlOptions(result, samples);
    html.forPrint = true;
    document.setHtml(QString::fromStdString(formatHtmlReport(result, html)));

    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setResolution(kPdfResolution);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(15, 15, 15, 15),
                                     QPageLayout::Millimeter));
    writer.setTitle(QStringLiteral("perfdash report: ") + QString::fromStdString(targetName(result.config)));
    writer.setCreator(QStringLiteral("perfdash"));
    // Laid out on the page's own size: left to itself, print() would scale a layout made for the screen.
    document.setPageSize(writer.pageLayout().paintRectPixels(writer.resolution()).size());
    document.print(&writer);
    buffer.close();
    return bytes;
}

} // namespace perfdash
