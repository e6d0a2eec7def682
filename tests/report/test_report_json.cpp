#include <QtTest>

#include <functional>

#include <nlohmann/json.hpp>

#include "ReportSamples.h"
#include "core/report/ReportJson.h"
#include "core/report/ReportJsonReader.h"
#include "core/util/Strings.h"

using namespace perfdash;
using json = nlohmann::json;

namespace {

std::string errorOf(std::string_view text) {
    auto r = readReportJson(text, "run1.json");
    return r ? std::string() : r.error().message;
}

bool contains(const std::string& haystack, const std::string& needle) {
    if (haystack.find(needle) != std::string::npos) return true;
    qWarning() << "expected" << needle.c_str() << "in" << haystack.c_str();
    return false;
}

std::string fixture(const std::string& path) {
    return qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() + "/" + path;
}

// Removes what schema 2 added (the metrics' coverage) and says schema 1, as a file of the first version.
void makeSchema1(json& j) {
    auto strip = [](json& group) {
        for (json& m : group["metrics"]) m.erase("coverage");
    };
    j["schema"] = 1;
    for (json& g : j["groups"]) strip(g);
    for (json& i : j["intervals"])
        for (json& g : i["groups"]) strip(g);
    for (json& r : j["regions"]) strip(r["group"]);
}

// The rich report as JSON, changed by `edit`, as text.
std::string editedReport(const std::function<void(json&)>& edit) {
    json j = json::parse(formatReportJson(samples::richResult()));
    edit(j);
    return j.dump();
}

} // namespace

class TestReportJson : public QObject {
    Q_OBJECT
private slots:
    void writesTheDocumentedFields() {
        const json j = json::parse(formatReportJson(samples::richResult()));
        QCOMPARE(j["type"], json("report"));
        QCOMPARE(j["schema"], json(kReportSchemaVersion));
        QCOMPARE(j["tool"], json("perfdash"));
        QCOMPARE(j["machine"]["threads"], json(4));
        QCOMPARE(j["config"]["pid"], json(nullptr));        // no process: null, not -1
        QCOMPARE(j["config"]["cpus"], json({0, 1, 2}));
        QCOMPARE(j["exit_status"], json(nullptr));          // nothing was launched
        QCOMPARE(j["interrupted"], json(true));
        QCOMPARE(j["locations"][2], json({{"kind", "cpu"}, {"id", 2}}));
        const json& cpi = j["groups"][0];
        QCOMPARE(cpi["events"][1]["per_location"][0], json({{"value", 2469134}, {"coverage", 0.625}}));
        QCOMPARE(cpi["events"][1]["per_location"][2]["value"], json(nullptr)); // NaN is null
        QCOMPARE(cpi["metrics"][1]["formula"], json("1.E-06*FIXC1/time"));
        QCOMPARE(cpi["metrics"][0]["per_location"][2], json(nullptr));
        const json& cycles = j["groups"][1]["events"][3];
        QCOMPARE(cycles["counted"], json(false));
        QCOMPARE(cycles["reason"], json(samples::kVirtualisedPmu));
        QCOMPARE(cycles["total"]["value"], json(nullptr));
        QCOMPARE(j["intervals"].size(), size_t(2));
        QCOMPARE(j["intervals"][1]["t"], json(1.0));
        QCOMPARE(j["intervals"][1]["deltas"]["MEM/INSTR_RETIRED_ANY"], json(1800000));
    }

