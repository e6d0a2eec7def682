// A fleet session (core/report/FleetSession.h) on hand-made intervals of two
// hosts with different CPU counts: the round trip record -> session -> JSON
// -> read -> each host's run gives back the same intervals and whole-run
// figures (counts summed over the watched intervals, the metric computed from
// them); an agent that restarted starts its host's record over; nothing
// watched and hosts counting different groups are refused with the reason.
#include <QtTest>

#include "ReportSamples.h"
#include "core/report/FleetSession.h"
#include "core/report/ReportJson.h"
#include "core/report/ReportJsonReader.h"
#include "core/report/ReportMerge.h"
#include "core/report/TextReport.h"

using namespace perfdash;
using namespace perfdash::samples;

namespace {

std::vector<LocationInfo> cpus(int n) {
    std::vector<LocationInfo> out;
    for (int c = 0; c < n; ++c) out.push_back({"cpu", c});
    return out;
}

// One 1 s interval ending at the agent's time `t`: each CPU c took `faults * (c + 1)` page faults.
IntervalResult interval(double t, int cpuCount, double faults, const std::string& group = "SOFTWARE") {
    IntervalResult i;
    i.t = t;
    i.dt = 1;
    std::vector<CountValue> values;
    std::vector<double> rates;
    double sum = 0;
    for (int c = 0; c < cpuCount; ++c) {
        values.push_back({faults * (c + 1), 1});
        rates.push_back(faults * (c + 1));
        sum += faults * (c + 1);
    }
    GroupResult g;
    g.name = group;
    g.events.push_back(counted("PMC0", "page-faults", values));
    g.metrics.push_back(metric("Page faults per s", "PMC0/time", rates, sum));
    i.groups.push_back(std::move(g));
    return i;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

} // namespace

class TestFleetSession : public QObject {
    Q_OBJECT

private slots:
    void roundTripGivesTheSameFigures() {
        FleetRecording recording;
        // node-a: 2 CPUs watched from its agent's second 100 on; node-b: 4 CPUs from its second 7 on.
        for (int k = 0; k < 3; ++k) {
            recording.add("node-a:9464", cpus(2), interval(101 + k, 2, 10 + k), "2026-11-26T12:00:01+00:00");
            recording.add("node-b:9464", cpus(4), interval(8 + k, 4, 100), "2026-11-26T12:00:02+00:00");
        }
        recording.setMachine("node-a:9464", {{"hostname", "a"}, {"kernel", "6.1"}});
        const auto session = fleetSession(recording.hosts());
        QVERIFY2(session, session ? "" : session.error().message.c_str());
        QCOMPARE(session->hosts.size(), size_t(2));
        QCOMPARE(session->locations.size(), size_t(6));
        // The job's total: node-a 2 CPUs x (10+11+12) x (1, 2) = 99; node-b 3 x 100 x (1+2+3+4) = 3000.
        QCOMPARE(session->groups[0].events[0].total.value, 99.0 + 3000.0);

        const auto read = readReportJson(formatReportJson(*session), "fleet.json");
        QVERIFY2(read, read ? "" : read.error().message.c_str());
        QCOMPARE(formatReportJson(*read), formatReportJson(*session)); // written again, the same file
        QCOMPARE(read->hosts[0].host, std::string("node-a:9464")); // named as the user added it
        QCOMPARE(read->hosts[1].host, std::string("node-b:9464"));

        const MeasurementResult a = hostRun(*read, 0), b = hostRun(*read, 1);
        QCOMPARE(a.locations.size(), size_t(2));
        QCOMPARE(b.locations.size(), size_t(4));
        QCOMPARE(a.machine.value("kernel", ""), std::string("6.1"));
        QCOMPARE(a.startedAt, std::string("2026-11-26T12:00:01+00:00"));
        // The timeline as watched, counted from when watching began.
        QCOMPARE(a.intervals.size(), size_t(3));
        QCOMPARE(a.intervals[0].t, 1.0);
        QCOMPARE(a.intervals[2].t, 3.0);
        QCOMPARE(a.intervals[2].groups[0].events[0].perLocation[1].value, 24.0);
        QCOMPARE(b.intervals[1].groups[0].metrics[0].aggregate, 1000.0);
        // Whole-run figures: counts summed over the watched intervals, the rate over the 3 s watched.
        QCOMPARE(a.durationS, 3.0);
        QCOMPARE(a.groups[0].events[0].total.value, 99.0);
        QCOMPARE(a.groups[0].events[0].perLocation[0].value, 33.0);
        QCOMPARE(a.groups[0].metrics[0].aggregate, 33.0);
        QCOMPARE(b.groups[0].events[0].total.value, 3000.0);
        QCOMPARE(b.groups[0].metrics[0].aggregate, 1000.0);
        QCOMPARE(b.groups[0].metrics[0].perLocation[3], 400.0);

        // Exported like any merged report: the text report names both hosts.
        const std::string text = formatTextReport(*read);
        QVERIFY2(contains(text, "node-a:9464") && contains(text, "node-b:9464"), text.c_str());
    }

    void aRestartedAgentStartsItsRecordOver() {
        FleetRecording recording;
        recording.add("n:1", cpus(2), interval(50, 2, 1), "t0");
        recording.add("n:1", cpus(2), interval(51, 2, 1), "t0");
        recording.add("n:1", cpus(2), interval(2, 2, 5), "t1"); // the agent's time went back: a new run
        const WatchedHost& host = recording.hosts().at("n:1");
        QCOMPARE(host.intervals.size(), size_t(1));
        QCOMPARE(host.restarts, size_t(1));
        QCOMPARE(host.startedAt, std::string("t1"));
        recording.add("n:1", cpus(3), interval(3, 3, 5), "t2"); // other CPUs: another run again
        QCOMPARE(recording.hosts().at("n:1").restarts, size_t(2));
        const auto session = fleetSession(recording.hosts());
        QVERIFY2(session, session ? "" : session.error().message.c_str());
        bool said = false;
        for (const std::string& w : session->warnings) said = said || contains(w, "restarted");
        QVERIFY2(said, "the session does not say that the agent restarted");
    }

    void nothingWatchedOrUnlikeHostsAreRefused() {
        FleetRecording recording;
        recording.setMachine("n:1", {{"hostname", "n"}}); // info came, no interval yet
        auto none = fleetSession(recording.hosts());
        QVERIFY(!none);
        QVERIFY2(contains(none.error().message, "no host has sent an interval yet"), none.error().message.c_str());
        recording.add("n:1", cpus(1), interval(1, 1, 1, "SOFTWARE"), "t");
        recording.add("m:1", cpus(1), interval(1, 1, 1, "CPI"), "t");
        auto unlike = fleetSession(recording.hosts());
        QVERIFY(!unlike);
        QVERIFY2(contains(unlike.error().message, "cannot be saved as one session"), unlike.error().message.c_str());
        recording.remove("m:1");
        QVERIFY(fleetSession(recording.hosts()));
    }
};

QTEST_MAIN(TestFleetSession)
#include "test_fleet_session.moc"
