// A fleet session (core/session/FleetSession.h) on hand-made intervals of two
// hosts with different CPU counts: the round trip record -> session -> JSON
// -> read -> each host's run gives back the same intervals and whole-run
// figures (counts summed over the watched intervals, the metric computed from
// them); an agent that restarted starts its host's record over; nothing
// watched and hosts counting different groups are refused with the reason.
// Each host's intervals go to a journal file as they come: memory holds none
// however long the watch, the saved session has every one exactly, and when
// the journal cannot be written they are held in memory and the recording says so.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "report/ReportSamples.h"
#include "core/session/FleetSession.h"
#include "core/report/ReportJson.h"
#include "core/report/ReportJsonReader.h"
#include "core/report/ReportMerge.h"
#include "core/session/SessionFiles.h"
#include "core/report/TextReport.h"

using namespace perfdash;
using namespace perfdash::samples;

namespace {

std::vector<LocationInfo> cpus(int n) {
    std::vector<LocationInfo> out;
    for (int c = 0; c < n; ++c) out.push_back({LocationKind::Cpu, c});
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

// Each interval as its JSON text: equal texts are equal intervals, every value exact.
std::vector<std::string> texts(const std::vector<IntervalResult>& intervals) {
    std::vector<std::string> out;
    for (const IntervalResult& i : intervals) out.push_back(reportIntervalToJson(i).dump());
    return out;
}

// What a host's saved run must hold: the intervals sent, counted from where watching began.
IntervalResult asWatched(IntervalResult sent, double agentT0) {
    sent.t -= agentT0;
    return sent;
}

// The *.json files in `directory`.
QStringList journals(const QString& directory) {
    return QDir(directory).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
}

} // namespace

class TestFleetSession : public QObject {
    Q_OBJECT

private slots:
    void roundTripGivesTheSameFigures() {
        QTemporaryDir dir;
        FleetRecording recording(dir.path().toStdString());
        // node-a: 2 CPUs watched from its agent's second 100 on; node-b: 4 CPUs from its second 7 on.
        for (int k = 0; k < 3; ++k) {
            recording.add("node-a:9464", cpus(2), interval(101 + k, 2, 10 + k), "2026-11-26T12:00:01+00:00");
            recording.add("node-b:9464", cpus(4), interval(8 + k, 4, 100), "2026-11-26T12:00:02+00:00");
            if (k == 1) recording.flush(); // two intervals in the journals, the third still held
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
        QTemporaryDir dir;
        FleetRecording recording(dir.path().toStdString());
        recording.add("n:1", cpus(2), interval(50, 2, 1), "t0");
        recording.add("n:1", cpus(2), interval(51, 2, 1), "t0");
        recording.add("n:1", cpus(2), interval(2, 2, 5), "t1"); // the agent's time went back: a new run
        const WatchedHost host = recording.hosts().at("n:1");
        QCOMPARE(host.intervalCount, size_t(1));
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
        QTemporaryDir dir;
        FleetRecording recording(dir.path().toStdString());
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

    // A long watch of several large hosts: no interval stays in memory (each went to its host's journal
    // as it came), the state kept per host does not grow, and the saved session still has every interval
    // of every host, exactly as sent.
    void memoryStaysBoundedAndTheSessionKeepsEveryInterval() {
        QTemporaryDir dir;
        FleetRecording recording(dir.path().toStdString());
        constexpr int kIntervals = 600, kCpus = 32;
        std::map<std::string, std::vector<IntervalResult>> sent;
        for (int k = 0; k < kIntervals; ++k) {
            for (const std::string host : {"a:1", "b:1", "c:1"}) {
                const IntervalResult i = interval(500 + k, kCpus, 3 + k % 17 + 0.125 * k);
                recording.add(host, cpus(kCpus), i, "2026-11-26T12:00:00+00:00");
                sent[host].push_back(asWatched(i, 499));
            }
            QCOMPARE(recording.heldIntervals(), size_t(3)); // what came since the last flush, no more
            recording.flush();
            QCOMPARE(recording.heldIntervals(), size_t(0));
        }
        for (const auto& [host, watched] : recording.hosts()) {
            QVERIFY(watched.held.empty());
            QCOMPARE(watched.intervalCount, size_t(kIntervals));
            QCOMPARE(watched.journalled, size_t(kIntervals));
        }
        QVERIFY(recording.problem().empty());
        QCOMPARE(journals(dir.path()).size(), 3); // one journal per host

        const auto session = fleetSession(recording.hosts());
        QVERIFY2(session, session ? "" : session.error().message.c_str());
        const auto read = readReportJson(formatReportJson(*session), "fleet.json");
        QVERIFY2(read, read ? "" : read.error().message.c_str());
        QCOMPARE(read->hosts.size(), size_t(3));
        for (size_t h = 0; h < read->hosts.size(); ++h) {
            const MeasurementResult run = hostRun(*read, h);
            QVERIFY(texts(run.intervals) == texts(sent.at(read->hosts[h].host)));
        }
    }

    // Journals that cannot be written (here their directory cannot be made: a file is in its way, which
    // stops root too): the recording says why, keeps every interval in memory, saves them all; once the
    // directory can be made, the next interval writes those held first and memory holds none again.
    void anUnwritableJournalKeepsTheIntervalsInMemoryAndSaysSo() {
        QTemporaryDir dir;
        const QString blocker = dir.filePath("blocker");
        QVERIFY(QFile(blocker).open(QIODevice::WriteOnly));
        FleetRecording recording((blocker + "/fleet").toStdString());
        std::vector<IntervalResult> sent;
        for (int k = 0; k < 5; ++k) {
            const IntervalResult i = interval(10 + k, 2, k);
            recording.add("n:1", cpus(2), i, "2026-11-26T12:00:00+00:00");
            recording.flush();
            sent.push_back(asWatched(i, 9));
        }
        QCOMPARE(recording.heldIntervals(), size_t(5));
        QVERIFY2(contains(recording.problem(), blocker.toStdString()) &&
                     contains(recording.problem(), "5 intervals of the watched hosts are kept in memory"),
                 recording.problem().c_str());
        auto session = fleetSession(recording.hosts());
        QVERIFY2(session, session ? "" : session.error().message.c_str());
        QVERIFY(texts(hostRun(*session, 0).intervals) == texts(sent));

        QVERIFY(QFile::remove(blocker));
        QVERIFY(QDir().mkpath(blocker + "/fleet"));
        const IntervalResult next = interval(15, 2, 5);
        recording.add("n:1", cpus(2), next, "2026-11-26T12:00:00+00:00");
        recording.flush();
        sent.push_back(asWatched(next, 9));
        QCOMPARE(recording.heldIntervals(), size_t(0));
        QVERIFY2(recording.problem().empty(), recording.problem().c_str());
        QCOMPARE(recording.hosts().at("n:1").journalled, size_t(6));
        session = fleetSession(recording.hosts());
        QVERIFY2(session, session ? "" : session.error().message.c_str());
        QVERIFY(texts(hostRun(*session, 0).intervals) == texts(sent));
    }

    // The journal is an autosave: while recording, it opens as an incomplete session with the intervals so
    // far (what a crash leaves). A restart starts it over, a removed host's goes with it, a host added
    // again starts a new one, and the recording takes its journals with it when it ends.
    void journalsOpenAsSessionsAndFollowTheirHost() {
        QTemporaryDir dir;
        {
            FleetRecording recording(dir.path().toStdString());
            recording.add("n:1", cpus(2), interval(50, 2, 1), "2026-11-26T12:00:00+00:00");
            recording.add("n:1", cpus(2), interval(51, 2, 2), "2026-11-26T12:00:00+00:00");
            recording.flush();
            QCOMPARE(journals(dir.path()).size(), 1);
            const std::string first = recording.hosts().at("n:1").journalPath;
            const auto opened = openSessionFile(first);
            QVERIFY2(opened, opened ? "" : opened.error().message.c_str());
            QVERIFY(opened->incomplete);
            QCOMPARE(opened->intervals.size(), size_t(2));
            QCOMPARE(opened->groups[0].events[0].total.value, 3.0 * 3); // (1 + 2) faults x (1 + 2) per CPU

            recording.add("n:1", cpus(2), interval(2, 2, 5), "2026-11-26T12:01:00+00:00"); // restarted
            recording.flush();
            QCOMPARE(journals(dir.path()).size(), 1);
            QVERIFY(!QFile::exists(QString::fromStdString(first)));
            QCOMPARE(recording.hosts().at("n:1").journalled, size_t(1));

            recording.remove("n:1");
            QVERIFY(journals(dir.path()).isEmpty());
            recording.add("n:1", cpus(2), interval(3, 2, 5), "2026-11-26T12:02:00+00:00"); // added again
            recording.flush();
            const WatchedHost again = recording.hosts().at("n:1");
            QCOMPARE(again.intervalCount, size_t(1));
            QCOMPARE(again.restarts, size_t(0));
            QCOMPARE(journals(dir.path()).size(), 1);
        }
        QVERIFY(journals(dir.path()).isEmpty());
    }
};

QTEST_MAIN(TestFleetSession)
#include "test_fleet_session.moc"
