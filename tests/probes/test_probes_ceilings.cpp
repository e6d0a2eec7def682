// The measured ceilings (core/probes/Ceiling*.h): what the emitted kernels
// load, store and compute against what their accounting claims, the kernels
// run on this CPU against the values they must write, the working sets on
// fixture topologies, plateaus of synthetic sweeps with known steps, the
// JSON's reader, and the CLI's JSON against docs/ceilings.schema.json.
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "core/probes/CeilingKernels.h"
#include "core/probes/CeilingSizes.h"
#include "core/probes/Ceilings.h"
#include "core/probes/CeilingsRunner.h"
#include "core/probes/KernelLibrary.h"
#include "core/probes/Toolchain.h"
#include "core/topology/Cpuid.h"
#include "core/topology/TopologyReader.h"
#include "core/util/Strings.h"
#include "tests/probes/CeilingFormula.h"

using namespace perfdash;

namespace {

constexpr uint64_t KiB = 1024, MiB = 1024 * KiB;

QString fixtures() { return qEnvironmentVariable("PERFDASH_FIXTURES"); }

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    for (auto& l : split(text, '\n'))
        if (!trim(l).empty()) out.push_back(trim(l));
    return out;
}

// Memory accesses of one emitted body, counted from its text alone: on x86
// an operand "ptr [" first is a store, after the comma a load; on AArch64
// ldr/ldp and str/stnp, a pair counting twice, and SVE's ld1/st1/stnt1.
struct Counted {
    int loads = 0, stores = 0, ntStores = 0, fmas = 0, adds = 0, muls = 0;
};
Counted countX86(const std::string& body) {
    Counted c;
    for (const auto& l : lines(body)) {
        const auto sp = l.find(' ');
        const std::string mnemonic = l.substr(0, sp), operands = l.substr(sp + 1);
        const auto mem = operands.find("ptr [");
        if (mem != std::string::npos) {
            const bool store = operands.find(',') > mem;
            if (store) {
                ++c.stores;
                if (mnemonic.find("nt") != std::string::npos) ++c.ntStores;
            } else {
                ++c.loads;
            }
        }
        if (mnemonic.rfind("vfmadd", 0) == 0) ++c.fmas;
        else if (std::regex_match(mnemonic, std::regex("v?add(p|s)(d|s)"))) ++c.adds;
        else if (std::regex_match(mnemonic, std::regex("v?mul(p|s)(d|s)"))) ++c.muls;
    }
    return c;
}
Counted countA64(const std::string& body) {
    Counted c;
    for (const auto& l : lines(body)) {
        const std::string m = l.substr(0, l.find(' '));
        if (m == "ldr" || m == "ld1d" || m == "ld1w") c.loads += 1;
        if (m == "ldp") c.loads += 2;
        if (m == "str" || m == "st1d" || m == "st1w") c.stores += 1;
        if (m == "stnp") c.stores += 2, c.ntStores += 2;
        if (m == "stnt1d" || m == "stnt1w") c.stores += 1, c.ntStores += 1;
        if (m == "fmla" || m == "fmadd") ++c.fmas;
        if (m == "fadd") ++c.adds;
        if (m == "fmul") ++c.muls;
    }
    return c;
}

struct Run {
    int status = -1;
    QString out, err;
};
Run cli(const QStringList& args) {
    QProcess p;
    p.start(qEnvironmentVariable("PERFDASH_CLI"), args);
    if (!p.waitForFinished(280000)) qFatal("perfdash-cli %s did not finish", qPrintable(args.join(' ')));
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

// A sweep with bandwidth `levels[i]` up to `steps[i]` bytes, then the next;
// a deterministic +-3 % wiggle so that no plateau is perfectly flat.
std::vector<SweepPoint> steppedCurve(const std::vector<uint64_t>& steps, const std::vector<double>& levels,
                                     uint64_t largest = 512 * MiB) {
    std::vector<SweepPoint> out;
    int n = 0;
    for (uint64_t bytes : sweepSizes(largest)) {
        size_t level = 0;
        while (level < steps.size() && bytes > steps[level]) ++level;
        const double wiggle = 1 + 0.03 * ((n++ % 3) - 1);
        out.push_back({bytes, levels[level] * wiggle});
    }
    return out;
}

Ceilings sampleCeilings() {
    Ceilings c;
    c.cpu = "AMD EPYC 9B45";
    c.arch = "zen5";
    c.clockHz = 2.95e9;
    c.memory.push_back({"L1", "triad", "avx512", "dp", 1, 24 * KiB, 2e11, 2.6e11, 67.8, true, 33, false});
    c.compute.push_back({"fma", "avx512", "dp", 1, 9.4e10, 32, true, 21, false});
    Sweep s;
    s.kernel = "load", s.isa = "avx512";
    s.points = {{4096, 2e11}, {8192, 2.1e11}};
    s.plateaus = {{4096, 8192, 2.05e11, "L1"}};
    c.sweep.push_back(s);
    c.warnings = {"a warning"};
    return c;
}

} // namespace

