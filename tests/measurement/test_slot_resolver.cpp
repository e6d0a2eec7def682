// A group slot -> an event on an architecture (core/measurement/SlotResolver):
// likwid's counter classes, likwid's event spelling on the arch's libpfm4
// model, encodings checked against the vendors' published event codes.
#include <QtTest>

#include <linux/perf_event.h>

#include <filesystem>

#include "core/events/ArmCommonEvents.h"
#include "core/events/EventResolver.h"
#include "core/events/LibpfmTable.h"
#include "core/groups/GroupFileParser.h"
#include "core/measurement/SlotResolver.h"
#include "core/util/DataPaths.h"
#include "core/util/Strings.h"

using namespace perfdash;

namespace {

std::string fixture(const std::string& rel) { return qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() + "/" + rel; }

EventPaths sysfs(const std::string& tree) {
    EventPaths paths;
    paths.sysfsRoot = tree.empty() ? fixture("likwid/no-such-sysfs") : fixture("likwid/" + tree);
    paths.tracefsRoots = {};
    return paths;
}

GroupSlot slot(const std::string& counter, const std::string& event, std::vector<EventOption> options = {}) {
    GroupSlot s;
    s.counter = counter;
    s.counterSpec = counter;
    s.event = event;
    s.options = std::move(options);
    s.line = 1;
    return s;
}

// Intel's core PMU layout (SDM vol. 3B, IA32_PERFEVTSELx): event code in bits
// 0-7, unit mask in 8-15, edge 18, any thread 21, invert 23, counter mask 24-31.
constexpr uint64_t intel(uint64_t event, uint64_t umask) { return event | umask << 8; }
constexpr uint64_t kEdge = 1ull << 18;
constexpr uint64_t kCmaskShift = 24;

} // namespace

class TestSlotResolver : public QObject {
    Q_OBJECT
    EventResolver aperf_{sysfs("sysfs-aperf")};

