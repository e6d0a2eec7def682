// The top-down view on the synthetic TMA session
// (tests/fixtures/report/make-synthetic-tma.py, made up: this machine has no
// PMU): its model under QAbstractItemModelTester, the drill-down's values as
// a screen reader reads them, a span chosen by dragging across the chart,
// one CPU's breakdown, the stacked chart's columns, the palette, and the
// message a session without a top-down group gets.
#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLocale>
#include <QtTest>
#include <cmath>

#include "widgets/LiveTestData.h"
#include "core/report/ReportJsonReader.h"
#include "widgets/common/TimelineData.h"
#include "widgets/live/TopDownCharts.h"
#include "widgets/live/TopDownModel.h"
#include "widgets/live/TopDownView.h"

using namespace perfdash;

namespace {

MeasurementResult synthetic() {
    auto r = readReportFile(qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() + "/report/synthetic-tma-4cpu.json");
    if (!r.ok()) qFatal("%s", r.error().message.c_str());
    return *r;
}

size_t metricIndex(const GroupResult& g, const std::string& name) {
    for (size_t m = 0; m < g.metrics.size(); ++m)
        if (g.metrics[m].name == name) return m;
    qFatal("no metric %s", name.c_str());
}

// The model's row of a metric, anywhere in the tree.
QModelIndex rowOf(const TopDownModel& model, const QString& name, int column = TopDownModel::NameColumn) {
    const auto found = model.match(model.index(0, 0), Qt::DisplayRole, name, 1, Qt::MatchExactly | Qt::MatchRecursive);
    if (found.isEmpty()) return {};
    return found.front().siblingAtColumn(column);
}

double valueOf(const TopDownModel& model, const QString& name) {
    return rowOf(model, name).data(TopDownModel::ValueRole).toDouble();
}

struct Fixture {
    MeasurementResult result = synthetic();
    TimelineData timeline;
    TopDownView view{timeline};

    Fixture() {
        view.resize(1280, 700);
        timeline.reset(result.locations);
        view.beginRun();
        timeline.append(result.intervals);
        view.timelineGrew();
        view.flush();
    }
};

} // namespace

