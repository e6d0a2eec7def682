// The probes page's models on made-up data, each under QAbstractItemModelTester.
#include <QAbstractItemModelTester>
#include <QtTest>
#include <cmath>

#include "core/probes/Plausibility.h"
#include "widgets/probes/BenchCatalogFilter.h"
#include "widgets/probes/BenchCatalogModel.h"
#include "widgets/probes/BenchResultsModel.h"
#include "widgets/probes/ClockHistoryModel.h"
#include "widgets/probes/IpcCurveModel.h"

using namespace perfdash;

namespace {

const char* kCatalog = R"(arch = x86_64
[add_r64]
template = add <sd:gpr64>, <s:gpr64>
category = integer

[xor_zero_idiom]
template = xor <sd:gpr32>, <=1>
category = integer
description = the zeroing idiom: broken at rename

[vaddps_zmm]
template = vaddps <d:zmm>, <s:zmm>, <s:zmm>
category = avx512
)";

InstructionCatalog catalog() {
    auto c = InstructionCatalog::parse(Arch::X86_64, kCatalog, "test.txt", true);
    if (!c) qFatal("%s", c.error().message.c_str());
    return std::move(c).value();
}

BenchResult measured(const std::string& name, const std::string& mnemonic, double latency, double throughput) {
    BenchResult r;
    r.name = name;
    r.mnemonic = mnemonic;
    r.operands = "r64, r64";
    r.templateText = mnemonic + " <sd:gpr64>, <s:gpr64>";
    r.cyclesSourceDetail = "the measured clock";
    // The median runs took longer: the model must show the fastest runs' figure.
    Summary lat;
    lat.min = lat.q1 = latency;
    lat.median = lat.q3 = lat.max = latency + 0.5;
    lat.count = 5;
    r.latency.cycles = lat;
    r.latency.minimumConfirmed = true;
    Summary tp = lat;
    tp.min = tp.q1 = throughput;
    tp.median = tp.q3 = tp.max = throughput + 0.5;
    r.throughput.cycles = tp;
    r.throughput.minimumConfirmed = true;
    return r;
}

double value(const QAbstractItemModel& m, int row, int column) {
    return m.index(row, column).data(BenchResultsModel::ValueRole).toDouble();
}

QString fixture(const char* name) { return qEnvironmentVariable("PERFDASH_FIXTURES") + "/probes/" + name; }

CpuClockReport clockReport(double timestamp, std::optional<double> hz, std::optional<double> tsc) {
    CpuClockReport r;
    r.cpu = 0;
    r.timestamp = timestamp;
    if (hz) {
        ClockMeasurement m;
        m.hz = *hz;
        m.medianHz = *hz * 0.98;
        m.repetitions = 31;
        m.minimumConfirmed = true;
        r.measured = m;
    } else {
        r.error = "cancelled";
    }
    r.references.push_back({"TSC", tsc, tsc ? "from the kernel" : "no invariant TSC"});
    return r;
}

} // namespace