class TestProbesCeilings : public QObject {
    Q_OBJECT
private slots:
    // ---------------------------------------------------------- accounting
    void memoryAccountingMatchesTheCode_data() {
        QTest::addColumn<int>("arch");
        QTest::addColumn<int>("op");
        QTest::addColumn<int>("isa");
        QTest::addColumn<int>("precision");
        for (Arch arch : {Arch::X86_64, Arch::AArch64})
            for (VectorIsa isa : isasOf(arch))
                for (MemoryOp op : kAllMemoryOps)
                    for (Precision p : {Precision::Dp, Precision::Sp})
                        QTest::addRow("%s %s %s %s", toString(arch), toString(op), toString(isa), toString(p))
                            << int(arch) << int(op) << int(isa) << int(p);
    }
    void memoryAccountingMatchesTheCode() {
        QFETCH(int, arch);
        QFETCH(int, op);
        QFETCH(int, isa);
        QFETCH(int, precision);
        const auto a = Arch(arch);
        const auto body = memoryKernelBody(a, MemoryOp(op), VectorIsa(isa), Precision(precision));
        QVERIFY2(body, body ? "" : body.error().message.c_str());
        const Counted c = a == Arch::X86_64 ? countX86(*body) : countA64(*body);
        const MemoryAccounting acc = memoryAccounting(MemoryOp(op), VectorIsa(isa), Precision(precision));
        QCOMPARE(c.loads, acc.loads * kMemoryUnroll);
        QCOMPARE(c.stores, acc.stores * kMemoryUnroll);
        QCOMPARE(c.ntStores, acc.nonTemporal ? acc.stores * kMemoryUnroll : 0);
        const int lanes = acc.vectorBytes / (Precision(precision) == Precision::Dp ? 8 : 4);
        QCOMPARE((2 * c.fmas + c.adds + c.muls) * lanes, acc.flops * kMemoryUnroll);
    }

    void bandwidthConventions() {
        // STREAM's copy moves 16 bytes per double; with write-allocate the store's line is read too: 24.
        const auto copy = memoryAccounting(MemoryOp::Copy, VectorIsa::Scalar, Precision::Dp);
        QCOMPARE(copy.appBytes(), 16.0);
        QCOMPARE(copy.hardwareBytes(), 24.0);
        const auto copyNt = memoryAccounting(MemoryOp::CopyNt, VectorIsa::Scalar, Precision::Dp);
        QCOMPARE(copyNt.hardwareBytes(), 16.0);
        const auto triad = memoryAccounting(MemoryOp::Triad, VectorIsa::Avx512, Precision::Dp);
        QCOMPARE(triad.appBytes(), 3 * 64.0);
        QCOMPARE(triad.hardwareBytes(), 4 * 64.0);
        QCOMPARE(triad.flops, 16);
    }

    void computeAccountingMatchesTheCode_data() {
        QTest::addColumn<int>("arch");
        QTest::addColumn<int>("op");
        QTest::addColumn<int>("isa");
        for (Arch arch : {Arch::X86_64, Arch::AArch64})
            for (VectorIsa isa : isasOf(arch))
                for (ComputeOp op : kAllComputeOps)
                    QTest::addRow("%s %s %s", toString(arch), toString(op), toString(isa)) << int(arch) << int(op) << int(isa);
    }
    void computeAccountingMatchesTheCode() {
        QFETCH(int, arch);
        QFETCH(int, op);
        QFETCH(int, isa);
        const auto a = Arch(arch);
        for (Precision p : {Precision::Dp, Precision::Sp}) {
            const auto body = computeKernelBody(a, ComputeOp(op), VectorIsa(isa), p);
            QVERIFY(body);
            const Counted c = a == Arch::X86_64 ? countX86(*body) : countA64(*body);
            const ComputeAccounting acc = computeAccounting(ComputeOp(op), VectorIsa(isa), p);
            QCOMPARE(c.fmas, acc.fmas);
            QCOMPARE(c.adds, acc.adds);
            QCOMPARE(c.muls, acc.muls);
            QCOMPARE(c.loads + c.stores, 0); // register-only
            // Enough chains for latency 4-5 x 2 ports (10), in each kind the mix keeps busy.
            if (acc.fmas) QVERIFY(acc.fmas >= 8);
            QVERIFY(acc.instructions() >= 12);
        }
        const auto avx512 = computeAccounting(ComputeOp::Fma, VectorIsa::Avx512, Precision::Dp);
        QCOMPARE(avx512.flopsPerInstruction(), 16.0);
        const auto mix = computeAccounting(ComputeOp::FmaAdd, VectorIsa::Avx2, Precision::Sp);
        QCOMPARE(mix.flopsPerInstruction(), 8.0 * (2 * 8 + 6) / 14);
    }

