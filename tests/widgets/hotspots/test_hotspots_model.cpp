// The Hotspots table's model on a profile built here, where every figure is
// known: its columns (shares, samples, the sampled events, the metrics, the
// module), the numbers it sorts by, a row of too few samples greyed with the
// reason in its tooltip and accessible text, each grouping's headers, and
// QAbstractItemModelTester through every reset.
#include <QAbstractItemModelTester>
#include <QApplication>
#include <QPalette>
#include <QtTest>

#include "core/profile/ProfileMetrics.h"
#include "core/profile/ProfileViews.h"
#include "widgets/hotspots/FunctionTableModel.h"

using namespace perfdash;

namespace {

// Two events, PMC0 in the samples and PMC1 not, and one metric over PMC0 and
// the samples' time: IPNS, instructions per ns. hot: 40 samples in /bin/app;
// cold: 2 samples in libc, called from hot.
Profile handMade() {
    Profile p;
    p.events = {{"PMC0", "instructions", true, ""}, {"PMC1", "cycles", false, "not countable here"}};
    p.metrics = {{"IPNS", "PMC0/time*1e-9"}};
    p.sampling.leader = "instructions";
    p.intervalS = 1;
    p.durationS = 1;
    p.strings = {"", "hot", "cold", "/src/app.c"};
    p.modules = {{"/bin/app", "", "", ""}, {"/lib/libc.so.6", "", "", ""}};
    p.frames = {{1, 0, 3, 10, 0}, {2, 1, 0, 0, 0}};
    p.nodes = {{0, 0}, {0, 0}, {1, 1}}; // 1: hot, 2: hot → cold
    p.threads = {{5, 5, "app"}};
    const ProfileColumns c = p.columns();
    auto row = [&](uint32_t node, double samples, double instructions, double ns) {
        p.keys.push_back({0, 0, 0, node, StackState::Complete});
        std::vector<double> v(c.count(), 0.0);
        v[ProfileColumns::kSamples] = samples;
        v[ProfileColumns::kWeight] = instructions;
        v[c.event(0)] = instructions;
        v[c.time()] = ns;
        // The second moments of (instructions, time) over samples of equal deltas.
        v[c.moment(0, 0)] = instructions * instructions / samples;
        v[c.moment(0, 2)] = instructions * ns / samples;
        v[c.moment(2, 2)] = ns * ns / samples;
        p.values.insert(p.values.end(), v.begin(), v.end());
    };
    row(1, 40, 4000, 2000);
    row(2, 2, 100, 100);
    return p;
}

QString cell(const QAbstractItemModel& m, int row, int column, int role = Qt::DisplayRole) {
    return m.index(row, column).data(role).toString();
}

} // namespace

class TestHotspotsModel : public QObject {
    Q_OBJECT

