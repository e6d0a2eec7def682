// A package's unit (RAPL energy) counted over every CPU of the two-socket
// fixture (CPUs 0-3,8-11 and 4-7,12-15; the PMU's cpumask 0,4) is read on
// CPUs 0 and 4 only (core/topology/SharedUnitReaders.h). The other CPUs'
// counts are held there: every consumer of the result says where ("see CPU
// 0"), sums each package once, takes Min/Max/Avg over the two readers and
// never calls the sum partial: the text tables, the -t timeline, CSV, JSON
// written and read back, a session rebuilt from its intervals, HTML, merge
// and likwid-perfctr's tables.
#include <QtTest>

#include <QTemporaryDir>

#include "core/measurement/ResultBuilder.h"
#include "core/report/HtmlReport.h"
#include "core/report/LikwidPerfctrOutput.h"
#include "core/report/ReportCsv.h"
#include "core/report/ReportJson.h"
#include "core/report/ReportJsonReader.h"
#include "core/report/ReportMerge.h"
#include "core/report/ReportTables.h"
#include "core/session/SessionFiles.h"
#include "core/report/TextReport.h"
#include "core/report/TimelineText.h"
#include "core/topology/SharedUnitReaders.h"
#include "core/util/AtomicFile.h"
#include "topology/TopologyFixtures.h"

using namespace perfdash;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

constexpr int kCpus = 16;

PlannedEvent planned(const std::string& counter, const std::string& name, int slot, const std::string& unit) {
    PlannedEvent e;
    e.counter = e.spec = counter;
    e.name = name;
    e.unit = unit;
    e.availability.state = Availability::State::Countable;
    e.eventSetSlot = slot;
    return e;
}

// ENERGY-like: PWR0 a package's energy, read once per package; TSC on every CPU.
MeasurementPlan energyPlan(const std::map<int, int>& readerOf) {
    MeasurementPlan plan;
    PlannedGroup g;
    g.group.name = "ENERGY";
    g.group.shortDescription = "package energy";
    for (const char* counter : {"PWR0", "TSC"}) {
        GroupSlot slot;
        slot.counter = slot.counterSpec = slot.event = counter;
        g.group.events.push_back(slot);
    }
    g.group.metrics = {{"Power [W]", "PWR0/time", 0}, {"TSC per second", "TSC/time", 0}};
    g.events = {planned("PWR0", "power/energy-pkg/", 0, "Joules"), planned("TSC", "msr/tsc/", 1, "")};
    g.events[0].readerOf = readerOf;
    for (const PlannedEvent& e : g.events) {
        ResolvedEvent event;
        event.name = e.name;
        plan.eventSet.push_back(EventSlot{e.counter, event, 0});
    }
    plan.groups.push_back(std::move(g));
    return plan;
}

// One interval's counts: PWR0 only where it was opened (CPUs 0 and 4), TSC everywhere.
std::vector<CountValue> intervalCounts(double socket0, double socket1) {
    std::vector<CountValue> out;
    for (int cpu = 0; cpu < kCpus; ++cpu) {
        const double pwr = cpu == 0 ? socket0 : cpu == 4 ? socket1 : kNotAvailable;
        out.push_back({pwr, isAvailable(pwr) ? 1.0 : kNotAvailable});
        out.push_back({1000.0 + cpu, 1.0});
    }
    return out;
}

const EventResult& pwrOf(const MeasurementResult& r) { return r.groups.at(0).events.at(0); }
const MetricResult& powerOf(const MeasurementResult& r) { return r.groups.at(0).metrics.at(0); }

// The location of each CPU whose energy is held at CPU 0 (socket 0) and at CPU 4 (socket 1).
const std::vector<int> kHeldAt = {-1, 0, 0, 0, -1, 4, 4, 4, 0, 0, 0, 0, 4, 4, 4, 4};

} // namespace

class TestPackageUnitReports : public QObject {
    Q_OBJECT

    MeasurementPlan plan_;
    MeasurementResult run_;