    // ------------------------------------------------ the code assembles and runs
    void aarch64KernelsAssemble() {
        const Toolchain t = Toolchain::defaults(Arch::AArch64);
        if (QStandardPaths::findExecutable(QString::fromStdString(t.assembler)).isEmpty())
            QSKIP("no AArch64 assembler: apt-get install binutils-aarch64-linux-gnu");
        QTemporaryDir dir;
        for (VectorIsa isa : isasOf(Arch::AArch64))
            for (Precision p : {Precision::Dp, Precision::Sp}) {
                for (MemoryOp op : kAllMemoryOps) {
                    auto text = memoryKernelAssembly(Arch::AArch64, op, isa, p, "k");
                    QVERIFY(text);
                    const Status s = buildSharedObject(t, *text, dir.filePath("m.so").toStdString());
                    QVERIFY2(s, s ? "" : s.error().message.c_str());
                }
                for (ComputeOp op : kAllComputeOps) {
                    auto text = computeKernelAssembly(Arch::AArch64, op, isa, p, "k");
                    QVERIFY(text);
                    const Status s = buildSharedObject(t, *text, dir.filePath("c.so").toStdString());
                    QVERIFY2(s, s ? "" : s.error().message.c_str());
                }
            }
        QVERIFY(!memoryKernelAssembly(Arch::AArch64, MemoryOp::Load, VectorIsa::Avx2, Precision::Dp, "k"));
        QVERIFY(!memoryKernelAssembly(Arch::X86_64, MemoryOp::Load, VectorIsa::Sve, Precision::Dp, "k"));
    }

    void sveIsLengthAgnostic() {
        // One body for every vector length: offsets in vectors, pointers advanced by vectors, the
        // bytes counted down by what rdvl reads. Only the accounting needs the length.
        const auto body = memoryKernelBody(Arch::AArch64, MemoryOp::Triad, VectorIsa::Sve, Precision::Dp);
        QVERIFY(body);
        QVERIFY2(body->find("ld1d {z0.d}, p0/z, [x3, #0, mul vl]") != std::string::npos, body->c_str());
        QVERIFY2(body->find("st1d {z7.d}, p0, [x2, #7, mul vl]") != std::string::npos, body->c_str());
        const auto text = memoryKernelAssembly(Arch::AArch64, MemoryOp::Triad, VectorIsa::Sve, Precision::Dp, "k");
        QVERIFY(text);
        QVERIFY(text->find("rdvl x15, #8") != std::string::npos);
        QVERIFY(text->find("addvl x4, x4, #8") != std::string::npos);
        QVERIFY(text->find("subs x13, x13, x15") != std::string::npos);
#if !defined(__aarch64__)
        QCOMPARE(sveVectorBytes(), 16); // no SVE here: the architecture's least
#endif
        const auto acc = memoryAccounting(MemoryOp::Triad, VectorIsa::Sve, Precision::Sp);
        QCOMPARE(acc.vectorBytes, sveVectorBytes());
        QCOMPARE(acc.flops, 2 * sveVectorBytes() / 4);
    }

    // Each kernel writes what its formula says, over exactly `bytes` of each
    // array and nothing beyond: the byte accounting is what the code does.
    void x86KernelsComputeTheirFormula_data() {
        QTest::addColumn<int>("isa");
        QTest::addColumn<int>("precision");
        // Only the widths this CPU runs: a row for another would skip, and CI's
        // Intel and AMD guests differ (AVX-512 may be absent). Say which are left out.
        const CpuFeatures features = CpuFeatures::detect();
        for (VectorIsa isa : isasOf(Arch::X86_64)) {
            if (const auto why = whyIsaUnavailable(Arch::X86_64, isa, features, false); !why.empty()) {
                qInfo("%s kernels not run here: %s", toString(isa), why.c_str());
                continue;
            }
            for (Precision p : {Precision::Dp, Precision::Sp})
                QTest::addRow("%s %s", toString(isa), toString(p)) << int(isa) << int(p);
        }
    }
    void x86KernelsComputeTheirFormula() {
        if (hostArch() != Arch::X86_64) QSKIP("runs x86-64 code; the host is another architecture");
        QFETCH(int, isa);
        QFETCH(int, precision);
        const auto v = VectorIsa(isa);
        const auto p = Precision(precision);
        const CpuFeatures features = CpuFeatures::detect();
        const Toolchain toolchain = Toolchain::defaults(Arch::X86_64);
        for (MemoryOp op : kAllMemoryOps) {
            if (const auto why = whyIsaUnavailable(Arch::X86_64, v, features, memoryOpNeedsFma(op, v)); !why.empty())
                QSKIP(qPrintable("this CPU cannot run it: " + QString::fromStdString(why)));
            auto text = memoryKernelAssembly(Arch::X86_64, op, v, p, "k");
            QVERIFY(text);
            auto library = KernelLibrary::build(toolchain, *text);
            QVERIFY2(library, library ? "" : library.error().message.c_str());
            auto once = library->function("k_1");
            QVERIFY(once);
            const std::string wrong =
                testing::checkMemoryKernel(*once, op, p, memoryAccounting(op, v, p).blockBytes() * 3);
            QVERIFY2(wrong.empty(), wrong.c_str());
        }
    }