    ResolvedEvent resolved(const std::string& arch, const GroupSlot& s) {
        auto r = SlotResolver(aperf_, arch).resolve(s);
        if (!r) qWarning("%s %s on %s: %s", s.counter.c_str(), s.event.c_str(), arch.c_str(), r.error().message.c_str());
        return r ? *r : ResolvedEvent{};
    }
    std::string reason(const std::string& arch, const GroupSlot& s) {
        auto r = SlotResolver(aperf_, arch).resolve(s);
        return r ? std::string("resolved as ") + r->name : r.error().message;
    }

private slots:
    // Published codes: Intel SDM vol. 3B / Intel perfmon event files; AMD's
    // PPRs for families 17h and 19h and BKDGs for 10h/15h.
    void encodesVendorCodes_data() {
        QTest::addColumn<QString>("arch");
        QTest::addColumn<QString>("counter");
        QTest::addColumn<QString>("event");
        QTest::addColumn<QString>("name");
        QTest::addColumn<quint64>("config");
        // Intel Skylake (skl)
        QTest::newRow("skl FIXC0") << "skylake" << "FIXC0" << "INSTR_RETIRED_ANY" << "skl::INSTRUCTION_RETIRED" << quint64(intel(0xC0, 0x00));
        QTest::newRow("skl FIXC1") << "skylake" << "FIXC1" << "CPU_CLK_UNHALTED_CORE" << "skl::UNHALTED_CORE_CYCLES" << quint64(intel(0x3C, 0x00));
        // The fixed counter's pseudo-code: event 0x00 umask 0x03 (CPU_CLK_UNHALTED.REF_TSC).
        QTest::newRow("skl FIXC2") << "skylake" << "FIXC2" << "CPU_CLK_UNHALTED_REF" << "skl::UNHALTED_REFERENCE_CYCLES" << quint64(intel(0x00, 0x03));
        QTest::newRow("skl INST_RETIRED.ANY_P") << "skylake" << "PMC0" << "INST_RETIRED_ANY_P" << "intel/SKL::INST_RETIRED.ANY_P" << quint64(intel(0xC0, 0x00));
        QTest::newRow("skl L2_LINES_IN.ALL") << "skylake" << "PMC1" << "L2_LINES_IN_ALL" << "intel/SKL::L2_LINES_IN.ALL" << quint64(intel(0xF1, 0x1F));
        QTest::newRow("skl L1D.REPLACEMENT") << "skylake" << "PMC2" << "L1D_REPLACEMENT" << "intel/SKL::L1D.REPLACEMENT" << quint64(intel(0x51, 0x01));
        QTest::newRow("skl MEM_INST_RETIRED.ALL_LOADS") << "skylake" << "PMC3" << "MEM_INST_RETIRED_ALL_LOADS" << "intel/SKL::MEM_INST_RETIRED.ALL_LOADS" << quint64(intel(0xD0, 0x81));
        // Intel Haswell: L2_LINES_IN.ALL has umask 0x07 there.
        QTest::newRow("hsw L2_LINES_IN.ALL") << "haswell" << "PMC0" << "L2_LINES_IN_ALL" << "intel/HSW::L2_LINES_IN.ALL" << quint64(intel(0xF1, 0x07));
        QTest::newRow("hsw FIXC1") << "haswellEP" << "FIXC1" << "CPU_CLK_UNHALTED_CORE" << "hsw_ep::UNHALTED_CORE_CYCLES" << quint64(intel(0x3C, 0x00));
        // Intel Ice Lake: TOPDOWN.SLOTS on fixed counter 3 (pseudo-code event 0x00 umask 0x04).
        QTest::newRow("icx FIXC3") << "ICX" << "FIXC3" << "TOPDOWN_SLOTS" << "intel/ICX::TOPDOWN.SLOTS" << quint64(intel(0x00, 0x04));
        QTest::newRow("spr FIXC0") << "SPR" << "FIXC0" << "INSTR_RETIRED_ANY" << "spr::INSTRUCTION_RETIRED" << quint64(intel(0xC0, 0x00));
        // AMD Zen 3 (PPR family 19h): PMCx0C0 retired instructions, PMCx084 L1 ITLB miss L2 ITLB hit, PMCx0D4 divider ops.
        QTest::newRow("zen3 RETIRED_INSTRUCTIONS") << "zen3" << "PMC0" << "RETIRED_INSTRUCTIONS" << "amd/zen3::RETIRED_INSTRUCTIONS" << quint64(0xC0);
        QTest::newRow("zen3 L1_ITLB_MISS_L2_ITLB_HIT") << "zen3" << "PMC1" << "L1_ITLB_MISS_L2_ITLB_HIT" << "amd/zen3::L1_ITLB_MISS_L2_ITLB_HIT" << quint64(0x84);
        QTest::newRow("zen3 DIV_OP_COUNT") << "zen3" << "PMC2" << "DIV_OP_COUNT" << "amd/zen3::DIV_OP_COUNT" << quint64(0xD4);
        QTest::newRow("zen3 RETIRED_BRANCH_INSTRUCTIONS") << "zen3" << "PMC3" << "RETIRED_BRANCH_INSTRUCTIONS" << "amd64_fam19h_zen3::RETIRED_BRANCH_INSTRUCTIONS" << quint64(0xC2);
        // AMD Zen 1 (PPR family 17h): PMCx040 data cache accesses.
        QTest::newRow("zen DATA_CACHE_ACCESSES") << "zen" << "PMC0" << "DATA_CACHE_ACCESSES" << "amd/zen::DATA_CACHE_ACCESSES" << quint64(0x40);
        // AMD family 10h (BKDG): EventSelect 040h data cache accesses, 0C0h retired instructions.
        QTest::newRow("k10 DATA_CACHE_ACCESSES") << "k10" << "PMC0" << "DATA_CACHE_ACCESSES" << "amd/k10::DATA_CACHE_ACCESSES" << quint64(0x40);
        QTest::newRow("k10 RETIRED_INSTRUCTIONS") << "k10" << "PMC1" << "RETIRED_INSTRUCTIONS" << "amd64_fam10h_istanbul::RETIRED_INSTRUCTIONS" << quint64(0xC0);
    }
    void encodesVendorCodes() {
        QFETCH(QString, arch);
        QFETCH(QString, counter);
        QFETCH(QString, event);
        QFETCH(QString, name);
        QFETCH(quint64, config);
        const ResolvedEvent ev = resolved(arch.toStdString(), slot(counter.toStdString(), event.toStdString()));
        QCOMPARE(QString::fromStdString(ev.name), name);
        QCOMPARE(ev.encoding.type, uint32_t(PERF_TYPE_RAW));
        QCOMPARE(quint64(ev.encoding.config), config);
        QCOMPARE(quint64(ev.encoding.config1), quint64(0));
        QCOMPARE(ev.spec, event.toStdString());
    }