    void totalsWithMissingPartsAreNullAndSayWhatIsKnown() {
        const json j = json::parse(formatReportJson(samples::gapsResult()));
        const json& events = j["groups"][0]["events"];
        // Never counted anywhere: null, never 0, and no partial sum; coverage 0 says why.
        QCOMPARE(events[0]["total"], json({{"value", nullptr}, {"coverage", 0}}));
        // Counted on two of three CPUs: the total is null and `partial` holds what is known.
        QCOMPARE(events[1]["total"]["value"], json(nullptr));
        QCOMPARE(events[1]["total"]["partial"],
                 json({{"value", 600}, {"locations_with_value", 2}, {"locations", 3}}));
        QCOMPARE(j["totals"]["some"], json(nullptr));
        QCOMPARE(j["intervals"][0]["groups"][0]["events"][1]["total"]["partial"]["value"], json(300));
        // Multiplexed: the scaled total with its coverage; complete, so no `partial`.
        QCOMPARE(events[2]["total"], json({{"value", 8000}, {"coverage", 0.5}}));
        // The field reads back.
        auto read = readReportJson(j.dump(), "gaps.json");
        QVERIFY2(read, read ? "" : read.error().message.c_str());
        const EventResult& some = read->groups[0].events[1];
        QVERIFY(std::isnan(some.total.value));
        QVERIFY(some.partialTotal);
        QCOMPARE(some.partialTotal->value, 600.0);
        QCOMPARE(some.partialTotal->counted, size_t(2));
        QCOMPARE(some.partialTotal->of, size_t(3));
        QVERIFY(!read->groups[0].events[0].partialTotal);
        QVERIFY(!read->groups[0].events[2].partialTotal);
        QCOMPARE(formatReportJson(*read), formatReportJson(samples::gapsResult()));
    }

    void refusesAPartialThatIsNotPartial() {
        json j = json::parse(formatReportJson(samples::gapsResult()));
        j["groups"][0]["events"][1]["total"]["partial"]["locations_with_value"] = 3;
        const std::string error = errorOf(j.dump());
        QVERIFY(contains(error, "run1.json"));
        QVERIFY(contains(error, "groups[0].events[1].total.partial"));
        QVERIFY(contains(error, "3 of 3 locations"));
        j["groups"][0]["events"][1]["total"]["partial"]["locations_with_value"] = -1;
        QVERIFY(contains(errorOf(j.dump()), "locations_with_value"));
    }

    void writesEachMetricsCoverage() {
        MeasurementResult r = samples::richResult();
        // A region counted with the CPI group in three threads, with the whole run's values.
        r.regions.push_back({"solve", 0, {{LocationKind::Thread, 11}, {LocationKind::Thread, 12}, {LocationKind::Thread, 13}}, {0.5, 0.25, 0.1}, {1, 1, 1},
                             r.groups[0]});
        const json j = json::parse(formatReportJson(r));
        // CPI's events: FIXC0 on every CPU fully, FIXC1 on cpu0 62.5 % of the time and on cpu2 never (no value):
        // a metric is as complete as its least-counted input, location by location.
        const json cpi = j["groups"][0]["metrics"][0]["coverage"];
        QCOMPARE(cpi["per_location"], json({0.625, 1, 0}));
        QCOMPARE(cpi["aggregate"], j["groups"][0]["events"][1]["total"]["coverage"]);
        QCOMPARE(cpi["aggregate"], json(0)); // the lowest of FIXC1's locations
        // MEM's PMC0 was not counted: it has no coverage to lower the others'.
        QCOMPARE(j["groups"][1]["metrics"][1]["coverage"], json({{"aggregate", 1}, {"per_location", {1, 1, 1}}}));
        QCOMPARE(j["intervals"][1]["groups"][0]["metrics"][1]["coverage"]["per_location"], json({0.625, 1, 0}));
        QCOMPARE(j["regions"][0]["group"]["metrics"][0]["coverage"],
                 json({{"aggregate", 0}, {"per_location", {0.625, 1, 0}}}));
        // The flat map holds values only.
        QCOMPARE(j["metrics"]["CPI/CPI"], json(1.0748));
    }

    void aGroupWithoutCountedEventsHasNoCoverage() {
        MeasurementResult r = samples::smallResult();
        r.groups[0].events.erase(r.groups[0].events.begin(), r.groups[0].events.begin() + 2); // only PMC0, not counted
        const json j = json::parse(formatReportJson(r));
        QCOMPARE(j["groups"][0]["metrics"][0]["coverage"],
                 json({{"aggregate", nullptr}, {"per_location", {nullptr, nullptr}}}));
    }

