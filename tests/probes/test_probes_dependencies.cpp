// The kernels have only the dependencies they are meant to have, and enough
// independent chains: checked on the plans of every shipped catalog entry
// and, for throughput, on a deterministic scheduler model (no timing).
#include <QtTest>

#include <cmath>
#include <map>
#include <set>

#include "core/probes/InstructionCatalog.h"
#include "core/probes/KernelPlan.h"
#include "core/probes/TargetAbi.h"

using namespace perfdash;

namespace {

InstructionCatalog shipped(Arch arch) {
    const std::string path = qgetenv("PERFDASH_DATA_DIR").toStdString() + "/instructions/" + toString(arch) + ".txt";
    auto c = InstructionCatalog::loadFile(arch, path, true);
    if (!c) qFatal("%s", c.error().message.c_str());
    return std::move(c).value();
}

const CatalogEntry& entryNamed(const InstructionCatalog& c, const char* name) {
    const CatalogEntry* e = c.find(name);
    if (!e) qFatal("no catalog entry %s", name);
    return *e;
}

KernelPlan plan(const CatalogEntry& e, BenchMode mode, int copies, int maxStreams = 0) {
    auto p = planKernel(e, mode, copies, maxStreams);
    if (!p) qFatal("%s: %s", e.name.c_str(), p.error().message.c_str());
    return std::move(p).value();
}

// How one class of instruction executes: every copy takes `latency` cycles
// from its inputs to its result, and `width` copies can start each cycle
// (the units for that class). A false output dependency makes a copy wait
// for the old value of its destination too (popcnt, lzcnt and tzcnt on
// some Intel cores).
struct UnitClass {
    double latency = 1;
    int width = 1;
    bool falseOutputDependency = false;
};

// A deterministic out-of-order core with an unbounded window and renaming:
// in program order, each copy starts at the first cycle at which its inputs
// are ready and a unit is free. Breaker lines (zeroing idioms, constant
// loads) produce a value that depends on nothing and use no unit. Returns the
// cycle the last result is ready after `iterations` runs of the loop body.
double simulate(const KernelPlan& p, const UnitClass& cls, int iterations) {
    std::map<PhysicalRegister, double> ready;
    std::map<long, int> used;
    double finish = 0;
    for (int it = 0; it < iterations; ++it)
        for (const auto& i : p.body) {
            if (i.role == PlannedInstruction::Role::Breaker) {
                for (auto r : i.writes) ready[r] = 0;
                continue;
            }
            double start = 0;
            for (auto r : i.reads) start = std::max(start, ready[r]);
            if (cls.falseOutputDependency)
                for (auto r : i.writes) start = std::max(start, ready[r]);
            long cycle = static_cast<long>(std::ceil(start - 1e-9));
            while (used[cycle] >= cls.width) ++cycle;
            ++used[cycle];
            for (auto r : i.writes) ready[r] = static_cast<double>(cycle) + cls.latency;
            finish = std::max(finish, static_cast<double>(cycle) + cls.latency);
        }
    return finish;
}

// Cycles per copy the way the runner measures them: the kernel with twice the
// copies minus the shorter one, for the same iterations.
double cyclesPerCopy(const CatalogEntry& e, BenchMode mode, const UnitClass& cls, int maxStreams = 0) {
    constexpr int kCopies = 64, kIterations = 50;
    const KernelPlan shorter = plan(e, mode, kCopies, maxStreams), longer = plan(e, mode, 2 * kCopies, maxStreams);
    return (simulate(longer, cls, kIterations) - simulate(shorter, cls, kIterations)) / (double(kIterations) * kCopies);
}

// Within 1 %: what the first and last copies of a run add (the chains fill
// and drain once) is that small; a missing stream costs far more.
bool near(double modelled, double expected) { return std::fabs(modelled - expected) <= 0.01 * expected; }

#define QVERIFY_NEAR(modelled, expected)                                                                          \
    QVERIFY2(near(modelled, expected), qPrintable(QString("modelled %1, expected %2").arg(modelled).arg(expected)))

} // namespace

class TestProbesDependencies : public QObject {
    Q_OBJECT
private slots:
    void streamsOwnTheirRegistersAndLeaveTheLoopAlone() {
        int checked = 0;
        for (Arch arch : {Arch::X86_64, Arch::AArch64, Arch::Mips64}) {
            const auto& abi = targetAbi(arch);
            const PhysicalRegister loop[] = {{RegisterFile::General, abi.loopIndex}, {RegisterFile::General, abi.loopBound}};
            const InstructionCatalog catalog = shipped(arch);
            for (const auto& e : catalog.entries()) {
                for (BenchMode mode : {BenchMode::Latency, BenchMode::Throughput}) {
                    auto p = planKernel(e, mode, 64);
                    if (!p) continue; // e.g. no latency chain for cmp: reported as n/a, not run
                    for (const auto& i : p->body)
                        for (const auto* regs : {&i.reads, &i.writes})
                            for (auto r : *regs)
                                QVERIFY2(r != loop[0] && r != loop[1], qPrintable(QString::fromStdString(
                                    e.name + ": '" + i.text + "' touches the loop counter or bound")));
                    if (mode == BenchMode::Latency) continue;
                    // A register written by a stream's copy is written and read by that stream only.
                    // Registers a breaker sets before every copy carry nothing from copy to copy.
                    std::set<PhysicalRegister> cut;
                    for (const auto& i : p->body)
                        if (i.role == PlannedInstruction::Role::Breaker) cut.insert(i.writes.begin(), i.writes.end());
                    std::map<PhysicalRegister, int> owner;
                    for (const auto& i : p->body)
                        for (auto r : i.writes)
                            if (i.role == PlannedInstruction::Role::Copy && !cut.count(r)) {
                                auto [it, fresh] = owner.try_emplace(r, i.stream);
                                QVERIFY2(fresh || it->second == i.stream,
                                         qPrintable(QString::fromStdString(e.name + ": '" + i.text + "' writes another stream's register")));
                            }
                    for (const auto& i : p->body)
                        for (auto r : i.reads)
                            if (auto it = owner.find(r); it != owner.end())
                                QVERIFY2(it->second == i.stream, qPrintable(QString::fromStdString(
                                    e.name + ": '" + i.text + "' reads another stream's register")));
                    ++checked;
                }
            }
        }
        QVERIFY(checked > 100); // every shipped entry of three catalogs, not a handful
    }

