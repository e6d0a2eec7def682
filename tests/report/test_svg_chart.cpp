#include <QXmlStreamReader>
#include <QtTest>

#include "core/report/SvgChart.h"
#include "core/session/MeasurementResult.h"

using namespace perfdash;

namespace {

struct SvgShape {
    QString error;
    int series = 0;
    int polylines = 0;
    int circles = 0;
    int points = 0; // polyline vertices + circles
    int bars = 0;
    int rects = 0;
    QStringList texts;
    QStringList barTexts; // label and value of each bar
    QStringList seriesNames;
};

// Parses the drawing as XML (it must be well formed) and counts what the charts are made of.
SvgShape inspect(const std::string& svg) {
    SvgShape shape;
    QXmlStreamReader xml(QByteArray::fromStdString(svg));
    bool inBar = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isEndElement() && xml.name() == QLatin1String("g")) inBar = false;
        if (!xml.isStartElement()) continue;
        const auto name = xml.name();
        const auto cls = xml.attributes().value("class");
        if (name == QLatin1String("g") && cls == QLatin1String("series")) {
            ++shape.series;
            shape.seriesNames << xml.attributes().value("data-name").toString();
        } else if (name == QLatin1String("g") && cls == QLatin1String("bar")) {
            ++shape.bars;
            inBar = true;
        } else if (name == QLatin1String("polyline")) {
            ++shape.polylines;
            shape.points += static_cast<int>(
                xml.attributes().value("points").toString().split(QLatin1Char(' '), Qt::SkipEmptyParts).size());
        } else if (name == QLatin1String("circle")) {
            ++shape.circles;
            ++shape.points;
        } else if (name == QLatin1String("rect") && inBar) {
            ++shape.rects;
        } else if (name == QLatin1String("text")) {
            shape.texts << xml.readElementText();
            if (inBar) shape.barTexts << shape.texts.back();
        }
    }
    if (xml.hasError()) shape.error = xml.errorString() + QStringLiteral(" at line %1").arg(xml.lineNumber());
    return shape;
}

LineSeries series(std::string name, std::vector<double> ys) {
    LineSeries s{std::move(name), {}};
    for (size_t i = 0; i < ys.size(); ++i) s.points.push_back({0.5 * static_cast<double>(i + 1), ys[i]});
    return s;
}

} // namespace

class TestSvgChart : public QObject {
    Q_OBJECT
private slots:
    void lineChartHasOneGroupPerSeriesAndEveryPoint() {
        LineChart chart{"CPI over time", "t [s]", "CPI", {series("CPI", {1, 1.5, 2, 1.2}), series("IPC", {1, 0.66, 0.5, 0.8})}};
        const SvgShape shape = inspect(renderLineChartSvg(chart).svg);
        QVERIFY2(shape.error.isEmpty(), qPrintable(shape.error));
        QCOMPARE(shape.series, 2);
        QCOMPARE(shape.seriesNames, (QStringList{"CPI", "IPC"}));
        QCOMPARE(shape.polylines, 2);
        QCOMPARE(shape.points, 8);
        QVERIFY(shape.texts.contains("CPI over time"));
        QVERIFY(shape.texts.contains("IPC")); // the legend, with two series
    }

    void missingValuesBreakTheLineInsteadOfDroppingToZero() {
        // 3 values, a gap, 1 lone value, a gap, 2 values.
        LineChart chart{"gaps", "t [s]", "v", {series("v", {1, 2, 3, kNotAvailable, 4, kNotAvailable, 5, 6})}};
        const SvgShape shape = inspect(renderLineChartSvg(chart).svg);
        QVERIFY2(shape.error.isEmpty(), qPrintable(shape.error));
        QCOMPARE(shape.series, 1);
        QCOMPARE(shape.polylines, 2);
        QCOMPARE(shape.circles, 1);
        QCOMPARE(shape.points, 6);
    }

    void aSeriesWithoutValuesSaysSo() {
        LineChart chart{"nothing", "t [s]", "v", {series("v", {kNotAvailable, kNotAvailable})}};
        const SvgShape shape = inspect(renderLineChartSvg(chart).svg);
        QVERIFY2(shape.error.isEmpty(), qPrintable(shape.error));
        QCOMPARE(shape.points, 0);
        QVERIFY(shape.texts.contains("no values (n/a)"));
    }

