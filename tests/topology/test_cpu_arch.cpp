// The likwid architecture of a CPU from its CPUID values (recorded
// registers, decoded as on the real machine), the kernel's PMU names and
// libpfm4's view, read with resources/likwid/cpus.json.
#include <QtTest>

#include <set>

#include "core/groups/GroupArch.h"
#include "core/topology/CpuArch.h"
#include "core/util/Strings.h"
#include "topology/TopologyFixtures.h"

using namespace perfdash;
using namespace perfdash::test;

namespace {

// CPUID.1:EAX as Intel and AMD lay it out: stepping, model, family, extended model, extended family.
uint32_t signature(int family, int model, int stepping) {
    const int baseFamily = family >= 0xf ? 0xf : family;
    const int extendedFamily = family >= 0xf ? family - 0xf : 0;
    return static_cast<uint32_t>(extendedFamily << 20 | (model >> 4) << 16 | baseFamily << 8 | (model & 0xf) << 4 |
                                 stepping);
}

const char (&vendorOf(bool intel))[13] {
    static const char kIntel[13] = "GenuineIntel";
    static const char kAmd[13] = "AuthenticAMD";
    return intel ? kIntel : kAmd;
}

// A bare-metal CPU: no hypervisor bit, a brand string with a part number.
CpuIdentity bareMetal(bool intel, int family, int model, int stepping, const std::string& brand) {
    RecordedCpuid cpuid;
    cpuid.vendor(0x16, vendorOf(intel)).set(1, {signature(family, model, stepping), 0, 0, 0}).brand(brand);
    return identifyByCpuid(cpuid);
}

// This machine as its KVM host shows it: family 25, the hypervisor bit, "KVMKVMKVM", brand "AMD EPYC".
CpuIdentity kvmGuest(int model) {
    RecordedCpuid cpuid;
    cpuid.vendor(0x10, "AuthenticAMD")
        .set(1, {signature(0x19, model, 1), 0, 1u << 31, 0})
        .set(0x40000000, {0x40000001, 0x4b4d564b, 0x564b4d56, 0x0000004d}) // "KVMKVMKVM\0\0\0"
        .brand("AMD EPYC");
    return identifyByCpuid(cpuid);
}

const CpuTable& table() {
    const auto& t = cpuArchTable();
    if (!t) qFatal("%s", t.error().message.c_str());
    return *t;
}

// A recorded `cpuid -r -1` of tests/fixtures/identity.
CpuIdentity identityDump(const std::string& name) {
    const std::string path = std::string(qgetenv("PERFDASH_FIXTURES").constData()) + "/identity/" + name + "/cpuid";
    const auto text = readFile(path);
    if (!text) qFatal("cannot read %s", path.c_str());
    auto dump = CpuidDump::parse(*text, path);
    if (!dump) qFatal("%s", dump.error().message.c_str());
    return identifyByCpuid(*dump);
}

CpuArchIdentification identify(const CpuIdentity& cpu, std::vector<std::string> pmus = {},
                               std::string libpfmModel = {}, std::string libpfmArch = {}) {
    return identifyCpuArch({cpu, std::move(pmus), std::move(libpfmModel), std::move(libpfmArch)}, table());
}

bool anyContains(const std::vector<std::string>& texts, const std::string& part) {
    for (const auto& t : texts)
        if (t.find(part) != std::string::npos) return true;
    return false;
}

} // namespace

