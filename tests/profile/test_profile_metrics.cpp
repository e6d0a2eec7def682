// The per-function metrics and their errors (core/profile/ProfileMetrics.h):
// the group's formula on summed deltas, and a delta-method standard error
// that matches the spread of the same estimate over many simulated
// selections; too few samples marked; shares with their binomial error.
#include <QtTest>

#include <cmath>
#include <random>

#include "core/profile/ProfileMetrics.h"

using namespace perfdash;

namespace {

// Two events A and B and the metric A/B, and time.
Profile ratioProfile() {
    Profile p;
    p.events = {{"PMC0", "a", true, ""}, {"PMC1", "b", true, ""}};
    p.metrics = {{"ratio", "PMC0/PMC1"}, {"rate", "PMC0/time"}};
    return p;
}

// Sums and second moments of n samples drawn as a real function's would be:
// B (cycles) around 1e5 per sample, A (instructions) B times a per-sample
// ratio around 1.5 with 20 % spread, time 25 µs per sample.
std::vector<double> simulate(const ProfileColumns& c, std::mt19937_64& random, size_t n) {
    std::vector<double> sums(c.count(), 0.0);
    std::normal_distribution<double> cycles(1e5, 2e4), ratio(1.5, 0.3);
    for (size_t i = 0; i < n; ++i) {
        const double b = std::max(1.0, cycles(random));
        const double a = std::max(0.0, b * ratio(random));
        const double t = 25000;
        const double v[] = {a, b, t};
        sums[ProfileColumns::kSamples] += 1;
        sums[ProfileColumns::kWeight] += b;
        sums[c.event(0)] += a;
        sums[c.event(1)] += b;
        sums[c.time()] += t;
        for (size_t x = 0; x < 3; ++x)
            for (size_t y = x; y < 3; ++y) sums[c.moment(x, y)] += v[x] * v[y];
    }
    return sums;
}

} // namespace

class TestProfileMetrics : public QObject {
    Q_OBJECT
private slots:
    void valueIsTheFormulaOnTheSums() {
        const Profile p = ratioProfile();
        auto metrics = ProfileMetrics::compile(p);
        QVERIFY2(metrics.ok(), metrics.ok() ? "" : metrics.error().message.c_str());
        std::mt19937_64 random(1);
        const auto sums = simulate(p.columns(), random, 500);
        const auto values = metrics->evaluate(sums);
        QCOMPARE(values.size(), size_t{2});
        QCOMPARE(values[0].value, sums[p.columns().event(0)] / sums[p.columns().event(1)]);
        QCOMPARE(values[1].value, sums[p.columns().event(0)] / (sums[p.columns().time()] / 1e9));
        QVERIFY(!values[0].few && std::isfinite(values[0].error));
    }

    // The delta method's error against the real spread: the ratio estimated
    // from 2000 independent selections of n samples each.
    void errorMatchesTheSpreadOfTheEstimate_data() {
        QTest::addColumn<int>("samples");
        QTest::newRow("50") << 50;
        QTest::newRow("400") << 400;
    }
    void errorMatchesTheSpreadOfTheEstimate() {
        QFETCH(int, samples);
        const Profile p = ratioProfile();
        auto metrics = ProfileMetrics::compile(p);
        QVERIFY(metrics.ok());
        std::mt19937_64 random(42);
        std::vector<double> estimates, errors;
        for (int round = 0; round < 2000; ++round) {
            const auto values = metrics->evaluate(simulate(p.columns(), random, static_cast<size_t>(samples)));
            estimates.push_back(values[0].value);
            errors.push_back(values[0].error);
        }
        double mean = 0, meanError = 0;
        for (size_t i = 0; i < estimates.size(); ++i) {
            mean += estimates[i] / estimates.size();
            meanError += errors[i] / errors.size();
        }
        double variance = 0;
        for (double e : estimates) variance += (e - mean) * (e - mean) / (estimates.size() - 1);
        const double spread = std::sqrt(variance);
        QVERIFY2(std::abs(meanError / spread - 1) < 0.1,
                 QString("delta method %1, spread %2").arg(meanError).arg(spread).toLocal8Bit().constData());
    }

    void tooFewSamplesAreMarked() {
        const Profile p = ratioProfile();
        auto metrics = ProfileMetrics::compile(p);
        QVERIFY(metrics.ok());
        std::mt19937_64 random(7);
        QVERIFY(metrics->evaluate(simulate(p.columns(), random, 29))[0].few);
        QVERIFY(!metrics->evaluate(simulate(p.columns(), random, 30))[0].few);
    }

    // An event not in the samples makes its metrics n/a, never 0.
    void anEventNotSampledIsNotAvailable() {
        Profile p = ratioProfile();
        p.events[1].inSamples = false;
        auto metrics = ProfileMetrics::compile(p);
        QVERIFY(metrics.ok());
        std::mt19937_64 random(3);
        const auto values = metrics->evaluate(simulate(p.columns(), random, 100));
        QVERIFY(std::isnan(values[0].value));
        QVERIFY(values[0].few);
        QVERIFY(std::isfinite(values[1].value)); // PMC0/time does not read PMC1
    }

    void shareAndItsBinomialError() {
        const Share s = shareOf(30, 100, 400);
        QCOMPARE(s.value, 0.3);
        QCOMPARE(s.error, std::sqrt(0.3 * 0.7 / 400));
        QCOMPARE(shareOf(1, 0, 0).value, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestProfileMetrics)
#include "test_profile_metrics.moc"
