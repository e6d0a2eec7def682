// The launcher's side of the marker wire, without running anything: the
// environment it writes, the results file it reads, and the region results
// it builds from them.
#include <QtTest>

#include <cerrno>

#include "MarkerTestSupport.h"
#include "core/measurement/MarkerEnvironment.h"
#include "core/measurement/MarkerResultsFile.h"
#include "core/measurement/RegionResults.h"
#include "marker/wire/perfdash_marker_wire.h"

using namespace perfdash;
using namespace perfdash::markertest;

namespace {

PerfPermissions root() {
    PerfPermissions p;
    p.capPerfmon = true;
    return p;
}

MetricEnvironment noConstants() { return {}; }

// Two sets: {A: task-clock, B: page-faults} and {C: context-switches}.
MeasurementPlan twoSetPlan() {
    return handPlan({{{"A", software(1)}, {"B", software(2)}}, {{"C", software(3)}}},
                    {{"rate=B/time", "per call=B/A"}, {}});
}

const char* const kTwoSetResults = "perfdash-marker-results 2\n"
                                   "sets 2\n"
                                   "set 0 2\n"
                                   "event 0 0 ok\n"
                                   "event 0 1 ok\n"
                                   "set 1 1\n"
                                   "event 1 0 errno=13\n"
                                   "region 0 101 3 2000000000 solve 10:100:50 400:100:50\n"
                                   "region 0 100 1 1000000000 solve 30:100:100 200:100:100\n"
                                   "region 1 100 2 500000000 solve -\n"
                                   "region 0 100 4 8000 setup 5:80:80 -\n"
                                   "end\n";

// The regions built from a results file of one set of two events, both
// counted, with these region lines.
Result<std::vector<RegionResult>> twoEventRegions(const std::string& regionLines, const MeasurementPlan& plan) {
    auto parsed = parseMarkerResults("perfdash-marker-results 2\nsets 1\nset 0 2\nevent 0 0 ok\nevent 0 1 ok\n" +
                                         regionLines + "end\n",
                                     "results");
    if (!parsed) return parsed.error();
    return buildRegionResults(*parsed, plan, noConstants(), root());
}

} // namespace

class TestMarkerWire : public QObject {
    Q_OBJECT
private slots:
    void encodesEveryEventOfEverySet() {
        MeasurementPlan plan = twoSetPlan();
        plan.eventSet[1].event.encoding.config1 = 0x10;
        plan.eventSet[1].event.encoding.excludeKernel = true;
        plan.eventSet[2].event.encoding.excludeUser = true;
        plan.eventSet[2].event.encoding.excludeGuest = true;
        QCOMPARE(encodeMarkerEvents(plan), std::string("1:0x1:0:0:0,1:0x2:0x10:0:0x2;1:0x3:0:0:0x21"));

        const auto env = markerEnvironment(plan, "/tmp/x/results");
        QCOMPARE(env.size(), size_t(3));
        QCOMPARE(env[0], std::string("PERFDASH_MARKER_VERSION=") + std::to_string(PERFDASH_MARKER_WIRE_VERSION));
        QCOMPARE(env[1], std::string("PERFDASH_MARKER_OUTPUT=/tmp/x/results"));
        QCOMPARE(env[2], "PERFDASH_MARKER_EVENTS=" + encodeMarkerEvents(plan));
    }

    void aGroupWithNothingCountableIsAnEmptySet() {
        MeasurementPlan plan = handPlan({{{"A", software(1)}}, {{"B", software(2)}}, {{"C", software(3)}}});
        plan.groups[1].events[0].eventSetSlot = -1; // not countable here
        plan.eventSet.erase(plan.eventSet.begin() + 1);
        QCOMPARE(markerSetSlots(plan), (std::vector<std::vector<size_t>>{{0}, {}, {1}}));
        QCOMPARE(encodeMarkerEvents(plan), std::string("1:0x1:0:0:0;;1:0x3:0:0:0"));
    }