    void readsSchema1AndComputesTheCoverage() {
        // A file of the first version has no metric coverage; written again, it is today's file.
        const std::string current = formatReportJson(samples::richResult());
        auto read = readReportJson(editedReport(makeSchema1), "old.json");
        QVERIFY2(read, read ? "" : read.error().message.c_str());
        QCOMPARE(read->schema, 1);
        QCOMPARE(formatReportJson(*read), current);
        // Interval lines of a schema-1 stream too.
        json line = json::parse(formatIntervalJsonLine(samples::richResult().intervals[0], samples::richResult().locations));
        line["schema"] = 1;
        for (json& g : line["groups"])
            for (json& m : g["metrics"]) m.erase("coverage");
        QVERIFY(readReportStreamLine(line.dump(), "old stream line 1"));
    }

    void recomputesTheCoverageInsteadOfTrustingTheFile() {
        const std::string current = formatReportJson(samples::richResult());
        auto read = readReportJson(editedReport([](json& j) {
                                       j["groups"][0]["metrics"][0]["coverage"]["aggregate"] = 0.123;
                                       j["groups"][0]["metrics"][0]["coverage"]["per_location"][0] = 0.456;
                                   }),
                                   "edited.json");
        QVERIFY2(read, read ? "" : read.error().message.c_str());
        QCOMPARE(formatReportJson(*read), current); // what the events say, not what the file said
    }

    void schema2NeedsTheCoverage() {
        QVERIFY(contains(errorOf(editedReport([](json& j) { j["groups"][0]["metrics"][1].erase("coverage"); })),
                         "run1.json: field 'groups[0].metrics[1].coverage' is missing"));
        QVERIFY(contains(
            errorOf(editedReport([](json& j) { j["intervals"][0]["groups"][1]["metrics"][0]["coverage"].erase("aggregate"); })),
            "field 'intervals[0].groups[1].metrics[0].coverage.aggregate' is missing"));
        QVERIFY(contains(errorOf(editedReport([](json& j) { j["groups"][0]["metrics"][0]["coverage"]["per_location"][1] = "all"; })),
                         "field 'groups[0].metrics[0].coverage.per_location[1]' must be a number or null, found string"));
        QVERIFY(contains(errorOf(editedReport([](json& j) { j["groups"][0]["metrics"][0]["coverage"]["per_location"].erase(0); })),
                         "'groups[0].metrics[0].coverage.per_location' has 2 entries but the report has 3 locations"));
        QVERIFY(contains(errorOf(editedReport([](json& j) { j["groups"][0]["metrics"][0]["coverage"] = 1; })),
                         "field 'groups[0].metrics[0].coverage' must be an object, found number"));
    }

    // Recorded runs (the arm64 guest's, tests/fixtures/hwguest) were written in
    // schema 1; tests/fixtures/report/marker-schema2.json is the marker run's
    // report with each metric's coverage added by the documented rule and
    // schema 2 (made with a script, not by this writer). Both read, to the same run.
    void readsRecordedFilesOfBothVersions() {
        auto old = readReportFile(fixture("hwguest/results/shift0/marker/stat.out"));
        QVERIFY2(old, old ? "" : old.error().message.c_str());
        QCOMPARE(old->schema, 1);
        QVERIFY(!old->regions.empty());
        auto current = readReportFile(fixture("report/marker-schema2.json"));
        QVERIFY2(current, current ? "" : current.error().message.c_str());
        QCOMPARE(current->schema, 2);
        // Written again, both are today's schema; the fields it added are the same
        // for both (no rank, no job: these runs were not parts of a parallel job).
        json expected = json::parse(readFile(fixture("report/marker-schema2.json")).value());
        expected["schema"] = kReportSchemaVersion;
        expected["config"]["mpi_rank"] = nullptr;
        expected["config"]["job_id"] = "";
        QCOMPARE(json::parse(formatReportJson(*old)), expected);
        QCOMPARE(json::parse(formatReportJson(*current)), expected);
        // The stream of a recorded timeline run: interval lines, then the report line.
        const std::string stream = readFile(fixture("hwguest/results/shift0/timeline/stat.out")).value();
        size_t lines = 0;
        for (const std::string& line : split(stream, '\n')) {
            if (line.empty()) continue;
            auto item = readReportStreamLine(line, "timeline line " + std::to_string(++lines));
            QVERIFY2(item, item ? "" : item.error().message.c_str());
        }
        QVERIFY(lines > 2);
    }

