#include <QtTest>

#include "core/topology/CpuIdentity.h"
#include "core/util/Strings.h"
#include "topology/TopologyFixtures.h"

using namespace perfdash;
using namespace perfdash::test;

class TestCpuIdentity : public QObject {
    Q_OBJECT
private slots:
    // Skylake-SP: family 6, base model 5 + extended model 5 -> 0x55.
    void decodesIntelCpuid() {
        RecordedCpuid cpuid;
        cpuid.vendor(0x16, "GenuineIntel").set(1, {0x00050654, 0, 0, 0}).brand("Intel(R) Xeon(R) Gold 6130 CPU @ 2.10GHz");
        const CpuIdentity id = identifyByCpuid(cpuid);
        QCOMPARE(id.vendor, std::string("GenuineIntel"));
        QCOMPARE(id.family.value(), 6);
        QCOMPARE(id.model.value(), 0x55);
        QCOMPARE(id.stepping.value(), 4);
        QCOMPARE(id.modelName, std::string("Intel(R) Xeon(R) Gold 6130 CPU @ 2.10GHz"));
        QCOMPARE(id.source, std::string("CPUID"));
    }

    // Zen 3 (0x00A00F11): family 0xf + extended 0xa = 25; model 1.
    void decodesAmdExtendedFamily() {
        RecordedCpuid cpuid;
        cpuid.vendor(0x10, "AuthenticAMD").set(1, {0x00A00F11, 0, 0, 0}).brand("AMD EPYC 7763 64-Core Processor                ");
        const CpuIdentity id = identifyByCpuid(cpuid);
        QCOMPARE(id.vendor, std::string("AuthenticAMD"));
        QCOMPARE(id.family.value(), 25);
        QCOMPARE(id.model.value(), 1);
        QCOMPARE(id.stepping.value(), 1);
        QCOMPARE(id.modelName, std::string("AMD EPYC 7763 64-Core Processor"));
    }

    // Family 15 also takes the extended model: K8 0x00020F12 is model 0x21.
    void foldsExtendedModelForFamily15() {
        RecordedCpuid cpuid;
        cpuid.vendor(1, "AuthenticAMD").set(1, {0x00020F12, 0, 0, 0});
        const CpuIdentity id = identifyByCpuid(cpuid);
        QCOMPARE(id.family.value(), 15);
        QCOMPARE(id.model.value(), 0x21);
        QVERIFY(id.modelName.empty()); // no brand-string leaves recorded
    }

    // Family 5 (and 4) ignore the extended model field.
    void ignoresExtendedModelForOldFamilies() {
        RecordedCpuid cpuid;
        cpuid.vendor(1, "GenuineIntel").set(1, {0x00010543, 0, 0, 0});
        QCOMPARE(identifyByCpuid(cpuid).model.value(), 4);
    }

    void readsX86Cpuinfo() {
        const std::string path = fixtureDir("two_socket_smt") + "/proc/cpuinfo";
        const CpuIdentity id = identifyByCpuinfo(readFile(path).value(), path);
        QCOMPARE(id.vendor, std::string("GenuineIntel"));
        QCOMPARE(id.family.value(), 6);
        QCOMPARE(id.model.value(), 85);
        QCOMPARE(id.stepping.value(), 4);
        QCOMPARE(id.source, path);
    }

    // This KVM guest as captured: the kernel's "hypervisor" flag says CPUID is the hypervisor's.
    void readsTheHypervisorFlagFromCpuinfo() {
        const std::string path = fixtureDir("vm") + "/proc/cpuinfo";
        const CpuIdentity vm = identifyByCpuinfo(readFile(path).value(), path);
        QVERIFY(vm.hypervisor);
        QVERIFY(vm.hypervisorVendor.empty()); // cpuinfo does not name it
        const std::string bare = fixtureDir("two_socket_smt") + "/proc/cpuinfo";
        QVERIFY(!identifyByCpuinfo(readFile(bare).value(), bare).hypervisor);
    }

    void readsTheHypervisorFromCpuid() {
        RecordedCpuid cpuid;
        cpuid.vendor(0x10, "AuthenticAMD").set(1, {0x00A00F11, 0, 1u << 31, 0});
        cpuid.set(0x40000000, {0x40000001, 0x4b4d564b, 0x564b4d56, 0x0000004d}); // "KVMKVMKVM"
        const CpuIdentity id = identifyByCpuid(cpuid);
        QVERIFY(id.hypervisor);
        QCOMPARE(id.hypervisorVendor, std::string("KVMKVMKVM"));
        // Without the bit, leaf 0x40000000 is not the hypervisor's and is not read.
        cpuid.set(1, {0x00A00F11, 0, 0, 0});
        const CpuIdentity bare = identifyByCpuid(cpuid);
        QVERIFY(!bare.hypervisor);
        QVERIFY(bare.hypervisorVendor.empty());
    }

    // Neoverse N1 r3p1: implementer 0x41, part 0xd0c, variant 3, revision 1.
    void readsAarch64Cpuinfo() {
        const std::string path = fixtureDir("aarch64_nonuma") + "/proc/cpuinfo";
        const CpuIdentity id = identifyByCpuinfo(readFile(path).value(), path);
        QCOMPARE(id.vendor, std::string("ARM"));
        QCOMPARE(id.family.value(), 8);
        QCOMPARE(id.model.value(), 0xd0c);
        QCOMPARE(id.stepping.value(), 1);
        QCOMPARE(id.modelName, std::string("ARM part 0xd0c r3p1"));
    }