    void checkComplete(const MeasurementResult& r, const char* where) {
        const EventResult& pwr = pwrOf(r);
        QVERIFY2(pwr.counted, where);
        QCOMPARE(pwr.total.value, 80.0);
        QVERIFY2(!pwr.partialTotal, where);
        QCOMPARE(pwr.heldElsewhere.cpu, kHeldAt);
        QCOMPARE(powerOf(r).heldElsewhere.cpu, kHeldAt);
        QCOMPARE(powerOf(r).aggregate, 40.0);
        QCOMPARE(powerOf(r).perLocation[0], 15.0);
        QCOMPARE(powerOf(r).perLocation[4], 25.0);
        // TSC counts at every CPU: nothing held elsewhere.
        QVERIFY2(!r.groups[0].events[1].heldElsewhere.any(), where);
        QVERIFY2(!r.groups[0].metrics[1].heldElsewhere.any(), where);
    }

private slots:
    void initTestCase() {
        const Topology twoSockets = test::readFixture("two_socket_smt");
        std::vector<int> all;
        for (int cpu = 0; cpu < kCpus; ++cpu) all.push_back(cpu);
        auto readerOf = sharedUnitReaders(twoSockets, {0, 4}, all);
        QVERIFY2(readerOf, readerOf ? "" : readerOf.error().message.c_str());
        plan_ = energyPlan(*readerOf);

        run_.version = "0.1.0";
        run_.startedAt = "2026-11-26T10:00:00+00:00";
        run_.machine = {{"hostname", "node1"}};
        run_.config.mode = "system";
        run_.config.groups = {"ENERGY"};
        run_.config.intervalS = 1;
        for (int cpu = 0; cpu < kCpus; ++cpu) {
            run_.locations.push_back({LocationKind::Cpu, cpu});
            run_.config.cpus.push_back(cpu);
        }
        auto builder = ResultBuilder::create(plan_, run_.locations, MetricEnvironment{}, {});
        QVERIFY2(builder, builder ? "" : builder.error().message.c_str());
        run_.intervals.push_back({1.0, 1.0, builder->build(intervalCounts(10, 20), 1.0)});
        run_.intervals.push_back({2.0, 1.0, builder->build(intervalCounts(20, 30), 1.0)});
        run_.groups = builder->build(intervalCounts(30, 50), 2.0);
        run_.durationS = 2.0;
    }

    void theResultHoldsEachPackageOnce() { checkComplete(run_, "built"); }

    void textTablesSayWhereTheCountIs() {
        const GroupTables t = groupTables(run_, 0);
        const auto& row = t.events.rows.at(0);
        QCOMPARE(row.at(2), std::string("30"));
        QCOMPARE(row.at(3), std::string("see CPU 0"));
        QCOMPARE(row.at(6), std::string("50"));
        QCOMPARE(row.at(2 + 13), std::string("see CPU 4"));
        QCOMPARE(t.eventStatistics.rows.at(0),
                 (std::vector<std::string>{"power/energy-pkg/ [Joules] STAT", "PWR0", "80", "30", "50", "40"}));
        QCOMPARE(t.metricStatistics.rows.at(0),
                 (std::vector<std::string>{"Power [W] STAT", "40", "15", "25", "20", "40"}));
        QCOMPARE(t.metrics.rows.at(0).at(2), std::string("see CPU 0"));
        const std::string note = "'see CPU n': PWR0 comes from a unit of the package, read once per package, die or "
                                 "L3 cache on CPU 0 for CPUs 0-3,8-11 and on CPU 4 for CPUs 4-7,12-15; that CPU's "
                                 "value holds the others'.";
        QVERIFY(std::find(t.events.notes.begin(), t.events.notes.end(), note) != t.events.notes.end());
        const std::string text = formatTextReport(run_);
        QVERIFY2(contains(text, note), text.c_str());
        QVERIFY2(!contains(text, "partial"), text.c_str());
        QVERIFY2(!contains(text, "leave out"), text.c_str());
    }

    void timelineTotalsAreComplete() {
        const std::string first = formatTimelineText(run_.intervals[0]);
        // Interval 1: 10 on socket 0 and 20 on socket 1.
        QVERIFY2(contains(first, "    1.000000  1.000000                 30  power/energy-pkg/ [Joules]\n"), first.c_str());
        QVERIFY2(!contains(first, "partial"), first.c_str());
        QVERIFY2(!contains(first, "n/a"), first.c_str());
    }

    void csvSaysWhereTheCountIs() {
        const std::string csv = formatReportCsv(run_);
        QVERIFY2(contains(csv, "3,event,,,ENERGY,power/energy-pkg/,PWR0,Joules,cpu1,,,counted on CPU 0\n"), csv.c_str());
        QVERIFY2(contains(csv, "3,event,,,ENERGY,power/energy-pkg/,PWR0,Joules,total,80,1,\n"), csv.c_str());
        QVERIFY2(contains(csv, "3,metric,,,ENERGY,Power [W],,,cpu13,,1,counted on CPU 4\n"), csv.c_str());
        QVERIFY2(contains(csv, "3,metric,,,ENERGY,Power [W],,,total,40,1,\n"), csv.c_str());
        QVERIFY2(contains(csv, "3,interval_event,1,1,ENERGY,power/energy-pkg/,PWR0,Joules,cpu5,,,counted on CPU 4\n"),
                 csv.c_str());
        QVERIFY2(!contains(csv, "partial"), csv.c_str());
    }

