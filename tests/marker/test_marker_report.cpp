// Marker regions in every report form: likwid-style text tables, the JSON
// `regions` section and its reader (round trip, older files, bad input), and
// CSV rows with a region column.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "core/report/ReportCsv.h"
#include "core/report/ReportJson.h"
#include "core/report/ReportJsonReader.h"
#include "core/report/TextReport.h"
#include "core/util/Strings.h"
#include "report/ReportSamples.h"

using namespace perfdash;
using json = nlohmann::json;

namespace {

// A marker run: the whole program and two regions, one of them in two threads.
MeasurementResult markerResult() {
    MeasurementResult r = samples::smallResult();
    r.config.marker = true;
    r.config.groups = {"SOFTWARE"};
    r.locations = {{LocationKind::Process, 4242}};
    GroupResult whole;
    whole.name = "SOFTWARE";
    whole.events.push_back(samples::counted("FAULTS", "page-faults", {{2500, 1}}));
    whole.metrics.push_back(samples::metric("Page faults [1/s]", "FAULTS/time", {1666.67}, 1666.67));
    r.groups = {whole};

    RegionResult solve;
    solve.name = "solve";
    solve.threads = {{LocationKind::Thread, 4242}, {LocationKind::Thread, 4243}};
    solve.timeS = {0.5, 0.25};
    solve.calls = {10, 7};
    solve.group.name = "SOFTWARE";
    solve.group.events.push_back(samples::counted("FAULTS", "page-faults", {{1000, 1}, {500, 0.5}}));
    solve.group.events.push_back(samples::notCounted("MAJFAULTS", "major-faults", "not permitted", 2));
    solve.group.metrics.push_back(samples::metric("Page faults [1/s]", "FAULTS/time", {2000, 2000}, 3000));

    RegionResult setup;
    setup.name = "setup";
    setup.threads = {{LocationKind::Thread, 4242}};
    setup.timeS = {0.125};
    setup.calls = {uint64_t(1) << 40}; // beyond int: read back exactly
    setup.group.name = "SOFTWARE";
    setup.group.events.push_back(samples::counted("FAULTS", "page-faults", {{3, 1}}));
    setup.group.metrics.push_back(samples::metric("Page faults [1/s]", "FAULTS/time", {24}, 24));
    r.regions = {solve, setup};
    return r;
}

bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

} // namespace

class TestMarkerReport : public QObject {
    Q_OBJECT
private slots:
    void textHasARegionInfoTableAndTheGroupsTablesPerThread() {
        const std::string text = formatTextReport(markerResult());
        QVERIFY(contains(text, "Regions:      2 (solve, setup), per thread after the whole program's groups\n"));
        const auto solve = text.find("Region solve, Group 1: SOFTWARE\n");
        QVERIFY2(solve != std::string::npos, text.c_str());
        QVERIFY(text.find("Group 1: SOFTWARE") < solve); // the whole program first
        const std::string expected = "+-------------+----------+----------+\n"
                                     "| Region Info | TID 4242 | TID 4243 |\n"
                                     "+-------------+----------+----------+\n"
                                     "| Runtime [s] |      0.5 |     0.25 |\n"
                                     "|  call count |       10 |        7 |\n"
                                     "+-------------+----------+----------+\n";
        QVERIFY2(text.find(expected, solve) != std::string::npos, text.c_str());
        QVERIFY(contains(text, "|  page-faults |   FAULTS  |        1000 | 500 (50.0%) |\n"));
        QVERIFY(contains(text, "Not counted: major-faults (MAJFAULTS): not permitted"));
        QVERIFY(contains(text, "Page faults [1/s] STAT"));
        QVERIFY(contains(text, "the aggregate uses the longest of them"));
        const auto setup = text.find("Region setup, Group 1: SOFTWARE\n");
        QVERIFY(setup != std::string::npos && setup > solve);
        QVERIFY(contains(text.substr(setup), "1099511627776"));
    }

    void aRunWithoutMarkersSaysNothingOfRegions() {
        const std::string text = formatTextReport(samples::smallResult());
        QVERIFY(!contains(text, "Region"));
        MeasurementResult none = markerResult();
        none.regions.clear();
        QVERIFY(contains(formatTextReport(none), "Regions:      none (see the warnings)\n"));
    }

    void jsonHasARegionsSection() {
        const json j = json::parse(formatReportJson(markerResult()));
        QCOMPARE(j["config"]["marker"], json(true));
        QCOMPARE(j["regions"].size(), size_t(2));
        const json& solve = j["regions"][0];
        QCOMPARE(solve["name"], json("solve"));
        QCOMPARE(solve["group_index"], json(0));
        QCOMPARE(solve["threads"], json::parse(R"([{"kind":"thread","id":4242},{"kind":"thread","id":4243}])"));
        QCOMPARE(solve["time_s"], json::parse("[0.5,0.25]"));
        QCOMPARE(solve["calls"], json::parse("[10,7]"));
        QCOMPARE(solve["group"]["name"], json("SOFTWARE"));
        QCOMPARE(solve["group"]["events"][0]["per_location"][1], json::parse(R"({"value":500,"coverage":0.5})"));
        QCOMPARE(solve["group"]["events"][1]["counted"], json(false));
        QCOMPARE(solve["group"]["metrics"][0]["aggregate"], json(3000));
        // Fields in a fixed order: regions between groups and intervals.
        const std::string text = formatReportJson(markerResult());
        QVERIFY(text.find("\"groups\"") < text.find("\"regions\""));
        QVERIFY(text.find("\"regions\"") < text.find("\"intervals\""));
        QCOMPARE(json::parse(formatReportJson(samples::smallResult()))["regions"], json::array());
    }