    void refusesPlansBeyondTheLibrarysTables() {
        QVERIFY(checkMarkerPlan(twoSetPlan()).ok());
        std::vector<std::vector<PlanEvent>> manyGroups(PERFDASH_MARKER_MAX_SETS + 1, {{"A", software(1)}});
        const Status tooManyGroups = checkMarkerPlan(handPlan(manyGroups));
        QVERIFY(!tooManyGroups.ok());
        QVERIFY(tooManyGroups.error().message.find("at most 16 groups") != std::string::npos);
        std::vector<PlanEvent> manyEvents;
        for (int i = 0; i <= PERFDASH_MARKER_MAX_EVENTS; ++i) manyEvents.push_back({"E" + std::to_string(i), software(1)});
        const Status tooManyEvents = checkMarkerPlan(handPlan({manyEvents}));
        QVERIFY(!tooManyEvents.ok());
        QVERIFY(tooManyEvents.error().message.find("group G0 has 33") != std::string::npos);
    }

    void readsAResultsFile() {
        auto r = parseMarkerResults(kTwoSetResults, "results");
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r->sets.size(), size_t(2));
        QCOMPARE(r->sets[0].size(), size_t(2));
        QVERIFY(r->sets[0][1].kind == MarkerEventState::Kind::Counted);
        QVERIFY(r->sets[1][0].kind == MarkerEventState::Kind::OpenFailed);
        QCOMPARE(r->sets[1][0].error, 13);
        QCOMPARE(r->regions.size(), size_t(4));
        const MarkerRegionRecord& first = r->regions[0];
        QCOMPARE(first.name, std::string("solve"));
        QCOMPARE(first.tid, 101);
        QCOMPARE(first.calls, uint64_t(3));
        QCOMPARE(first.timeNs, uint64_t(2000000000));
        QCOMPARE(first.counts.size(), size_t(2));
        QCOMPARE(first.counts[0]->raw, uint64_t(10));
        QCOMPARE(first.counts[1]->raw, uint64_t(400));
        QCOMPARE(first.counts[1]->enabledNs, uint64_t(100));
        QCOMPARE(first.counts[1]->runningNs, uint64_t(50));
        QCOMPARE(r->regions[2].counts.size(), size_t(1));
        QVERIFY(!r->regions[2].counts[0]);
    }

    void namesTheLineOfWhatIsWrong_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        const QString head = "perfdash-marker-results 2\nsets 1\nset 0 1\nevent 0 0 ok\n";
        QTest::newRow("empty") << "" << "results: the file is empty";
        QTest::newRow("not ours") << "hello\n" << "results, line 1: the first line is not";
        QTest::newRow("other version") << "perfdash-marker-results 99\n" << "line 1: results of marker wire version 99";
        QTest::newRow("incomplete") << head + "region 0 1 1 1 A 5:1:1\n" << "line 6: the file ends without";
        QTest::newRow("counts") << head + "region 0 1 1 1 A 5:1:1 6:1:1\nend\n" << "line 5: region 'A' has 2 values";
        QTest::newRow("value") << head + "region 0 1 1 1 A 5:6\nend\n" << "line 5: value '5:6' is not COUNT:ENABLED_NS:RUNNING_NS";
        QTest::newRow("state") << "perfdash-marker-results 2\nsets 1\nset 0 1\nevent 0 0 maybe\nend\n"
                               << "line 4: event state 'maybe'";
        QTest::newRow("set range") << head + "region 3 1 1 1 A 5:1:1\nend\n" << "line 5: set 3 is out of range";
        QTest::newRow("record") << head + "thread 5\nend\n" << "line 5: unknown record 'thread'";
        QTest::newRow("number") << head + "region 0 1 x 1 A 5:1:1\nend\n" << "line 5: call count 'x'";
        QTest::newRow("missing events") << "perfdash-marker-results 2\nsets 1\nset 0 2\nevent 0 0 ok\nend\n"
                                        << "event set 0 declares 2 events but lists 1";
        QTest::newRow("after end") << head + "end\nregion 0 1 1 1 A 5:1:1\n" << "line 6: text after the final";
        // A blank first line hid the header: any file with the right records was read as results.
        QTest::newRow("blank first line") << "\n" + head.mid(head.indexOf('\n') + 1) + "end\n"
                                          << "results, line 1: the first line is not";
        QTest::newRow("no sets") << "perfdash-marker-results 2\nend\n" << "results: there is no 'sets NSETS' line";
        QTest::newRow("set not declared") << QString(head).replace("sets 1", "sets 2") + "end\n"
                                          << "results: event set 1 has no 'set 1 NEVENTS' line";
    }

    void namesTheLineOfWhatIsWrong() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        auto r = parseMarkerResults(text.toStdString(), "results");
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.find(expected.toStdString()) != std::string::npos, r.error().message.c_str());
    }

    void buildsRegionsPerThreadWithMetricsOnEachThreadsTime() {
        const MeasurementPlan plan = twoSetPlan();
        auto parsed = parseMarkerResults(kTwoSetResults, "results");
        QVERIFY(parsed.ok());
        auto regions = buildRegionResults(*parsed, plan, noConstants(), root());
        QVERIFY2(regions.ok(), regions.ok() ? "" : regions.error().message.c_str());
        QCOMPARE(regions->size(), size_t(3)); // solve/set 0, solve/set 1, setup/set 0

        const RegionResult* solve = findRegion(*regions, "solve", 0);
        QVERIFY(solve);
        QCOMPARE(solve->group.name, std::string("G0"));
        // Threads by TID, whatever the file's order.
        QCOMPARE(solve->threads.size(), size_t(2));
        QCOMPARE(solve->threads[0].id, 100);
        QCOMPARE(solve->threads[0].kind, LocationKind::Thread);
        QCOMPARE(solve->threads[1].id, 101);
        QCOMPARE(solve->calls, (std::vector<uint64_t>{1, 3}));
        QCOMPARE(solve->timeS, (std::vector<double>{1.0, 2.0}));

        // Thread 101 ran its group half the time: counts doubled, coverage 0.5.
        const EventResult* b = findEvent(*solve, "B");
        QVERIFY(b && b->counted);
        QCOMPARE(b->perLocation[0].value, 200.0);
        QCOMPARE(b->perLocation[0].coverage, 1.0);
        QCOMPARE(b->perLocation[1].value, 800.0);
        QCOMPARE(b->perLocation[1].coverage, 0.5);
        QCOMPARE(b->total.value, 1000.0);
        QCOMPARE(b->total.coverage, 0.5);

        // Per thread, `time` is that thread's time; the aggregate uses the longest one.
        const MetricResult* rate = findMetric(*solve, "rate");
        QVERIFY(rate);
        QCOMPARE(rate->perLocation, (std::vector<double>{200.0, 400.0}));
        QCOMPARE(rate->aggregate, 500.0);
        const MetricResult* perCall = findMetric(*solve, "per call");
        QCOMPARE(perCall->perLocation, (std::vector<double>{200.0 / 30, 800.0 / 20}));
        QCOMPARE(perCall->aggregate, 1000.0 / 50);
    }

    void anEventTheThreadsCouldNotCountSaysWhy() {
        const MeasurementPlan plan = twoSetPlan();
        auto parsed = parseMarkerResults(kTwoSetResults, "results");
        QVERIFY(parsed.ok());
        PerfPermissions unprivileged;
        unprivileged.paranoid = 3;
        auto regions = buildRegionResults(*parsed, plan, noConstants(), unprivileged);
        QVERIFY(regions.ok());
        const RegionResult* solve = findRegion(*regions, "solve", 1);
        QVERIFY(solve);
        QCOMPARE(solve->calls, (std::vector<uint64_t>{2}));
        QCOMPARE(solve->timeS, (std::vector<double>{0.5}));
        const EventResult* c = findEvent(*solve, "C");
        QVERIFY(c && !c->counted);
        QVERIFY2(c->reason.find("not permitted") != std::string::npos, c->reason.c_str());
        QVERIFY(!isAvailable(c->perLocation[0].value));

        // A thread that could not count one event: n/a there, not 0.
        const RegionResult* setup = findRegion(*regions, "setup", 0);
        QVERIFY(setup);
        QCOMPARE(findEvent(*setup, "A")->perLocation[0].value, 5.0);
        QVERIFY(!isAvailable(findEvent(*setup, "B")->perLocation[0].value));
        QVERIFY(!isAvailable(findMetric(*setup, "rate")->perLocation[0]));
    }

    void aRegionTotalWithoutSomeThreadsIsPartialNeverTheTotal() {
        const MeasurementPlan plan = handPlan({{{"A", software(1)}, {"B", software(2)}}}, {{"rate=B/time"}});
        auto regions = twoEventRegions("region 0 100 1 1000000000 work 10:100:100 200:100:100\n"
                                       "region 0 101 1 1000000000 work 20:100:100 -\n"
                                       "region 0 102 1 1000000000 work 5:100:0 7:100:0\n"
                                       "region 0 100 1 1000000000 idle 1:100:100 -\n"
                                       "region 0 101 1 1000000000 idle 2:100:100 -\n",
                                       plan);
        QVERIFY2(regions.ok(), regions.ok() ? "" : regions.error().message.c_str());
        const RegionResult* work = findRegion(*regions, "work", 0);
        QVERIFY(work);
        // Thread 102 was never on a counter: n/a there (coverage 0), and the totals lack it.
        const EventResult* a = findEvent(*work, "A");
        QVERIFY(!isAvailable(a->perLocation[2].value));
        QCOMPARE(a->perLocation[2].coverage, 0.0);
        QVERIFY(!isAvailable(a->total.value));
        QVERIFY(a->partialTotal);
        QCOMPARE(a->partialTotal->value, 30.0);
        QCOMPARE(a->partialTotal->counted, size_t(2));
        QCOMPARE(a->partialTotal->of, size_t(3));
        const EventResult* b = findEvent(*work, "B");
        QCOMPARE(b->partialTotal->value, 200.0);
        QCOMPARE(b->partialTotal->counted, size_t(1));
        // The aggregate would be computed from a partial sum: n/a, while each thread keeps its own.
        QVERIFY(!isAvailable(findMetric(*work, "rate")->aggregate));
        QCOMPARE(findMetric(*work, "rate")->perLocation[0], 200.0);

        // No thread counted B: n/a, never 0, and nothing partial about it.
        const RegionResult* idle = findRegion(*regions, "idle", 0);
        QVERIFY(idle);
        QVERIFY(!isAvailable(findEvent(*idle, "B")->total.value));
        QVERIFY(!findEvent(*idle, "B")->partialTotal);
        QCOMPARE(findEvent(*idle, "A")->total.value, 3.0);
        QVERIFY(!findEvent(*idle, "A")->partialTotal);
    }

    // A set counted as one kernel group per PMU: each event is scaled by its
    // own group's enabled and running time, not by the other group's.
    void eachEventIsScaledByItsOwnGroupsTimes() {
        const MeasurementPlan plan = handPlan({{{"A", software(1)}, {"B", software(2)}}});
        auto regions = twoEventRegions("region 0 100 1 1000000000 work 10:100:100 30:100:25\n", plan);
        QVERIFY2(regions.ok(), regions.ok() ? "" : regions.error().message.c_str());
        const RegionResult& work = regions->at(0);
        QCOMPARE(findEvent(work, "A")->perLocation[0].value, 10.0);
        QCOMPARE(findEvent(work, "A")->perLocation[0].coverage, 1.0);
        QCOMPARE(findEvent(work, "B")->perLocation[0].value, 120.0);
        QCOMPARE(findEvent(work, "B")->perLocation[0].coverage, 0.25);
    }

    // A hybrid CPU's event is two events of the set (cpu_core's, cpu_atom's),
    // two kernel groups in the library. A thread's parts are one event
    // (CounterDeltas.h: taskCoreTypeCounts): each part's enabled time is the
    // thread's, its running time the thread's on that core type, so the
    // factor is enabled / the running times' sum, not each part's own.
    void aHybridEventsThreadValueSumsItsCoreTypes() {
        PerfEncoding core, atom;
        core.type = 8;
        core.config = 0x3c;
        atom.type = 10;
        atom.config = 0x3c;
        MeasurementPlan plan = handPlan({{{"PMC0", core}, {"PMC0@atom", atom}}}, {{"per s=PMC0/time"}});
        PlannedGroup& group = plan.groups[0];
        group.group.events.pop_back();
        group.events.pop_back();
        group.events[0].coreTypes = {{"cpu_core", {0, 1}, 0, ""}, {"cpu_atom", {2, 3}, 1, ""}};
        QCOMPARE(encodeMarkerEvents(plan), std::string("8:0x3c:0:0:0,10:0x3c:0:0:0"));

        // Thread 100: 99 of 100 ns on P-cores, 1 on E-cores: the raw counts.
        // Thread 102: on a counter half the time (40 + 10 of 100 ns): both parts x 2.
        // Thread 103: only on P-cores: the E-core part is an exact 0.
        // Thread 101 lacks its E-core part.
        auto regions = twoEventRegions("region 0 100 1 2000000000 work 1000:100:99 3:100:1\n"
                                       "region 0 101 1 1000000000 work 400:100:100 -\n"
                                       "region 0 102 1 1000000000 work 500:100:40 20:100:10\n"
                                       "region 0 103 1 1000000000 work 600:100:100 0:100:0\n",
                                       plan);
        QVERIFY2(regions.ok(), regions.ok() ? "" : regions.error().message.c_str());
        const RegionResult& work = regions->at(0);
        const EventResult* cycles = findEvent(work, "PMC0");
        QVERIFY(cycles && cycles->counted);
        QCOMPARE(cycles->perLocation.size(), size_t(4));
        QCOMPARE(cycles->perLocation[0].value, 1003.0); // not 1000 x 100/99 + 3 x 100
        QCOMPARE(cycles->perLocation[0].coverage, 1.0);
        QCOMPARE(findMetric(work, "per s")->perLocation[0], 501.5);
        QCOMPARE(cycles->perLocation[2].value, 1040.0);
        QCOMPARE(cycles->perLocation[2].coverage, 0.5);
        QCOMPARE(cycles->perLocation[3].value, 600.0);
        QCOMPARE(cycles->perLocation[3].coverage, 1.0);
        // Thread 101 lacks its E-core part: n/a, and the total is partial: the others' alone.
        QVERIFY(!isAvailable(cycles->perLocation[1].value));
        QVERIFY(!isAvailable(cycles->total.value));
        QVERIFY(cycles->partialTotal);
        QCOMPARE(cycles->partialTotal->value, 1003.0 + 1040.0 + 600.0);
        QCOMPARE(cycles->partialTotal->counted, size_t(3));
        QCOMPARE(cycles->partialTotal->of, size_t(4));
        // The region's split by core type: each type's parts over the threads, 101 unknown on E-cores.
        QCOMPARE(cycles->coreTypes.size(), size_t(2));
        QCOMPARE(cycles->coreTypes[1].coreType, std::string("cpu_atom"));
        QVERIFY(!isAvailable(cycles->coreTypes[1].total.value));
        QVERIFY(cycles->coreTypes[1].partialTotal);
        QCOMPARE(cycles->coreTypes[1].partialTotal->value, 3.0 + 40.0 + 0.0);
    }

    void aGroupThePmuCannotFitSaysSo() {
        const MeasurementPlan plan = handPlan({{{"A", software(1)}}});
        auto parsed = parseMarkerResults("perfdash-marker-results 2\nsets 1\nset 0 1\nevent 0 0 unschedulable\n"
                                         "region 0 7 2 100 loop -\nend\n",
                                         "results");
        QVERIFY(parsed.ok());
        auto regions = buildRegionResults(*parsed, plan, noConstants(), root());
        QVERIFY(regions.ok());
        const EventResult* a = findEvent(regions->at(0), "A");
        QVERIFY(!a->counted);
        QVERIFY2(a->reason.find("more events than counters") != std::string::npos, a->reason.c_str());
        QCOMPARE(regions->at(0).calls, (std::vector<uint64_t>{2}));
    }

    void refusesResultsOfAnotherMeasurement() {
        const MeasurementPlan plan = handPlan({{{"A", software(1)}}});
        auto parsed = parseMarkerResults(kTwoSetResults, "results");
        QVERIFY(parsed.ok());
        auto regions = buildRegionResults(*parsed, plan, noConstants(), root());
        QVERIFY(!regions.ok());
        QVERIFY(regions.error().message.find("2 event sets in the file, 1 groups measured") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestMarkerWire)
#include "test_marker_wire.moc"