    void jsonKeepsItAndReadsItBack() {
        const nlohmann::ordered_json written = reportToJson(run_);
        const nlohmann::ordered_json held = nlohmann::ordered_json::parse("[null,0,0,0,null,4,4,4,0,0,0,0,4,4,4,4]");
        QCOMPARE(written["groups"][0]["events"][0]["counted_on_cpu"], held);
        QCOMPARE(written["groups"][0]["metrics"][0]["counted_on_cpu"], held);
        QVERIFY(!written["groups"][0]["events"][1].contains("counted_on_cpu"));
        const std::string json = formatReportJson(run_);
        auto back = readReportJson(json, "saved.json");
        QVERIFY2(back, back ? "" : back.error().message.c_str());
        checkComplete(*back, "read back");
        QCOMPARE(back->intervals.at(1).groups.at(0).events.at(0).heldElsewhere.cpu, kHeldAt);
        QCOMPARE(formatTextReport(*back), formatTextReport(run_));
    }

    void aBadHolderIsRefused() {
        nlohmann::ordered_json edited = reportToJson(run_);
        edited["groups"][0]["events"][0]["counted_on_cpu"][1] = -3;
        auto back = readReportJson(edited.dump(), "edited.json");
        QVERIFY(!back);
        QVERIFY2(contains(back.error().message, "is -3; expected the number of the CPU that holds"),
                 back.error().message.c_str());
    }

    void anIncompleteSessionIsRebuiltComplete() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        MeasurementResult running = run_;
        running.incomplete = true;
        const std::string path = dir.filePath("running.json").toStdString();
        QVERIFY(writeFileAtomically(path, formatReportJson(running)));
        auto opened = openSessionFile(path);
        QVERIFY2(opened, opened ? "" : opened.error().message.c_str());
        // Rebuilt from the two intervals: 10+20 and 20+30.
        const EventResult& pwr = pwrOf(*opened);
        QCOMPARE(pwr.total.value, 80.0);
        QVERIFY(!pwr.partialTotal);
        QCOMPARE(pwr.perLocation[0].value, 30.0);
        QCOMPARE(pwr.perLocation[4].value, 50.0);
        QCOMPARE(powerOf(*opened).aggregate, 40.0);
        for (const auto& w : opened->warnings) QVERIFY2(!contains(w, "has no value in some"), w.c_str());
    }

    void htmlSaysWhereTheCountIs() {
        const std::string html = formatHtmlReport(run_);
        QVERIFY2(contains(html, "see CPU 0"), "no 'see CPU 0' in the HTML report");
        QVERIFY2(!contains(html, "partial:"), "a partial sum in the HTML report");
    }

    void mergedRunsSumEachPackageOnce() {
        MeasurementResult other = run_;
        other.machine = {{"hostname", "node2"}};
        other.startedAt = "2026-11-26T10:00:01+00:00";
        auto merged = mergeReports({{"node1.json", run_}, {"node2.json", other}});
        QVERIFY2(merged, merged ? "" : merged.error().message.c_str());
        QCOMPARE(pwrOf(*merged).total.value, 160.0);
        QVERIFY(!pwrOf(*merged).partialTotal);
        QCOMPARE(pwrOf(*merged).heldElsewhere.cpu.size(), size_t(2 * kCpus));
        QCOMPARE(pwrOf(*merged).heldElsewhere.at(kCpus + 1), std::optional<int>(0));
        const GroupTables t = groupTables(*merged, 0);
        QCOMPARE(t.eventStatistics.rows.at(0),
                 (std::vector<std::string>{"power/energy-pkg/ [Joules] STAT", "PWR0", "160", "30", "50", "40"}));
        QVERIFY2(contains(t.events.notes.back(), "on node1:CPU 0 for CPUs 0-3,8-11 and on node1:CPU 4 for CPUs "
                                                 "4-7,12-15 and on node2:CPU 0 for CPUs 0-3,8-11"),
                 t.events.notes.back().c_str());
        const MeasurementResult hosts = perHostView(*merged);
        QCOMPARE(pwrOf(hosts).perLocation.at(0).value, 80.0);
        QCOMPARE(pwrOf(hosts).perLocation.at(1).value, 80.0);
        QVERIFY(!pwrOf(hosts).heldElsewhere.any());
        QVERIFY(!contains(formatTextReport(*merged), "partial"));
    }

    void likwidTablesSumEachPackageOnce() {
        const std::string tables = formatLikwidTables(run_, {});
        QVERIFY2(contains(tables, "| power/energy-pkg/ STAT |   PWR0  |   80  |  30  |  50  |     40    |\n"),
                 tables.c_str());
        QVERIFY2(contains(tables, "|      Power [W] STAT      |  40  |  15 |    25    |    20    |\n"), tables.c_str());
        // The CPUs whose energy is held elsewhere read "-", as n/a does in likwid's layout.
        QVERIFY2(contains(tables, "| power/energy-pkg/ |   PWR0  |     30     |      -     |"), tables.c_str());
    }
};

QTEST_MAIN(TestPackageUnitReports)
#include "test_package_unit_reports.moc"