    static void fill(FunctionTableModel& model, const Profile& p, ProfileGrouping grouping) {
        auto selection = selectRows(p, {});
        QVERIFY(selection.ok());
        auto metrics = ProfileMetrics::compile(p);
        QVERIFY2(metrics.ok(), metrics.ok() ? "" : metrics.error().message.c_str());
        model.setRows(p, groupedTable(p, *selection, *metrics, grouping), grouping, metrics->names());
    }

private slots:
    void aRowPerFunctionWithItsFigures() {
        const Profile p = handMade();
        FunctionTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        fill(model, p, ProfileGrouping::Function);
        QCOMPARE(model.rowCount(), 2);
        // Name, module, self, total, samples, PMC0 (PMC1 is not in the samples), IPNS.
        QCOMPARE(model.columnCount(), 7);
        const int module = model.column(FunctionTableModel::ModuleColumn), self = model.column(FunctionTableModel::SelfColumn),
                  total = model.column(FunctionTableModel::TotalColumn), samples = model.column(FunctionTableModel::SamplesColumn),
                  event = model.column(FunctionTableModel::FirstEventColumn), metric = model.firstMetricColumn();
        QCOMPARE(module, 1);
        QCOMPARE(self, 2);
        QCOMPARE(event, 5);
        QCOMPARE(metric, 6);
        QCOMPARE(model.headerData(FunctionTableModel::NameColumn, Qt::Horizontal).toString(), QStringLiteral("Function"));
        QCOMPARE(model.headerData(module, Qt::Horizontal).toString(), QStringLiteral("Module"));
        QCOMPARE(model.headerData(self, Qt::Horizontal).toString(), QStringLiteral("Self %"));
        QCOMPARE(model.headerData(event, Qt::Horizontal).toString(), QStringLiteral("PMC0"));
        QCOMPARE(model.headerData(metric, Qt::Horizontal).toString(), QStringLiteral("IPNS"));

        QCOMPARE(cell(model, 0, FunctionTableModel::NameColumn), QStringLiteral("hot"));
        QCOMPARE(cell(model, 0, samples), QStringLiteral("40"));
        QCOMPARE(cell(model, 0, event), QStringLiteral("4000"));
        QCOMPARE(cell(model, 0, module), QStringLiteral("app"));
        QVERIFY(cell(model, 0, module, Qt::ToolTipRole).contains(QStringLiteral("Module: /bin/app")));
        // Weighted by the leader's count: 4000 of 4100 instructions, 100 % on the stack.
        QCOMPARE(model.index(0, self).data(FunctionTableModel::SortRole).toDouble(), 4000.0 / 4100);
        QCOMPARE(model.index(0, total).data(FunctionTableModel::SortRole).toDouble(), 1.0);
        QVERIFY(cell(model, 0, self).startsWith(QStringLiteral("97.6 ± ")));
        QCOMPARE(model.index(0, metric).data(FunctionTableModel::SortRole).toDouble(), 2.0); // 4000 / 2000 ns
        QVERIFY(cell(model, 0, metric).startsWith(QStringLiteral("2 ±")));
        QVERIFY(!model.index(0, 0).data(FunctionTableModel::FewSamplesRole).toBool());
        QVERIFY(!model.index(0, 0).data(Qt::ForegroundRole).isValid());
        QVERIFY(cell(model, 0, 0, Qt::ToolTipRole).contains(QStringLiteral("Source: /src/app.c")));

        // cold: 2 samples, too few to tell its metric; greyed, and said so in words.
        QCOMPARE(cell(model, 1, FunctionTableModel::NameColumn), QStringLiteral("cold"));
        QVERIFY(model.index(1, 0).data(FunctionTableModel::FewSamplesRole).toBool());
        QCOMPARE(model.index(1, 0).data(Qt::ForegroundRole).value<QColor>(),
                 QApplication::palette().color(QPalette::Disabled, QPalette::Text));
        QVERIFY(cell(model, 1, metric).endsWith(QStringLiteral("?")));
        QVERIFY2(cell(model, 1, metric, Qt::ToolTipRole).contains(QStringLiteral("Only 2 samples: fewer than 30")),
                 qPrintable(cell(model, 1, metric, Qt::ToolTipRole)));
        QVERIFY(cell(model, 1, metric, Qt::AccessibleTextRole).contains(QStringLiteral("too few samples")));
        QCOMPARE(model.index(1, module).data(Qt::TextAlignmentRole).toInt(), int(Qt::AlignLeft | Qt::AlignVCenter));
        QCOMPARE(model.index(1, event).data(Qt::TextAlignmentRole).toInt(), int(Qt::AlignRight | Qt::AlignVCenter));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.columnCount(), 5); // no events or metrics left; the module column of functions stays
    }

    void groupingsNameTheirRows() {
        const Profile p = handMade();
        FunctionTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        fill(model, p, ProfileGrouping::Module);
        QCOMPARE(model.headerData(FunctionTableModel::NameColumn, Qt::Horizontal).toString(), QStringLiteral("Module"));
        QCOMPARE(model.column(FunctionTableModel::ModuleColumn), -1);
        QCOMPARE(model.column(FunctionTableModel::SelfColumn), 1);
        QCOMPARE(model.columnCount(), 6);
        QCOMPARE(cell(model, 0, 0), QStringLiteral("/bin/app"));
        QCOMPARE(cell(model, 1, 0), QStringLiteral("/lib/libc.so.6"));
        fill(model, p, ProfileGrouping::File);
        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("Source file"));
        QCOMPARE(cell(model, 0, 0), QStringLiteral("/src/app.c"));
        QCOMPARE(cell(model, 1, 0), QStringLiteral("[no source file]"));
        QCOMPARE(cell(model, 1, model.column(FunctionTableModel::ModuleColumn)), QStringLiteral("libc.so.6"));
        fill(model, p, ProfileGrouping::Thread);
        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("Thread"));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(cell(model, 0, 0), QStringLiteral("app [5/5]"));
        QCOMPARE(cell(model, 0, model.column(FunctionTableModel::SamplesColumn)), QStringLiteral("42"));
    }
};

QTEST_MAIN(TestHotspotsModel)
#include "test_hotspots_model.moc"