    void qualifiesFlatKeysOnlyWhenNamesCollide() {
        const json j = json::parse(formatReportJson(samples::richResult()));
        const json expectedTotals = {{"CPI/INSTR_RETIRED_ANY", 12000000},   {"CPU_CLK_UNHALTED_CORE", nullptr},
                                     {"MEM/INSTR_RETIRED_ANY", 3600000},    {"MEM/CAS_COUNT_RD@MBOX0C0", 200},
                                     {"MEM/CAS_COUNT_RD@MBOX1C0", 400},     {"cycles", nullptr},
                                     {"task-clock", 999.625}};
        QCOMPARE(j["totals"], expectedTotals);
        const json expectedMetrics = {
            {"CPI/CPI", 1.0748}, {"Clock [MHz]", 2500}, {"Metric, with \"quotes\"", 12800}, {"MEM/CPI", nullptr}};
        QCOMPARE(j["metrics"], expectedMetrics);
        // Keys follow measurement order, so a reader sees the groups' order.
        QCOMPARE(j["totals"].begin().key(), std::string("CPI/INSTR_RETIRED_ANY"));
    }

    void numbersNamesLastWhenEverythingIsEqual() {
        MeasurementResult r = samples::smallResult();
        r.groups.push_back(r.groups[0]); // the same group twice: same names, same counters
        const json totals = json::parse(formatReportJson(r))["totals"];
        QVERIFY(totals.contains("CPI/INSTR_RETIRED_ANY@FIXC0"));
        QVERIFY(totals.contains("CPI/INSTR_RETIRED_ANY@FIXC0#2"));
        QCOMPARE(totals.size(), size_t(6));
    }

    void roundTripsExactly() {
        for (const MeasurementResult& original : {samples::richResult(), samples::smallResult(), MeasurementResult{}}) {
            const std::string first = formatReportJson(original);
            auto read = readReportJson(first, "report.json");
            QVERIFY2(read, read ? "" : read.error().message.c_str());
            QCOMPARE(formatReportJson(*read), first);
        }
        auto read = readReportJson(formatReportJson(samples::richResult()), "report.json");
        QVERIFY(read);
        QVERIFY(std::isnan(read->groups[0].events[1].perLocation[2].value)); // null reads as NaN
        QCOMPARE(read->groups[0].events[1].perLocation[0].coverage, 0.625);
        QCOMPARE(read->groups[2].events[0].unit, std::string("msec"));
        QVERIFY(!read->exitStatus);
        QCOMPARE(read->config.pid, -1);
        QCOMPARE(read->intervals.size(), size_t(2));
        QCOMPARE(read->machine["cpu"], json("test machine"));
        MeasurementResult launched = samples::smallResult();
        launched.exitStatus = 137;
        auto again = readReportJson(formatReportJson(launched), "report.json");
        QVERIFY(again);
        QCOMPARE(again->exitStatus.value(), 137);
        QCOMPARE(again->config.pid, 4242);
    }

    // A box the machine lacks: the event's `absent`, the metric's
    // `absent_inputs` and `note` are written and read back.
    void roundTripsAbsentBoxes() {
        MeasurementResult r = samples::smallResult();
        EventResult& event = r.groups[0].events[0];
        event.counted = false;
        event.absent = true;
        event.reason = "MBOX8 is absent on this machine";
        MetricResult& metric = r.groups[0].metrics[0];
        metric.absentInputs = {event.counter};
        const std::string text = formatReportJson(r);
        const json j = json::parse(text);
        QCOMPARE(j["groups"][0]["events"][0]["absent"], json(true));
        QVERIFY(!j["groups"][0]["events"][1].contains("absent")); // only where a box is absent
        QCOMPARE(j["groups"][0]["metrics"][0]["absent_inputs"], json::array({event.counter}));
        QCOMPARE(j["groups"][0]["metrics"][0]["note"].get<std::string>(),
                 "computed without " + event.counter + " (boxes this machine lacks)");
        auto read = readReportJson(text, "report.json");
        QVERIFY2(read, read ? "" : read.error().message.c_str());
        QVERIFY(read->groups[0].events[0].absent);
        QCOMPARE(read->groups[0].metrics[0].absentInputs, metric.absentInputs);
        QCOMPARE(formatReportJson(*read), text);
    }

