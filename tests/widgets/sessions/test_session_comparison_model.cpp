#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFont>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>
#include <cmath>

#include "report/ReportSamples.h"
#include "widgets/sessions/SessionComparisonView.h"

using namespace perfdash;

namespace {

using Model = SessionComparisonModel;

int findRow(const Model& model, const QString& group, const QString& name) {
    for (int r = 0; r < model.rowCount(); ++r)
        if (model.index(r, Model::GroupColumn).data().toString() == group &&
            model.index(r, Model::NameColumn).data().toString() == name)
            return r;
    return -1;
}

QString text(const Model& model, int row, int column) { return model.index(row, column).data().toString(); }

std::pair<MeasurementResult, MeasurementResult> sessions() {
    MeasurementResult a = samples::richResult();
    MeasurementResult b = samples::richResult();
    a.config.command = {"/usr/bin/stream"};
    b.config.command = {"/usr/bin/stream"};
    b.startedAt = "2024-05-02T10:00:00+02:00";
    b.groups[0].metrics[0].aggregate = 1.0748 * 1.05;          // CPI +5 %
    b.groups[1].events[1].total.value = 0;                     // CAS_COUNT_RD (MBOX0C0): -100 %
    a.groups[1].events[2].total.value = 0;                     // CAS_COUNT_RD (MBOX1C0): A is 0
    b.groups.erase(b.groups.begin() + 2);                      // the custom group only in A
    return {a, b};
}

} // namespace

class TestSessionComparisonModel : public QObject {
    Q_OBJECT
private slots:
    void passesTheModelTester() {
        Model model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto [a, b] = sessions();
        model.setSessions(a, b);
        model.setHighlightThreshold(0.5);
        model.setSessions(b, a);
        QCOMPARE(model.rowCount(), 11);
        QCOMPARE(model.columnCount(), int(Model::ColumnCount));
    }

    void showsPartialMissingAndMultiplexedValuesAsWhatTheyAre() {
        Model model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        MeasurementResult a = samples::gapsResult();
        MeasurementResult b = samples::gapsResult();
        b.groups[0].events[1] = samples::counted("PMC1", "some", {{100, 1}, {200, 1}, {50, 1}});
        model.setSessions(a, b);
        auto tip = [&](int row, int column) { return model.index(row, column).data(Qt::ToolTipRole).toString(); };
        // Never counted anywhere: n/a on both sides (never 0), and why.
        const int idle = findRow(model, "GAPS", "idle (PMC0)");
        QVERIFY(idle >= 0);
        QCOMPARE(text(model, idle, Model::AColumn), QStringLiteral("n/a (0.0%)"));
        QCOMPARE(tip(idle, Model::AColumn), QStringLiteral("no location has a value"));
        QCOMPARE(text(model, idle, Model::AbsoluteColumn), QStringLiteral("n/a"));
        QVERIFY(tip(idle, Model::AbsoluteColumn).startsWith("A: no location has a value"));
        // Partial in A: shown as partial, not compared.
        const int some = findRow(model, "GAPS", "some (PMC1)");
        QCOMPARE(text(model, some, Model::AColumn), QStringLiteral("\u2265 600 (partial)"));
        QCOMPARE(tip(some, Model::AColumn), QStringLiteral("partial: only 2 of 3 locations have a value"));
        QVERIFY(std::isnan(model.index(some, Model::AColumn).data(Model::ValueRole).toDouble()));
        QCOMPARE(text(model, some, Model::BColumn), QStringLiteral("350"));
        QCOMPARE(text(model, some, Model::RelativeColumn), QStringLiteral("n/a"));
        QCOMPARE(tip(some, Model::RelativeColumn), QStringLiteral("A: partial: only 2 of 3 locations have a value"));
        // Multiplexed in both: scaled values with their coverage; the difference is an estimate.
        const int mux = findRow(model, "GAPS", "mux (PMC2)");
        QCOMPARE(text(model, mux, Model::AColumn), QStringLiteral("8000 (50.0%)"));
        QVERIFY(tip(mux, Model::BColumn).startsWith("Multiplexed: on a counter 50.0% of the time"));
        QCOMPARE(text(model, mux, Model::AbsoluteColumn), QStringLiteral("0"));
        QVERIFY(tip(mux, Model::AbsoluteColumn).startsWith("an estimate: both sessions multiplexed"));
    }