class TestBenchModels : public QObject {
    Q_OBJECT

private slots:
    void catalogRowsSayWhetherTheyRunHere() {
        CpuFeatures noAvx512 = CpuFeatures::fromCpuinfo(Arch::X86_64, "flags\t\t: fpu sse sse2\n");
        BenchCatalogModel model(catalog(), noAvx512);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(0, BenchCatalogModel::NameColumn).data().toString(), QStringLiteral("add_r64"));
        QCOMPARE(model.index(0, BenchCatalogModel::TypeColumn).data().toString(), QStringLiteral("SD"));
        if (hostArch() == Arch::X86_64) {
            QVERIFY(model.runsHere(0));
            QVERIFY(!model.runsHere(2));
            QVERIFY(model.index(2, BenchCatalogModel::RunsHereColumn).data(Qt::ToolTipRole).toString().contains("avx512f"));
        }
    }

    void filterMatchesEveryWordInNameOrDescription() {
        BenchCatalogModel model(catalog(), CpuFeatures{});
        BenchCatalogFilter filter(model);
        QAbstractItemModelTester tester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
        filter.setText(QStringLiteral("ADD"));
        QCOMPARE(filter.rowCount(), 2); // add_r64 and vaddps_zmm, by name
        filter.setText(QStringLiteral("rename"));
        QCOMPARE(filter.rowCount(), 1); // only the description says it
        QCOMPARE(filter.index(0, 0).data().toString(), QStringLiteral("xor_zero_idiom"));
        filter.setText(QStringLiteral("zeroing add"));
        QCOMPARE(filter.rowCount(), 0); // every word must match
        filter.setText(QString());
        QCOMPARE(filter.acceptedRows(), (std::vector<int>{0, 1, 2}));
    }

    void resultsReplaceTheirRowAndReadNaWithoutReference() {
        BenchResultsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.addResult(measured("add_r64", "add", 1.02, 0.26));
        model.addResult(measured("imul_r64", "imul", 3.0, 1.0));
        model.addResult(measured("add_r64", "add", 1.0, 0.25)); // again: replaces
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(value(model, 0, BenchResultsModel::LatencyColumn), 1.0);
        QCOMPARE(model.index(0, BenchResultsModel::ThroughputColumn).data().toString(), QLocale().toString(0.25, 'f', 2));
        QCOMPARE(value(model, 0, BenchResultsModel::IpcColumn), 4.0);
        QCOMPARE(model.index(0, BenchResultsModel::LatencyReferenceColumn).data().toString(), QStringLiteral("n/a"));
        QCOMPARE(model.index(0, BenchResultsModel::LatencyDeviationColumn).data().toString(), QStringLiteral("n/a"));
        QVERIFY(std::isnan(value(model, 0, BenchResultsModel::LatencyDeviationColumn)));
        const QString tip = model.index(0, BenchResultsModel::LatencyColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains("measured clock"), qPrintable(tip));
        QVERIFY2(tip.contains(QLocale().toString(1.5, 'f', 2)), qPrintable(tip)); // the median runs' figure
        QVERIFY2(!tip.contains("did not repeat"), qPrintable(tip));
        BenchResult busy = measured("sub_r64", "sub", 1.0, 0.25);
        busy.latency.minimumConfirmed = false;
        model.addResult(busy);
        const int busyRow = model.rowOf(QStringLiteral("sub_r64"));
        QVERIFY(model.index(busyRow, BenchResultsModel::LatencyColumn).data(Qt::ToolTipRole).toString().contains("did not repeat"));
        QVERIFY(!model.index(busyRow, BenchResultsModel::ThroughputColumn).data(Qt::ToolTipRole).toString().contains("did not repeat"));
        model.clear();
        model.addResult(measured("add_r64", "add", 1.0, 0.25));
        model.addResult(measured("imul_r64", "imul", 3.0, 1.0));

        BenchResult unsupported;
        unsupported.name = "vaddps_zmm";
        unsupported.status = BenchStatus::Unsupported;
        unsupported.reason = "not supported by this CPU: needs avx512f";
        model.addResult(unsupported);
        QCOMPARE(model.index(2, BenchResultsModel::LatencyColumn).data().toString(), QStringLiteral("n/a"));
        QVERIFY(model.index(2, BenchResultsModel::LatencyColumn).data(Qt::ToolTipRole).toString().contains("avx512f"));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void referenceTableGivesReferenceSourceAndDeviation() {
        BenchResultsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.addResult(measured("imul_r64", "imul", 3.3, 1.0));
        model.addResult(measured("popcnt_r64", "popcnt", 3.0, 1.0));
        model.addResult(measured("sub_r64", "sub", 1.0, 0.25));
        auto table = ReferenceTable::load(fixture("made-up-reference.csv").toStdString());
        QVERIFY2(table.ok(), table.ok() ? "" : table.error().message.c_str());
        model.setReferenceTable(std::move(table).value(), QStringLiteral("made-up-reference.csv"));
        QCOMPARE(model.microarchitectures(), (QStringList{"Imaginary-1", "Imaginary-2"}));

        // imul has rows for both: the first (Imaginary-1, latency 3) until narrowed.
        QCOMPARE(value(model, 0, BenchResultsModel::LatencyReferenceColumn), 3.0);
        QVERIFY(std::fabs(value(model, 0, BenchResultsModel::LatencyDeviationColumn) - 0.1) < 1e-9);
        QCOMPARE(model.index(0, BenchResultsModel::LatencyDeviationColumn).data().toString(), QStringLiteral("+0.30 (+10 %) agrees"));
        QCOMPARE(model.index(0, BenchResultsModel::ReferenceSourceColumn).data().toString(),
                 QStringLiteral("Imaginary-1: made up for tests"));
        QVERIFY(model.index(0, BenchResultsModel::LatencyReferenceColumn).data(Qt::ToolTipRole).toString().contains("Imaginary-2"));
        model.setMicroarchitecture(QStringLiteral("Imaginary-2"));
        QCOMPARE(value(model, 0, BenchResultsModel::LatencyReferenceColumn), 4.0);
        QCOMPARE(model.index(0, BenchResultsModel::LatencyDeviationColumn).data().toString(), QStringLiteral("−0.70 (−18 %) differs"));
        QVERIFY(model.index(0, BenchResultsModel::LatencyDeviationColumn).data(Qt::ForegroundRole).isValid()); // flagged
        model.setMicroarchitecture({});

        // popcnt's reference latency is n/a in the table: no deviation, but its throughput has one.
        QCOMPARE(model.index(1, BenchResultsModel::LatencyReferenceColumn).data().toString(), QStringLiteral("n/a"));
        QCOMPARE(model.index(1, BenchResultsModel::LatencyDeviationColumn).data().toString(), QStringLiteral("n/a"));
        QCOMPARE(model.index(1, BenchResultsModel::ThroughputDeviationColumn).data().toString(), QStringLiteral("+0.50 (+100 %) differs"));
        // sub has no row at all.
        QVERIFY(model.index(2, BenchResultsModel::ReferenceSourceColumn).data(Qt::ToolTipRole).toString().contains("no row"));

        model.clearReferenceTable();
        QVERIFY(std::isnan(value(model, 0, BenchResultsModel::LatencyReferenceColumn)));
    }

    void clockHistoryKeepsGapsAsNa() {
        ClockHistoryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.addSample(clockReport(100.0, 3.0e9, 2.9e9));
        model.addSample(clockReport(100.5, std::nullopt, std::nullopt));
        model.addSample(clockReport(101.0, 3.1e9, 2.9e9));
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), 3);
        QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QStringLiteral("TSC"));
        QCOMPARE(model.seconds(2), 1.0);
        QCOMPARE(model.hz(0, ClockHistoryModel::MeasuredColumn), 3.0e9);
        QVERIFY(model.index(0, ClockHistoryModel::MeasuredColumn).data(Qt::ToolTipRole).toString().contains("31 runs"));
        QVERIFY(std::isnan(model.hz(1, ClockHistoryModel::MeasuredColumn)));
        QCOMPARE(model.index(1, ClockHistoryModel::MeasuredColumn).data().toString(), QStringLiteral("n/a"));
        QVERIFY(model.index(1, 2).data(Qt::ToolTipRole).toString().contains("no invariant TSC"));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.columnCount(), 2);
    }

    void ipcCurvesAreColumns() {
        IpcCurveModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        IpcCurve add;
        add.cls = IpcClass::IntegerAdd;
        add.instruction = "add rax, 1";
        for (int k = 1; k <= 3; ++k) {
            IpcPoint p;
            p.chains = k;
            p.cyclesPerInstruction = Summary{1.0 / k, 1.0 / k, 1.0 / k, 1.0 / k, 1.0 / k, 3};
            add.points.push_back(p);
        }
        IpcCurve load;
        load.cls = IpcClass::Load;
        load.error = "cannot assemble";
        model.setCurves({add, load});
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), 3);
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("int-add"));
        QCOMPARE(model.index(2, 1).data(IpcCurveModel::ValueRole).toDouble(), 3.0);
        QCOMPARE(model.index(2, 2).data().toString(), QStringLiteral("n/a"));
        QVERIFY(model.index(2, 2).data(Qt::ToolTipRole).toString().contains("cannot assemble"));
    }

    void figuresTheCoreRefusedReadNaWithTheirReason() {
        BenchResultsModel results;
        QAbstractItemModelTester tester(&results, QAbstractItemModelTester::FailureReportingMode::QtTest);
        // The core turned a negative latency into its reason (issue 11's ldr_x_chase).
        BenchResult busy = measured("ldr_x_chase", "ldr", 1, 0.5);
        busy.latency.cycles.reset();
        busy.latency.unavailable = whyCyclesNotMeasurable(Summary{-0.44, -0.44, -0.44, -0.44, -0.44, 5});
        results.addResult(busy);
        // Under emulation neither mode has a figure.
        BenchResult emulated = measured("add_x", "add", 1, 0.25);
        emulated.latency.cycles.reset();
        emulated.throughput.cycles.reset();
        emulated.latency.unavailable = emulated.throughput.unavailable = "emulated: timings not meaningful (qemu)";
        results.addResult(emulated);
        auto cell = [&](int row, int column, int role = Qt::DisplayRole) { return results.index(row, column).data(role); };
        QCOMPARE(cell(0, BenchResultsModel::LatencyColumn).toString(), QStringLiteral("n/a"));
        QVERIFY(std::isnan(cell(0, BenchResultsModel::LatencyColumn, BenchResultsModel::ValueRole).toDouble()));
        QVERIFY(cell(0, BenchResultsModel::LatencyColumn, Qt::ToolTipRole).toString().startsWith("n/a: machine too busy"));
        QCOMPARE(cell(0, BenchResultsModel::IpcColumn, BenchResultsModel::ValueRole).toDouble(), 2.0);
        for (int column : {int(BenchResultsModel::LatencyColumn), int(BenchResultsModel::ThroughputColumn),
                           int(BenchResultsModel::IpcColumn)}) {
            QCOMPARE(cell(1, column).toString(), QStringLiteral("n/a"));
            QVERIFY(std::isnan(cell(1, column, BenchResultsModel::ValueRole).toDouble()));
            const QString tip = cell(1, column, Qt::ToolTipRole).toString();
            QVERIFY2(tip.startsWith("n/a: emulated: timings not meaningful"), qPrintable(tip));
        }

        IpcCurveModel ipc;
        QAbstractItemModelTester ipcTester(&ipc, QAbstractItemModelTester::FailureReportingMode::QtTest);
        IpcCurve curve;
        curve.cls = IpcClass::IntegerAdd;
        curve.points = {IpcPoint{1, Summary{1, 1, 1, 1, 1, 3}, ""}, IpcPoint{2, std::nullopt, "machine too busy: x"}};
        ipc.setCurves({curve});
        QCOMPARE(ipc.index(1, 1).data().toString(), QStringLiteral("n/a"));
        QVERIFY(std::isnan(ipc.index(1, 1).data(IpcCurveModel::ValueRole).toDouble()));
        QCOMPARE(ipc.index(1, 1).data(Qt::ToolTipRole).toString(), QStringLiteral("n/a: machine too busy: x"));
    }
};

QTEST_MAIN(TestBenchModels)
#include "test_bench_models.moc"
