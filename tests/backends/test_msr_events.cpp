// The msr backend's knowledge, exactly: the write allowlist, the PMU as
// CPUID describes it (Intel, AMD with and without the extensions), how
// events become event-select values, and which counter each slot gets.
#include <QtTest>

#include <linux/perf_event.h>

#include "backends/MsrFakeTree.h"
#include "core/backends/msr/MsrAssignment.h"
#include "core/backends/msr/MsrEvents.h"
#include "core/backends/msr/MsrPmu.h"
#include "core/backends/msr/MsrRegisters.h"
#include "core/events/EventResolver.h"

using namespace perfdash;
using namespace perfdash::msr;
using namespace perfdash::testing;

namespace {

ResolvedEvent resolve(const std::string& spec) {
    static const EventResolver resolver;
    if (const MsrRegisterEvent* e = findMsrRegisterEvent(spec)) return resolvedRegisterEvent(*e, spec);
    auto ev = resolver.resolve(spec);
    if (!ev) qFatal("%s: %s", spec.c_str(), ev.error().message.c_str());
    return *ev;
}

EventSlot slotOf(const std::string& counter, const std::string& spec, int set = 0) {
    return EventSlot{counter, resolve(spec), set};
}

const MsrPmu& intel() {
    static const MsrPmu pmu = MsrPmu::detect(intelFourPlusThree());
    return pmu;
}

const MsrPmu& zen4() {
    static const MsrPmu pmu = MsrPmu::detect(amdZen4());
    return pmu;
}

} // namespace

class TestMsrEvents : public QObject {
    Q_OBJECT
private slots:
    void allowlistHoldsOnlyPmuControlAndCounterRegisters() {
        for (uint32_t reg : {0x186u, 0x189u, 0x18Du, 0xC1u, 0xC8u, 0x309u, 0x30Bu, 0x38Du, 0x38Fu, 0xC0010200u,
                             0xC001020Bu, 0xC0010000u, 0xC0010007u, 0xC0000301u})
            QVERIFY2(writeAllowed(reg), hex(reg).c_str());
        // Identity, power management, the energy counters we only read, the
        // global status and overflow registers, and one past each range.
        for (uint32_t reg : {0x10u, 0xE7u, 0xE8u, 0x1A0u, 0x1A6u, 0x38Eu, 0x390u, 0x606u, 0x611u, 0x18Eu, 0xC9u,
                             0x30Du, 0xC001020Cu, 0xC0010008u, 0xC0010299u, 0xC001029Bu, 0xC0000300u})
            QVERIFY2(!writeAllowed(reg), hex(reg).c_str());
        QCOMPARE(describeRegister(0x187), std::string("IA32_PERFEVTSEL1 (0x187)"));
        QCOMPARE(describeRegister(0xC0010203), std::string("PERF_CTR1 (0xc0010203)"));
        QCOMPARE(describeRegister(0x1A0), std::string("MSR 0x1a0"));
    }

    void detectsIntelArchitecturalPerfmon() {
        const MsrPmu& pmu = intel();
        QVERIFY(pmu.vendor == PmuVendor::Intel);
        QCOMPARE(pmu.version, 4);
        QCOMPARE(pmu.generalCounters, 4);
        QCOMPARE(pmu.generalWidth, 48u);
        QCOMPARE(pmu.fixedCounters, 3);
        QCOMPARE(pmu.fixedWidth, 48u);
        QVERIFY(pmu.globalControl);
        QVERIFY(pmu.aperfMperf);
        QVERIFY(!pmu.intelDramFixedUnit);
        QCOMPARE(pmu.eventSelect(2), 0x188u);
        QCOMPARE(pmu.counter(3), 0xC4u);
        QCOMPARE(pmu.fixedCounter(2), 0x30Bu);
        QCOMPARE(pmu.globalControlRegister(), 0x38Fu);
        QVERIFY(pmu.unsupportedReason().empty());
        QVERIFY2(pmu.summary().find("4 general counters (48 bits), 3 fixed (48 bits)") != std::string::npos,
                 pmu.summary().c_str());
    }

    void detectsAmdCounterLayouts() {
        const MsrPmu& v2 = zen4();
        QVERIFY(v2.vendor == PmuVendor::Amd);
        QCOMPARE(v2.generalCounters, 6);
        QCOMPARE(v2.generalWidth, 48u);
        QVERIFY(v2.amdExtendedCounters);
        QVERIFY(v2.globalControl);
        QVERIFY(v2.amdRapl);
        QCOMPARE(v2.eventSelect(0), 0xC0010200u);
        QCOMPARE(v2.counter(0), 0xC0010201u);
        QCOMPARE(v2.eventSelect(5), 0xC001020Au);
        QCOMPARE(v2.counter(5), 0xC001020Bu);
        QCOMPARE(v2.globalControlRegister(), 0xC0000301u);

        const MsrPmu legacy = MsrPmu::detect(amdFamily10h());
        QCOMPARE(legacy.generalCounters, 4);
        QVERIFY(!legacy.amdExtendedCounters);
        QVERIFY(!legacy.globalControl);
        QVERIFY(!legacy.amdRapl);
        QCOMPARE(legacy.eventSelect(1), 0xC0010001u);
        QCOMPARE(legacy.counter(1), 0xC0010005u);
    }