    void showsExactDifferencesAndKeepsNotAvailable() {
        Model model;
        auto [a, b] = sessions();
        model.setSessions(a, b);
        QCOMPARE(model.rowCount(), 11);

        const int cpi = findRow(model, "CPI", "CPI");
        QVERIFY(cpi >= 0);
        QCOMPARE(text(model, cpi, Model::AColumn), QString("1.0748"));
        QCOMPARE(text(model, cpi, Model::BColumn), QString("1.12854"));
        QCOMPARE(model.index(cpi, Model::AbsoluteColumn).data(Model::ValueRole).toDouble(), 1.0748 * 1.05 - 1.0748);
        QCOMPARE(model.index(cpi, Model::RelativeColumn).data(Model::ValueRole).toDouble(), (1.0748 * 1.05 - 1.0748) / 1.0748);
        QCOMPARE(text(model, cpi, Model::RelativeColumn), QString("+5.00 %"));

        const int cas0 = findRow(model, "MEM", "CAS_COUNT_RD (MBOX0C0)");
        QVERIFY(cas0 >= 0);
        QCOMPARE(text(model, cas0, Model::AbsoluteColumn), QString("-200"));
        QCOMPARE(text(model, cas0, Model::RelativeColumn), QString("-100 %"));

        const int cas1 = findRow(model, "MEM", "CAS_COUNT_RD (MBOX1C0)");
        QVERIFY(cas1 >= 0);
        QCOMPARE(text(model, cas1, Model::AColumn), QString("0"));
        QCOMPARE(text(model, cas1, Model::AbsoluteColumn), QString("+400"));
        QCOMPARE(text(model, cas1, Model::RelativeColumn), QString("n/a")); // A is 0: no relative difference
        QVERIFY(std::isnan(model.index(cas1, Model::RelativeColumn).data(Model::ValueRole).toDouble()));
        QVERIFY(model.index(cas1, Model::RelativeColumn).data(Qt::ToolTipRole).toString().contains("A is 0"));

        const int cycles = findRow(model, "MEM", "cycles (PMC0)");
        QVERIFY(cycles >= 0);
        for (int c : {Model::AColumn, Model::BColumn, Model::AbsoluteColumn, Model::RelativeColumn})
            QCOMPARE(text(model, cycles, c), QString("n/a"));

        const int onlyA = findRow(model, "custom", "task-clock [msec] (task-clock)");
        QVERIFY(onlyA >= 0);
        QCOMPARE(text(model, onlyA, Model::BColumn), QString("not in B"));
        QCOMPARE(text(model, onlyA, Model::RelativeColumn), QString("n/a"));
        QVERIFY(model.index(onlyA, Model::AColumn).data(Qt::ToolTipRole).toString().contains("Only session A"));

        QVERIFY(model.sessionLabel(0).startsWith("A: stream, started 2024-05-01T10:00:00+02:00"));
        QVERIFY(model.sessionLabel(1).startsWith("B: stream, started 2024-05-02T10:00:00+02:00"));
    }

    void highlightsLargeDifferences() {
        Model model;
        auto [a, b] = sessions();
        model.setSessions(a, b);
        const int cpi = findRow(model, "CPI", "CPI");
        const int cas0 = findRow(model, "MEM", "CAS_COUNT_RD (MBOX0C0)");
        const int cas1 = findRow(model, "MEM", "CAS_COUNT_RD (MBOX1C0)");
        model.setHighlightThreshold(0.04);
        QVERIFY(model.isHighlighted(cpi));
        QVERIFY(model.index(cpi, Model::NameColumn).data(Qt::BackgroundRole).isValid());
        QVERIFY(model.index(cpi, Model::RelativeColumn).data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(!model.isHighlighted(cas1)); // n/a is never "large"

        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setHighlightThreshold(0.5);
        QCOMPARE(changed.size(), 1);
        QVERIFY(!model.isHighlighted(cpi));
        QVERIFY(!model.index(cpi, Model::NameColumn).data(Qt::BackgroundRole).isValid());
        QVERIFY(model.isHighlighted(cas0));
        QVERIFY(model.index(cas0, 0).data(Model::HighlightRole).toBool());
    }

    void alignsTheTimelinesOfARow() {
        Model model;
        auto [a, b] = sessions();
        model.setSessions(a, b);
        const AlignedTimelines t = model.alignedTimelines(findRow(model, "CPI", "CPI"));
        QCOMPARE(t.t, (std::vector<double>{0.5, 1.0}));
        QCOMPARE(t.a, (std::vector<double>{1.0748, 1.0748}));
    }

    void viewFiltersAndOffersTimelines() {
        SessionComparisonView view;
        auto [a, b] = sessions();
        view.setSessions(a, b);
        QAbstractItemModel* shown = view.table()->model();
        QCOMPARE(shown->rowCount(), 11);
        auto* search = view.findChild<QLineEdit*>();
        QVERIFY(search);
        search->setText("cas_count");
        QCOMPARE(shown->rowCount(), 2);
        search->clear();
        auto* only = view.findChild<QCheckBox*>();
        QVERIFY(only);
        only->setChecked(true);
        QCOMPARE(shown->rowCount(), 1); // at the default 10 %: only CAS_COUNT_RD (MBOX0C0), -100 %
        view.model()->setHighlightThreshold(0.04);
        QCOMPARE(view.findChild<QDoubleSpinBox*>()->value(), 4.0); // the box follows the model
        QCOMPARE(shown->rowCount(), 2);                             // and CPI, +5 %
        view.findChild<QDoubleSpinBox*>()->setValue(50);
        QCOMPARE(view.model()->highlightThreshold(), 0.5);
        QCOMPARE(shown->rowCount(), 1);

        QSignalSpy timelines(&view, &SessionComparisonView::timelinesSelected);
        view.table()->setCurrentIndex(shown->index(0, 0));
        QCOMPARE(timelines.size(), 1);
        QCOMPARE(timelines.first()[0].toString(), QString("MEM: CAS_COUNT_RD"));
        QCOMPARE(timelines.first()[1].value<AlignedTimelines>().t.size(), size_t(2));
    }
};

QTEST_MAIN(TestSessionComparisonModel)
#include "test_session_comparison_model.moc"