    void keepsTheKernelsNameOnArmAndNamesUnknownImplementers() {
        const CpuIdentity v7 = identifyByCpuinfo("processor\t: 0\nmodel name\t: ARMv7 Processor rev 4 (v7l)\n"
                                                 "CPU implementer\t: 0x41\nCPU architecture: 7\nCPU part\t: 0xc07\n",
                                                 "cpuinfo");
        QCOMPARE(v7.modelName, std::string("ARMv7 Processor rev 4 (v7l)"));
        QCOMPARE(v7.family.value(), 7);
        const CpuIdentity odd = identifyByCpuinfo("CPU implementer\t: 0x99\nCPU part\t: 0x1\n", "cpuinfo");
        QCOMPARE(odd.vendor, std::string("implementer 0x99"));
    }

    // MIPS: only the kernel's "cpu model" line names the CPU.
    void readsMipsLoongsonCpuinfo() {
        const CpuIdentity id = identifyByCpuinfo("system type\t\t: lemote-fuloong-2f-box\nmachine\t\t\t: Unknown\n"
                                                 "processor\t\t: 0\ncpu model\t\t: ICT Loongson-2 V0.3  FPU V0.1\n"
                                                 "BogoMIPS\t\t: 528.38\n\n",
                                                 "cpuinfo");
        QCOMPARE(id.vendor, std::string("Loongson"));
        QCOMPARE(id.modelName, std::string("ICT Loongson-2 V0.3 FPU V0.1"));
        QVERIFY(!id.family && !id.model && !id.stepping);
    }

    // Only the first processor's block counts; an empty file knows nothing.
    void readsTheFirstBlockOnly() {
        const CpuIdentity id = identifyByCpuinfo("\nprocessor\t: 0\nvendor_id\t: A\nmodel\t\t: 1\n\n"
                                                 "processor\t: 1\nvendor_id\t: B\nmodel\t\t: 2\n",
                                                 "cpuinfo");
        QCOMPARE(id.vendor, std::string("A"));
        QCOMPARE(id.model.value(), 1);
        const CpuIdentity none = identifyByCpuinfo("", "cpuinfo");
        QVERIFY(none.vendor.empty() && none.modelName.empty() && !none.family);
    }

    // `cpuid -r -1`'s layout, as the identity fixtures keep it.
    void readsACpuidDump() {
        const std::string text = "CPU:\n"
                                 "   0x00000000 0x00: eax=0x00000007 ebx=0x756e6547 ecx=0x6c65746e edx=0x49656e69\n"
                                 "   0x00000001 0x00: eax=0x000806f8 ebx=0x00000800 ecx=0x80000000 edx=0x00000000\n"
                                 "   0x00000007 0x00: eax=0x00000001 ebx=0x00010000 ecx=0x00000000 edx=0x01000000\n"
                                 "   0x00000007 0x01: eax=0x00200000 ebx=0x00000000 ecx=0x00000000 edx=0x00000000\n"
                                 "CPU 1:\n"
                                 "   0x00000000 0x00: eax=0x00000001 ebx=0x0 ecx=0x0 edx=0x0\n";
        auto dump = CpuidDump::parse(text, "dump.txt");
        QVERIFY2(dump.ok(), dump.ok() ? "" : dump.error().message.c_str());
        QCOMPARE(dump->query(0).eax, 7u); // the first CPU's block only
        QCOMPARE(dump->query(7, 1).eax, 0x00200000u);
        QCOMPARE(dump->query(7, 2).eax, 0u);           // a subleaf the dump lacks of a leaf that has several
        QCOMPARE(dump->query(1, 5).eax, 0x000806f8u);  // a leaf without subleaves ignores ECX
        QCOMPARE(dump->query(0x16).eax, 0u);
        const CpuIdentity id = identifyByCpuid(*dump);
        QCOMPARE(id.model.value(), 0x8f);
        QVERIFY(id.hypervisor);
        QCOMPARE(id.features, (std::vector<std::string>{"avx512f", "amx_tile", "amx_fp16"}));
        QCOMPARE(id.maxBasicLeaf, std::optional<uint32_t>(7));
    }

    void refusesWhatIsNotACpuidDump_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << "" << "dump.txt: no CPUID leaves";
        QTest::newRow("prose") << "CPU:\n  leaf seven\n" << "dump.txt:2: 'leaf seven' is not a line of `cpuid -r`";
        QTest::newRow("bad register") << "0x00000000 0x00: eax=0xzz ebx=0x0 ecx=0x0 edx=0x0\n"
                                      << "dump.txt:1: '0x00000000 0x00: eax=0xzz ebx=0x0 ecx=0x0 edx=0x0' has a leaf";
        QTest::newRow("too wide") << "0x00000000 0x00: eax=0x100000000 ebx=0x0 ecx=0x0 edx=0x0\n" << "32-bit";
        QTest::newRow("registers out of order") << "0x00000000 0x00: ebx=0x0 eax=0x0 ecx=0x0 edx=0x0\n" << "32-bit";
    }
    void refusesWhatIsNotACpuidDump() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        auto dump = CpuidDump::parse(text.toStdString(), "dump.txt");
        QVERIFY(!dump);
        QVERIFY2(dump.error().message.find(message.toStdString()) != std::string::npos, dump.error().message.c_str());
    }

    // The cpuinfo flags carry the same features where the kernel names them.
    void readsFeaturesFromCpuinfoFlags() {
        const CpuIdentity id = identifyByCpuinfo("processor : 0\nvendor_id : GenuineIntel\ncpu family : 6\nmodel : 143\n"
                                                 "flags : fpu avx512f avx512_fp16 amx_tile amx_int8\n\n",
                                                 "cpuinfo");
        QCOMPARE(id.features, (std::vector<std::string>{"avx512f", "avx512_fp16", "amx_tile"}));
        QVERIFY(!id.maxBasicLeaf);
    }
};

QTEST_GUILESS_MAIN(TestCpuIdentity)
#include "test_cpu_identity.moc"