    void refusesCpusItCannotProgram() {
        RecordedCpuid noPerfmon = intelFourPlusThree();
        noPerfmon.set(0xA, {0, 0, 0, 0});
        QVERIFY(MsrPmu::detect(noPerfmon).unsupportedReason().find("leaf 0xA") != std::string::npos);
        RecordedCpuid other;
        other.vendor(0x10, "CentaurHauls");
        QVERIFY(MsrPmu::detect(other).unsupportedReason().find("CentaurHauls") != std::string::npos);
    }

    void encodesLibpfmEventsAsEventSelects() {
        auto uops = planMsrEvent(resolve("skl::UOPS_RETIRED:RETIRE_SLOTS"), intel());
        QVERIFY(uops.ok());
        QCOMPARE(uops->select, uint64_t{0x2C2});
        QVERIFY(uops->countUser && uops->countKernel);
        QCOMPARE(uops->fixedIndex, -1);

        auto userOnly = planMsrEvent(resolve("skl::INST_RETIRED:ANY_P:u"), intel());
        QVERIFY(userOnly.ok());
        QCOMPARE(userOnly->select, uint64_t{0xC0});
        QVERIFY(userOnly->countUser && !userOnly->countKernel);
        QCOMPARE(userOnly->fixedIndex, 0); // the same count as fixed counter 0

        auto cmask = planMsrEvent(resolve("skl::UOPS_ISSUED:ANY:c=1:i=1"), intel());
        QVERIFY(cmask.ok());
        QCOMPARE(cmask->select, uint64_t{0x180010E});
        QCOMPARE(cmask->fixedIndex, -1);

        auto ref = planMsrEvent(resolve("skl::UNHALTED_REFERENCE_CYCLES"), intel());
        QVERIFY(ref.ok());
        QCOMPARE(ref->fixedIndex, 2);
        QVERIFY(ref->fixedOnly);

        auto zen = planMsrEvent(resolve("amd64_fam19h_zen4::P0_FREQ_CYCLES_NOT_IN_HALT"), zen4());
        QVERIFY(zen.ok());
        QCOMPARE(zen->select, uint64_t{0x100000120}); // event bits 11:8 at 35:32, as PERF_CTL has them
        QCOMPARE(zen->fixedIndex, -1);
    }

    void mapsGenericEventsToArchitecturalOnes() {
        auto cycles = planMsrEvent(resolve("cycles"), intel());
        QVERIFY(cycles.ok());
        QCOMPARE(cycles->select, uint64_t{0x3C});
        QCOMPARE(cycles->fixedIndex, 1);
        auto misses = planMsrEvent(resolve("branch-misses:k"), intel());
        QVERIFY(misses.ok());
        QCOMPARE(misses->select, uint64_t{0xC5});
        QVERIFY(!misses->countUser && misses->countKernel);
        auto amdCycles = planMsrEvent(resolve("cycles"), zen4());
        QVERIFY(amdCycles.ok());
        QCOMPARE(amdCycles->select, uint64_t{0x76});

        RecordedCpuid noBranchMisses = intelFourPlusThree();
        noBranchMisses.set(0xA, {0x07300404, 1u << 6, 0, 0x603});
        auto missing = planMsrEvent(resolve("branch-misses"), MsrPmu::detect(noBranchMisses));
        QVERIFY(!missing.ok());
        QVERIFY(missing.error().message.find("CPUID 0xA") != std::string::npos);
        QVERIFY(!planMsrEvent(resolve("cache-misses"), zen4()).ok());
    }

    void refusesEventsItCannotProgram() {
        auto check = [](const std::string& spec, const MsrPmu& pmu, const std::string& expected) {
            auto plan = planMsrEvent(resolve(spec), pmu);
            QVERIFY2(!plan.ok(), spec.c_str());
            QVERIFY2(plan.error().message.find(expected) != std::string::npos, plan.error().message.c_str());
        };
        check("amd64_fam19h_zen4::RETIRED_INSTRUCTIONS", intel(), "this CPU is GenuineIntel");
        check("skl::INST_RETIRED:ANY_P", zen4(), "this CPU is AuthenticAMD");
        check("skl::OFFCORE_RESPONSE_0:ANY_REQUEST:ANY_RESPONSE", intel(), "extra registers");
        check("task-clock", intel(), "not a core PMU event");
        check("cycles:I", intel(), "cannot exclude idle");
        check("power/energy-gpu/", zen4(), "no graphics (PP1) RAPL domain");
        check("power/energy-pkg/", MsrPmu::detect(amdFamily10h()), "no RAPL");
    }