class TestCpuArch : public QObject {
    Q_OBJECT
private slots:
    void identifiesFromCpuid_data() {
        QTest::addColumn<bool>("intel");
        QTest::addColumn<int>("family");
        QTest::addColumn<int>("model");
        QTest::addColumn<int>("stepping");
        QTest::addColumn<QString>("arch");
        // AMD family 17h: Zen by model range.
        QTest::newRow("Naples") << false << 0x17 << 0x01 << 2 << "zen";
        QTest::newRow("Pinnacle Ridge") << false << 0x17 << 0x08 << 2 << "zen";
        QTest::newRow("Rome") << false << 0x17 << 0x31 << 0 << "zen2";
        QTest::newRow("Matisse") << false << 0x17 << 0x71 << 0 << "zen2";
        // Family 19h: Zen 3, Zen 4 and Zen 4c by model range.
        QTest::newRow("Milan") << false << 0x19 << 0x01 << 1 << "zen3";
        QTest::newRow("Vermeer") << false << 0x19 << 0x21 << 0 << "zen3";
        QTest::newRow("Rembrandt") << false << 0x19 << 0x44 << 1 << "zen3";
        QTest::newRow("Cezanne") << false << 0x19 << 0x50 << 0 << "zen3";
        QTest::newRow("Genoa") << false << 0x19 << 0x11 << 1 << "zen4";
        QTest::newRow("Raphael") << false << 0x19 << 0x61 << 2 << "zen4";
        QTest::newRow("Phoenix") << false << 0x19 << 0x74 << 1 << "zen4";
        QTest::newRow("Phoenix 2") << false << 0x19 << 0x78 << 0 << "zen4";
        QTest::newRow("Bergamo") << false << 0x19 << 0xA0 << 1 << "zen4c";
        // Family 1Ah: Zen 5.
        QTest::newRow("Turin") << false << 0x1A << 0x02 << 1 << "zen5";
        QTest::newRow("Strix Point") << false << 0x1A << 0x24 << 0 << "zen5";
        QTest::newRow("Granite Ridge") << false << 0x1A << 0x44 << 0 << "zen5";
        // Intel family 6.
        QTest::newRow("Haswell") << true << 6 << 0x3C << 3 << "haswell";
        QTest::newRow("Haswell-EP") << true << 6 << 0x3F << 2 << "haswellEP";
        QTest::newRow("Broadwell-EP") << true << 6 << 0x4F << 1 << "broadwellEP";
        QTest::newRow("Skylake mobile") << true << 6 << 0x4E << 3 << "skylake";
        QTest::newRow("Skylake desktop") << true << 6 << 0x5E << 3 << "skylake";
        QTest::newRow("Skylake-SP stepping 0") << true << 6 << 0x55 << 0 << "skylakeX";
        QTest::newRow("Skylake-SP stepping 4") << true << 6 << 0x55 << 4 << "skylakeX";
        QTest::newRow("Cascade Lake stepping 5") << true << 6 << 0x55 << 5 << "cascadelakeX";
        QTest::newRow("Cascade Lake stepping 7") << true << 6 << 0x55 << 7 << "cascadelakeX";
        // Intel's perfmon mapfile.csv: GenuineIntel-6-55-[56789ABCDEF] -> /CLX/events (Cascade Lake-X).
        QTest::newRow("Cooper Lake stepping 10") << true << 6 << 0x55 << 10 << "cascadelakeX";
        QTest::newRow("Cooper Lake stepping 11") << true << 6 << 0x55 << 11 << "cascadelakeX";
        QTest::newRow("Ice Lake client 7D") << true << 6 << 0x7D << 5 << "icelake";
        QTest::newRow("Ice Lake client 7E") << true << 6 << 0x7E << 5 << "icelake";
        QTest::newRow("Ice Lake-SP") << true << 6 << 0x6A << 6 << "icelakeX";
        QTest::newRow("Ice Lake-D") << true << 6 << 0x6C << 1 << "icelakeX";
        QTest::newRow("Tiger Lake 8C") << true << 6 << 0x8C << 1 << "TGL";
        QTest::newRow("Tiger Lake 8D") << true << 6 << 0x8D << 1 << "TGL";
        QTest::newRow("Sapphire Rapids") << true << 6 << 0x8F << 8 << "sapphirerapids";
        QTest::newRow("Emerald Rapids") << true << 6 << 0xCF << 2 << "EMR";
        QTest::newRow("Alder Lake 97") << true << 6 << 0x97 << 2 << "alderlake";
        QTest::newRow("Alder Lake 9A") << true << 6 << 0x9A << 3 << "alderlake";
        QTest::newRow("Raptor Lake B7") << true << 6 << 0xB7 << 1 << "alderlake";
        QTest::newRow("Raptor Lake BA") << true << 6 << 0xBA << 2 << "alderlake";
        QTest::newRow("Raptor Lake BF") << true << 6 << 0xBF << 2 << "alderlake";
    }