    void x86ComputeKernelsRun() {
        if (hostArch() != Arch::X86_64) QSKIP("runs x86-64 code; the host is another architecture");
        const CpuFeatures features = CpuFeatures::detect();
        const Toolchain toolchain = Toolchain::defaults(Arch::X86_64);
        for (VectorIsa isa : isasOf(Arch::X86_64))
            for (ComputeOp op : kAllComputeOps) {
                if (!whyIsaUnavailable(Arch::X86_64, isa, features, computeOpNeedsFma(op)).empty()) continue;
                auto text = computeKernelAssembly(Arch::X86_64, op, isa, Precision::Dp, "k");
                QVERIFY(text);
                auto library = KernelLibrary::build(toolchain, *text);
                QVERIFY2(library, library ? "" : library.error().message.c_str());
                StreamArgs args;
                args.scalar = 1.0;
                (*library->function("k_2"))(10, &args); // returns, registers restored
            }
    }

    // ----------------------------------------------------------- sizes
    void workingSetsOnTheVmFixture() {
        const std::string root = (fixtures() + "/topology/vm").toStdString();
        auto topology = TopologyReader(MachineSources::tree(root + "/sys", root + "/proc")).read();
        QVERIFY(topology);
        const CacheSizes caches = cacheSizesOf(*topology, nullptr);
        QCOMPARE(caches.source, std::string("sysfs"));
        QCOMPARE(caches.l1d, 32 * KiB);
        QCOMPARE(caches.l2, 512 * KiB);
        QCOMPARE(caches.l3, 32 * MiB);
        QCOMPARE(caches.l3SharedBy, 2);

        auto one = chooseWorkingSets(caches, 1, memoryLimit(8192 * MiB, 0));
        QCOMPARE(one.levels.size(), size_t(4));
        QCOMPARE(one.levels[0].bytes, 16 * KiB);      // half of L1D
        QCOMPARE(one.levels[1].bytes, 256 * KiB);     // half of L2
        QCOMPARE(one.levels[2].bytes, 16 * MiB);      // half of the L3, which one thread has alone
        QCOMPARE(one.levels[3].bytes, 128 * MiB);     // 4x the L3 per array
        QVERIFY(one.levels[3].perArray);
        QVERIFY(one.warnings.empty());
        auto two = chooseWorkingSets(caches, 2, memoryLimit(8192 * MiB, 0));
        QCOMPARE(two.levels[2].bytes, 8 * MiB);       // half of each thread's share of the shared L3
        QCOMPARE(two.levels[3].bytes, 64 * MiB);      // the arrays of both threads together are 4x the L3
        // Triad's three arrays split the level's working set, in whole blocks.
        QCOMPARE(arrayBytesFor(one.levels[0], 3, 512), uint64_t(5120));
        QCOMPARE(arrayBytesFor(one.levels[3], 3, 512), 128 * MiB);
    }

    // This VM (a Zen 5 guest) has no cache directories in sysfs; CPUID's
    // TopoExt leaf is hidden too, so the sizes come from AMD's legacy leaves,
    // which report a 508 MiB L3.
    void workingSetsOnThisVm() {
        const std::string root = (fixtures() + "/topology/vm-zen5-nocache").toStdString();
        auto topology = TopologyReader(MachineSources::tree(root + "/sys", root + "/proc")).read();
        QVERIFY(topology);
        QVERIFY(topology->caches.empty());
        QCOMPARE(cacheSizesOf(*topology, nullptr).known(), false);
        auto dumpText = readFile((fixtures() + "/identity/amd-zen5-guest/cpuid").toStdString());
        QVERIFY(dumpText);
        auto dump = CpuidDump::parse(*dumpText, "cpuid");
        QVERIFY(dump);
        const CacheSizes caches = cacheSizesOf(*topology, &*dump);
        QCOMPARE(caches.source, std::string("CPUID (0x80000005/6)"));
        QCOMPARE(caches.l1d, 48 * KiB);
        QCOMPARE(caches.l2, 1024 * KiB);
        QCOMPARE(caches.l3, 508 * MiB);
        const auto meminfo = readFile(root + "/proc/meminfo");
        QVERIFY(meminfo);
        QVERIFY(memAvailableBytes(*meminfo).has_value());
        auto sizes = chooseWorkingSets(caches, 1, memoryLimit(8192 * MiB, 0));
        QCOMPARE(sizes.levels[0].bytes, 24 * KiB);
        QCOMPARE(sizes.levels[1].bytes, 512 * KiB);
        QCOMPARE(sizes.levels[2].bytes, 254 * MiB);
        // 4 x 508 MiB per array would need 6 GiB for triad: capped at half of MemAvailable, with a warning.
        QCOMPARE(sizes.levels[3].bytes, 8192 * MiB / 2 / 3);
        QCOMPARE(sizes.warnings.size(), size_t(1));
        QVERIFY(sizes.warnings[0].find("MemAvailable") != std::string::npos);
        // --max-memory below half of MemAvailable wins; above it, half of MemAvailable does.
        QCOMPARE(memoryLimit(8192 * MiB, 600 * MiB), 600 * MiB);
        QCOMPARE(memoryLimit(8192 * MiB, 6000 * MiB), 4096 * MiB);
        QCOMPARE(chooseWorkingSets(caches, 1, 600 * MiB).levels[3].bytes, 200 * MiB);
    }