    void namesRegistersByPerfAndLikwidNames() {
        QCOMPARE(findMsrRegisterEvent("PWR_PKG_ENERGY"), findMsrRegisterEvent("power/energy-pkg/"));
        QVERIFY(findMsrRegisterEvent("msr/aperf/"));
        QVERIFY(!findMsrRegisterEvent("cycles"));
        const ResolvedEvent pkg = resolvedRegisterEvent(*findMsrRegisterEvent("PWR_PKG_ENERGY"), "PWR_PKG_ENERGY");
        QCOMPARE(pkg.name, std::string("power/energy-pkg/"));
        QCOMPARE(pkg.unit, std::string("Joules"));
        QCOMPARE(pkg.scale, 1.0 / 4294967296.0);
        QCOMPARE(pkg.encoding.type, kNotAPerfEventType);

        auto intelPkg = planMsrEvent(pkg, intel());
        QVERIFY(intelPkg.ok());
        QCOMPARE(intelPkg->reg, 0x611u);
        QCOMPARE(intelPkg->width, 32u);
        QVERIFY(intelPkg->scope == MsrScope::Package);
        auto amdCores = planMsrEvent(
            resolvedRegisterEvent(*findMsrRegisterEvent("power/energy-cores/"), "power/energy-cores/"), zen4());
        QVERIFY(amdCores.ok());
        QCOMPARE(amdCores->reg, 0xC001029Au);
        QVERIFY(amdCores->scope == MsrScope::Core);
        auto aperf = planMsrEvent(resolvedRegisterEvent(*findMsrRegisterEvent("msr/aperf/"), "msr/aperf/"), intel());
        QVERIFY(aperf.ok());
        QCOMPARE(aperf->reg, 0xE8u);
        QCOMPARE(aperf->width, 64u);
        QVERIFY(aperf->scope == MsrScope::Thread);

        RecordedCpuid skx = intelFourPlusThree();
        skx.set(1, {0x00050654, 0, 0, 0}); // family 6 model 0x55
        auto dram = planMsrEvent(resolvedRegisterEvent(*findMsrRegisterEvent("power/energy-ram/"), "x"),
                                 MsrPmu::detect(skx));
        QVERIFY(dram.ok());
        QVERIFY(dram->dramFixedUnit);
    }

    void assignsNamedCountersFirst() {
        const EventSet events = {
            slotOf("PMC0", "skl::UOPS_RETIRED:RETIRE_SLOTS"),  slotOf("FIXC0", "skl::INSTRUCTION_RETIRED"),
            slotOf("extra", "skl::BR_MISP_RETIRED:ALL_BRANCHES"), slotOf("PMC1", "skl::L1D:REPLACEMENT"),
            slotOf("cycles", "cycles"),                          slotOf("ref", "skl::UNHALTED_REFERENCE_CYCLES"),
            slotOf("PWR0", "skl::INST_RETIRED:ANY_P"),
        };
        const auto placed = assignMsrCounters(events, intel());
        auto expect = [&](size_t s, MsrSlot::Counter counter, int index) {
            QVERIFY2(placed[s].assigned, placed[s].reason.c_str());
            QVERIFY(placed[s].counter == counter);
            QCOMPARE(placed[s].index, index);
        };
        expect(0, MsrSlot::Counter::General, 0);
        expect(1, MsrSlot::Counter::Fixed, 0);
        expect(2, MsrSlot::Counter::General, 2); // PMC0 and PMC1 are named elsewhere
        expect(3, MsrSlot::Counter::General, 1);
        expect(4, MsrSlot::Counter::Fixed, 1);
        expect(5, MsrSlot::Counter::Fixed, 2);
        expect(6, MsrSlot::Counter::General, 3); // fixed 0 is FIXC0's
    }

    void explainsSlotsWithoutACounter() {
        const EventSet events = {
            slotOf("PMC0", "skl::UOPS_RETIRED:RETIRE_SLOTS", 0),
            slotOf("PMC0", "skl::L1D:REPLACEMENT", 1),
            slotOf("PMC4", "skl::L1D:REPLACEMENT"),
            slotOf("FIXC1", "skl::INST_RETIRED:ANY_P"),
            slotOf("PMC2", "skl::UNHALTED_REFERENCE_CYCLES"),
            slotOf("a", "skl::L1D:REPLACEMENT"),
            slotOf("b", "skl::L1D:REPLACEMENT"),
            slotOf("c", "skl::L1D:REPLACEMENT"),
            slotOf("d", "skl::L1D:REPLACEMENT"),
        };
        const auto placed = assignMsrCounters(events, intel());
        auto reason = [&](size_t s, const std::string& part) {
            QVERIFY2(!placed[s].assigned, std::to_string(s).c_str());
            QVERIFY2(placed[s].reason.find(part) != std::string::npos, placed[s].reason.c_str());
        };
        QVERIFY(placed[0].assigned);
        reason(1, "PMC0 is taken by 'skl::UOPS_RETIRED:RETIRE_SLOTS' (PMC0)");
        reason(1, "cannot multiplex");
        reason(2, "this CPU has 4 general counters (PMC0-3)");
        reason(3, "FIXC1 counts only core cycles");
        reason(4, "counts only on fixed counter FIXC2");
        QVERIFY(placed[5].assigned && placed[6].assigned && placed[7].assigned);
        reason(8, "all 4 general counters are taken");
    }
};

QTEST_GUILESS_MAIN(TestMsrEvents)
#include "test_msr_events.moc"
