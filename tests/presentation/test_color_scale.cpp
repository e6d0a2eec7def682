// Colour scales read from data (core/presentation/ColorScale) and the CPU places a
// report's topology gives (core/presentation/CpuPlaces), the heat maps' inputs.
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include "core/presentation/ColorScale.h"
#include "core/presentation/CpuPlaces.h"

using namespace perfdash;

class TestColorScale : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

    std::string write(const std::string& name, const std::string& text) {
        const std::string path = dir_.filePath(QString::fromStdString(name)).toStdString();
        std::ofstream(path) << text;
        return path;
    }

private slots:
    void viridisRunsFromDarkPurpleToYellow() {
        auto scale = ColorScale::load(ColorScale::defaultPath());
        QVERIFY2(scale.ok(), scale.ok() ? "" : scale.error().message.c_str());
        QCOMPARE(scale->size(), size_t(256));
        QCOMPARE(scale->at(0), (Rgb{68, 1, 84}));     // 0.267004 0.004874 0.329415
        QCOMPARE(scale->at(1), (Rgb{253, 231, 37}));  // 0.993248 0.906157 0.143936
        QCOMPARE(scale->at(-3), scale->at(0));         // clamped
        QCOMPARE(scale->at(7), scale->at(1));
        QCOMPARE(scale->at(std::nan("")), scale->at(0));
        // Perceptually uniform means, at least, that it gets lighter all the way.
        auto lightness = [](Rgb c) { return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b; };
        for (int i = 1; i <= 100; ++i) QVERIFY(lightness(scale->at(i / 100.0)) > lightness(scale->at((i - 1) / 100.0)));
    }

    void coloursBetweenEntriesAreInterpolated() {
        auto scale = ColorScale::load(write("two.txt", "# black to white\n0 0 0\n1 1 1\n"));
        QVERIFY(scale.ok());
        QCOMPARE(scale->at(0.5), (Rgb{128, 128, 128}));
        QCOMPARE(scale->at(0.25), (Rgb{64, 64, 64}));
    }

    void aBadFileNamesItsLine() {
        auto bad = ColorScale::load(write("bad.txt", "0 0 0\n0.5 1.2 0\n"));
        QVERIFY(!bad.ok());
        QVERIFY2(bad.error().message.find("bad.txt:2: expected three numbers in [0, 1]") != std::string::npos,
                 bad.error().message.c_str());
        auto extra = ColorScale::load(write("extra.txt", "0 0 0 0\n1 1 1\n"));
        QVERIFY(!extra.ok());
        auto one = ColorScale::load(write("one.txt", "0 0 0\n"));
        QVERIFY(!one.ok());
        QVERIFY(one.error().message.find("at least two colours") != std::string::npos);
        auto missing = ColorScale::load(dir_.filePath("none.txt").toStdString());
        QVERIFY(!missing.ok());
        QVERIFY(missing.error().message.find("cannot read the colour scale") != std::string::npos);
    }

    void cpuPlacesComeFromTheReportsTopology() {
        const nlohmann::json machine = {
            {"topology",
             {{"hwThreadList",
               {{{"cpu", 0}, {"socket", 0}, {"numaNode", 0}},
                {{"cpu", 1}, {"socket", 1}, {"numaNode", 1}},
                {{"cpu", 2}, {"socket", nullptr}, {"numaNode", nullptr}}}}}}};
        const auto places = cpuPlaces(machine);
        QCOMPARE(places.size(), size_t(3));
        QCOMPARE(places.at(1).socket, 1);
        QCOMPARE(places.at(1).numaNode, 1);
        QCOMPARE(places.at(2).socket, -1); // offline: not known
        QVERIFY(cpuPlaces(nlohmann::json::object()).empty());
        QVERIFY(cpuPlaces({{"topology", nullptr}}).empty());
    }
};

QTEST_GUILESS_MAIN(TestColorScale)
#include "test_color_scale.moc"