    void schedulerModelReachesTheUnitsWidth_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("latency");
        QTest::addColumn<int>("width");
        QTest::addColumn<bool>("falseDependency");
        // The classes of today's x86 cores, latency x width up to 12 (3 loads of 4 cycles).
        QTest::newRow("alu 1x4") << "add_r64" << 1.0 << 4 << false;
        QTest::newRow("alu imm 1x4") << "add_r64_imm" << 1.0 << 4 << false;
        QTest::newRow("bit count 1x4") << "popcnt_r64" << 1.0 << 4 << false;
        QTest::newRow("popcnt false dependency 3x1") << "popcnt_r64" << 3.0 << 1 << true;
        QTest::newRow("lzcnt false dependency 3x1") << "lzcnt_r64" << 3.0 << 1 << true;
        QTest::newRow("tzcnt false dependency 3x2") << "tzcnt_r64" << 3.0 << 2 << true;
        QTest::newRow("lea 2x2") << "lea_complex" << 2.0 << 2 << false;
        QTest::newRow("imul 3x1") << "imul_r64" << 3.0 << 1 << false;
        QTest::newRow("mul 3x1 (breaker)") << "mul_r64" << 3.0 << 1 << false;
        QTest::newRow("shift 1x2") << "shl_r64_imm" << 1.0 << 2 << false;
        QTest::newRow("fp add 3x2") << "addsd" << 3.0 << 2 << false;
        QTest::newRow("fp add 4x2") << "vaddpd_ymm" << 4.0 << 2 << false;
        QTest::newRow("fma 5x2") << "vfmadd231pd_ymm" << 5.0 << 2 << false;
        QTest::newRow("fma zmm 4x2") << "vfmadd231pd_zmm" << 4.0 << 2 << false;
        QTest::newRow("load 4x3") << "load_l1_chase" << 4.0 << 3 << false;
        QTest::newRow("load 5x2") << "load_l1_chase_disp" << 5.0 << 2 << false;
        QTest::newRow("aes 4x2") << "aesenc_xmm" << 4.0 << 2 << false;
        QTest::newRow("shuffle 3x2") << "vperm2i128_ymm" << 3.0 << 2 << false;
    }

    // With as many streams as the plan makes, independent copies reach one
    // per unit per cycle, and the chain shows the latency.
    void schedulerModelReachesTheUnitsWidth() {
        QFETCH(QString, name);
        QFETCH(double, latency);
        QFETCH(int, width);
        QFETCH(bool, falseDependency);
        const auto catalog = shipped(Arch::X86_64);
        const CatalogEntry& e = entryNamed(catalog, name.toUtf8().constData());
        const UnitClass cls{latency, width, falseDependency};
        const KernelPlan tp = plan(e, BenchMode::Throughput, 64);
        QVERIFY2(tp.streams >= std::ceil(latency * width) || !e.breaker.empty(),
                 qPrintable(QString("%1 streams for %2 x %3").arg(tp.streams).arg(latency).arg(width)));
        QVERIFY_NEAR(cyclesPerCopy(e, BenchMode::Throughput, cls), 1.0 / width);
        if (auto chain = planKernel(e, BenchMode::Latency, 64); chain && !chain->notes.empty() &&
                                                               chain->notes[0].find("link") != std::string::npos)
            return; // a pair's latency is the pair's, not one class's
        if (planKernel(e, BenchMode::Latency, 64)) QVERIFY_NEAR(cyclesPerCopy(e, BenchMode::Latency, cls), latency);
    }

    // The model can fail: too few streams for latency x width fall short of the width.
    void tooFewStreamsFallShort() {
        const auto catalog = shipped(Arch::X86_64);
        const CatalogEntry& add = entryNamed(catalog, "add_r64");
        QVERIFY_NEAR(cyclesPerCopy(add, BenchMode::Throughput, {1, 4}, 2), 0.5);
        QVERIFY_NEAR(cyclesPerCopy(entryNamed(catalog, "addsd"), BenchMode::Throughput, {3, 2}, 2), 1.5);
        // A destination written every copy with a false dependency and one stream is a chain.
        QVERIFY_NEAR(cyclesPerCopy(entryNamed(catalog, "popcnt_r64"), BenchMode::Throughput, {3, 1, true}, 1), 3.0);
        // An implicit register no breaker cuts chains the copies (the plan cannot tell that mul only writes rdx).
        CatalogEntry mul = entryNamed(catalog, "mul_r64");
        mul.breaker = {"xor eax, eax"};
        QVERIFY_NEAR(cyclesPerCopy(mul, BenchMode::Throughput, {3, 1}), 3.0);
    }
};

QTEST_GUILESS_MAIN(TestProbesDependencies)
#include "test_probes_dependencies.moc"