    void threadPlacementFillsCoresFirst() {
        const std::string root = (fixtures() + "/topology/two_socket_smt").toStdString();
        auto topology = TopologyReader(MachineSources::tree(root + "/sys", root + "/proc")).read();
        QVERIFY(topology);
        std::vector<int> all = topology->onlineCpus();
        const auto order = threadPlacement(*topology, all);
        QCOMPARE(order.size(), all.size());
        // The first threads are on distinct cores; a sibling only after every core has one.
        const size_t cores = topology->cores.size();
        std::set<std::pair<int, int>> seen;
        for (size_t i = 0; i < cores; ++i) {
            const HwThread* t = topology->hwThread(order[i]);
            QVERIFY(seen.insert({t->packageId, t->coreId}).second);
        }
        const auto counts = defaultThreadCounts(*topology, all);
        QCOMPARE(counts.front(), 1);
        QCOMPARE(counts.back(), int(all.size()));
    }

    // ---------------------------------------------------------- plateaus
    void plateausOfAKnownCurve() {
        const auto points = steppedCurve({32 * KiB, 1 * MiB, 32 * MiB}, {200e9, 100e9, 50e9, 20e9});
        CacheSizes caches{32 * KiB, 1 * MiB, 32 * MiB, 1, 1, "sysfs"};
        const PlateauAnalysis a = findPlateaus(points, caches);
        QCOMPARE(a.plateaus.size(), size_t(4));
        const char* levels[] = {"L1", "L2", "L3", "DRAM"};
        const double bandwidth[] = {200e9, 100e9, 50e9, 20e9};
        for (size_t i = 0; i < 4; ++i) {
            QCOMPARE(a.plateaus[i].level, std::string(levels[i]));
            QVERIFY(std::abs(a.plateaus[i].appBytesPerSecond / bandwidth[i] - 1) <= 0.03);
        }
        QCOMPARE(a.plateaus[0].fromBytes, 4 * KiB);
        QCOMPARE(a.plateaus[0].toBytes, 32 * KiB);
        QVERIFY(a.plateaus[1].fromBytes > 32 * KiB && a.plateaus[1].fromBytes <= 48 * KiB);
        QVERIFY(a.warnings.empty());
    }

    void aReportedCacheSizeTheSweepContradicts() {
        // A VM reports a 480 MiB L3; the bandwidth steps down at 32 MiB.
        const auto points = steppedCurve({32 * KiB, 1 * MiB, 32 * MiB}, {200e9, 100e9, 50e9, 20e9});
        CacheSizes caches{32 * KiB, 1 * MiB, 480 * MiB, 1, 1, "CPUID"};
        const PlateauAnalysis a = findPlateaus(points, caches);
        QCOMPARE(a.warnings.size(), size_t(1));
        QVERIFY2(a.warnings[0].find("L3 as 480 MiB") != std::string::npos, a.warnings[0].c_str());
        QVERIFY2(a.warnings[0].find("32 MiB") != std::string::npos, a.warnings[0].c_str());
    }

    void aPlateauAcrossAReportedSize() {
        // This VM: CPUID's legacy leaf says 508 MiB of L3; the bandwidth is flat from 32 MiB to 1 GiB.
        // An extra step (noise, or an L2 that behaves as two) makes five plateaus against four levels.
        const auto points = steppedCurve({48 * KiB, 256 * KiB, 1 * MiB, 32 * MiB}, {270e9, 100e9, 75e9, 50e9, 15e9},
                                         1024 * MiB);
        CacheSizes caches{48 * KiB, 1 * MiB, 508 * MiB, 1, 1, "CPUID"};
        const PlateauAnalysis a = findPlateaus(points, caches);
        QCOMPARE(a.plateaus.size(), size_t(5));
        QCOMPARE(a.warnings.size(), size_t(2)); // the count, and the L3
        QVERIFY2(a.warnings[0].find("L3 as 508 MiB, but the sweep's bandwidth stays flat from") != std::string::npos,
                 a.warnings[0].c_str());
        // The true sizes raise nothing but the count.
        CacheSizes truth{48 * KiB, 1 * MiB, 32 * MiB, 1, 1, "sysfs"};
        QCOMPARE(findPlateaus(points, truth).warnings.size(), size_t(1));
    }

