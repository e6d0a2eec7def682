// What likwid's counter names mean (core/groups/LikwidCounters).
#include <QtTest>

#include "core/groups/LikwidCounters.h"

using namespace perfdash;

class TestLikwidCounters : public QObject {
    Q_OBJECT
    static LikwidCounter classify(const char* name) {
        auto c = classifyLikwidCounter(name);
        if (!c) qFatal("%s", c.error().message.c_str());
        return *c;
    }

private slots:
    void classifiesCounterNames() {
        QCOMPARE(int(classify("FIXC0").kind), int(LikwidCounter::Kind::Fixed));
        QCOMPARE(classify("FIXC3").index, 3);
        QCOMPARE(int(classify("PMC7").kind), int(LikwidCounter::Kind::Core));
        QCOMPARE(classify("PMC7").index, 7);
        QCOMPARE(classify("MBOX3C1").box, std::string("MBOX"));
        QCOMPARE(classify("EDBOX0C1").box, std::string("EDBOX"));
        QCOMPARE(classify("UBOXFIX").box, std::string("UBOX"));
        QCOMPARE(classify("PWR4").unit, std::string("RAPL energy"));
        QCOMPARE(classify("TMA0").box, std::string("TMA"));
        // The number after a unit's prefix: a box (MBOX3C1: box 3, counter 1),
        // or a counter of the one unit likwid numbers by counter (PWR3, DFC2).
        QCOMPARE(classify("MBOX3C1").boxIndex, 3);
        QCOMPARE(classify("MBOX3C1").index, 1);
        QCOMPARE(classify("CBOX27C0").boxIndex, 27);
        QCOMPARE(classify("UBOXFIX").boxIndex, 0);
        QCOMPARE(classify("UBOXFIX").index, -1);
        QCOMPARE(classify("MBOX0FIX").index, -1);
        QCOMPARE(classify("PWR3").boxIndex, 0);
        QCOMPARE(classify("PWR3").index, 3);
        QCOMPARE(classify("DFC2").index, 2);
        QVERIFY(classify("MBOX0C1").unmapped.empty());
        // The core temperature is no perf event: it is read from hwmon, as a gauge.
        QVERIFY(classify("TMP0").unmapped.empty());
        QCOMPARE(classify("TMP0").coreTemperature, std::string("TEMP_CORE"));
        // Anything else is a slot name of perfdash's own.
        for (const char* own : {"CYCLES", "PMC", "FIXC", "MBOXES", "PMC0X", "pmc0", "task-clock", "PMC99999999999999999999"})
            QCOMPARE(int(classify(own).kind), int(LikwidCounter::Kind::Own));
    }

    void fixedCounterEventsPerVendor() {
        auto intel = fixedCounterEvent("intel", 1, "CPU_CLK_UNHALTED_CORE");
        QVERIFY(intel.ok() && intel->has_value());
        QCOMPARE((*intel)->libpfm, std::string("UNHALTED_CORE_CYCLES"));
        auto amd = fixedCounterEvent("amd", 2, "MAX_CPU_CLOCK");
        QVERIFY(amd.ok() && amd->has_value());
        QCOMPARE((*amd)->msr, std::string("mperf"));
        QCOMPARE(quint64((*amd)->msrConfig), quint64(2));
        // Another name on a fixed counter, or another counter, is read as any event.
        QVERIFY(!fixedCounterEvent("intel", 1, "UNHALTED_CORE_CYCLES")->has_value());
        QVERIFY(!fixedCounterEvent("intel", 0, "CPU_CLK_UNHALTED_CORE")->has_value());
        QVERIFY(!fixedCounterEvent("arm", 0, "INSTR_RETIRED_ANY")->has_value());
    }
};

QTEST_APPLESS_MAIN(TestLikwidCounters)
#include "test_likwid_counters.moc"
