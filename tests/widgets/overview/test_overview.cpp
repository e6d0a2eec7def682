// The Overview page: its tile model under QAbstractItemModelTester (values,
// threshold bands, n/a with the reason for a metric whose input could not be
// counted), and the page itself read through its accessible names, as a
// screen reader would: the tiles' figures, the run's context, its phases.
#include <QAbstractItemModelTester>
#include <QDialog>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QSignalSpy>
#include <QtTest>

#include "widgets/LiveTestData.h"
#include "core/report/ReportJsonReader.h"
#include "core/result/ChangePoints.h"
#include "widgets/overview/MetricTile.h"
#include "widgets/overview/OverviewPage.h"
#include "widgets/overview/OverviewTileModel.h"
#include "widgets/common/TimelineData.h"

using namespace perfdash;

namespace {

int rowOf(const QAbstractItemModel& model, const QString& name) {
    for (int r = 0; r < model.rowCount(); ++r)
        if (model.index(r, 0).data().toString() == name) return r;
    return -1;
}

QVariant tileData(const QAbstractItemModel& model, const QString& name, int role) {
    const int row = rowOf(model, name);
    return row < 0 ? QVariant() : model.index(row, 0).data(role);
}

MetricThresholds cpiRule() {
    auto t = parseMetricThresholds(R"({"schema": 1, "thresholds": [
        {"metric": "CPI", "worse": "higher", "warn": 0.4, "bad": 2, "why": "the core waits"}]})", "test");
    return t.value();
}

// A session whose clock steps from 100 MHz to 400 MHz after 40 of 80 intervals
// (cycles per 0.1 s: 1e7, then 4e7): one group TEST on one CPU.
std::vector<IntervalResult> steppedSession() {
    std::vector<IntervalResult> out;
    for (size_t i = 0; i < 80; ++i) out.push_back(testdata::interval(0.1 * double(i + 1), 0.1, i < 40 ? 1e7 : 4e7, 1));
    return out;
}

MeasurementResult resultOf(const std::vector<IntervalResult>& intervals) {
    MeasurementResult r;
    r.config.mode = "launch";
    r.config.command = {"/usr/bin/stream", "-n", "3"};
    r.durationS = intervals.back().t;
    r.exitStatus = 0;
    r.locations = testdata::cpus(1);
    r.groups = {testdata::testGroup(r.durationS, 2.5e8, 1)};
    r.intervals = intervals;
    return r;
}

QStringList tileNames(const QWidget& page) {
    QStringList names;
    for (const MetricTile* tile : page.findChildren<MetricTile*>()) names << tile->accessibleName();
    return names;
}

} // namespace

