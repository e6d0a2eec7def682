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
// Coverage between 0.5 and 1 when `varyCoverage`, else 1.
TimelineStore randomStore(size_t points, size_t seriesCount, unsigned seed, TimelineLimits limits = {},
                          bool varyCoverage = false) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> value(-1000, 1000), step(0.005, 0.02), share(0.5, 1.0);
    std::bernoulli_distribution missing(0.1);
    TimelineStore store;
    store.reset(seriesCount, limits);
    double t = 0;
    std::vector<CountValue> row(seriesCount);
    for (size_t i = 0; i < points; ++i) {
        const double dt = step(rng);
        t += dt;
        for (auto& sample : row) sample = {missing(rng) ? nan() : value(rng), varyCoverage ? share(rng) : 1.0};
        store.append(t, dt, row);
    }
    return store;
}

WeightedSum bruteForceSum(const TimelineStore& store, size_t series, size_t begin, size_t end) {
    WeightedSum s;
    for (size_t i = begin; i < end; ++i) s.add(store.series(series).value(i), store.duration(i));
    return s;
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

    // The same values into a store without limits and one that keeps 64
    // intervals point by point and at most 16 buckets per series.
    void aLimitedStoreKeepsTheNewestPointsAndExactBucketSums() {
        const TimelineLimits limits{64, 16};
        const size_t points = 5000;
        const TimelineStore all = randomStore(points, 2, 5, {}, true), limited = randomStore(points, 2, 5, limits, true);
        QCOMPARE(limited.size(), all.size());
        const size_t bucket = limited.bucketSize(), coarseEnd = limited.coarseEnd();
        // 4936 older intervals in at most 16 buckets: 512 intervals each, 9 full and one filling.
        QCOMPARE(coarseEnd, points - 64);
        QCOMPARE(bucket, size_t(512));
        QCOMPARE(limited.series(0).bucketCount(), size_t(10));
        for (size_t s = 0; s < 2; ++s) {
            const SeriesColumn &a = all.series(s), &l = limited.series(s);
            for (size_t i = 0; i < points; ++i) QCOMPARE(limited.time(i), all.time(i));
            for (size_t i = coarseEnd; i < points; ++i) {
                QCOMPARE(l.value(i), a.value(i));
                QCOMPARE(l.coverage(i), a.coverage(i));
            }
            for (size_t b = 0; b < coarseEnd / bucket; ++b) {
                const size_t from = b * bucket, to = from + bucket;
                // A bucket's sum is its intervals' sum; a folded interval reads as the bucket's mean.
                const WeightedSum exact = bruteForceSum(all, s, from, to), kept = limited.weightedSum(s, from, to);
                QVERIFY(std::abs(kept.weight - exact.weight) < 1e-9);
                QVERIFY(std::abs(kept.sum - exact.sum) <= 1e-9 * std::abs(exact.weight) * 1000);
                QCOMPARE(l.value(from + 3), kept.mean());
                // Its range holds every value, rounded outwards to a float at most.
                const ValueRange want = bruteForce(a, from, to), got = l.range(from + 1, from + 2);
                QVERIFY(got.min <= want.min && want.min - got.min <= 1e-4);
                QVERIFY(got.max >= want.max && got.max - want.max <= 1e-4);
                double lowest = 1;
                for (size_t i = from; i < to; ++i) lowest = std::min(lowest, a.coverage(i));
                QVERIFY(std::abs(l.coverage(from) - lowest) < 1e-6);
            }
            // A span from the buckets into the newest points: whole buckets and points exactly.
            const size_t from = 2 * bucket, to = points - 10;
            const WeightedSum exact = bruteForceSum(all, s, from, to), kept = limited.weightedSum(s, from, to);
            QVERIFY(std::abs(kept.weight - exact.weight) < 1e-9);
            QVERIFY(std::abs(kept.sum - exact.sum) <= 1e-6);
            // Over the newest points the range is exact.
            const ValueRange want = bruteForce(a, coarseEnd + 3, points), got = l.range(coarseEnd + 3, points);
            QCOMPARE(got.min, want.min);
            QCOMPARE(got.max, want.max);
        }
        // Half a bucket: its mean over the part inside, weighted by the share of its length that had values.
        const WeightedSum half = limited.weightedSum(0, bucket / 2, bucket), whole = limited.weightedSum(0, 0, bucket);
        QVERIFY(std::abs(half.mean() - whole.mean()) < 1e-9);
        QVERIFY(half.weight > 0 && half.weight < whole.weight);
    }

    // The buckets' weights are the store's shared lengths until a series
    // misses a value: the sums, weights and means must be bit for bit those of
    // buckets that each keep their own weight, as WeightedSum adds them: in
    // order while a bucket fills, pairwise when buckets merge.
    void sharedBucketLengthsGiveExactlyTheSumsOfOwnWeights() {
        const TimelineLimits limits{64, 16};
        const size_t points = 7000, seriesCount = 3;
        std::mt19937 rng(11);
        std::uniform_real_distribution<double> value(-1000, 1000), step(0.005, 0.02);
        TimelineStore store;
        store.reset(seriesCount, limits);
        std::vector<std::vector<double>> values(seriesCount);
        std::vector<double> durations;
        double t = 0;
        for (size_t i = 0; i < points; ++i) {
            const double dt = step(rng);
            t += dt;
            // Series 0 always has a value; 1 misses one from interval 3000 on (after some merges); 2 from the start.
            std::vector<CountValue> row{{value(rng), 1.0},
                                        {i >= 3000 && i % 97 == 0 ? nan() : value(rng), 1.0},
                                        {i % 13 == 0 ? nan() : value(rng), 1.0}};
            for (size_t s = 0; s < seriesCount; ++s) values[s].push_back(row[s].value);
            durations.push_back(dt);
            store.append(t, dt, row);
        }
        for (size_t s = 0; s < seriesCount; ++s) {
            // Buckets that keep their own weight, filled and merged as the store fills and merges its own.
            std::vector<WeightedSum> own;
            size_t size = 1;
            for (size_t i = 0; i < store.coarseEnd(); ++i) {
                if (i == limits.maxBuckets * size) {
                    for (size_t b = 0; 2 * b + 1 < own.size(); ++b) {
                        WeightedSum merged = own[2 * b];
                        merged.add(own[2 * b + 1]);
                        own[b] = merged;
                    }
                    own.resize(own.size() / 2);
                    size *= 2;
                }
                if (i % size == 0) own.emplace_back();
                own.back().add(values[s][i], durations[i]);
            }
            QCOMPARE(size, store.bucketSize());
            QCOMPARE(own.size(), store.series(s).bucketCount());
            for (size_t b = 0; b < own.size(); ++b) {
                const size_t from = b * size, to = std::min(from + size, store.coarseEnd());
                const WeightedSum kept = store.weightedSum(s, from, to);
                // Exactly, not within a tolerance (QCOMPARE would compare doubles fuzzily).
                QVERIFY2(kept.sum == own[b].sum && kept.weight == own[b].weight,
                         qPrintable(QStringLiteral("series %1 bucket %2").arg(s).arg(b)));
                const double mean = store.series(s).value(from);
                QVERIFY(mean == own[b].mean() || (std::isnan(mean) && std::isnan(own[b].mean())));
            }
        }
    }

    void aLimitedStoreStaysTheSameSizeHoweverLongItRuns() {
        const TimelineLimits limits{1024, 64};
        const TimelineStore shorter = randomStore(20000, 1, 9, limits), longer = randomStore(200000, 1, 9, limits);
        // A value column of a few chunks, its pyramid and 64 buckets: the same after ten times the
        // intervals, but for a few spare chunk pointers.
        QVERIFY2(longer.series(0).bytesAllocated() <= shorter.series(0).bytesAllocated() + 64,
                 qPrintable(QStringLiteral("%1 vs %2").arg(longer.series(0).bytesAllocated()).arg(shorter.series(0).bytesAllocated())));
        QVERIFY(longer.series(0).bytesAllocated() < 64 * 1024);
        // Only the shared time columns grow: 16 bytes an interval.
        QVERIFY(longer.bytesAllocated() - longer.series(0).bytesAllocated() < 200000 * 16 + 64 * 1024);
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