    // AMD's FIXC1/FIXC2 are APERF and MPERF, read through the kernel's msr PMU.
    void amdFixedCountersAreMsrEvents() {
        const ResolvedEvent aperf = resolved("zen3", slot("FIXC1", "ACTUAL_CPU_CLOCK"));
        QCOMPARE(aperf.name, std::string("msr/aperf/"));
        QCOMPARE(aperf.pmu, std::string("msr"));
        QCOMPARE(aperf.encoding.type, uint32_t(11)); // the fixture's msr type
        QCOMPARE(quint64(aperf.encoding.config), quint64(0x1));
        const ResolvedEvent mperf = resolved("zen4", slot("FIXC2", "MAX_CPU_CLOCK"));
        QCOMPARE(mperf.name, std::string("msr/mperf/"));
        QCOMPARE(quint64(mperf.encoding.config), quint64(0x2));
        const ResolvedEvent instructions = resolved("zen2", slot("FIXC0", "INSTR_RETIRED_ANY"));
        QCOMPARE(instructions.name, std::string("msr/irperf/"));
        QCOMPARE(quint64(instructions.encoding.config), quint64(0x6));
    }

    // A KVM guest's msr PMU lists tsc only: the encoding is the kernel's
    // (msr type, register index), and the description says it will not count.
    void amdFixedCounterWhereTheMsrPmuLacksIt() {
        const EventResolver tscOnly(sysfs("sysfs-tsc-only"));
        auto ev = SlotResolver(tscOnly, "zen3").resolve(slot("FIXC1", "ACTUAL_CPU_CLOCK"));
        QVERIFY2(ev.ok(), ev ? "" : ev.error().message.c_str());
        QCOMPARE(ev->encoding.type, uint32_t(11));
        QCOMPARE(quint64(ev->encoding.config), quint64(0x1));
        QVERIFY2(ev->description.find("does not count here") != std::string::npos, ev->description.c_str());

        const EventResolver noSysfs(sysfs(""));
        auto missing = SlotResolver(noSysfs, "zen3").resolve(slot("FIXC2", "MAX_CPU_CLOCK"));
        QVERIFY(!missing.ok());
        QVERIFY2(missing.error().message.find("msr PMU") != std::string::npos, missing.error().message.c_str());
    }

    // likwid's options become libpfm4 modifiers on the resolved name.
    void likwidOptionsApplyToResolvedNames() {
        const ResolvedEvent ev = resolved(
            "skylake", slot("PMC0", "UOPS_ISSUED_ANY", {{"EDGEDETECT", ""}, {"THRESHOLD", "0x2"}}));
        QCOMPARE(ev.name, std::string("intel/SKL::UOPS_ISSUED.ANY:c=2:e=1"));
        QCOMPARE(quint64(ev.encoding.config), quint64(intel(0x0E, 0x01) | kEdge | 2ull << kCmaskShift));
        const ResolvedEvent fixed = resolved("skylake", slot("FIXC1", "CPU_CLK_UNHALTED_CORE", {{"KERNEL", ""}}));
        QCOMPARE(quint64(fixed.encoding.config), quint64(intel(0x3C, 0x00)));
        QVERIFY(!fixed.encoding.excludeKernel);
        QVERIFY(!fixed.encoding.excludeUser);
    }