    void identifiesFromCpuid() {
        QFETCH(bool, intel);
        QFETCH(int, family);
        QFETCH(int, model);
        QFETCH(int, stepping);
        QFETCH(QString, arch);
        const CpuIdentity cpu = bareMetal(intel, family, model, stepping, "Test Processor 1234");
        QCOMPARE(cpu.family.value(), family); // the recorded signature decodes back
        QCOMPARE(cpu.model.value(), model);
        const CpuArchIdentification id = identify(cpu);
        QCOMPARE(QString::fromStdString(id.arch), arch);
        QVERIFY2(!id.uncertain(), id.how.c_str());
        QVERIFY2(id.how.find("cpus.json") != std::string::npos, id.how.c_str());
        QCOMPARE(id.summary(), id.arch);
    }

    // The value this machine's captured cpuinfo and the brief name: family 25 model 1, masked by KVM.
    void masksUnderAHypervisorAreUncertain() {
        const CpuIdentity cpu = kvmGuest(0x01);
        QVERIFY(cpu.hypervisor);
        QCOMPARE(cpu.hypervisorVendor, std::string("KVMKVMKVM"));
        const CpuArchIdentification id = identify(cpu);
        QCOMPARE(id.arch, std::string("zen3"));
        QVERIFY(id.uncertain());
        QCOMPARE(id.summary(), std::string("zen3 (uncertain)"));
        QVERIFY2(anyContains(id.doubts, "hypervisor (KVMKVMKVM) is present"), id.doubts.front().c_str());
        QVERIFY(anyContains(id.doubts, "\"AMD EPYC\" is generic"));
        QVERIFY(anyContains(id.doubts, "CPU model the hypervisor was configured with"));
        // This machine today: family 25 model 0x11 under the same KVM, which reads as Zen 4 with the same doubts.
        const CpuArchIdentification now = identify(kvmGuest(0x11));
        QCOMPARE(now.arch, std::string("zen4"));
        QCOMPARE(now.doubts.size(), size_t(3));
    }

    // A hypervisor that passes the host's brand string through: still uncertain, for the one reason.
    void aHypervisorAloneIsADoubt() {
        RecordedCpuid cpuid;
        cpuid.vendor(0x16, "GenuineIntel").set(1, {signature(6, 0x8F, 8), 0, 1u << 31, 0})
            .brand("Intel(R) Xeon(R) Platinum 8480+");
        const CpuArchIdentification id = identify(identifyByCpuid(cpuid));
        QCOMPARE(id.arch, std::string("sapphirerapids"));
        QVERIFY(id.uncertain());
        QCOMPARE(id.doubts.size(), size_t(1));
        QVERIFY2(anyContains(id.doubts, "a hypervisor is present"), id.doubts.front().c_str()); // no signature leaf
    }

    // A generic brand string without a hypervisor bit (a masked cpuinfo, a QEMU TCG model) is a doubt too.
    void aGenericBrandAloneIsADoubt() {
        const CpuArchIdentification id = identify(bareMetal(false, 0x19, 0x01, 1, "QEMU Virtual CPU version 2.5+"));
        QCOMPARE(id.arch, std::string("zen3"));
        QVERIFY(id.uncertain());
        QVERIFY(anyContains(id.doubts, "is generic"));
    }

    void hybridPmusConfirmAlderLake() {
        const CpuIdentity adl = bareMetal(true, 6, 0x97, 2, "12th Gen Intel(R) Core(TM) i9-12900K");
        const std::vector<std::string> hybrid{"cpu_atom", "cpu_core", "cstate_core", "msr", "power", "software"};
        const CpuArchIdentification id = identify(adl, hybrid);
        QCOMPARE(id.arch, std::string("alderlake"));
        QVERIFY(!id.uncertain());
        QVERIFY(anyContains(id.notes, "cpu_core and cpu_atom confirm"));

        // One core PMU only (E-cores off, an old kernel, a VM): the arch stands, marked uncertain.
        const CpuArchIdentification single = identify(adl, {"cpu", "msr", "power", "software"});
        QCOMPARE(single.arch, std::string("alderlake"));
        QVERIFY(single.uncertain());
        QVERIFY(anyContains(single.doubts, "no cpu_core and cpu_atom"));

        // Hybrid PMUs on a CPU the table says is not hybrid.
        const CpuArchIdentification odd = identify(bareMetal(true, 6, 0x5E, 3, "Core i7-6700K"), hybrid);
        QCOMPARE(odd.arch, std::string("skylake"));
        QVERIFY(odd.uncertain());
        QVERIFY(anyContains(odd.doubts, "which skylake is not"));

        // A hybrid model the table lacks (Meteor Lake, 0xAA): unknown, and what the PMUs say is kept.
        const CpuArchIdentification mtl = identify(bareMetal(true, 6, 0xAA, 4, "Core Ultra 7 155H"), hybrid);
        QVERIFY(mtl.arch.empty());
        QVERIFY(anyContains(mtl.notes, "a CPU with two kinds of cores"));
    }

