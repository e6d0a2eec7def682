// Timing by ratios that hold on any machine (never absolute times): an imul
// chain takes about three times an add chain, independent adds beat a chain
// of them, the clock probe agrees with itself, more chains give more IPC.
// The machine may be shared: every comparison repeats and takes medians of
// the runs' figures (each a minimum-time estimate). A figure the core refused
// (n/a: machine too busy) is not a value: that try is repeated, and the test
// fails, with the reasons, only when most tries gave none.
#include <QtTest>

#include <functional>
#include <stop_token>

#include "core/probes/BenchRunner.h"
#include "core/probes/IpcProbe.h"
#include "core/probes/Plausibility.h"
#include "core/util/Median.h"

using namespace perfdash;

namespace {

InstructionCatalog shippedCatalog() {
    const Arch arch = hostArch().value_or(Arch::X86_64);
    const std::string path = qgetenv("PERFDASH_DATA_DIR").toStdString() + "/instructions/" + toString(arch) + ".txt";
    auto c = InstructionCatalog::loadFile(arch, path, true);
    if (!c) qFatal("%s", c.error().message.c_str());
    return std::move(c).value();
}

// The host's names for an add chain and a multiply chain.
std::pair<std::string, std::string> addAndMultiply() {
    switch (hostArch().value_or(Arch::X86_64)) {
    case Arch::X86_64: return {"add_r64", "imul_r64"};
    case Arch::AArch64: return {"add_x", "mul_x"};
    case Arch::Mips64: return {"daddu", "dmul_macro"};
    }
    return {};
}

std::unique_ptr<MeasurementContext> context(CyclesChoice cycles = CyclesChoice::Auto) {
    MeasurementOptions o;
    o.timing.repetitions = 9;
    o.cycles = cycles;
    auto c = MeasurementContext::create(o);
    if (!c) qFatal("%s", c.error().message.c_str());
    return std::move(c).value();
}


// A value, or why there is none.
struct Try {
    double value = 0;
    std::string unavailable;
};

// `wanted` values from up to twice as many tries of `attempt`; the reasons of
// the tries that gave none are in `reasons`.
std::vector<double> collect(size_t wanted, const std::function<Try()>& attempt, std::string& reasons) {
    std::vector<double> values;
    for (size_t i = 0; i < 2 * wanted && values.size() < wanted; ++i) {
        const Try t = attempt();
        if (t.unavailable.empty())
            values.push_back(t.value);
        else
            reasons += t.unavailable + "\n";
    }
    return values;
}

// The latency (or throughput) figure of a result, or why it has none.
Try figureOf(const BenchResult& r, const ModeMeasurement& m) {
    if (!m.cycles) return {0, r.whyUnavailable(m)};
    return {m.cycles->min, ""};
}

Try ratioOf(const Try& a, const Try& b) {
    if (!a.unavailable.empty()) return a;
    if (!b.unavailable.empty()) return b;
    return {a.value / b.value, ""};
}

} // namespace

