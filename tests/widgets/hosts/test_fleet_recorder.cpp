// The Hosts page's recorder (widgets/hosts/FleetRecorder.h): the GUI holds
// only what arrived since the last flush, the writer thread journals the
// rest, and a save (hosts(), then fleetSession) has every interval of every
// host exactly as it arrived. Journals that cannot be written are said so
// (problemChanged, naming the directory) while every interval is kept; the
// problem goes with the host it concerned.
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "widgets/SessionSamples.h"
#include "core/report/ReportMerge.h"
#include "widgets/hosts/FleetRecorder.h"

using namespace perfdash;

namespace {

constexpr const char* kNow = "2024-05-01T10:00:00+02:00";

std::vector<std::string> texts(const std::vector<IntervalResult>& intervals) {
    std::vector<std::string> out;
    for (const IntervalResult& i : intervals) out.push_back(reportIntervalToJson(i).dump());
    return out;
}

} // namespace

class TestFleetRecorder : public QObject {
    Q_OBJECT

private slots:
    void everyIntervalIsJournalledAndSaved() {
        QTemporaryDir dir;
        FleetRecorder recorder(dir.filePath("fleet"));
        recorder.setFlushInterval(std::chrono::hours(1)); // flushed only by hosts() below
        // The sample's intervals start at t = dt: watching began at the agent's 0, so t stays as sent.
        const MeasurementResult timeline = test::sessionWithTimeline(300, 0.5, kNow);
        for (const IntervalResult& i : timeline.intervals) {
            recorder.add("node1:9464", timeline.locations, i, kNow);
            recorder.add("node2:9464", timeline.locations, i, kNow);
        }
        QCOMPARE(recorder.pendingIntervals(), size_t(600));
        const std::map<std::string, WatchedHost> hosts = recorder.hosts().result();
        QCOMPARE(recorder.pendingIntervals(), size_t(0)); // handed to the writer
        for (const auto& [address, watched] : hosts) {
            QVERIFY(watched.held.empty()); // all of them in the journal, none in memory
            QCOMPARE(watched.journalled, size_t(300));
        }
        QCOMPARE(QDir(dir.filePath("fleet")).entryList({"*.json"}, QDir::Files).size(), 2);
        const Result<MeasurementResult> session = fleetSession(hosts);
        QVERIFY2(session, session ? "" : session.error().message.c_str());
        QCOMPARE(session->hosts.size(), size_t(2));
        for (size_t h = 0; h < 2; ++h) QVERIFY(texts(hostRun(*session, h).intervals) == texts(timeline.intervals));
        QVERIFY(recorder.problem().isEmpty());
    }

    void anUnwritableDirectoryIsReportedAndNothingIsLost() {
        QTemporaryDir dir;
        const QString blocker = dir.filePath("blocker"); // a file where the directory should be: root cannot write either
        QVERIFY(QFile(blocker).open(QIODevice::WriteOnly));
        FleetRecorder recorder(blocker + "/fleet");
        recorder.setFlushInterval(std::chrono::milliseconds(10));
        QSignalSpy problem(&recorder, &FleetRecorder::problemChanged);
        const MeasurementResult timeline = test::sessionWithTimeline(4, 1, kNow);
        for (const IntervalResult& i : timeline.intervals) recorder.add("node1:9464", timeline.locations, i, kNow);
        QTRY_COMPARE_WITH_TIMEOUT(problem.size(), 1, 30000);
        QVERIFY2(recorder.problem().contains(blocker) && recorder.problem().contains("kept in memory"),
                 qPrintable(recorder.problem()));

        const std::map<std::string, WatchedHost> hosts = recorder.hosts().result();
        QCOMPARE(hosts.at("node1:9464").held.size(), size_t(4));
        const Result<MeasurementResult> session = fleetSession(hosts);
        QVERIFY2(session, session ? "" : session.error().message.c_str());
        QVERIFY(texts(hostRun(*session, 0).intervals) == texts(timeline.intervals));

        recorder.remove("node1:9464");
        QTRY_COMPARE_WITH_TIMEOUT(problem.size(), 2, 30000);
        QVERIFY(recorder.problem().isEmpty());
    }
};

QTEST_MAIN(TestFleetRecorder)
#include "test_fleet_recorder.moc"
