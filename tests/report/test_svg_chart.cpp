#include <QXmlStreamReader>
#include <algorithm>
#include <cmath>
#include <QtTest>

#include "core/report/ReportCharts.h"
#include "core/report/SvgChart.h"
#include "core/result/MeasurementResult.h"

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

    // An hours-long report: 100 ms intervals for 3 hours, a metric that
    // alternates between two values, with one spike, one dip and one stretch
    // without values. Its charts stay small and show what matters.
    void longTimelinesAreReducedPerPixelColumnKeepingEachColumnsMinAndMax() {
        MeasurementResult r;
        r.locations = {{LocationKind::Cpu, 0}};
        GroupResult g;
        g.name = "G";
        EventResult e;
        e.counter = e.event = "task-clock";
        e.counted = true;
        e.total = {1, 1};
        e.perLocation = {e.total};
        g.events = {e};
        g.metrics = {{"M", "PMC0", {1}, 1}};
        r.groups = {g};
        const size_t n = 3 * 3600 * 10;
        std::vector<double> values(n);
        for (size_t i = 0; i < n; ++i) values[i] = 1.0 + double(i % 2);
        values[12345] = 50;  // a spike
        values[65432] = -7;  // a dip
        for (size_t i = 50000; i < 52000; ++i) values[i] = kNotAvailable; // 200 s without values
        r.intervals.reserve(n);
        for (size_t i = 0; i < n; ++i) {
            g.metrics[0].aggregate = values[i];
            r.intervals.push_back({0.1 * double(i + 1), 0.1, {g}});
        }

        const int columns = 600;
        const std::vector<LineSeries> lines = groupTimelines(r, 0, columns);
        QCOMPARE(lines.size(), size_t(1));
        const std::vector<ChartPoint>& points = lines[0].points;
        QVERIFY2(points.size() <= 2 * size_t(columns), qPrintable(QString::number(points.size())));
        // Column c holds the intervals whose t lies in its slice of [first t, last t]: its lowest
        // and highest value are among the points (at its first and last t), whatever else is dropped.
        const double from = r.intervals.front().t, to = r.intervals.back().t, width = (to - from) / columns;
        size_t begin = 0, gaps = 0;
        for (int c = 0; c < columns; ++c) {
            const double end_t = c + 1 == columns ? to : from + (c + 1) * width;
            size_t end = begin;
            double lo = INFINITY, hi = -INFINITY;
            while (end < n && (r.intervals[end].t < end_t || (c + 1 == columns))) {
                if (std::isfinite(values[end])) lo = std::min(lo, values[end]), hi = std::max(hi, values[end]);
                ++end;
            }
            const double firstT = r.intervals[begin].t, lastT = r.intervals[end - 1].t;
            auto has = [&](double t, double y) {
                return std::any_of(points.begin(), points.end(), [&](const ChartPoint& p) {
                    return p.x == t && (p.y == y || (std::isnan(y) && std::isnan(p.y)));
                });
            };
            if (!std::isfinite(lo)) {
                QVERIFY2(has(firstT, kNotAvailable), qPrintable(QString("column %1: no gap").arg(c)));
                ++gaps;
            } else {
                QVERIFY2(has(firstT, lo), qPrintable(QString("column %1: min %2 lost").arg(c).arg(lo)));
                QVERIFY2(has(lastT, hi), qPrintable(QString("column %1: max %2 lost").arg(c).arg(hi)));
            }
            begin = end;
        }
        QCOMPARE(begin, n);
        QVERIFY2(gaps >= 8, qPrintable(QString::number(gaps))); // 200 s of 10800 s over 600 columns: 11 columns

        // The drawing: bounded, with the spike and the dip on the y axis and the gap as a break in the line.
        const std::vector<ReportChart> charts = reportCharts(r);
        QCOMPARE(charts.size(), size_t(1));
        const std::string& svg = charts[0].drawing.svg;
        QVERIFY2(svg.size() < 40000, qPrintable(QString::number(svg.size())));
        const SvgShape shape = inspect(svg);
        QVERIFY2(shape.error.isEmpty(), qPrintable(shape.error));
        QVERIFY2(shape.points <= 2 * columns, qPrintable(QString::number(shape.points)));
        QVERIFY(shape.points >= columns); // a min/max pair in most columns
        QCOMPARE(shape.polylines, 2);     // broken once, by the stretch without values
        double lowestTick = INFINITY, highestTick = -INFINITY; // the y axis reaches the spike and the dip
        for (const QString& text : shape.texts) {
            bool number = false;
            const double v = text.toDouble(&number);
            if (number) lowestTick = std::min(lowestTick, v), highestTick = std::max(highestTick, v);
        }
        QVERIFY2(lowestTick <= -7 && highestTick >= 50, qPrintable(shape.texts.join(", ")));
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

    // Two CPUs by four columns: a run of one colour is one rect, a cell without a value is grey.
    void heatMapMergesRunsOfOneColourAndGreysMissingCells() {
        const Rgb a{10, 20, 30}, b{200, 100, 0};
        HeatMapChart chart;
        chart.title = "t";
        chart.rowLabels = {"CPU <0>", "CPU 1"};
        chart.columns = 4;
        chart.cells = {a, a, a, a, b, std::nullopt, std::nullopt, a};
        chart.scale = {a, b};
        chart.low = "1";
        chart.high = "2 MHz";
        chart.toS = 4;
        const std::string svg = renderHeatMapSvg(chart).svg;
        const SvgShape shape = inspect(svg);
        QVERIFY2(shape.error.isEmpty(), qPrintable(shape.error));
        auto occurrences = [](const std::string& text, const std::string& part) {
            size_t n = 0;
            for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
            return n;
        };
        QCOMPARE(occurrences(svg, "<g class=\"row\""), size_t(2));
        const size_t row0 = svg.find("<g class=\"row\"");
        QCOMPARE(occurrences(svg.substr(row0, svg.find("</g>", row0) - row0), "<rect"), size_t(1));
        QCOMPARE(occurrences(svg, "fill=\"#c8c8c8\""), size_t(1)); // the two missing cells, merged
        QCOMPARE(occurrences(svg, "fill=\"#0a141e\""), size_t(3)); // row 0, row 1's last cell, the bar's low end
        QVERIFY(shape.texts.contains("CPU <0>")); // escaped in the markup, itself in the text
        QVERIFY(shape.texts.contains("2 MHz   (grey: no value)"));
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