    // Model 0x55 stepping 8 is no part sold (not Skylake-SP's steppings, Cascade Lake's or Cooper Lake's).
    void steppingOutsideTheSplitIsUnknown() {
        const CpuArchIdentification id = identify(bareMetal(true, 6, 0x55, 8, "Xeon Test 1234"));
        QVERIFY(id.arch.empty());
        QCOMPARE(id.summary(), std::string("unknown"));
        QVERIFY2(id.how.find("model 0x55 stepping 8") != std::string::npos, id.how.c_str());
    }

    void unknownModelSaysWhatWasSeen() {
        const CpuArchIdentification id = identify(bareMetal(true, 6, 0xAA, 4, "Intel(R) Core(TM) Ultra 7 155H"));
        QVERIFY(id.arch.empty());
        QVERIFY(!id.uncertain()); // nothing guessed, so nothing to doubt: the portable groups only
        for (const char* part : {"unknown", "no entry", "GenuineIntel", "family 0x6", "model 0xaa", "stepping 4",
                                 "Ultra 7 155H", "CPUID"})
            QVERIFY2(id.how.find(part) != std::string::npos, (std::string(part) + " in " + id.how).c_str());

        // Under a hypervisor the values seen are said to be its own.
        RecordedCpuid masked;
        masked.vendor(0x16, "GenuineIntel").set(1, {signature(6, 0xAA, 4), 0, 1u << 31, 0}).brand("Common KVM processor");
        const CpuArchIdentification guest = identify(identifyByCpuid(masked));
        QVERIFY(guest.arch.empty());
        QVERIFY(!guest.uncertain());
        QVERIFY(anyContains(guest.notes, "a hypervisor is present"));

        // Zen 6 (family 1Ah model 0x50) is past what cpus.json knows.
        QVERIFY(identify(bareMetal(false, 0x1A, 0x50, 0, "AMD Test 1234")).arch.empty());

        // Not x86: said as such.
        const CpuIdentity arm = identifyByCpuinfo("processor\t: 0\nCPU implementer\t: 0x41\nCPU architecture: 8\n"
                                                  "CPU variant\t: 0x3\nCPU part\t: 0xd0c\nCPU revision\t: 1\n",
                                                  "/proc/cpuinfo");
        const CpuArchIdentification armId = identify(arm);
        QVERIFY(armId.arch.empty());
        QVERIFY2(armId.how.find("covers Intel and AMD x86 CPUs") != std::string::npos, armId.how.c_str());
        QVERIFY2(armId.how.find("ARM") != std::string::npos, armId.how.c_str());
    }

    void libpfmIsOnlyACrossCheck() {
        // Emerald Rapids: libpfm4 4.13 detects it as Sapphire Rapids; cpus.json's answer wins and the difference is said.
        const CpuIdentity emr = bareMetal(true, 6, 0xCF, 2, "Xeon Platinum 8592+");
        const CpuArchIdentification id = identify(emr, {}, "spr", "sapphirerapids");
        QCOMPARE(id.arch, std::string("EMR"));
        QVERIFY(anyContains(id.notes, "libpfm4 detects its model spr (likwid's sapphirerapids), which disagrees"));
        // Agreement is said too.
        const CpuArchIdentification same = identify(bareMetal(true, 6, 0x55, 4, "Xeon Gold 6130"), {}, "skx", "skylakeX");
        QVERIFY(anyContains(same.notes, "libpfm4 detects the same"));
        // A CPU only libpfm4 knows: its answer, uncertain.
        const CpuArchIdentification fallback = identify(bareMetal(true, 6, 0xAA, 4, "Core Ultra 7 155H"), {}, "adl_glc",
                                                        "alderlake");
        QCOMPARE(fallback.arch, std::string("alderlake"));
        QVERIFY(fallback.uncertain());
        QVERIFY(anyContains(fallback.doubts, "only libpfm4's detection"));
    }