class TestProbesTiming : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        if (!hostArch()) QSKIP("instruction benchmarks run on x86-64, AArch64 and MIPS64 only");
        if (!ClockProbe::build(Toolchain::fromEnvironment(*hostArch())).ok())
            QSKIP("the system assembler cannot build kernels here (install binutils)");
    }

    void multiplyChainIsAboutThreeAddChains() {
        if (hostArch() != Arch::X86_64) QSKIP("the 3x ratio is a property of x86-64 imul r64");
        const auto catalog = shippedCatalog();
        const auto [add, mul] = addAndMultiply();
        auto ctx = context();
        BenchRunner runner(*ctx);
        std::string reasons;
        const auto ratios = collect(5, [&] {
            const BenchResult a = runner.run(*catalog.find(add));
            const BenchResult m = runner.run(*catalog.find(mul));
            return ratioOf(figureOf(m, m.latency), figureOf(a, a.latency));
        }, reasons);
        QVERIFY2(ratios.size() >= 3, reasons.c_str());
        const double ratio = median(ratios);
        QVERIFY2(ratio > 3 * 0.75 && ratio < 3 * 1.25, ("imul/add latency ratio " + std::to_string(ratio)).c_str());
    }

    void independentAddsBeatAChain() {
        const auto catalog = shippedCatalog();
        auto ctx = context();
        BenchRunner runner(*ctx);
        std::string reasons;
        const auto ratios = collect(3, [&] {
            const BenchResult a = runner.run(*catalog.find(addAndMultiply().first));
            return ratioOf(figureOf(a, a.throughput), figureOf(a, a.latency));
        }, reasons);
        QVERIFY2(ratios.size() >= 2, reasons.c_str());
        // Any superscalar core issues at least two independent adds per cycle.
        QVERIFY2(median(ratios) < 0.75, ("throughput/latency " + std::to_string(median(ratios))).c_str());
    }

    void resultsSayWhereCyclesCameFrom() {
        auto ctx = context();
        const auto& env = ctx->environment();
        QVERIFY(env.cyclesSource == "cycles-counter" || env.cyclesSource == "measured-clock");
        if (env.cyclesSource == "measured-clock") {
            // The clock at the start is a value or, when its chain was disturbed, n/a with the reason.
            QVERIFY2((env.clockHz > 1e8 && env.clockHz <= kMaxCoreClockHz) ||
                         (std::isnan(env.clockHz) && env.cyclesSourceDetail.find("n/a at the start: ") != std::string::npos),
                     env.cyclesSourceDetail.c_str());
            QVERIFY2(!env.cyclesCounterNote.empty(), "the reason the counter was not used is missing");
        }
        BenchRunner runner(*ctx);
        const BenchResult r = runner.run(*shippedCatalog().find(addAndMultiply().first));
        QCOMPARE(r.cyclesSource, env.cyclesSource);
        QVERIFY(!r.cyclesSourceDetail.empty());
        QVERIFY(!r.assembly.empty());
        auto forced = context(CyclesChoice::MeasuredClock);
        QCOMPARE(forced->environment().cyclesSource, std::string("measured-clock"));
    }

    void clockProbeAgreesWithItself() {
        auto probe = ClockProbe::build(Toolchain::fromEnvironment(*hostArch()));
        QVERIFY(probe.ok());
        auto pin = ScopedCpuPinning::pin(std::nullopt, true);
        QVERIFY(pin.ok());
        std::string reasons;
        const auto runs = collect(5, [&] {
            auto m = probe->measure({});
            return m ? Try{m->hz, ""} : Try{0, m.error().message};
        }, reasons);
        QVERIFY2(runs.size() >= 3, reasons.c_str());
        const double mid = median(runs);
        int agreeing = 0;
        for (double hz : runs) agreeing += std::fabs(hz - mid) / mid < 0.05;
        QVERIFY2(agreeing * 2 > static_cast<int>(runs.size()), "the clock measurements disagree by more than 5 %");
    }

    void moreChainsGiveMoreIpc() {
        auto ctx = context();
        IpcOptions o;
        o.classes = {IpcClass::IntegerAdd};
        o.maxChains = 4;
        std::string reasons;
        const auto gains = collect(3, [&] {
            const auto curves = IpcProbe(*ctx, o).run();
            if (curves.size() != 1 || !curves[0].error.empty() || curves[0].points.size() != 4)
                return Try{0, "the curve has no 4 points: " + (curves.empty() ? "" : curves[0].error)};
            const IpcPoint &one = curves[0].points[0], &four = curves[0].points[3];
            if (!one.cyclesPerInstruction) return Try{0, one.unavailable};
            if (!four.cyclesPerInstruction) return Try{0, four.unavailable};
            return Try{four.ipc() / one.ipc(), ""};
        }, reasons);
        QVERIFY2(gains.size() >= 2, reasons.c_str());
        QVERIFY2(median(gains) > 1.5, ("IPC(4 chains)/IPC(1 chain) = " + std::to_string(median(gains))).c_str());
    }

    void cancellingStopsTheRunAndReportsProgress() {
        const auto catalog = shippedCatalog();
        auto ctx = context();
        BenchRunner runner(*ctx);
        std::vector<const CatalogEntry*> entries;
        for (size_t i = 0; i < 4; ++i) entries.push_back(&catalog.entries()[i]);
        std::stop_source stop;
        std::vector<BenchProgress> seen;
        size_t results = 0;
        BenchCallbacks cb;
        cb.progress = [&](const BenchProgress& p) { seen.push_back(p); };
        cb.result = [&](const BenchResult&) {
            if (++results == 1) stop.request_stop(); // the user presses Cancel after the first result
        };
        const BenchRun run = runner.runAll(entries, cb, stop.get_token());
        QCOMPARE(run.results.size(), size_t(4));
        QVERIFY(run.results[0].status != BenchStatus::Cancelled);
        for (size_t i = 1; i < 4; ++i) QCOMPARE(run.results[i].status, BenchStatus::Cancelled);
        QCOMPARE(seen.front().done, size_t(0));
        QCOMPARE(seen.back().done, size_t(4));
        QCOMPARE(seen.back().total, size_t(4));
        // First the max-IPC bounds the entries name, then one step per entry.
        QCOMPARE(seen[0].current, std::string("the max-IPC bounds"));
        QCOMPARE(seen[1].current, entries[0]->name);
        QCOMPARE(seen[2].current, entries[1]->name);
    }
};

QTEST_GUILESS_MAIN(TestProbesTiming)
#include "test_probes_timing.moc"