class TestOverview : public QObject {
    Q_OBJECT
private slots:
    void tileModelFollowsTheSessionUnderTheTester() {
        TimelineData data;
        OverviewTileModel model(data);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setThresholds(cpiRule());
        QCOMPARE(model.rowCount(), 0);

        data.reset(testdata::cpus(2));
        data.append({testdata::interval(0.1, 0.1, 1e6, 2)});
        model.refresh();
        // One tile per metric of TEST: Clock, CPI, L3 miss rate.
        QCOMPARE(model.rowCount(), 3);
        // The latest interval: cycles 1e6 + 2e6 in 0.1 s = 30 MHz.
        QCOMPARE(tileData(model, "Clock", OverviewTileModel::ValueTextRole).toString(), QStringLiteral("30.00"));
        QCOMPARE(tileData(model, "Clock", OverviewTileModel::UnitRole).toString(), QStringLiteral("MHz"));
        QCOMPARE(tileData(model, "Clock", OverviewTileModel::CoverageTextRole).toString(), QStringLiteral("coverage 100.0%"));
        QCOMPARE(tileData(model, "Clock", Qt::AccessibleTextRole).toString(), QStringLiteral("Clock: 30.00 MHz"));
        QVERIFY(tileData(model, "Clock", OverviewTileModel::SeriesRole).toInt() >= 0);

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        data.append({testdata::interval(0.2, 0.1, 3e6, 2)});
        model.refresh();
        QCOMPARE(reset.size(), 0); // the same tiles, new values
        QCOMPARE(changed.size(), 1);
        QCOMPARE(tileData(model, "Clock", OverviewTileModel::ValueTextRole).toString(), QStringLiteral("90.00"));

        // The whole run replaces the latest interval, and stays.
        MeasurementResult result;
        result.durationS = 0.2;
        result.groups = {testdata::testGroup(0.2, 2e6, 2)};
        model.showResult(result);
        QVERIFY(model.wholeRun());
        QCOMPARE(tileData(model, "Clock", OverviewTileModel::ValueTextRole).toString(), QStringLiteral("30.00"));
        data.append({testdata::interval(0.3, 0.1, 9e6, 2)});
        model.refresh();
        QCOMPARE(tileData(model, "Clock", OverviewTileModel::ValueTextRole).toString(), QStringLiteral("30.00"));

        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void aMetricWithMissingInputsIsNaWithTheReason() {
        TimelineData data;
        OverviewTileModel model(data);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        data.reset(testdata::cpus(1));
        data.append({testdata::interval(0.1, 0.1, 1e6, 1)});
        model.refresh();
        QCOMPARE(tileData(model, "L3 miss rate", OverviewTileModel::ValueTextRole).toString(), QStringLiteral("n/a"));
        QCOMPARE(tileData(model, "L3 miss rate", OverviewTileModel::CoverageTextRole).toString(),
                 QStringLiteral("not counted"));
        const QString reason = tileData(model, "L3 miss rate", OverviewTileModel::ReasonRole).toString();
        QCOMPARE(reason, QStringLiteral("n/a: not counted here: LLC-load-misses: %1").arg(testdata::kNotCountedReason));
        QVERIFY(tileData(model, "L3 miss rate", Qt::ToolTipRole).toString().contains(reason));
        QCOMPARE(tileData(model, "L3 miss rate", Qt::AccessibleTextRole).toString(), QStringLiteral("L3 miss rate: n/a"));
        QCOMPARE(tileData(model, "L3 miss rate", OverviewTileModel::RatingRole).toInt(), int(Rating::None));
        // A counted metric without a threshold has no band and no reason.
        QCOMPARE(tileData(model, "Clock", OverviewTileModel::RatingRole).toInt(), int(Rating::None));
        QVERIFY(tileData(model, "Clock", OverviewTileModel::ReasonRole).toString().isEmpty());
    }

    void thresholdsColourTheTiles() {
        TimelineData data;
        OverviewTileModel model(data);
        data.reset(testdata::cpus(1));
        data.append({testdata::interval(0.1, 0.1, 1e6, 1)}); // CPI 0.5
        model.refresh();
        QCOMPARE(tileData(model, "CPI", OverviewTileModel::RatingRole).toInt(), int(Rating::None));
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setThresholds(cpiRule());
        QCOMPARE(changed.size(), 1);
        QCOMPARE(tileData(model, "CPI", OverviewTileModel::RatingRole).toInt(), int(Rating::Warning));
        QCOMPARE(tileData(model, "CPI", OverviewTileModel::ReasonRole).toString(), QStringLiteral("the core waits"));
    }

    // Without a rule in thresholds.json a tile takes the group file's own threshold (Intel's, in a TMA group),
    // marked as the reports mark it: 'with parent' only under a marked parent. The session is the synthetic one
    // (tests/fixtures/report/make-synthetic-tma.py).
    void groupThresholdsColourTheTiles() {
        auto loaded = readReportFile(qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() +
                                     "/report/synthetic-tma-4cpu.json");
        QVERIFY(loaded.ok());
        TimelineData data;
        OverviewTileModel model(data);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        data.reset(loaded->locations);
        data.append(loaded->intervals);
        model.showResult(*loaded);
        const auto rating = [&](const char* name) { return tileData(model, name, OverviewTileModel::RatingRole).toInt(); };
        QCOMPARE(rating("Backend bound"), int(Rating::Warning));    // 34.0 > 20
        QCOMPARE(rating("Memory bound"), int(Rating::Warning));     // 21.2 > 20, under a marked parent
        QCOMPARE(rating("Frontend bound"), int(Rating::Good));      // 14.2 < 15
        QCOMPARE(rating("Branch mispredicts"), int(Rating::Good));  // 11.0 > 10, but its parent is not marked
        QCOMPARE(rating("CPI"), int(Rating::None));                 // no threshold anywhere
        QCOMPARE(tileData(model, "Backend bound", OverviewTileModel::ReasonRole).toString(),
                 QStringLiteral("past the vendor's threshold (> 20) given in the group file"));
        // A rule of thresholds.json wins over the group's.
        auto rule = parseMetricThresholds(R"({"schema": 1, "thresholds": [
            {"metric": "Backend bound [%]", "worse": "higher", "warn": 50, "bad": 80, "why": "mine"}]})", "test");
        QVERIFY(rule.ok());
        model.setThresholds(*rule);
        QCOMPARE(rating("Backend bound"), int(Rating::Good));
    }

    void aTileWithoutAValueShowsNoUnit() {
        MetricTile tile;
        tile.setFigure("Clock", "1,234", "MHz", "coverage 100.0%", QColor());
        QCOMPARE(tile.accessibleName(), QStringLiteral("Clock: 1,234 MHz"));
        tile.setFigure("Clock", "n/a", "MHz", "not counted", QColor());
        QCOMPARE(tile.accessibleName(), QStringLiteral("Clock: n/a"));
    }

    void theRuntimeIsNoTile() {
        TimelineData data;
        OverviewTileModel model(data);
        IntervalResult interval = testdata::interval(0.1, 0.1, 1e6, 1);
        interval.groups[0].metrics.insert(interval.groups[0].metrics.begin(), MetricResult{"Runtime [s]", "time", {0.1}, 0.1, {}});
        data.reset(testdata::cpus(1));
        data.append({interval});
        model.refresh();
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(rowOf(model, "Runtime"), -1);
    }

    void tileValuesReadAtAGlance() {
        QCOMPARE(tileValueText(kNotAvailable), QStringLiteral("n/a"));
        QCOMPARE(tileValueText(0), QStringLiteral("0.00"));
        QCOMPARE(tileValueText(0.001234), QStringLiteral("0.00123"));
        QCOMPARE(tileValueText(2.5), QStringLiteral("2.50"));
        QCOMPARE(tileValueText(123.45), QStringLiteral("123.5"));
        QCOMPARE(tileValueText(99.9999), QStringLiteral("100.0"));
        QCOMPARE(tileValueText(0.99999), QStringLiteral("1.00"));
        QCOMPARE(tileValueText(123456.7), QLocale().toString(123457.0, 'f', 0));
        QCOMPARE(tileValueText(999949.0), QLocale().toString(999949.0, 'f', 0));
        QCOMPARE(tileValueText(999950.0), QStringLiteral("1.00 M"));
        QCOMPARE(tileValueText(1234567.8), QStringLiteral("1.23 M"));
        QCOMPARE(tileValueText(-45678901.0), QStringLiteral("-45.68 M"));
        QCOMPARE(tileValueText(12345678901.0), QStringLiteral("12.35 G"));
        QCOMPARE(tileValueText(999.96e9), QStringLiteral("1.00 T"));
        QCOMPARE(tileValueText(2.5e21), QLocale().toString(2500.0, 'f', 0) + QStringLiteral(" E"));
    }

    void aLargeFigureIsRoundedOnTheTileAndExactInItsTooltip() {
        TimelineData data;
        OverviewTileModel model(data);
        data.reset(testdata::cpus(1));
        data.append({testdata::interval(0.1, 0.1, 1.2345678e12, 1)}); // 1.2345678e12 cycles in 0.1 s
        model.refresh();
        QCOMPARE(tileData(model, "Clock", OverviewTileModel::ValueTextRole).toString(), QStringLiteral("12.35 M"));
        QCOMPARE(tileData(model, "Clock", Qt::AccessibleTextRole).toString(), QStringLiteral("Clock: 12.35 M MHz"));
        QVERIFY(tileData(model, "Clock", Qt::ToolTipRole).toString().contains(QStringLiteral("\n12345678 [MHz]")));
    }

    void aValueTooWideForItsTileIsDrawnSmallerNotCut() {
        QFont text;
        text.setPointSizeF(10);
        const QString wide = QStringLiteral("123,456,789,012");
        const QFont full = MetricTile::valueFont(text, QStringLiteral("1.00"), 200);
        QCOMPARE(full.pointSizeF(), 18.0);
        QVERIFY(full.bold());
        const int width = QFontMetrics(full).horizontalAdvance(wide) * 2 / 3;
        const QFont fitted = MetricTile::valueFont(text, wide, width);
        QVERIFY(fitted.pointSizeF() < 18.0);
        QVERIFY(fitted.pointSizeF() >= 10.0);
        QVERIFY(QFontMetrics(fitted).horizontalAdvance(wide) <= width);
        // Never below the text's size: past that the value is elided, not shrunk to dust.
        QCOMPARE(MetricTile::valueFont(text, wide, 10).pointSizeF(), 10.0);
    }

    // The page as a screen reader reads it: the figures of the tiles, the run's context, its phases.
    void thePageShowsFiguresContextAndPhases() {
        TimelineData timeline;
        OverviewPage page(timeline);
        page.resize(1280, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        timeline.reset(testdata::cpus(1));
        page.beginRun();
        QVERIFY(page.contextText().contains("Measuring now"));
        const auto intervals = steppedSession();
        timeline.append(intervals);
        page.timelineGrew();
        page.flush();
        // Live: the latest interval's figures.
        QVERIFY2(tileNames(page).contains("Clock: 400.0 MHz"), qPrintable(tileNames(page).join(", ")));

        MeasurementResult result = resultOf(intervals);
        page.finishRun(result);
        const QStringList names = tileNames(page);
        QCOMPARE(names.size(), 3);
        // Whole run: 2.5e8 cycles in 8 s.
        QVERIFY2(names.contains("Clock: 31.25 MHz"), qPrintable(names.join(", ")));
        QVERIFY(names.contains("CPI: 0.5"));
        QVERIFY(names.contains("L3 miss rate: n/a"));
        QVERIFY2(page.contextText().contains("<b>Finished</b>: stream -n 3 · launched, any CPU · 8.00 s · exit status 0"),
                 qPrintable(page.contextText()));

        // The clock's step is the one phase boundary, at 4 s.
        QCOMPARE(page.phases().size(), size_t(2));
        QCOMPARE(page.phases()[1].from, size_t(40));
        auto* table = page.findChild<QTableWidget*>(QStringLiteral("overviewPhases"));
        QVERIFY(table && table->isVisible());
        QCOMPARE(table->rowCount(), 2);
        QCOMPARE(table->item(0, 1)->text(), QStringLiteral("0.00 – 4.00 s"));
        QCOMPARE(table->item(0, 2)->text(), QStringLiteral("100.0")); // the clock in MHz
        QCOMPARE(table->item(1, 2)->text(), QStringLiteral("400.0"));

        // The group's LONG text is one click away.
        page.setGroupDescriptions([](const QString& group) { return QStringLiteral("long text of %1").arg(group); });
        QPushButton* about = nullptr;
        for (QPushButton* b : page.findChildren<QPushButton*>())
            if (b->text().startsWith("About TEST")) about = b;
        QVERIFY(about);
        about->click();
        QDialog* dialog = page.findChild<QDialog*>();
        QVERIFY(dialog && dialog->isVisible());
        QVERIFY(dialog->findChild<QPlainTextEdit*>()->toPlainText() == QStringLiteral("long text of TEST"));
        dialog->close();
    }

    // A replay shown all at once: the whole run arrives before any frame was drawn.
    void phasesShownAllAtOnceAreMarkedOnTheTiles() {
        TimelineData timeline;
        OverviewPage page(timeline);
        const auto intervals = steppedSession();
        timeline.reset(testdata::cpus(1));
        page.beginRun();
        timeline.append(intervals);
        page.timelineGrew();
        page.finishRun(resultOf(intervals));
        QCOMPARE(page.phases().size(), size_t(2));
        // A phase activated in the table (Return, or a double-click) gives its span (the Hotspots page shows
        // its hot functions).
        QSignalSpy activated(&page, &OverviewPage::phaseActivated);
        auto* table = page.findChild<QTableWidget*>(QStringLiteral("overviewPhases"));
        QVERIFY(table && table->rowCount() == 2);
        table->setCurrentCell(1, 0);
        QTest::keyClick(table, Qt::Key_Return);
        QCOMPARE(activated.size(), 1);
        QVERIFY(qFuzzyCompare(activated.front()[0].toDouble(), page.phases()[1].start));
        QVERIFY(qFuzzyCompare(activated.front()[1].toDouble(), page.phases()[1].end));
        const auto tiles = page.findChildren<MetricTile*>();
        QCOMPARE(tiles.size(), 3);
        for (const MetricTile* tile : tiles) {
            QCOMPARE(tile->boundaries().size(), size_t(1));
            QVERIFY(qFuzzyCompare(tile->boundaries().front(), 4.0));
        }
    }

    // A long live run, two intervals a frame: the store folds old intervals
    // into buckets and the page finds the phases again only when a bucket is
    // complete. Its phases are those found on the whole store at once (checked
    // every 32 frames), and the last phase reaches the newest interval.
    void phasesFollowALongRunFrameByFrame() {
        TimelineData timeline;
        OverviewPage page(timeline);
        timeline.reset(testdata::cpus(1));
        page.beginRun();
        const size_t count = 6000, step = 2400; // the clock steps after 2400 intervals
        for (size_t i = 0; i < count; i += 2) {
            std::vector<IntervalResult> batch;
            for (size_t k = i; k < i + 2; ++k)
                batch.push_back(testdata::interval(0.01 * double(k + 1), 0.01, k < step ? 1e6 : 4e6, 1));
            timeline.append(batch);
            page.timelineGrew();
            page.flush();
            const TimelineStore& store = timeline.store();
            if (i % 64 != 0 && i + 2 < count) continue; // checked every 32 frames and at the end
            std::vector<size_t> series;
            for (size_t s : page.tiles()->tileSeries())
                if (timeline.series()[s].unit != QLatin1String("s")) series.push_back(s);
            ChangePointOptions options;
            options.minSegment = std::max<size_t>(3, size_t(double(store.size()) * 0.05)); // the page's 5 % of the run
            const std::vector<Phase> batchPhases = detectPhases(store, series, options);
            QCOMPARE(page.phases().size(), batchPhases.size());
            for (size_t p = 0; p < batchPhases.size(); ++p) {
                QCOMPARE(page.phases()[p].from, batchPhases[p].from);
                QCOMPARE(page.phases()[p].to, batchPhases[p].to);
            }
            QCOMPARE(page.phases().back().to, store.size());
        }
        QVERIFY(timeline.store().bucketSize() > 1); // the run was long enough to fold intervals
        QCOMPARE(page.phases().size(), size_t(2));
        QCOMPARE(page.phases()[1].from, step);
    }

    void aReplayIsLabelledRecorded() {
        TimelineData timeline;
        OverviewPage page(timeline);
        MeasurementResult result = resultOf(steppedSession());
        result.replay = true;
        result.startedAt = "2024-05-01T10:00:00+02:00";
        timeline.reset(result.locations);
        page.beginRun();
        page.showContext(result);
        QVERIFY(page.contextText().startsWith("<b>Recorded</b>"));
        auto* limitations = page.findChild<QLabel*>(QStringLiteral("overviewLimitations"));
        QVERIFY(limitations->text().contains("Recorded data: replayed from a saved session (recorded 2024-05-01T10:00:00+02:00)"));
        QVERIFY(limitations->text().contains("Not counted: 1 event(s)"));
    }

    // A run (or a saved session) without intervals has no phases, and the note says why instead of waiting.
    void aRunWithoutIntervalsSaysItHasNoPhases() {
        TimelineData timeline;
        OverviewPage page(timeline);
        timeline.reset(testdata::cpus(1));
        page.beginRun();
        auto* note = page.findChild<QLabel*>(QStringLiteral("overviewPhaseNote"));
        QVERIFY(note->text().startsWith("No timeline yet"));
        page.finishRun(resultOf(steppedSession()));
        QVERIFY2(note->text().startsWith("This run recorded no intervals"), qPrintable(note->text()));
    }

    void aSteadyRunIsOnePhase() {
        TimelineData timeline;
        OverviewPage page(timeline);
        timeline.reset(testdata::cpus(1));
        page.beginRun();
        std::vector<IntervalResult> steady;
        for (size_t i = 0; i < 50; ++i) steady.push_back(testdata::interval(0.1 * double(i + 1), 0.1, 1e7, 1));
        timeline.append(steady);
        page.timelineGrew();
        page.flush();
        QCOMPARE(page.phases().size(), size_t(1));
        QVERIFY(page.findChild<QLabel*>(QStringLiteral("overviewPhaseNote"))->text().startsWith("One phase"));
    }
};

QTEST_MAIN(TestOverview)
#include "test_overview.moc"