    void overrideReplacesAndKeepsWhatWasDetected() {
        const CpuArchIdentification detected = identify(kvmGuest(0x11));
        const CpuArchIdentification named = overrideCpuArch(detected, "zen3", "--arch");
        QCOMPARE(named.arch, std::string("zen3"));
        QVERIFY(!named.uncertain());
        QCOMPARE(named.detectedArch, std::string("zen4"));
        QCOMPARE(named.summary(), std::string("zen3 (named by --arch; detected: zen4, uncertain)"));
        QVERIFY(named.how.starts_with("named by --arch; detection: "));
    }

    // Every architecture cpus.json names is one archs.json describes (its groups and event tables).
    void everyArchOfTheTableIsKnown() {
        for (const auto& entry : table().cpus) {
            const GroupArch* arch = findGroupArch(entry.arch);
            QVERIFY2(arch, entry.arch.c_str());
            QCOMPARE(arch->name, entry.arch); // the directory name itself, not a libpfm4 model
            QCOMPARE(arch->vendor, std::string(entry.vendor == "GenuineIntel" ? "intel" : "amd"));
        }
    }

    // No two entries claim the same CPU: the first match would silently hide the second.
    void entriesDoNotOverlap() {
        const auto& rows = table().cpus;
        for (size_t i = 0; i < rows.size(); ++i)
            for (size_t j = i + 1; j < rows.size(); ++j) {
                if (rows[i].vendor != rows[j].vendor || rows[i].family != rows[j].family) continue;
                for (int model = 0; model <= 0xff; ++model)
                    for (int stepping = 0; stepping <= 0xf; ++stepping) {
                        CpuIdentity cpu;
                        cpu.vendor = rows[i].vendor;
                        cpu.family = rows[i].family;
                        cpu.model = model;
                        cpu.stepping = stepping;
                        QVERIFY2(!(rows[i].matches(cpu) && rows[j].matches(cpu)),
                                 (rows[i].arch + " and " + rows[j].arch + " both match model " +
                                  std::to_string(model)).c_str());
                    }
            }
    }

    void badTablesAreNamed() {
        auto reversed = parseCpuArchTable(
            R"({"cpus": [{"vendor": "GenuineIntel", "family": "0x6", "models": ["0x5F-0x20"], "arch": "x"}]})", "t.json");
        QVERIFY(!reversed);
        QVERIFY2(reversed.error().message.find("t.json") != std::string::npos, reversed.error().message.c_str());
        QVERIFY(reversed.error().message.find("0x5F-0x20") != std::string::npos);
        auto noModels = parseCpuArchTable(R"({"cpus": [{"vendor": "AuthenticAMD", "family": "0x19", "arch": "zen3"}]})",
                                          "t.json");
        QVERIFY(!noModels);
        QVERIFY(!parseCpuArchTable("{", "t.json"));
        const std::string row = R"({"vendor": "GenuineIntel", "family": "0x6", "models": ["0x8F"], "arch": "sapphirerapids"})";
        auto unknownFlag = parseCpuArchTable(
            R"({"cpus": [)" + row + R"(], "features": [{"flag": "avx9", "says": "AVX9", "archs": ["sapphirerapids"]}]})",
            "t.json");
        QVERIFY(!unknownFlag);
        QVERIFY2(unknownFlag.error().message.find("'avx9' is not one perfdash reads") != std::string::npos,
                 unknownFlag.error().message.c_str());
        auto unknownArch = parseCpuArchTable(
            R"({"cpus": [)" + row + R"(], "features": [{"flag": "amx_tile", "says": "AMX", "archs": ["GNR"]}]})", "t.json");
        QVERIFY(!unknownArch);
        QVERIFY2(unknownArch.error().message.find("names 'GNR', which no entry") != std::string::npos,
                 unknownArch.error().message.c_str());
    }

