// The columnar store, its min/max pyramid and the decimation drawn from it.
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <random>

#include "core/result/Decimation.h"
#include "core/result/TimelineStore.h"

using namespace perfdash;

namespace {

double nan() { return std::nan(""); }

// Random values with about one n/a in ten, at irregular times.
TimelineStore randomStore(size_t points, size_t seriesCount, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> value(-1000, 1000), step(0.005, 0.02);
    std::bernoulli_distribution missing(0.1);
    TimelineStore store;
    store.reset(seriesCount);
    double t = 0;
    std::vector<CountValue> row(seriesCount);
    for (size_t i = 0; i < points; ++i) {
        const double dt = step(rng);
        t += dt;
        for (auto& sample : row) sample = {missing(rng) ? nan() : value(rng), 1.0};
        store.append(t, dt, row);
    }
    return store;
}

ValueRange bruteForce(const SeriesColumn& column, size_t begin, size_t end) {
    ValueRange r;
    for (size_t i = begin; i < end; ++i) r.include(column.value(i));
    return r;
}

} // namespace

class TestTimelineStore : public QObject {
    Q_OBJECT
private slots:
    void appendsAndReadsBackValuesCoverageAndTimes() {
        TimelineStore store;
        store.reset(2);
        store.append(0.1, 0.1, {{5, 1.0}, {nan(), nan()}});
        store.append(0.2, 0.1, {{7, 0.6}, {3, 1.0}});
        store.append(0.35, 0.15, {{nan(), 0.5}, {4, 1.0}});
        QCOMPARE(store.size(), size_t(3));
        QCOMPARE(store.time(2), 0.35);
        QCOMPARE(store.duration(2), 0.15);
        QCOMPARE(store.series(0).value(1), 7.0);
        QVERIFY(std::isnan(store.series(0).value(2))); // n/a stays n/a, never 0
        QVERIFY(std::isnan(store.series(1).value(0)));
        QCOMPARE(store.series(0).coverage(0), 1.0);
        QCOMPARE(store.series(0).coverage(1), 0.6); // stored as a float, read back as written
        QCOMPARE(store.series(0).coverage(2), 0.5);
        QVERIFY(std::isnan(store.series(1).coverage(0)));
        QCOMPARE(store.series(1).coverage(2), 1.0);
        QCOMPARE(store.lowerBound(0.2), size_t(1));
        QCOMPARE(store.upperBound(0.2), size_t(2));
        QCOMPARE(store.lowerBound(1.0), size_t(3));
    }

    void rangeIsExactForAnySpan() {
        const TimelineStore store = randomStore(100000, 1, 1);
        const SeriesColumn& column = store.series(0);
        std::mt19937 rng(2);
        std::uniform_int_distribution<size_t> index(0, store.size());
        for (int q = 0; q < 2000; ++q) {
            size_t a = index(rng), b = index(rng);
            if (a > b) std::swap(a, b);
            if (q % 4 == 0) b = std::min(store.size(), a + q % 70); // short spans too
            const ValueRange expected = bruteForce(column, a, b), got = column.range(a, b);
            QCOMPARE(got.empty(), expected.empty());
            if (!expected.empty()) {
                QCOMPARE(got.min, expected.min);
                QCOMPARE(got.max, expected.max);
            }
        }
        QVERIFY(column.range(5, 5).empty());
    }

    void rangeOfOnlyNotAvailableValuesIsEmpty() {
        TimelineStore store;
        store.reset(1);
        for (int i = 0; i < 5000; ++i) store.append(i, 1, {{nan(), nan()}});
        QVERIFY(store.series(0).range(0, 5000).empty());
        store.append(5000, 1, {{-2.5, 1}});
        const ValueRange r = store.series(0).range(0, 5001);
        QCOMPARE(r.min, -2.5);
        QCOMPARE(r.max, -2.5);
    }

    void decimationKeepsEachColumnsMinAndMaxExactly() {
        const TimelineStore store = randomStore(200000, 2, 3);
        const double from = store.time(1000), to = store.time(190000);
        const int columns = 700;
        const TimeColumns slices = sliceTimeRange(store, from, to, columns);
        QVERIFY(!slices.everyPoint);
        QCOMPARE(slices.bounds.size(), size_t(columns + 1));
        QCOMPARE(slices.before, size_t(999));
        QCOMPARE(slices.after, size_t(190001));
        const double width = (to - from) / columns;
        for (size_t series = 0; series < 2; ++series) {
            DecimatedLine line;
            decimate(store, series, slices, line);
            QVERIFY(line.t.size() <= 2 * size_t(columns) + 2);
            size_t cursor = 1; // after the point left of the range
            for (int c = 0; c < columns; ++c) {
                const size_t begin = slices.bounds[size_t(c)], end = slices.bounds[size_t(c) + 1];
                for (size_t i = begin; i < end; ++i) { // the column holds its time slice exactly
                    QVERIFY(store.time(i) >= from + c * width - 1e-9);
                    QVERIFY(store.time(i) < from + (c + 1) * width + 1e-9);
                }
                const ValueRange expected = bruteForce(store.series(series), begin, end);
                QVERIFY(end - begin > 2);
                if (expected.empty()) {
                    QVERIFY(std::isnan(line.v[cursor++]));
                    continue;
                }
                QCOMPARE(line.t[cursor], store.time(begin));
                QCOMPARE(line.v[cursor++], expected.min);
                QCOMPARE(line.t[cursor], store.time(end - 1));
                QCOMPARE(line.v[cursor++], expected.max);
            }
            QCOMPARE(cursor + 1, line.t.size()); // then the point right of the range
        }
    }

