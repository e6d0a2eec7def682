// Phase detection on synthetic series whose change points are known.
#include <QtTest>
#include <cmath>
#include <random>

#include "core/result/ChangePoints.h"

using namespace perfdash;

namespace {
// Levels with Gaussian noise of `sigma` (a fixed seed: the same series every run).
std::vector<double> steps(const std::vector<std::pair<size_t, double>>& levels, double sigma, unsigned seed = 7) {
    std::mt19937 rng(seed);
    std::normal_distribution<double> noise(0.0, sigma);
    std::vector<double> out;
    for (auto [length, level] : levels)
        for (size_t i = 0; i < length; ++i) out.push_back(level + noise(rng));
    return out;
}
} // namespace

class TestChangePoints : public QObject {
    Q_OBJECT
private slots:
    void findsTheDemosThreePhases() {
        // touch (many page faults), yield (few), compute (almost none): 40 + 50 + 60 intervals.
        const auto series = steps({{40, 1000.0}, {50, 300.0}, {60, 20.0}}, 30.0);
        QCOMPARE(detectChangePoints(series), (std::vector<size_t>{40, 90}));
    }
    void findsAStepUpAndBackDown() {
        const auto series = steps({{30, 1.0}, {20, 3.0}, {30, 1.0}}, 0.1, 11);
        QCOMPARE(detectChangePoints(series), (std::vector<size_t>{30, 50}));
    }
    void exactStepsWithoutNoise() {
        std::vector<double> series(10, 5.0);
        series.insert(series.end(), 10, 10.0);
        QCOMPARE(detectChangePoints(series), (std::vector<size_t>{10}));
    }
    void noiseAloneIsOnePhase() {
        const auto series = steps({{200, 100.0}}, 10.0, 3);
        QVERIFY(detectChangePoints(series).empty());
    }
    void aSmallShiftIsNotAPhase() {
        // 10 % more, with almost no noise: real, but not "marked".
        const auto series = steps({{50, 100.0}, {50, 110.0}}, 0.01);
        QVERIFY(detectChangePoints(series).empty());
        ChangePointOptions sensitive;
        sensitive.minRelativeShift = 0.05;
        QCOMPARE(detectChangePoints(series, sensitive), (std::vector<size_t>{50}));
    }
    void aRippleBesideAGreatStepIsNotAPhase() {
        // 300 → 500 is +67 %, but tiny beside the jump to 200,000.
        const auto series = steps({{30, 300.0}, {30, 500.0}, {30, 200000.0}}, 1.0);
        QCOMPARE(detectChangePoints(series), (std::vector<size_t>{60}));
        ChangePointOptions anyStep;
        anyStep.minSpreadShare = 0;
        QCOMPARE(detectChangePoints(series, anyStep), (std::vector<size_t>{30, 60}));
    }
    void pointsWithoutAValueAreSkipped() {
        auto series = steps({{20, 10.0}, {20, 50.0}}, 0.5);
        series[5] = series[25] = std::nan("");
        series[19] = std::nan(""); // the last point before the step: the phase starts at 20 all the same
        QCOMPARE(detectChangePoints(series), (std::vector<size_t>{20}));
    }
    void outliersAreNotPhases() {
        // Spikes shorter than half a minimal segment move a mean, not a median.
        std::vector<double> series(30, 1.0);
        series[14] = 100.0;
        series[22] = 100.0;
        QVERIFY(detectChangePoints(series).empty());
        ChangePointOptions longer;
        longer.minSegment = 5;
        series[23] = 100.0; // two points in a row
        QVERIFY(detectChangePoints(series, longer).empty());
    }
    void tooShortASeriesHasNoPhases() {
        QVERIFY(detectChangePoints(std::vector<double>{}).empty());
        QVERIFY(detectChangePoints(std::vector<double>{1, 100, 1, 100, 1}).empty());
    }
    void theCapKeepsTheMostMarkedBoundaries() {
        const auto series = steps({{20, 1.0}, {20, 100.0}, {20, 130.0}}, 0.01);
        ChangePointOptions one;
        one.maxChangePoints = 1;
        one.minRelativeShift = 0.1;
        QCOMPARE(detectChangePoints(series, one), (std::vector<size_t>{20}));
        one.maxChangePoints = 2;
        QCOMPARE(detectChangePoints(series, one), (std::vector<size_t>{20, 40}));
    }
    void mergesNearbyBoundariesOfSeveralSeries() {
        QCOMPARE(mergeChangePoints({{40, 90}, {41, 120}, {}}, 3), (std::vector<size_t>{40, 90, 120}));
        QCOMPARE(mergeChangePoints({{10}, {13}}, 3), (std::vector<size_t>{10, 13}));
    }
    void phasesOfASessionAndTheirMeans() {
        // Two series over 0.1 s intervals: one steps at interval 40, the other at 41 (one boundary), and at 90.
        TimelineStore store;
        store.reset(2);
        const auto faults = steps({{40, 1000.0}, {60, 50.0}}, 5.0);
        const auto switches = steps({{41, 10.0}, {49, 10.0}, {10, 5000.0}}, 1.0, 5);
        for (size_t i = 0; i < faults.size(); ++i)
            store.append(0.1 * double(i + 1), 0.1, {{faults[i], 1.0}, {switches[i], 1.0}});
        const std::vector<Phase> phases = detectPhases(store, {0, 1});
        QCOMPARE(phases.size(), size_t(3));
        QCOMPARE(phases[0].from, size_t(0));
        QCOMPARE(phases[0].to, size_t(40));
        QCOMPARE(phases[1].to, size_t(90));
        QCOMPARE(phases[2].to, size_t(100));
        QVERIFY(qFuzzyCompare(phases[1].start, 4.0));
        QVERIFY(qFuzzyCompare(phases[2].end, 10.0));
        // The phase's level, within the noise (σ 5 over 40 points: the mean is off by about 1).
        QVERIFY(std::abs(weightedMean(store, 0, phases[0].from, phases[0].to) - 1000.0) < 5.0);
        QVERIFY(std::abs(weightedMean(store, 1, phases[2].from, phases[2].to) - 5000.0) < 5.0);
        QVERIFY(detectPhases(TimelineStore{}, {}).empty());
    }
    // The live store keeps old intervals as buckets; the phases found on it,
    // filled one interval at a time, are those of the whole series read at once.
    void phasesOfALimitedStoreAreThoseOfTheWholeSeries() {
        const auto series = steps({{40, 1000.0}, {50, 300.0}, {60, 20.0}}, 30.0);
        const std::vector<size_t> batch = detectChangePoints(series);
        QCOMPARE(batch, (std::vector<size_t>{40, 90}));
        TimelineStore all, limited;
        all.reset(1);
        limited.reset(1, TimelineLimits{16, 128});
        for (size_t i = 0; i < series.size(); ++i) {
            all.append(0.1 * double(i + 1), 0.1, {{series[i], 1.0}});
            limited.append(0.1 * double(i + 1), 0.1, {{series[i], 1.0}});
        }
        QVERIFY(limited.coarseEnd() > 90); // both boundaries lie among the buckets
        QCOMPARE(limited.bucketSize(), size_t(2));
        const std::vector<Phase> phases = detectPhases(limited, {0});
        QCOMPARE(phases.size(), size_t(3));
        QCOMPARE(phases[0].to, batch[0]);
        QCOMPARE(phases[1].to, batch[1]);
        QCOMPARE(phases[2].to, series.size());
        const std::vector<Phase> unlimited = detectPhases(all, {0});
        QCOMPARE(unlimited.size(), phases.size());
        for (size_t p = 0; p < phases.size(); ++p) {
            QCOMPARE(phases[p].from, unlimited[p].from);
            QCOMPARE(phases[p].start, unlimited[p].start);
            QCOMPARE(phases[p].end, unlimited[p].end);
            // The phase's mean from the buckets is the mean of its intervals.
            QVERIFY(qFuzzyCompare(weightedMean(limited, 0, phases[p].from, phases[p].to),
                                  weightedMean(all, 0, phases[p].from, phases[p].to)));
        }
    }
    void weightedMeanWeighsByIntervalLengthAndSkipsNa() {
        TimelineStore store;
        store.reset(1);
        store.append(1.0, 1.0, {{10.0, 1.0}});
        store.append(4.0, 3.0, {{30.0, 1.0}});
        store.append(5.0, 1.0, {{std::nan(""), std::nan("")}});
        QCOMPARE(weightedMean(store, 0, 0, 3), 25.0); // (10·1 + 30·3) / 4
        QVERIFY(std::isnan(weightedMean(store, 0, 2, 3)));
    }
};

QTEST_APPLESS_MAIN(TestChangePoints)
#include "test_change_points.moc"