    void uncoreAndOtherUnitsSayWhatTheyAre_data() {
        QTest::addColumn<QString>("counter");
        QTest::addColumn<QString>("unit");
        QTest::newRow("MBOX0C1") << "MBOX0C1" << "memory controller (MBOX)";
        QTest::newRow("CBOX3C0") << "CBOX3C0" << "(CBOX)";
        QTest::newRow("CPMC2") << "CPMC2" << "AMD L3 cache (CPMC)";
        QTest::newRow("DFC0") << "DFC0" << "AMD data fabric (DFC)";
        QTest::newRow("PWR0") << "PWR0" << "RAPL energy (PWR)";
        QTest::newRow("TMA2") << "TMA2" << "(TMA)";
        QTest::newRow("QBOX0C1") << "QBOX0C1" << "(QBOX)";
        QTest::newRow("UBOXFIX") << "UBOXFIX" << "(UBOX)";
        QTest::newRow("EDBOX3C0") << "EDBOX3C0" << "(EDBOX)";
        QTest::newRow("MBOX0FIX") << "MBOX0FIX" << "(MBOX)";
    }
    void uncoreAndOtherUnitsSayWhatTheyAre() {
        QFETCH(QString, counter);
        QFETCH(QString, unit);
        // The fixture has no uncore PMU; which PMU a unit is: test_uncore_slots.
        const std::string why = reason("skylakeX", slot(counter.toStdString(), "DRAM_READS"));
        QVERIFY2(why.find(unit.toStdString()) != std::string::npos, why.c_str());
        QVERIFY2(!why.starts_with("resolved as"), why.c_str());
        QVERIFY2(why.find("unknown event") == std::string::npos, why.c_str());
    }

    void unknownNamesNameTheModel() {
        const std::string why = reason("skylake", slot("PMC0", "NO_SUCH_EVENT_AT_ALL"));
        QVERIFY2(why.find("unknown event 'NO_SUCH_EVENT_AT_ALL'") != std::string::npos, why.c_str());
        QVERIFY2(why.find("libpfm4 model skl has no such event") != std::string::npos, why.c_str());
        // An Intel fixed-counter name on a model without that counter.
        const std::string topdown = reason("skylake", slot("FIXC3", "TOPDOWN_SLOTS"));
        QVERIFY2(topdown.find("skl") != std::string::npos && topdown.find("SLOTS") != std::string::npos, topdown.c_str());
    }

    void archWithoutLibpfmModelSaysWhy() {
        // Names its event tables lack (RETIRED_INSTRUCTIONS is in amd/zen5).
        const std::string why = reason("zen5", slot("PMC0", "NO_SUCH_EVENT_AT_ALL"));
        QVERIFY2(why.find("Architecture zen5: libpfm4 4.13 has no Zen 5") != std::string::npos, why.c_str());
        QVERIFY2(why.find("event tables (amd/zen5) do not have it") != std::string::npos, why.c_str());
        const std::string gnr = reason("GNR", slot("FIXC1", "NO_SUCH_EVENT_AT_ALL"));
        QVERIFY2(gnr.find("Granite Rapids") != std::string::npos, gnr.c_str());
        QCOMPARE(resolved("zen5", slot("PMC0", "RETIRED_INSTRUCTIONS")).name, std::string("amd/zen5::RETIRED_INSTRUCTIONS"));
        // perf's own names mean the same on every architecture.
        const ResolvedEvent cycles = resolved("zen5", slot("PMC1", "cycles"));
        QCOMPARE(cycles.encoding.type, uint32_t(PERF_TYPE_HARDWARE));
        QCOMPARE(quint64(cycles.encoding.config), quint64(PERF_COUNT_HW_CPU_CYCLES));
    }

    void gpuSetsAreOutOfScope() {
        const std::string why = reason("nvidia_gpu_cc_ge_7", slot("GPU0", "SMSP_SASS_THREAD_INST_EXECUTED_OP_DADD_PRED_ON_SUM"));
        QVERIFY2(why.find("GPU group sets") != std::string::npos, why.c_str());
    }

