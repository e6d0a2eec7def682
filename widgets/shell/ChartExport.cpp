#include "widgets/shell/ChartExport.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QImage>
#include <QSvgGenerator>
#include <functional>

#include "core/util/AtomicFile.h"
#include "widgets/common/TimelineChart.h"

namespace perfdash {

namespace {

// Messages of the free functions below, translated in their own context.
struct ChartExportText {
    Q_DECLARE_TR_FUNCTIONS(perfdash::ChartExport)
};

std::vector<QSize> chartSizes(const std::vector<TimelineChart*>& charts, int width) {
    std::vector<QSize> sizes;
    for (TimelineChart* chart : charts) sizes.emplace_back(width, std::max(chart->height(), chart->minimumHeight()));
    return sizes;
}

void paintCharts(const std::vector<TimelineChart*>& charts, const std::vector<QSize>& sizes, QCPPainter& painter) {
    int top = 0;
    for (size_t i = 0; i < charts.size(); ++i) {
        painter.save();
        painter.translate(0, top);
        charts[i]->render(painter, sizes[i]);
        painter.restore();
        top += sizes[i].height();
    }
}

Status check(const std::vector<TimelineChart*>& charts, int width) {
    if (charts.empty())
        return makeError(
            ChartExportText::tr("There are no charts to save: start a measurement or open a session first.")
                .toStdString());
    if (width < 100)
        return makeError(ChartExportText::tr("An image width of %1 pixels is too small: use at least 100.")
                             .arg(width)
                             .toStdString());
    return {};
}

Status write(const QString& path, const QByteArray& bytes) {
    Status written =
        writeFileAtomically(path.toStdString(), std::string_view(bytes.constData(), static_cast<size_t>(bytes.size())));
    if (!written)
        return makeError(ChartExportText::tr("Could not save the charts to %1: %2. Choose a folder you can write to.")
                             .arg(path, QString::fromStdString(written.error().message))
                             .toStdString());
    return {};
}

} // namespace

Status saveChartsAsPng(const std::vector<TimelineChart*>& charts, const QString& path, int width) {
    if (Status ok = check(charts, width); !ok) return ok;
    const std::vector<QSize> sizes = chartSizes(charts, width);
    int height = 0;
    for (const QSize& s : sizes) height += s.height();
    QImage image(width, height, QImage::Format_ARGB32_Premultiplied);
    image.fill(charts.front()->palette().color(QPalette::Base));
    {
        QCPPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        paintCharts(charts, sizes, painter);
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG"))
        return makeError(ChartExportText::tr("Could not encode the charts as PNG.").toStdString());
    return write(path, bytes);
}

Status saveChartsAsSvg(const std::vector<TimelineChart*>& charts, const QString& path, int width) {
    if (Status ok = check(charts, width); !ok) return ok;
    const std::vector<QSize> sizes = chartSizes(charts, width);
    int height = 0;
    for (const QSize& s : sizes) height += s.height();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(QSize(width, height));
    svg.setResolution(96); // CSS pixels: a browser shows the SVG at the PNG's size
    svg.setViewBox(QRect(0, 0, width, height));
    svg.setTitle(ChartExportText::tr("perfdash timeline"));
    {
        QCPPainter painter(&svg);
        painter.setMode(QCPPainter::pmVectorized);
        painter.fillRect(QRect(0, 0, width, height), charts.front()->palette().color(QPalette::Base));
        paintCharts(charts, sizes, painter);
    }
    return write(path, bytes);
}

} // namespace perfdash
