#include <QtTest>

#include <cmath>

#include "core/topology/NominalClock.h"
#include "topology/TopologyFixtures.h"

using namespace perfdash;
using namespace perfdash::test;

class TestNominalClock : public QObject {
    Q_OBJECT
private slots:
    // Tiger Lake style leaf 0x15: 38.4 MHz crystal x 176/2 = 3379.2 MHz.
    void takesTheTscFrequencyFromCpuidLeaf15() {
        RecordedCpuid cpuid;
        cpuid.vendor(0x1b, "GenuineIntel").set(0x15, {2, 176, 38400000, 0});
        const NominalClock clock(fixtureSources("two_socket_smt", &cpuid));
        QCOMPARE(clock.info().hz, 3379.2e6);
        QVERIFY(clock.info().source.find("CPUID leaf 0x15") != std::string::npos);
    }

    // ECX = 0: the leaf does not enumerate the crystal, so the next source
    // answers. A fixture is not the live machine: no TSC calibration.
    void fallsBackWhenLeaf15HasNoCrystal() {
        RecordedCpuid cpuid;
        cpuid.vendor(0x16, "GenuineIntel").set(0x15, {2, 176, 0, 0});
        const NominalClock clock(fixtureSources("two_socket_smt", &cpuid));
        QCOMPARE(clock.info().hz, 2100e6);
        QVERIFY(clock.info().source.find("base_frequency") != std::string::npos);
    }

    void ignoresLeaf15AboveTheMaximumLeaf() {
        RecordedCpuid cpuid;
        cpuid.vendor(0x0d, "AuthenticAMD").set(0x15, {2, 176, 38400000, 0});
        QCOMPARE(NominalClock(fixtureSources("two_socket_smt", &cpuid)).info().hz, 2100e6);
    }

    void prefersCpufreqBaseFrequency() {
        const NominalClock clock(fixtureSources("two_socket_smt"));
        QCOMPARE(clock.info().hz, 2100e6);
        QVERIFY(clock.info().source.find("cpu0/cpufreq/base_frequency") != std::string::npos);
    }

    void usesCpuinfoMaxFreqWithoutBaseFrequency() {
        const NominalClock clock(fixtureSources("offline_cpu"));
        QCOMPARE(clock.info().hz, 4200e6);
        QVERIFY(clock.info().source.find("cpuinfo_max_freq") != std::string::npos);
    }

    // The captured VM has no cpufreq; /proc/cpuinfo's "cpu MHz" is left.
    void usesCpuinfoMhzLast() {
        const NominalClock clock(fixtureSources("vm"));
        QCOMPARE(clock.info().hz, 2445.426e6);
        QVERIFY(clock.info().source.find("'cpu MHz'") != std::string::npos);
    }

    // AArch64 cpuinfo has BogoMIPS but no clock: unknown, with the reasons.
    void saysWhyTheClockIsUnknown() {
        const NominalClock clock(fixtureSources("aarch64_nonuma"));
        QVERIFY(std::isnan(clock.info().hz));
        const std::string& why = clock.info().source;
        QVERIFY2(why.starts_with("unknown: "), why.c_str());
        QVERIFY(why.find("cpuinfo_max_freq") != std::string::npos);
        QVERIFY(why.find("'cpu MHz'") != std::string::npos);
    }

    // Nothing is computed until someone asks, and only once.
    void isComputedOnFirstRequestOnly() {
        RecordedCpuid cpuid;
        cpuid.vendor(0x16, "GenuineIntel");
        const NominalClock clock(fixtureSources("two_socket_smt", &cpuid));
        QCOMPARE(cpuid.queries, 0);
        const ClockInfo* first = &clock.info();
        const int queries = cpuid.queries;
        QVERIFY(queries > 0);
        QCOMPARE(&clock.info(), first);
        QCOMPARE(cpuid.queries, queries);
    }

    // The live machine: some source must answer on x86-64 (the TSC always
    // exists there); the value must be a plausible clock.
    void findsThisMachinesClock() {
        const ClockInfo& clock = hostClock();
        QCOMPARE(&hostClock(), &clock);
        if (!hostCpuid() && std::isnan(clock.hz)) QSKIP(("no clock source on this machine: " + clock.source).c_str());
        QVERIFY2(clock.hz > 1e8 && clock.hz < 1e11, clock.source.c_str());
        QVERIFY(!clock.source.empty());
    }
};

QTEST_GUILESS_MAIN(TestNominalClock)
#include "test_nominal_clock.moc"