    void workingSetsFollowTheSweepWhereItContradictsTheL3() {
        // This VM: CPUID says 508 MiB of L3; the bandwidth has an L3 plateau up to 16 MiB and is DRAM's from 45 MiB.
        const auto points = steppedCurve({48 * KiB, 1 * MiB, 20 * MiB}, {270e9, 100e9, 50e9, 15e9}, 1024 * MiB);
        CacheSizes caches{48 * KiB, 1 * MiB, 508 * MiB, 1, 1, "CPUID"};
        const PlateauAnalysis a = findPlateaus(points, caches);
        QCOMPARE(a.plateaus.size(), size_t(4));
        const SweepSizing sized = cachesFromSweep(caches, a.plateaus);
        QCOMPARE(sized.notes.size(), size_t(1));
        QVERIFY2(sized.notes[0].find("CPUID reports L3 as 508 MiB") != std::string::npos, sized.notes[0].c_str());
        // The L3 ends where its plateau's last point is; DRAM begins at the first point past the 20 MiB step.
        QCOMPARE(sized.caches.l3, a.plateaus[2].toBytes);
        QVERIFY(sized.caches.l3 <= 20 * MiB && sized.caches.l3 > 10 * MiB);
        QCOMPARE(sized.caches.dramFrom, a.plateaus[3].fromBytes);
        QVERIFY(sized.caches.dramFrom > 20 * MiB && sized.caches.dramFrom <= 30 * MiB);
        QCOMPARE(sized.caches.l1d, caches.l1d);
        QCOMPARE(sized.caches.l2, caches.l2);
        // Half of the measured L3 lies on the L3 plateau; DRAM's arrays are 4x where DRAM began, not 4x 508 MiB.
        const auto sizes = chooseWorkingSets(sized.caches, 1, memoryLimit(8192 * MiB, 0));
        QCOMPARE(sizes.levels.size(), size_t(4));
        QVERIFY(sizes.levels[2].bytes >= a.plateaus[2].fromBytes && sizes.levels[2].bytes <= a.plateaus[2].toBytes);
        QCOMPARE(sizes.levels[3].bytes, 4 * sized.caches.dramFrom);
        QVERIFY(sizes.warnings.empty());
        // Two threads together take half of what the sweep's one thread had, each.
        QCOMPARE(chooseWorkingSets(sized.caches, 2, 0).levels[2].bytes, std::max(sized.caches.l3 / 4, 2 * MiB));
    }

    void anOutlierSplittingDramsPlateauChangesNothing() {
        // One disturbed point at 181 MiB splits DRAM's plateau in two, neither of which runs across 508 MiB.
        auto points = steppedCurve({48 * KiB, 1 * MiB, 20 * MiB}, {270e9, 100e9, 50e9, 15e9}, 1024 * MiB);
        auto outlier = std::find_if(points.begin(), points.end(), [](const SweepPoint& p) { return p.bytes >= 181 * MiB; });
        QVERIFY(outlier != points.end() && outlier->bytes < 256 * MiB);
        outlier->appBytesPerSecond *= 1.5;
        CacheSizes caches{48 * KiB, 1 * MiB, 508 * MiB, 1, 1, "CPUID"};
        const PlateauAnalysis a = findPlateaus(points, caches);
        QCOMPARE(a.plateaus.size(), size_t(5));
        QVERIFY(a.plateaus[3].toBytes < outlier->bytes && a.plateaus[4].fromBytes > outlier->bytes);
        const SweepSizing sized = cachesFromSweep(caches, a.plateaus);
        QCOMPARE(sized.notes.size(), size_t(1));
        QCOMPARE(sized.caches.dramFrom, a.plateaus[3].fromBytes); // where the first half begins
        QCOMPARE(sized.caches.l3, a.plateaus[2].toBytes);
    }

    void thisVmsQuietSweep() {
        // A real sweep of this guest, nothing else running: L3 plateaus up to 11.3 MiB (99 GB/s) and
        // 32 MiB (63 GB/s), then a bandwidth that sinks slowly from 52 to 36 GB/s up to 724 MiB, split
        // into plateaus no tolerance merges. CPUID's legacy leaf says 508 MiB of L3.
        auto file = readCeilingsFile((fixtures() + "/ceilings/zen5-guest-sweep-quiet.json").toStdString());
        QVERIFY2(file, file ? "" : file.error().message.c_str());
        QCOMPARE(file->sweep.size(), size_t(1));
        CacheSizes caches{48 * KiB, 1 * MiB, 508 * MiB, 1, 1, "CPUID (0x80000005/6)"};
        const PlateauAnalysis a = findPlateaus(file->sweep[0].points, caches);
        const SweepSizing sized = cachesFromSweep(caches, a.plateaus);
        QCOMPARE(sized.notes.size(), size_t(1));
        QVERIFY2(sized.caches.l3 >= 16 * MiB && sized.caches.l3 <= 48 * MiB, formatBytes(sized.caches.l3).c_str());
        QVERIFY2(sized.caches.dramFrom >= 32 * MiB && sized.caches.dramFrom <= 128 * MiB,
                 formatBytes(sized.caches.dramFrom).c_str());
        // Its L3 working set is where the sweep measured more than L2's plateau's half and DRAM's 1.5x.
        const auto sizes = chooseWorkingSets(sized.caches, 1, memoryLimit(8192 * MiB, 0));
        QCOMPARE(sizes.levels[2].level, std::string("L3"));
        QVERIFY2(sizes.levels[2].bytes <= 24 * MiB, formatBytes(sizes.levels[2].bytes).c_str());
    }

    void noL3PlateauLeavesTheL3Unmeasured() {
        // DRAM's bandwidth right after L2: the reported 508 MiB L3 is nowhere in the curve.
        const auto points = steppedCurve({48 * KiB, 1 * MiB}, {270e9, 100e9, 15e9}, 1024 * MiB);
        CacheSizes caches{48 * KiB, 1 * MiB, 508 * MiB, 1, 1, "CPUID"};
        const SweepSizing sized = cachesFromSweep(caches, findPlateaus(points, caches).plateaus);
        QCOMPARE(sized.caches.l3, uint64_t(0));
        QVERIFY2(sized.notes.size() == 1 && sized.notes[0].find("L3 is not measured") != std::string::npos,
                 sized.notes.empty() ? "no note" : sized.notes[0].c_str());
        const auto sizes = chooseWorkingSets(sized.caches, 1, 0);
        QCOMPARE(sizes.levels.size(), size_t(3)); // L1, L2, DRAM
        QCOMPARE(sizes.levels[2].level, std::string("DRAM"));
        QCOMPARE(sizes.levels[2].bytes, 4 * sized.caches.dramFrom);
    }