    // A slot of likwid's own code: the event's `code_source` and
    // `code_note`, the metric's `likwid_code_inputs` and `note` are written
    // only there and read back; a file without them (older) reads as vendor codes.
    void roundTripsLikwidCodes() {
        const MeasurementResult r = samples::likwidCodeResult();
        const std::string text = formatReportJson(r);
        const json j = json::parse(text);
        const json& events = j["groups"][0]["events"];
        const json& metrics = j["groups"][0]["metrics"];
        QCOMPARE(events[3]["code_source"], json("likwid"));
        QCOMPARE(events[3]["code_note"], json(samples::kLikwidCodeNote));
        QVERIFY(!events[0].contains("code_source") && !events[0].contains("code_note"));
        QCOMPARE(metrics[2]["likwid_code_inputs"], json::array({"PMC1"}));
        QCOMPARE(metrics[2]["note"].get<std::string>(),
                 std::string("computed with likwid's own code for PMC1 (no vendor list for this CPU has it)"));
        QVERIFY(!metrics[0].contains("likwid_code_inputs") && !metrics[0].contains("note"));
        auto read = readReportJson(text, "report.json");
        QVERIFY2(read, read ? "" : read.error().message.c_str());
        QVERIFY(read->groups[0].events[3].likwidCode());
        QCOMPARE(read->groups[0].events[3].codeNote, std::string(samples::kLikwidCodeNote));
        QVERIFY(!read->groups[0].events[0].likwidCode());
        QCOMPARE(read->groups[0].metrics[2].likwidCodeInputs, std::vector<std::string>{"PMC1"});
        QCOMPARE(formatReportJson(*read), text);

        json old = j;
        for (json& e : old["groups"][0]["events"]) e.erase("code_source"), e.erase("code_note");
        for (json& m : old["groups"][0]["metrics"]) m.erase("likwid_code_inputs"), m.erase("note");
        auto older = readReportJson(old.dump(), "old.json");
        QVERIFY2(older, older ? "" : older.error().message.c_str());
        QVERIFY(!older->groups[0].events[3].likwidCode());
        QVERIFY(older->groups[0].metrics[2].likwidCodeInputs.empty());
    }

    // Both notes of a metric that reads an absent box and a likwid code, in one `note`.
    void joinsAMetricsNotes() {
        MetricResult m = samples::likwidCodeResult().groups[0].metrics[2];
        m.absentInputs = {"MBOX8C0"};
        QCOMPARE(metricNote(m), std::string("computed without MBOX8C0 (boxes this machine lacks); computed with "
                                            "likwid's own code for PMC1 (no vendor list for this CPU has it)"));
        m.likwidCodeInputs.push_back("PMC2");
        m.absentInputs.clear();
        QCOMPARE(metricNote(m), std::string("computed with likwid's own code for PMC1, PMC2 (no vendor list for "
                                            "this CPU has them)"));
    }

    void keepsValuesExact() {
        MeasurementResult r = samples::smallResult();
        r.groups[0].events[0].perLocation[0].value = 0.1 + 0.2;      // not a short decimal
        r.groups[0].events[0].perLocation[1].value = 9007199254740993.0; // beyond 2^53
        r.groups[0].metrics[0].aggregate = 1e-300;
        auto read = readReportJson(formatReportJson(r), "report.json");
        QVERIFY(read);
        QCOMPARE(read->groups[0].events[0].perLocation[0].value, 0.1 + 0.2);
        QCOMPARE(read->groups[0].events[0].perLocation[1].value, 9007199254740993.0);
        QCOMPARE(read->groups[0].metrics[0].aggregate, 1e-300);
    }