    void aColumnWithOnlyNotAvailableValuesIsAGapNotZero() {
        TimelineStore store;
        store.reset(1);
        for (int i = 0; i < 30000; ++i) store.append(i * 0.01, 0.01, {{i >= 10000 && i < 20000 ? nan() : 5.0, 1}});
        DecimatedLine line;
        decimate(store, 0, sliceTimeRange(store, 0, 300, 300), line);
        size_t gaps = 0;
        for (size_t i = 0; i < line.v.size(); ++i) {
            QVERIFY(line.v[i] != 0.0);
            if (std::isnan(line.v[i])) {
                ++gaps;
                QVERIFY(line.t[i] >= 100 && line.t[i] < 200);
            }
        }
        QVERIFY2(gaps >= 90, qPrintable(QString::number(gaps))); // about a third of 300 columns
    }

    void fewPointsAreDrawnAsTheyAre() {
        TimelineStore store;
        store.reset(1);
        for (int i = 0; i < 100; ++i) store.append(i, 1, {{i % 3 == 0 ? nan() : double(i), 1}});
        const TimeColumns slices = sliceTimeRange(store, 10, 60, 800);
        QVERIFY(slices.everyPoint);
        DecimatedLine line;
        decimate(store, 0, slices, line);
        QCOMPARE(line.t.size(), size_t(53)); // 51 in range and one each side
        for (size_t i = 0; i < line.t.size(); ++i) {
            const auto index = static_cast<int>(line.t[i]);
            if (index % 3 == 0)
                QVERIFY(std::isnan(line.v[i]));
            else
                QCOMPARE(line.v[i], double(index));
        }
    }

    // A report edited by hand (or damaged) may have times out of order: the
    // columns still lie inside the range, in order, and every point drawn is a
    // stored one. (Without the clamp in sliceTimeRange, a column began after
    // the range's end in some of these stores.)
    void timesOutOfOrderStayInsideTheRange() {
        std::mt19937 rng(7);
        std::uniform_real_distribution<double> time(0, 10);
        for (int trial = 0; trial < 2000; ++trial) {
            const size_t n = 30 + static_cast<size_t>(trial % 170);
            std::vector<double> times(n);
            for (double& t : times) t = time(rng);
            std::sort(times.begin(), times.end());
            for (int swap = 0; swap < 1 + trial % 3; ++swap)
                std::swap(times[rng() % n], times[rng() % n]);
            TimelineStore store;
            store.reset(1);
            for (size_t i = 0; i < n; ++i) store.append(times[i], 0.01, {{double(i), 1}});
            const TimeColumns slices = sliceTimeRange(store, times.front(), times.back(), 10);
            for (size_t c = 0; c + 1 < slices.bounds.size(); ++c)
                QVERIFY2(slices.bounds[c] <= slices.bounds[c + 1], qPrintable(QString("trial %1").arg(trial)));
            QVERIFY(slices.bounds.empty() || slices.bounds.back() <= n);
            DecimatedLine line;
            decimate(store, 0, slices, line);
            for (double v : line.v) QVERIFY(std::isnan(v) || (v >= 0 && v < double(n) && v == std::trunc(v)));
        }
    }

    void memoryPerPointIsCompact() {
        const size_t points = 300000, seriesCount = 8;
        TimelineStore store;
        store.reset(seriesCount);
        std::vector<CountValue> row(seriesCount);
        for (size_t i = 0; i < points; ++i) {
            for (size_t s = 0; s < seriesCount; ++s) row[s] = {double(i * (s + 1)), 1.0};
            row[7].coverage = 0.5 + 0.5 * double(i % 2); // multiplexed: its coverage needs a column
            store.append(double(i) * 0.01, 0.01, row);
        }
        // A value (8 bytes) plus about 2.3 bytes of min/max pyramid and at most one chunk of slack.
        const double uniform = double(store.series(0).bytesAllocated()) / points;
        QVERIFY2(uniform <= 11.0, qPrintable(QString::number(uniform)));
        // Plus a 4-byte coverage when coverage varies.
        const double varying = double(store.series(7).bytesAllocated()) / points;
        QVERIFY2(varying <= 15.0, qPrintable(QString::number(varying)));
        // Whole store, with the shared time columns (16 bytes per interval).
        const double perPoint = double(store.bytesAllocated()) / double(points * seriesCount);
        QVERIFY2(perPoint <= 13.5, qPrintable(QString::number(perPoint)));
    }
};

QTEST_GUILESS_MAIN(TestTimelineStore)
#include "test_timeline_store.moc"