    void sizesTheSweepAgreesWithStay() {
        const auto points = steppedCurve({32 * KiB, 1 * MiB, 32 * MiB}, {200e9, 100e9, 50e9, 20e9});
        CacheSizes caches{32 * KiB, 1 * MiB, 32 * MiB, 1, 2, "sysfs"};
        const SweepSizing sized = cachesFromSweep(caches, findPlateaus(points, caches).plateaus);
        QVERIFY(sized.notes.empty());
        QCOMPARE(sized.caches.l3, caches.l3);
        QCOMPARE(sized.caches.l3SharedBy, 2);
        QCOMPARE(sized.caches.dramFrom, uint64_t(0));
        // No sweep (one plateau or none) changes nothing either.
        QVERIFY(cachesFromSweep(caches, {}).notes.empty());
    }

    void aMissingStepLeavesLevelsOpen() {
        // No L2 step: three plateaus against four levels.
        const auto points = steppedCurve({32 * KiB, 32 * MiB}, {200e9, 50e9, 20e9});
        CacheSizes caches{32 * KiB, 1 * MiB, 32 * MiB, 1, 1, "sysfs"};
        const PlateauAnalysis a = findPlateaus(points, caches);
        QCOMPARE(a.plateaus.size(), size_t(3));
        for (const auto& p : a.plateaus) QVERIFY(p.level.empty());
        // The reported 1 MiB L2 lies inside one flat plateau, and the count does not match.
        QCOMPARE(a.warnings.size(), size_t(2));
        QVERIFY2(a.warnings[0].find("L2 as 1 MiB, but the sweep's bandwidth stays flat") != std::string::npos,
                 a.warnings[0].c_str());
        QVERIFY(a.warnings[1].find("3 plateaus") != std::string::npos);
    }

    // ---------------------------------------------------------- JSON
    void jsonRoundTrip() {
        const Ceilings c = sampleCeilings();
        auto back = parseCeilingsJson(ceilingsToJson(c).dump(), "x.json");
        QVERIFY2(back, back ? "" : back.error().message.c_str());
        QCOMPARE(ceilingsToJson(*back).dump(), ceilingsToJson(c).dump());
        QCOMPARE(back->memory.at(0).timings, 33);
        // Files written before the timings were recorded read as "not recorded".
        nlohmann::json old = ceilingsToJson(c);
        old["compute"][0].erase("timings");
        auto older = parseCeilingsJson(old.dump(), "old.json");
        QVERIFY2(older, older ? "" : older.error().message.c_str());
        QCOMPARE(older->compute.at(0).timings, 0);
    }

    void jsonErrorsNameTheFileAndField_data() {
        QTest::addColumn<QString>("path");   // a JSON pointer to change
        QTest::addColumn<QString>("value");  // its new value (JSON), or "" to remove it
        QTest::addColumn<QString>("message");
        QTest::newRow("missing level") << "/memory/0/level" << "" << "x.json: memory[0].level: missing";
        QTest::newRow("unknown kernel") << "/compute/0/kernel" << "\"fmac\"" << "compute[0].kernel: 'fmac' is none of";
        QTest::newRow("negative") << "/memory/0/app_bytes_per_s" << "-1" << "memory[0].app_bytes_per_s: must be";
        QTest::newRow("negative timings") << "/memory/0/timings" << "-3" << "memory[0].timings: expected a whole number";
        QTest::newRow("string threads") << "/threads" << "\"2\"" << "x.json: threads: expected a whole number";
        QTest::newRow("plateau level") << "/sweep/0/plateaus/0/level" << "\"L4\"" << "sweep[0].plateaus[0].level";
        QTest::newRow("kind") << "/kind" << "\"perfdash-report\"" << "not a ceilings file";
        QTest::newRow("schema") << "/schema" << "2" << "schema 2 is not the 1";
    }
    void jsonErrorsNameTheFileAndField() {
        QFETCH(QString, path);
        QFETCH(QString, value);
        QFETCH(QString, message);
        nlohmann::json j = ceilingsToJson(sampleCeilings());
        const nlohmann::json::json_pointer ptr(path.toStdString());
        if (value.isEmpty()) j[ptr.parent_pointer()].erase(ptr.back());
        else j[ptr] = nlohmann::json::parse(value.toStdString());
        auto parsed = parseCeilingsJson(j.dump(), "x.json");
        QVERIFY(!parsed);
        QVERIFY2(parsed.error().message.find(message.toStdString()) != std::string::npos,
                 parsed.error().message.c_str());
        QVERIFY(parsed.error().message.rfind("x.json", 0) == 0);
    }