    // Issue 28's Intel guest: CPUID's model 0xa7 is Rocket Lake, but AMX, AVX-512 FP16,
    // AMX-FP16 and AVX10 (CPUID leaf 0x24) exist only from Granite Rapids on.
    void featuresOutweighAHypervisorsModel() {
        const CpuIdentity cpu = identityDump("intel-gnr-guest");
        QCOMPARE(cpu.model, std::optional<int>(0xa7));
        QCOMPARE(cpu.features, (std::vector<std::string>{"avx512f", "avx512_fp16", "amx_tile", "amx_fp16", "avx10"}));
        QCOMPARE(cpu.maxBasicLeaf, std::optional<uint32_t>(0x24));
        const auto id = identify(cpu);
        QCOMPARE(id.arch, std::string("GNR"));
        QVERIFY(id.uncertain());
        QCOMPARE(id.summary(), std::string("GNR (uncertain)"));
        QVERIFY2(anyContains(id.doubts, "model 0xa7 says Rocket Lake (RKL), but AVX-512 FP16, AMX, AMX-FP16 and AVX10 "
                                        "(CPUID leaf 0x24) say Granite Rapids (GNR)"),
                 join(id.doubts, " | ").c_str());
        QVERIFY2(id.how.find("Granite Rapids") != std::string::npos, id.how.c_str());
        // The hypervisor's doubts stay.
        QVERIFY(anyContains(id.doubts, "KVMKVMKVM"));
    }

    // Features that fit several architectures leave the model's, doubted, naming them.
    void ambiguousFeaturesKeepTheModelDoubted() {
        CpuIdentity cpu = bareMetal(true, 6, 0xa7, 1, "11th Gen Intel(R) Core(TM) i9-11900K");
        cpu.features = {"avx512f", "amx_tile"};
        const auto id = identify(cpu);
        QCOMPARE(id.arch, std::string("RKL"));
        QVERIFY(id.uncertain());
        QVERIFY2(anyContains(id.doubts, "but AMX says one of sapphirerapids, EMR; RKL is kept"),
                 join(id.doubts, " | ").c_str());
        // Features the CPU lacks are no evidence: a hypervisor may hide them.
        cpu.features = {};
        QVERIFY(!identify(cpu).uncertain());
    }

    void agreeingFeaturesAreANote() {
        const CpuIdentity cpu = identityDump("amd-zen5-guest");
        QCOMPARE(cpu.family, std::optional<int>(0x1a));
        QCOMPARE(cpu.features, (std::vector<std::string>{"avx512f", "avx512_vp2intersect"}));
        const auto id = identify(cpu);
        QCOMPARE(id.arch, std::string("zen5"));
        QVERIFY2(anyContains(id.notes, "its features (AVX-512 and AVX-512 VP2INTERSECT) agree with Zen 5"),
                 join(id.notes, " | ").c_str());
        // A Zen 3 model with AVX-512 is a newer host behind an older model; Zen 4 and Zen 4c fit alike.
        CpuIdentity zen3 = kvmGuest(0x01);
        zen3.features = {"avx512f"};
        const auto doubted = identify(zen3);
        QCOMPARE(doubted.arch, std::string("zen3"));
        QVERIFY2(anyContains(doubted.doubts, "model 0x1 says Zen 3 (zen3), but AVX-512 says one of zen4, zen4c; zen3 is kept"),
                 join(doubted.doubts, " | ").c_str());
    }

    // Every feature cpus.json weighs is one CPUID decoding reads, and names architectures it has.
    void featureTableIsConsistent() {
        QVERIFY(!table().features.empty());
        for (const auto& f : table().features) {
            const auto& names = cpuFeatureNames();
            QVERIFY2(std::find(names.begin(), names.end(), f.flag) != names.end(), f.flag.c_str());
            QVERIFY(!f.archs.empty());
        }
    }
};

QTEST_GUILESS_MAIN(TestCpuArch)
#include "test_cpu_arch.moc"