    void refusesANewerSchemaNamingFileAndVersions() {
        const std::string text = editedReport([](json& j) {
            j["schema"] = kReportSchemaVersion + 1;
            j.erase("groups"); // a newer file may differ anywhere: the version is what matters
        });
        const std::string error = errorOf(text);
        QVERIFY(contains(error, "run1.json"));
        QVERIFY(contains(error, "schema " + std::to_string(kReportSchemaVersion + 1)));
        QVERIFY(contains(error, "schema " + std::to_string(kReportSchemaVersion) + " at most"));
        QVERIFY(contains(error, "update perfdash"));
        QVERIFY(contains(errorOf(editedReport([](json& j) { j["schema"] = 0; })), "not valid"));
    }

    void namesAMissingField() {
        QVERIFY(contains(errorOf(editedReport([](json& j) { j.erase("schema"); })), "field 'schema' is missing"));
        QVERIFY(contains(errorOf(editedReport([](json& j) { j.erase("duration_s"); })), "field 'duration_s' is missing"));
        const std::string deep = errorOf(editedReport([](json& j) { j["groups"][1]["events"][2].erase("counter"); }));
        QVERIFY(contains(deep, "run1.json: field 'groups[1].events[2].counter' is missing"));
        QVERIFY(contains(errorOf(editedReport([](json& j) { j["intervals"][1].erase("dt"); })),
                         "'intervals[1].dt' is missing"));
    }

    void namesAWrongType() {
        QVERIFY(contains(errorOf(editedReport([](json& j) { j["interrupted"] = "yes"; })),
                         "field 'interrupted' must be true or false, found string"));
        QVERIFY(contains(errorOf(editedReport([](json& j) { j["groups"][0]["metrics"][0]["per_location"][1] = "1.5"; })),
                         "field 'groups[0].metrics[0].per_location[1]' must be a number or null, found string"));
        QVERIFY(contains(errorOf(editedReport([](json& j) { j["locations"][0]["id"] = 1.5; })),
                         "field 'locations[0].id' must be an integer, found number"));
        QVERIFY(contains(errorOf(editedReport([](json& j) { j["locations"][0]["id"] = 1LL << 40; })),
                         "field 'locations[0].id' is out of range"));
        QVERIFY(contains(errorOf(editedReport([](json& j) { j["config"] = json::array(); })),
                         "field 'config' must be an object, found array"));
        QVERIFY(contains(errorOf(editedReport([](json& j) { j["groups"] = json::object(); })),
                         "field 'groups' must be an array, found object"));
        QVERIFY(contains(errorOf(editedReport([](json& j) { j["groups"][0]["events"][0]["per_location"].erase(0); })),
                         "'groups[0].events[0].per_location' has 2 entries but the report has 3 locations"));
        QVERIFY(contains(errorOf("[1, 2]"), "expected a JSON object"));
    }

    void reportsMalformedJsonWithItsPosition() {
        const std::string error = errorOf("{\n  \"schema\": 1,\n  \"tool\": }");
        QVERIFY(contains(error, "run1.json: not valid JSON"));
        QVERIFY(contains(error, "line 3"));
        QVERIFY(error.find("[json.exception") == std::string::npos);
        QVERIFY(contains(errorOf(""), "not valid JSON"));
    }

    void refusesNestingDeeperThanAReport() {
        // fuzz_report found it: copying a machine section nested this deep overflowed the stack.
        const size_t levels = 100000;
        const std::string deep = "{\"machine\":" + std::string(levels, '[') + std::string(levels, ']') + "}";
        QVERIFY(contains(errorOf(deep), "run1.json: arrays and objects nested more than 64 levels deep"));
        QVERIFY(contains(errorOf("{\"note\":\"" + std::string(100, '[') + "\"}"), "field 'schema' is missing"));
        // Extra depth a newer writer might add to the machine section still reads.
        const std::string deeper = editedReport([](json& j) {
            json nested = 1;
            for (int i = 0; i < 50; ++i) nested = json::array({nested});
            j["machine"]["nested"] = nested;
        });
        QVERIFY(readReportJson(deeper, "deeper.json"));
    }

