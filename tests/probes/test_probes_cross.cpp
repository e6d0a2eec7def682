// AArch64 and MIPS64 code generation on any host, with Debian's cross
// binutils: every catalog entry assembles, and the disassembly shows the
// intended dependency structure.
#include <QtTest>

#include "DisassemblyCheck.h"

using namespace perfdash;
using namespace perfdash::test;

namespace {

void requireCrossTools(Arch arch) {
    const Toolchain t = Toolchain::defaults(arch);
    for (const auto& tool : {t.assembler, t.linker, objdumpFor(arch)})
        if (!toolAvailable(tool))
            QSKIP(("'" + tool + "' is not installed (apt-get install " + Toolchain::packageHint(arch) + ")").c_str());
}

InstructionCatalog shipped(Arch arch) {
    const std::string path = qgetenv("PERFDASH_DATA_DIR").toStdString() + "/instructions/" + toString(arch) + ".txt";
    auto c = InstructionCatalog::loadFile(arch, path, true);
    if (!c) qFatal("%s", c.error().message.c_str());
    return std::move(c).value();
}

struct StructureCase {
    const char* entry;
    bool destinationIsRead; // source-destination form
    RegisterFile file;
    size_t registersInThroughput; // distinct registers of `file` the throughput body uses (0: not checked)
};

void checkStructure(Arch arch, const StructureCase& c) {
    const InstructionCatalog catalog = shipped(arch);
    const CatalogEntry* e = catalog.find(c.entry);
    QVERIFY2(e, c.entry);
    auto dir = TemporaryDirectory::create("perfdash-cross");
    QVERIFY(dir.ok());
    constexpr int copies = 64;
    auto built = buildEntry(*e, Toolchain::defaults(arch), dir->path(), copies);
    QVERIFY2(built.ok(), built.ok() ? "" : built.error().message.c_str());

    auto lat = disassembleLoopBody(arch, built->soPath, "perfdash_latency", built->latency->body.size());
    QVERIFY2(lat.ok(), lat.ok() ? "" : lat.error().message.c_str());
    auto chain = checkLatencyChain(arch, *lat, c.destinationIsRead);
    QVERIFY2(chain.ok(), (std::string(c.entry) + ": " + (chain.ok() ? "" : chain.error().message)).c_str());

    auto tp = disassembleLoopBody(arch, built->soPath, "perfdash_throughput", built->throughput->body.size());
    QVERIFY2(tp.ok(), tp.ok() ? "" : tp.error().message.c_str());
    size_t used = 0;
    auto independent = checkIndependentStreams(arch, *tp, c.file, used);
    QVERIFY2(independent.ok(), (std::string(c.entry) + ": " + (independent.ok() ? "" : independent.error().message)).c_str());
    if (c.registersInThroughput) QCOMPARE(used, c.registersInThroughput);
    // The two bodies really differ in structure.
    QVERIFY(!checkIndependentStreams(arch, *lat, c.file, used).ok() || !checkLatencyChain(arch, *tp, c.destinationIsRead).ok());
}

void everyEntryAssembles(Arch arch) {
    const Toolchain t = Toolchain::defaults(arch);
    const InstructionCatalog catalog = shipped(arch);
    for (const auto& e : catalog.entries()) {
        auto dir = TemporaryDirectory::create("perfdash-cross");
        auto text = generateBenchAssembly(e, 8);
        QVERIFY2(text.ok(), e.name.c_str());
        auto s = buildSharedObject(t, *text, dir->path() + "/k.so");
        QVERIFY2(s.ok(), (e.name + ": " + (s.ok() ? "" : s.error().message)).c_str());
    }
}

} // namespace

class TestProbesCross : public QObject {
    Q_OBJECT
private slots:
    void everyAArch64EntryAssembles() {
        requireCrossTools(Arch::AArch64);
        everyEntryAssembles(Arch::AArch64);
    }

    void everyMipsEntryAssembles() {
        requireCrossTools(Arch::Mips64);
        everyEntryAssembles(Arch::Mips64);
    }

    void aarch64DependencyStructure_data() {
        QTest::addColumn<int>("index");
        for (int i = 0; i < 7; ++i) QTest::newRow(std::to_string(i).c_str()) << i;
    }
    void aarch64DependencyStructure() {
        requireCrossTools(Arch::AArch64);
        QFETCH(int, index);
        // add_x: 29 general registers less the two read-only sources; fadd_v2d: 32 V; add_z_d: 32 Z.
        const StructureCase cases[] = {
            {"add_x", false, RegisterFile::General, 29},  {"neg_x", false, RegisterFile::General, 29},
            {"madd_x", false, RegisterFile::General, 0},  {"fmla_v2d", true, RegisterFile::FloatVector, 32},
            {"fadd_v2d", false, RegisterFile::FloatVector, 32}, {"add_z_d", false, RegisterFile::FloatVector, 32},
            {"fadd_z_d_predicated", true, RegisterFile::FloatVector, 32},
        };
        checkStructure(Arch::AArch64, cases[index]);
    }

    void mipsDependencyStructure_data() {
        QTest::addColumn<int>("index");
        for (int i = 0; i < 5; ++i) QTest::newRow(std::to_string(i).c_str()) << i;
    }
    void mipsDependencyStructure() {
        requireCrossTools(Arch::Mips64);
        QFETCH(int, index);
        const StructureCase cases[] = {
            {"daddu", false, RegisterFile::General, 0}, {"dsll", false, RegisterFile::General, 0},
            {"movn", true, RegisterFile::General, 0},   {"add.d", false, RegisterFile::FloatVector, 32},
            {"madd.d", false, RegisterFile::FloatVector, 32},
        };
        checkStructure(Arch::Mips64, cases[index]);
    }

    void linkedChainsCloseInMachineCode() {
        requireCrossTools(Arch::AArch64);
        const InstructionCatalog catalog = shipped(Arch::AArch64);
        auto dir = TemporaryDirectory::create("perfdash-cross");
        auto built = buildEntry(*catalog.find("fmov_d_x"), Toolchain::defaults(Arch::AArch64), dir->path(), 16);
        QVERIFY(built.ok());
        auto lat = disassembleLoopBody(Arch::AArch64, built->soPath, "perfdash_latency", built->latency->body.size());
        QVERIFY(lat.ok());
        QCOMPARE(lat->size(), size_t(32));
        QVERIFY((*lat)[0].starts_with("fmov d"));
        QVERIFY((*lat)[1].starts_with("fmov x"));
        auto chain = checkLatencyChain(Arch::AArch64, *lat, false);
        QVERIFY2(chain.ok(), chain.ok() ? "" : chain.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestProbesCross)
#include "test_probes_cross.moc"