    // --arch: the same names on another architecture are that architecture's
    // events, whatever this machine is.
    void resolvesAsOnTheGivenArchitecture() {
        const GroupSlot ownSkylake = slot("FIXC0", "INSTRUCTION_RETIRED"); // perfdash's own skylake groups
        QCOMPARE(resolved("skylake", ownSkylake).name, std::string("skl::INSTRUCTION_RETIRED"));
        QCOMPARE(resolved("skx", ownSkylake).name, std::string("skx::INSTRUCTION_RETIRED"));
        const GroupSlot retired = slot("PMC0", "RETIRED_INSTRUCTIONS");
        // likwid's AMD names come from the arch's event table (AMD's codes under likwid's names).
        QCOMPARE(resolved("zen3", retired).name, std::string("amd/zen3::RETIRED_INSTRUCTIONS"));
        QCOMPARE(resolved("amd64_fam19h_zen4", retired).name, std::string("amd/zen4::RETIRED_INSTRUCTIONS"));
        QCOMPARE(resolved("interlagos", retired).name, std::string("amd/interlagos::RETIRED_INSTRUCTIONS"));
        // An Intel name is not an event of an AMD model, even where this machine's model has it.
        QVERIFY(!SlotResolver(aperf_, "zen3").resolve(slot("PMC0", "L1D_REPLACEMENT")).ok());
        // likwid's newer directories: Emerald Rapids on Sapphire Rapids' table, Zen 4c on Zen 4's.
        QCOMPARE(resolved("EMR", slot("FIXC1", "CPU_CLK_UNHALTED_CORE")).name, std::string("spr::UNHALTED_CORE_CYCLES"));
        QCOMPARE(resolved("zen4c", retired).name, std::string("amd/zen4c::RETIRED_INSTRUCTIONS"));
        // Directory names are accepted in any case.
        QCOMPARE(resolved("Skylake", ownSkylake).name, std::string("skl::INSTRUCTION_RETIRED"));
    }

    // archs.json names libpfm4 models that exist: every x86 one is in this
    // x86 libpfm4, as a core model (ARM and POWER tables are built on those
    // machines only).
    void archTableNamesRealLibpfmModels() {
#if defined(__x86_64__)
        QVERIFY(groupArchTable().ok());
        int models = 0;
        for (const auto& arch : *groupArchTable()) {
            if (arch.vendor != "intel" && arch.vendor != "amd") continue;
            for (const auto& model : arch.pfmModels) {
                const LibpfmPmu* pmu = LibpfmTable::instance().findPmu(model);
                QVERIFY2(pmu && pmu->core, (arch.name + ": " + model).c_str());
                ++models;
            }
        }
        QVERIFY(models > 40);
#else
        QSKIP("the x86 models of archs.json are checked on x86-64, where libpfm4 has their tables");
#endif
    }

    // perfdash's own native groups resolve completely on their architecture,
    // whatever this machine is (they used to be read on this machine's model).
    void builtInNativeGroupsResolveOnTheirArchitecture() {
        int checked = 0;
        for (const char* arch : {"skylake", "zen4"}) {
            const SlotResolver naming(aperf_, arch);
            for (const auto& file : std::filesystem::directory_iterator(dataDir() + "/groups/" + arch)) {
                auto group = parseGroupFile(file.path().string());
                QVERIFY2(group.ok(), file.path().c_str());
                for (const auto& s : group->events) {
                    // Core counters only: the package's units (memory, energy) need their PMUs'
                    // sysfs, which groups_native_encodings checks on each arch's own tree.
                    if (!(s.counter.starts_with("FIXC") || s.counter.starts_with("PMC")) ||
                        s.event.find('/') != std::string::npos)
                        continue;
                    auto r = naming.resolve(s);
                    QVERIFY2(r.ok(), (file.path().string() + " " + s.counter + ": " + (r ? "" : r.error().message)).c_str());
                    // The arch's libpfm4 model or its vendor table, never this machine's model.
                    const bool skylake = arch == std::string("skylake");
                    QVERIFY2(r->name.starts_with(skylake ? "skl::" : "amd64_fam19h_zen4::") ||
                                 r->name.starts_with(skylake ? "intel/SKL::" : "amd/zen4::"),
                             r->name.c_str());
                    ++checked;
                }
            }
        }
        QVERIFY(checked > 40);
    }