    void aNoteSaysWhatThePointsDoNot() {
        LineChart chart{"idle over time", "t [s]", "count", {series("idle", {kNotAvailable, kNotAvailable})},
                        "not counted: <no PMU>"};
        const SvgShape shape = inspect(renderLineChartSvg(chart).svg);
        QVERIFY2(shape.error.isEmpty(), qPrintable(shape.error));
        QVERIFY(shape.texts.contains("not counted: <no PMU>")); // escaped in the SVG, read back as written
        QVERIFY(shape.texts.contains("no values (n/a)"));
        LineChart plain{"v", "t [s]", "v", {series("v", {1, 2})}};
        QCOMPARE(inspect(renderLineChartSvg(plain).svg).texts.filter("not counted").size(), 0);
    }

    void longSeriesAreReducedButKeepPeaksAndGaps() {
        std::vector<double> ys(100000);
        for (size_t i = 0; i < ys.size(); ++i) ys[i] = 1.0 + double(i % 2); // every bucket has a low and a high
        ys[31337] = 50;            // a peak
        ys[70000] = kNotAvailable; // a gap
        SvgOptions options;
        options.maxPointsPerSeries = 1000;
        LineChart chart{"long", "t [s]", "v", {series("v", ys)}};
        const std::string svg = renderLineChartSvg(chart, options).svg;
        const SvgShape shape = inspect(svg);
        QVERIFY2(shape.error.isEmpty(), qPrintable(shape.error));
        QVERIFY2(shape.points <= 1000, qPrintable(QString::number(shape.points)));
        QVERIFY2(shape.points > 900, qPrintable(QString::number(shape.points))); // lowest and highest of each bucket
        QCOMPARE(shape.polylines, 2); // the gap survived the reduction
        QVERIFY(shape.texts.contains("50")); // the y axis reaches the peak
    }

    void barChartShowsNotAvailableWithoutABar() {
        BarChart chart{"Clock per CPU", "Clock [MHz]", {{"HWThread 0", 2400}, {"HWThread 1", kNotAvailable}, {"HWThread 2", 2600.5}}};
        const SvgShape shape = inspect(renderBarChartSvg(chart).svg);
        QVERIFY2(shape.error.isEmpty(), qPrintable(shape.error));
        QCOMPARE(shape.bars, 3);
        QCOMPARE(shape.rects, 2);
        QCOMPARE(shape.barTexts, (QStringList{"HWThread 0", "2400", "HWThread 1", "n/a", "HWThread 2", "2600.5"}));
    }

    void barChartGrowsWithItsBars() {
        BarChart chart{"many", "v", {}};
        for (int i = 0; i < 64; ++i) chart.bars.push_back({"HWThread " + std::to_string(i), double(i)});
        const SvgDrawing drawing = renderBarChartSvg(chart);
        QVERIFY(drawing.height > 64 * 16);
        QCOMPARE(inspect(drawing.svg).bars, 64);
    }

    void labelsAreEscapedAndOddBytesReplaced() {
        const std::string evil = "<script>alert(1)</script> & \"q\" \x01 \xff";
        LineChart line{evil, evil, evil, {series(evil, {1, 2})}};
        BarChart bars{evil, evil, {{evil, 1}}};
        for (const std::string& svg : {renderLineChartSvg(line).svg, renderBarChartSvg(bars).svg}) {
            QVERIFY(svg.find("<script>") == std::string::npos);
            const SvgShape shape = inspect(svg);
            QVERIFY2(shape.error.isEmpty(), qPrintable(shape.error));
            QVERIFY(shape.texts.contains(QString::fromUtf8("<script>alert(1)</script> & \"q\" \uFFFD \uFFFD")));
        }
    }

    void standaloneFilesNameTheirNamespaceInlineOnesFetchNothing() {
        LineChart chart{"t", "x", "y", {series("s", {1, 2})}};
        SvgOptions standalone;
        standalone.standalone = true;
        const std::string file = renderLineChartSvg(chart, standalone).svg;
        QVERIFY(file.starts_with("<?xml"));
        QVERIFY(file.find("xmlns=\"http://www.w3.org/2000/svg\"") != std::string::npos);
        const std::string inlined = renderLineChartSvg(chart).svg;
        QVERIFY(inlined.find("http") == std::string::npos);
        QVERIFY(inlined.find("href") == std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestSvgChart)
#include "test_svg_chart.moc"
