// The resolver's documented order of interpretation, and unknown names
// answered with the closest known ones.
#include <QtTest>

#include <linux/perf_event.h>

#include "core/events/EventResolver.h"
#include "events/EventFixtures.h"

using namespace perfdash;

class TestEventResolver : public QObject {
    Q_OBJECT

    EventResolver resolver{test::fixturePaths()};

    EventSource sourceOf(const std::string& spec) {
        auto r = resolver.resolve(spec);
        if (!r) qWarning("%s: %s", spec.c_str(), r.error().message.c_str());
        return r ? r->source : EventSource::Raw;
    }
    std::string errorOf(const std::string& spec) {
        auto r = resolver.resolve(spec);
        return r ? std::string("(resolved)") : r.error().message;
    }

private slots:
    void orderOfInterpretation() {
        QCOMPARE(sourceOf("skl::INST_RETIRED:ANY_P"), EventSource::Libpfm);        // 1. '::'
        QCOMPARE(sourceOf("cpu/event=0x3c/"), EventSource::SysfsPmu);              // 2. '/'
        QCOMPARE(sourceOf("branches"), EventSource::Hardware);                     // 3. before the cache alias "branches"
        QCOMPARE(sourceOf("branch-misses"), EventSource::Hardware);                // 3. before branch-misses as a cache name
        QCOMPARE(sourceOf("ref-cycles"), EventSource::Hardware);                   // 3. before cpu/ref-cycles/ (step 8)
        QCOMPARE(sourceOf("branch-loads"), EventSource::HardwareCache);            // 4.
        QCOMPARE(sourceOf("L2"), EventSource::HardwareCache);                      // 4. LLC read accesses
        QCOMPARE(sourceOf("r00c0"), EventSource::Raw);                             // 5.
        QCOMPARE(sourceOf("sched:sched_switch"), EventSource::Tracepoint);         // 6.
        QCOMPARE(sourceOf("cycles-t"), EventSource::SysfsPmu);                     // 8. core PMU event, bare
        QCOMPARE(sourceOf("perf::PERF_COUNT_SW_CPU_CLOCK"), EventSource::Libpfm);  // qualified beats the generic name
    }

    void keepsWhatTheUserWrote() {
        auto r = resolver.resolve("  cpu-cycles:u ");
        QVERIFY(r.ok());
        QCOMPARE(r->spec, std::string("cpu-cycles:u"));
        QCOMPARE(r->name, std::string("cycles:u"));
    }

    void unknownNamesGetSuggestions() {
        const std::string cycles = errorOf("cylces");
        QVERIFY2(cycles.find("unknown event 'cylces'") != std::string::npos, cycles.c_str());
        QVERIFY2(cycles.find("did you mean cycles") != std::string::npos, cycles.c_str());
        const std::string tlb = errorOf("dTLB-load-mises");
        QVERIFY2(tlb.find("dTLB-load-misses") != std::string::npos, tlb.c_str());
        const std::string pmuEvent = errorOf("energy-pkg");
        QVERIFY2(pmuEvent.find("power/energy-pkg/") != std::string::npos, pmuEvent.c_str());
        const std::string clock = errorOf("task-clok");
        QVERIFY2(clock.find("task-clock") != std::string::npos, clock.c_str());
        QVERIFY(errorOf("").find("empty event name") != std::string::npos);
    }

    void unknownTracepointsNameTheirSubsystem() {
        const std::string e = errorOf("sched:sched_wakeup_new");
        QVERIFY2(e.find("subsystem 'sched' has 2 events") != std::string::npos, e.c_str());
        QVERIFY2(e.find("sched:sched_wakeup") != std::string::npos, e.c_str());
    }
};

QTEST_GUILESS_MAIN(TestEventResolver)
#include "test_event_resolver.moc"