    void neverCrashesOnDamagedInput() {
        // Every prefix of a report, and every single-character change of a small one, is an error or a report.
        const std::string text = formatReportJsonLine(samples::smallResult());
        for (size_t n = 0; n < text.size(); ++n) QVERIFY(!readReportJson(text.substr(0, n), "cut.json"));
        int errors = 0;
        for (size_t i = 0; i < text.size(); ++i) {
            // A quote breaks a string; a digit turns text into a number or breaks a keyword.
            for (char c : {'"', '0'}) {
                std::string damaged = text;
                damaged[i] = c;
                if (!readReportJson(damaged, "damaged.json")) ++errors;
            }
        }
        QVERIFY(errors > 0);
    }

    void refusesALocationOfAnUnknownKind() {
        const std::string error = errorOf(editedReport([](json& j) { j["locations"][1]["kind"] = "gpu"; }));
        QVERIFY2(contains(error, "field 'locations[1].kind' is 'gpu'"), error.c_str());
        QVERIFY2(contains(error, "expected 'cpu', 'thread', 'process' or 'host'"), error.c_str());
    }

    void refusesAnIntervalLineAsReport() {
        const MeasurementResult r = samples::richResult();
        QVERIFY(contains(errorOf(formatIntervalJsonLine(r.intervals[0], r.locations)), "interval line"));
        QVERIFY(contains(errorOf(editedReport([](json& j) { j["type"] = "sample"; })), "field 'type' is \"sample\""));
        // A report file written by hand may leave "type" out; a stream line may not.
        QVERIFY(readReportJson(editedReport([](json& j) { j.erase("type"); }), "by-hand.json"));
    }

    void writesIntervalsAsOneParseableLine() {
        const MeasurementResult r = samples::richResult();
        const std::string line = formatIntervalJsonLine(r.intervals[1], r.locations);
        QVERIFY(line.find('\n') == std::string::npos);
        const json j = json::parse(line);
        QCOMPARE(j["type"], json("interval"));
        QCOMPARE(j["schema"], json(kReportSchemaVersion));
        QCOMPARE(j["t"], json(1.0));
        QCOMPARE(j["dt"], json(0.5));
        QCOMPARE(j["deltas"]["CPU_CLK_UNHALTED_CORE"], json(nullptr));
        QCOMPARE(j["metrics"]["Clock [MHz]"], json(2500));
        QCOMPARE(j["locations"].size(), size_t(3));
        QCOMPARE(j["groups"][1]["events"][1]["per_location"][0]["value"], json(100));

        auto item = readReportStreamLine(line, "stream line 2");
        QVERIFY2(item, item ? "" : item.error().message.c_str());
        const auto* interval = std::get_if<IntervalLine>(&*item);
        QVERIFY(interval);
        QCOMPARE(interval->locations.size(), size_t(3));
        QCOMPARE(formatIntervalJsonLine(interval->interval, interval->locations), line);
    }

    void readsTheFinalReportLineOfAStream() {
        const std::string line = formatReportJsonLine(samples::richResult());
        QVERIFY(line.find('\n') == std::string::npos);
        auto item = readReportStreamLine(line, "stream line 3");
        QVERIFY(item);
        const auto* report = std::get_if<MeasurementResult>(&*item);
        QVERIFY(report);
        QCOMPARE(formatReportJsonLine(*report), line);
        auto noType = readReportStreamLine("{\"schema\":1}", "stream line 4");
        QVERIFY(!noType);
        QVERIFY(contains(noType.error().message, "stream line 4: field 'type' is missing"));
    }

    void replacesInvalidUtf8InsteadOfThrowing() {
        MeasurementResult r = samples::smallResult();
        r.config.command.push_back("\xff\xfe-not-utf8");
        const std::string text = formatReportJson(r);
        auto read = readReportJson(text, "report.json");
        QVERIFY(read);
        QCOMPARE(read->config.command.back(), std::string("\xEF\xBF\xBD\xEF\xBF\xBD-not-utf8"));
    }
};

QTEST_GUILESS_MAIN(TestReportJson)
#include "test_report_json.moc"