class TestTopDownView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void modelUnderTheTester() {
        const MeasurementResult r = synthetic();
        TopDownModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setGroup(&r.groups[0]);
        QCOMPARE(model.rowCount(), 4);
        for (int row = 0; row < 4; ++row) QCOMPARE(model.rowCount(model.index(row, 0)), 2);
        QCOMPARE(model.index(2, 0).data().toString(), QStringLiteral("Backend bound"));
        QCOMPARE(model.index(0, 0, model.index(2, 0)).data().toString(), QStringLiteral("Memory bound"));
        QCOMPARE(model.index(2, TopDownModel::ThresholdColumn).data().toString(), QStringLiteral("> 20"));
        // No values yet: n/a, nothing marked.
        QCOMPARE(model.index(2, TopDownModel::ShareColumn).data().toString(), QStringLiteral("n/a"));
        QVERIFY(!model.index(2, 0).data(TopDownModel::MarkedRole).toBool());
        model.setValues(aggregateValues(r.groups[0]));
        QCOMPARE(model.index(2, TopDownModel::ShareColumn).data().toString(), QStringLiteral("34.0 %"));
        QVERIFY(model.index(2, 0).data(TopDownModel::MarkedRole).toBool());
        model.setGroup(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    // Finished: the whole run's figures are the result's, as the reports print them.
    void wholeRunAsScreenReadersReadIt() {
        Fixture f;
        QVERIFY(f.view.placeholderText().isEmpty());
        f.view.showResult(f.result);
        const QString read = f.view.bars()->accessibleName();
        QVERIFY2(read.contains(QStringLiteral("Backend bound: 34.0 %, past its threshold > 20;")), qPrintable(read));
        QVERIFY2(read.contains(QStringLiteral("Memory bound: 21.2 %, past its threshold > 20 & parent;")), qPrintable(read));
        QVERIFY2(read.contains(QStringLiteral("Frontend bound: 14.2 %;")), qPrintable(read));
        QVERIFY2(read.contains(QStringLiteral("Light operations: 32.0 %;")), qPrintable(read));
        QCOMPARE(f.view.spanText(), QStringLiteral("Whole run, all locations"));
    }

    // While it runs: the duration-weighted mean of the intervals so far, kept up as more come.
    void runningMeanGrowsWithTheTimeline() {
        MeasurementResult r = synthetic();
        TimelineData timeline;
        TopDownView view(timeline);
        timeline.reset(r.locations);
        view.beginRun();
        const std::vector<IntervalResult> first(r.intervals.begin(), r.intervals.begin() + 20);
        timeline.append(first);
        view.timelineGrew();
        view.flush();
        const size_t memory = metricIndex(r.groups[0], "Memory bound [%]");
        double sum = 0;
        for (const auto& i : first) sum += i.groups[0].metrics[memory].aggregate;
        QVERIFY(std::abs(valueOf(*view.model(), QStringLiteral("Memory bound")) - sum / 20) < 1e-9);
        const std::vector<IntervalResult> rest(r.intervals.begin() + 20, r.intervals.end());
        timeline.append(rest);
        view.timelineGrew();
        view.flush();
        for (const auto& i : rest) sum += i.groups[0].metrics[memory].aggregate;
        QVERIFY(std::abs(valueOf(*view.model(), QStringLiteral("Memory bound")) - sum / 60) < 1e-9);
    }

    // Dragging across the chart breaks down that span: the memory-bound phase (5-10 s) is marked.
    void spanChosenByDragging() {
        Fixture f;
        f.view.showResult(f.result);
        f.view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&f.view));
        TopDownTimeline& chart = *f.view.timeline();
        const int y = chart.plotRect().center().y();
        QTest::mousePress(&chart, Qt::LeftButton, {}, QPoint(chart.xOf(5.5), y));
        QTest::mouseMove(&chart, QPoint(chart.xOf(7.5), y));
        QTest::mouseRelease(&chart, Qt::LeftButton, {}, QPoint(chart.xOf(9.5), y));
        const auto [from, to] = f.view.span();
        QVERIFY2(std::abs(from - 5.5) < 0.1 && std::abs(to - 9.5) < 0.1, qPrintable(f.view.spanText()));
        // The expected figure from the file itself: the intervals that end inside the span.
        const size_t memory = metricIndex(f.result.groups[0], "Memory bound [%]");
        double sum = 0, weight = 0;
        for (const auto& i : f.result.intervals)
            if (i.t > from && i.t <= to) sum += i.groups[0].metrics[memory].aggregate * i.dt, weight += i.dt;
        QVERIFY(weight > 0);
        QVERIFY(std::abs(valueOf(*f.view.model(), QStringLiteral("Memory bound")) - sum / weight) < 1e-9);
        QVERIFY(sum / weight > 40); // the phase is memory bound
        QVERIFY(rowOf(*f.view.model(), QStringLiteral("Memory bound")).data(TopDownModel::MarkedRole).toBool());
        QVERIFY(f.view.spanText().startsWith(QStringLiteral("5.")));
        // A click is no span; "Whole run" goes back.
        QTest::mouseClick(&chart, Qt::LeftButton, {}, QPoint(chart.xOf(2), y));
        QCOMPARE(f.view.span(), std::make_pair(from, to));
        f.view.selectSpan(0, 0);
        QCOMPARE(f.view.model()->index(2, TopDownModel::ShareColumn).data().toString(), QStringLiteral("34.0 %"));
    }

    void oneCpu() {
        Fixture f;
        f.view.showResult(f.result);
        QCOMPARE(f.view.locationBox()->count(), 5);
        QCOMPARE(f.view.locationBox()->itemText(3), QStringLiteral("CPU 2"));
        f.view.selectLocation(2);
        const size_t backend = metricIndex(f.result.groups[0], "Backend bound [%]");
        QCOMPARE(valueOf(*f.view.model(), QStringLiteral("Backend bound")), f.result.groups[0].metrics[backend].perLocation[2]);
        QVERIFY(f.view.spanText().endsWith(QStringLiteral("CPU 2")));
    }

    // Level-1 shares add up to 100 % in every column of the stacked chart.
    void stackedColumnsAreShares() {
        Fixture f;
        f.view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&f.view));
        const auto& columns = f.view.timeline()->columns();
        QVERIFY(columns.size() > 100);
        size_t drawn = 0;
        for (const auto& column : columns) {
            QCOMPARE(column.size(), size_t(4));
            if (std::isnan(column[0])) continue;
            ++drawn;
            double sum = 0;
            for (double v : column) sum += v;
            QVERIFY2(std::abs(sum - 100) < 1e-3, qPrintable(QString::number(sum)));
        }
        QVERIFY(drawn > 50);
    }

    void followsADarkPalette() {
        Fixture f;
        QPalette dark;
        dark.setColor(QPalette::Base, QColor(0x20, 0x20, 0x20));
        dark.setColor(QPalette::Window, QColor(0x30, 0x30, 0x30));
        dark.setColor(QPalette::WindowText, Qt::white);
        f.view.setPalette(dark);
        f.view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&f.view));
        for (QWidget* w : {static_cast<QWidget*>(f.view.timeline()), static_cast<QWidget*>(f.view.bars())}) {
            const QImage image = w->grab().toImage();
            QCOMPARE(QColor(image.pixel(1, image.height() - 2)), QColor(0x20, 0x20, 0x20));
        }
    }

    void sessionWithoutATopDownGroupSaysWhatToAdd() {
        TimelineData timeline;
        TopDownView view(timeline);
        timeline.reset(testdata::cpus(2));
        view.beginRun();
        timeline.append(testdata::intervals(5, 2));
        view.timelineGrew();
        view.flush();
        // Before the machine is checked the view does not guess.
        QVERIFY2(view.placeholderText().contains(QStringLiteral("known once its capabilities are checked")),
                 qPrintable(view.placeholderText()));
        view.setAdvice({true, QStringLiteral("TMA"), QStringLiteral("zen4"), false,
                        QStringLiteral("no hardware PMU in this virtual machine")});
        const QString text = view.placeholderText();
        QVERIFY2(text.contains(QStringLiteral("no top-down group")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Add the group TMA")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("This machine cannot count it: no hardware PMU in this virtual machine")),
                 qPrintable(text));
        view.setAdvice({true, QString(), QStringLiteral("zen3"), false, QString()});
        QVERIFY2(view.placeholderText().contains(QStringLiteral("no top-down group for this CPU's architecture (zen3)")),
                 qPrintable(view.placeholderText()));
    }
};

QTEST_MAIN(TestTopDownView)
#include "test_top_down_view.moc"