    // Names the resolver knows in their own right keep their meaning.
    void resolverNamesKeepTheirMeaning() {
        QCOMPARE(resolved("skylake", slot("PMC0", "instructions")).encoding.type, uint32_t(PERF_TYPE_HARDWARE));
        QCOMPARE(resolved("skylake", slot("PMC0", "hsw::L2_LINES_IN:ALL")).name, std::string("hsw::L2_LINES_IN:ALL"));
        QCOMPARE(resolved("zen3", slot("PMC0", "msr/tsc/")).pmu, std::string("msr"));
        QCOMPARE(resolved("skylake", slot("PMC0", "r01c2")).encoding.type, uint32_t(PERF_TYPE_RAW));
    }

    // Arm's common PMUv3 events by their architectural names wherever the
    // core PMU is an Armv8 PMUv3, as events of that PMU (its sysfs type),
    // with the Arm ARM's numbers. Whether the core implements one is what the
    // kernel lists under the PMU's events/ (ArmCommonEvents.h): QEMU's guest
    // lists CPU_CYCLES and INST_RETIRED only, so BR_PRED there is refused
    // with the reason, never counted as 0.
    void armCommonEventsOnAnArmv8Pmu() {
        const EventResolver qemu{sysfs("sysfs-qemu-arm64")};
        const SlotResolver r(qemu, ""); // the guest's CPU (QEMU's "max") is none of likwid's architectures
        const auto implemented = ArmImplementedEvents::of(qemu.pmus());
        QVERIFY(implemented.has_value());
        for (const auto& [name, code] : std::vector<std::pair<std::string, uint64_t>>{
                 {"CPU_CYCLES", 0x11}, {"INST_RETIRED", 0x08}, {"BR_MIS_PRED", 0x10}, {"BR_PRED", 0x12},
                 {"INST_SPEC", 0x1b}, {"L1D_CACHE_REFILL", 0x03}, {"STALL_SLOT", 0x3f}}) {
            auto e = r.resolve(slot("PMC0", name));
            QVERIFY2(e.ok(), e.ok() ? "" : e.error().message.c_str());
            QCOMPARE(e->encoding.config, code);
            QCOMPARE(e->pmu, std::string("armv8_pmuv3"));
            QCOMPARE(e->encoding.type, 8u); // the fixture's sysfs type, not PERF_TYPE_RAW
            // A name the PMU lists itself is its named event (the same code); the others come from the table.
            const bool listed = code == 0x11 || code == 0x08;
            QVERIFY2(e->name == (listed ? "armv8_pmuv3/" + toLower(name) + "/" : "arm/armv8-common::" + name),
                     e->name.c_str());
            const auto why = implemented->notImplemented(*e);
            QCOMPARE(why.has_value(), code != 0x11 && code != 0x08);
            if (why) QVERIFY2(why->find("does not implement") != std::string::npos, why->c_str());
        }
        // A raw code is judged the same way; numbers past the common range are the core's own.
        ResolvedEvent raw;
        raw.encoding.type = PERF_TYPE_RAW;
        raw.encoding.config = 0x12;
        QVERIFY(implemented->notImplemented(raw).has_value());
        raw.encoding.config = 0x11;
        QVERIFY(!implemented->notImplemented(raw).has_value());
        raw.encoding.config = 0xc0;
        QVERIFY(!implemented->notImplemented(raw).has_value());
        // Not on an x86 core PMU: the name stays unknown there, and nothing is judged.
        QVERIFY(!SlotResolver(aperf_, "").resolve(slot("PMC0", "BR_PRED")).ok());
        QVERIFY(!ArmImplementedEvents::of(aperf_.pmus()).has_value());
    }
};

QTEST_APPLESS_MAIN(TestSlotResolver)
#include "test_slot_resolver.moc"