    void aFileThatIsNotThere() {
        auto r = readCeilingsFile("/nonexistent/ceilings.json");
        QVERIFY(!r);
        QVERIFY(r.error().message.find("/nonexistent/ceilings.json") != std::string::npos);
        QVERIFY(r.error().message.find("perfdash-cli ceilings") != std::string::npos);
    }

    // ---------------------------------------------------------- the CLI
    void cliJsonMatchesTheSchema() {
        if (qEnvironmentVariableIsEmpty("PERFDASH_CLI")) QSKIP("PERFDASH_CLI is not set (run through ctest)");
        if (!hostArch() || hostArch() == Arch::Mips64) QSKIP("the ceilings are measured on x86-64 and AArch64 only");
        if (QProcess::execute("/usr/bin/python3", {"-c", "import jsonschema"}) != 0)
            QSKIP("Debian's python3-jsonschema is not installed: apt-get install python3-jsonschema");
        QTemporaryDir dir;
        const QString file = dir.filePath("ceilings.json");
        const Run r = cli({"ceilings", "--threads", "1", "--kernel", "load,triad,fma", "--level", "L1", "--no-sweep",
                           "--json", "-o", file});
        QVERIFY2(r.status == 0, qPrintable(r.err));
        const QString schema = fixtures() + "/../../docs/ceilings.schema.json";
        const QString stdoutFile = dir.filePath("stdout.json");
        {
            QFile f(stdoutFile);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(r.out.toUtf8());
        }
        for (const QString& doc : {stdoutFile, file}) {
            QProcess p;
            p.start("/usr/bin/python3", {"-c",
                                         "import json, sys, jsonschema\n"
                                         "jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))\n"
                                         "print('valid')",
                                         doc, schema});
            QVERIFY(p.waitForFinished(60000));
            QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        }
        auto parsed = readCeilingsFile(file.toStdString());
        QVERIFY2(parsed, parsed ? "" : parsed.error().message.c_str());
        QCOMPARE(parsed->origin, std::string("measured"));
        QVERIFY(parsed->clockHz > 0);
        // What was asked for, and only that: two memory kernels at L1, one compute kernel (where this CPU runs them).
        for (const auto& m : parsed->memory) {
            QCOMPARE(m.level, std::string("L1"));
            QVERIFY(m.kernel == "load" || m.kernel == "triad");
            QCOMPARE(m.threads, 1);
            QVERIFY2(m.timings >= 11, "each figure is the fastest of at least 11 repetitions");
        }
        for (const auto& f : parsed->compute) {
            QCOMPARE(f.kernel, std::string("fma"));
            QVERIFY(f.timings >= 11);
        }
        QVERIFY(parsed->memory.size() + parsed->compute.size() + parsed->warnings.size() >= 3);
        QVERIFY(parsed->sweep.empty());
    }

    void cliUsageErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("threads 0") << QStringList{"--threads", "0"} << "--threads takes a number from 1 to";
        QTest::newRow("isa") << QStringList{"--isa", "avx3"} << "--isa: unknown 'avx3'";
        QTest::newRow("kernel") << QStringList{"--kernel", "stream"} << "--kernel: unknown 'stream'";
        QTest::newRow("level") << QStringList{"--level", "L4"} << "--level: unknown 'L4'";
        QTest::newRow("max-memory") << QStringList{"--max-memory", "lots"} << "--max-memory takes a size";
    }
    void cliUsageErrors() {
        if (qEnvironmentVariableIsEmpty("PERFDASH_CLI")) QSKIP("PERFDASH_CLI is not set (run through ctest)");
        if (!hostArch() || hostArch() == Arch::Mips64) QSKIP("the ceilings are measured on x86-64 and AArch64 only");
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cli(QStringList{"ceilings"} + args);
        QCOMPARE(r.status, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
    }

    void cliNothingToMeasure() {
        if (qEnvironmentVariableIsEmpty("PERFDASH_CLI")) QSKIP("PERFDASH_CLI is not set (run through ctest)");
        if (!hostArch() || hostArch() == Arch::Mips64) QSKIP("the ceilings are measured on x86-64 and AArch64 only");
        // Non-temporal stores bypass the caches: at L1 there is nothing to measure, and the error says why.
        const Run r = cli({"ceilings", "--kernel", "store_nt,copy_nt", "--level", "L1,L2", "--no-sweep"});
        QVERIFY2(r.status != 0, qPrintable(r.out));
        QVERIFY2(r.err.contains("nothing to measure") && r.err.contains("measured at DRAM only"), qPrintable(r.err));
        // Another architecture's vector width: the error says which widths this one has.
        const bool x86 = hostArch() == Arch::X86_64;
        const Run other = cli({"ceilings", "--isa", x86 ? "sve" : "avx2", "--kernel", "fma", "--no-sweep"});
        QVERIFY(other.status != 0);
        QVERIFY2(other.err.contains(x86 ? "no sve kernels for x86_64" : "no avx2 kernels for aarch64"), qPrintable(other.err));
    }
};

QTEST_GUILESS_MAIN(TestProbesCeilings)
#include "test_probes_ceilings.moc"