    void theReaderGivesBackWhatWasWritten() {
        const MeasurementResult original = markerResult();
        const std::string written = formatReportJson(original);
        auto read = readReportJson(written, "run.json");
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QVERIFY(read->config.marker);
        QCOMPARE(read->regions.size(), size_t(2));
        QCOMPARE(read->regions[0].threads[1].id, 4243);
        QCOMPARE(read->regions[0].calls, (std::vector<uint64_t>{10, 7}));
        QCOMPARE(read->regions[1].calls, (std::vector<uint64_t>{uint64_t(1) << 40}));
        QVERIFY(!read->regions[0].group.events[1].counted);
        QCOMPARE(formatReportJson(*read), written);
        QCOMPARE(formatReportCsv(*read), formatReportCsv(original));
        QCOMPARE(formatTextReport(*read), formatTextReport(original));
    }

    void reportsFromBeforeRegionsStillRead() {
        json j = json::parse(formatReportJson(samples::smallResult()));
        j.erase("regions");
        j["config"].erase("marker");
        auto read = readReportJson(j.dump(), "old.json");
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().message.c_str());
        QVERIFY(read->regions.empty());
        QVERIFY(!read->config.marker);
    }

    void badRegionsAreNamedByTheirPath_data() {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("time count") << "/regions/0/time_s" << "[0.5]" << "'regions[0].time_s' has 1 entries";
        QTest::newRow("calls sign") << "/regions/0/calls/1" << "-7" << "'regions[0].calls[1]' must be a non-negative";
        QTest::newRow("group index") << "/regions/1/group_index" << "3"
                                     << "'regions[1].group_index' is 3 but the report has 1 groups";
        QTest::newRow("per thread") << "/regions/0/group/events/0/per_location" << "[]"
                                    << "'regions[0].group.events[0].per_location' has 0 entries";
        QTest::newRow("name") << "/regions/1/name" << "5" << "'regions[1].name' must be a string";
    }

    void badRegionsAreNamedByTheirPath() {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        json j = json::parse(formatReportJson(markerResult()));
        j[json::json_pointer(pointer.toStdString())] = json::parse(value.toStdString());
        auto read = readReportJson(j.dump(), "run.json");
        QVERIFY(!read.ok());
        QVERIFY2(contains(read.error().message, expected.toStdString()), read.error().message.c_str());
    }

    void csvHasRegionRowsAndARegionColumn() {
        const std::string csv = formatReportCsv(markerResult());
        QVERIFY(csv.starts_with("schema,kind,t,dt,group,name,counter,unit,location,value,coverage,reason,region\n"));
        const std::string row = "\n" + std::to_string(kReportSchemaVersion) + ","; // a row's start
        QVERIFY(contains(csv, row + "event,,,SOFTWARE,page-faults,FAULTS,,process4242,2500,1,,\n"));
        QVERIFY(contains(csv, row + "region_info,,,SOFTWARE,time,,s,thread4243,0.25,,,solve\n"));
        QVERIFY(contains(csv, row + "region_info,,,SOFTWARE,calls,,,thread4242,10,,,solve\n"));
        QVERIFY(contains(csv, row + "region_event,,,SOFTWARE,page-faults,FAULTS,,thread4243,500,0.5,,solve\n"));
        QVERIFY(contains(csv, row + "region_event,,,SOFTWARE,page-faults,FAULTS,,total,1500,0.5,,solve\n"));
        QVERIFY(contains(csv, row + "region_event,,,SOFTWARE,major-faults,MAJFAULTS,,total,,,not permitted,solve\n"));
        QVERIFY(contains(csv, row + "region_metric,,,SOFTWARE,Page faults [1/s],,,total,3000,0.5,,solve\n"));
        QVERIFY(contains(csv, row + "region_event,,,SOFTWARE,page-faults,FAULTS,,thread4242,3,1,,setup\n"));
        for (const auto& line : split(csv, '\n')) QCOMPARE(std::count(line.begin(), line.end(), ','), 12L);
        // A run without regions keeps the columns it always had.
        QVERIFY(formatReportCsv(samples::smallResult()).starts_with("schema,kind,t,dt,group,name,counter,unit,location,value,coverage,reason\n"));
    }
};

QTEST_APPLESS_MAIN(TestMarkerReport)
#include "test_marker_report.moc"
