// The cells of a heat map (core/result/HeatMapGrid): columns split the points
// evenly, each cell holds its points' lowest and highest finite value, n/a
// points leave a cell empty, and a cell's coverage is its points' lowest.
#include <QtTest>

#include <cmath>

#include "core/result/HeatMapGrid.h"

using namespace perfdash;

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Two series over `points` intervals of 0.1 s: row 0 counts i, row 1 counts 10 * i with
// coverage 0.5 at point 3 and n/a at points 4 and 5.
TimelineStore store(size_t points) {
    TimelineStore s;
    s.reset(2);
    for (size_t i = 0; i < points; ++i) {
        const double v = double(i);
        const bool missing = i == 4 || i == 5;
        s.append(0.1 * double(i + 1), 0.1, {CountValue{v, 1.0}, CountValue{missing ? kNaN : 10 * v, i == 3 ? 0.5 : 1.0}});
    }
    return s;
}
} // namespace

class TestHeatMapGrid : public QObject {
    Q_OBJECT
private slots:
    void columnsSplitThePointsEvenly() {
        const TimelineStore s = store(10);
        const HeatMapGrid grid(s, {0, 1}, 0, 10, 4);
        QCOMPARE(grid.rows(), size_t(2));
        QCOMPARE(grid.columns(), size_t(4));
        // 10 points in 4 columns: 0-1, 2-4, 5-6, 7-9
        const std::vector<size_t> begins{0, 2, 5, 7, 10};
        for (size_t c = 0; c <= 4; ++c) QCOMPARE(grid.pointBegin(c), begins[c]);
        QCOMPARE(grid.columnOf(0), size_t(0));
        QCOMPARE(grid.columnOf(4), size_t(1));
        QCOMPARE(grid.columnOf(5), size_t(2));
        QCOMPARE(grid.columnOf(9), size_t(3));
    }

    void aCellHoldsItsPointsLowestAndHighest() {
        const TimelineStore s = store(10);
        const HeatMapGrid grid(s, {0, 1}, 0, 10, 4);
        QCOMPARE(grid.cell(0, 1).min, 2.0);
        QCOMPARE(grid.cell(0, 1).max, 4.0);
        QCOMPARE(grid.cell(1, 1).min, 20.0); // point 4 is n/a: not a minimum
        QCOMPARE(grid.cell(1, 1).max, 30.0);
        QCOMPARE(grid.cell(1, 2).min, 60.0); // point 5 is n/a
        QCOMPARE(grid.overall().min, 0.0);
        QCOMPARE(grid.overall().max, 90.0);
    }

    void aCellOfOnlyMissingValuesIsEmpty() {
        const TimelineStore s = store(10);
        const HeatMapGrid grid(s, {1}, 4, 6, 2); // points 4 and 5, both n/a
        QCOMPARE(grid.columns(), size_t(2));
        QVERIFY(grid.cell(0, 0).empty());
        QVERIFY(grid.cell(0, 1).empty());
        QVERIFY(grid.overall().empty());
    }

    void fewerPointsThanColumnsGiveOneColumnPerPoint() {
        const TimelineStore s = store(3);
        const HeatMapGrid grid(s, {0}, 0, 3, 1000);
        QCOMPARE(grid.columns(), size_t(3));
        for (size_t c = 0; c < 3; ++c) QCOMPARE(grid.cell(0, c).max, double(c));
    }

    void anEmptyStoreHasNoCells() {
        const TimelineStore s = store(0);
        const HeatMapGrid grid(s, {0, 1}, 0, 0, 100);
        QCOMPARE(grid.columns(), size_t(0));
        QVERIFY(grid.overall().empty());
    }

    void aCellsCoverageIsItsLowest() {
        const TimelineStore s = store(10);
        const HeatMapGrid grid(s, {0, 1}, 0, 10, 4);
        QCOMPARE(grid.lowestCoverage(s, 1, 1), 0.5); // point 3
        QCOMPARE(grid.lowestCoverage(s, 0, 1), 1.0);
    }

    void aLongSessionCostsItsPicturesSize() {
        // 1 h at 10 ms: the grid reads the min/max pyramid, not every point,
        // so 256 rows x 1000 columns are built from 360000 points per row.
        TimelineStore s;
        s.reset(1);
        for (size_t i = 0; i < 360000; ++i) s.append(0.01 * double(i + 1), 0.01, {CountValue{double(i % 1000), 1.0}});
        const HeatMapGrid grid(s, std::vector<size_t>(256, 0), 0, s.size(), 1000);
        QCOMPARE(grid.columns(), size_t(1000));
        QCOMPARE(grid.cell(255, 999).max, 999.0); // 360 points per column, each spanning 0..999 at least once
        QCOMPARE(grid.cell(0, 0).min, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestHeatMapGrid)
#include "test_heat_map_grid.moc"
