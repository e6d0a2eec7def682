// likwid-perfctr's layouts over hand-built results: the number format, the
// tables and STAT rows, the CSV's marker lines and padding, regions, the
// timeline lines; every value that is not available is "-", never 0.
#include <QtTest>

#include "core/report/LikwidPerfctrOutput.h"
#include "core/util/Strings.h"
#include "report/ReportSamples.h"

using namespace perfdash;
using namespace perfdash::samples;

namespace {

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

LikwidOutputOptions options() {
    LikwidOutputOptions o;
    o.machine = {"Test CPU", "skl", 2.5e9};
    return o;
}

std::vector<std::string> lines(const std::string& text) { return split(text, '\n'); }

// Whether a box row "| a | b |" with exactly these cells (spaces trimmed) is in the text.
bool hasRow(const std::string& text, const std::vector<std::string>& cells) {
    for (const auto& line : lines(text)) {
        if (!line.starts_with("| ") || !line.ends_with(" |")) continue;
        std::vector<std::string> found;
        for (const auto& c : split(line.substr(1, line.size() - 2), '|', true)) found.push_back(trim(c));
        if (found == cells) return true;
    }
    return false;
}

} // namespace

class TestLikwidPerfctrOutput : public QObject {
    Q_OBJECT

private slots:
    void numbersAsLikwidWritesThem_data() {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("text");
        QTest::newRow("integer") << 1234567.0 << "1234567";
        QTest::newRow("zero") << 0.0 << "0";
        QTest::newRow("negative integer") << -3.0 << "-3";
        QTest::newRow("short decimal") << 0.5 << "0.5000";
        QTest::newRow("long decimal") << 3137605.5 << "3.137606e+06";
        QTest::newRow("tiny") << 1.5e-7 << "1.500000e-07";
        QTest::newRow("not available") << kNotAvailable << "-";
    }
    void numbersAsLikwidWritesThem() {
        QFETCH(double, value);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(likwidNumber(value)), text);
    }

    void tablesOfAGroupOnTwoCpus() {
        const std::string text = formatLikwidTables(smallResult(), options());
        QVERIFY2(text.starts_with("Group 1: CPI\n+"), text.c_str());
        // The event table, its STAT table (two CPUs), the metrics with the runtime likwid's groups carry.
        QVERIFY2(hasRow(text, {"INSTR_RETIRED_ANY", "FIXC0", "1000000", "3000000"}), text.c_str());
        QVERIFY2(hasRow(text, {"INSTR_RETIRED_ANY STAT", "FIXC0", "4000000", "1000000", "3000000", "2000000"}),
                 text.c_str());
        // Not counted: "-" in every cell, and no Sum made up from nothing.
        QVERIFY2(hasRow(text, {"L1D_REPLACEMENT", "PMC0", "-", "-"}), text.c_str());
        QVERIFY2(hasRow(text, {"L1D_REPLACEMENT STAT", "PMC0", "-", "-", "-", "-"}),
                 text.c_str());
        QVERIFY2(hasRow(text, {"Runtime (RDTSC) [s]", "1.5000", "1.5000"}), text.c_str());
        QVERIFY2(hasRow(text, {"CPI", "2", "0.5000"}), text.c_str());
        QVERIFY2(hasRow(text, {"Metric", "Sum", "Min", "Max", "Avg"}) && hasRow(text, {"CPI STAT", "2.5000", "0.5000", "2", "1.2500"}),
                 text.c_str());
        QVERIFY2(!contains(text, "CPU name:"), "the machine lines come before the run, not per group");
        // Each box is followed by an empty line.
        QVERIFY2(contains(text, "+\n\n+"), text.c_str());
    }

    // likwid's layout has no place for notes: the tables stay as likwid's
    // (scripts parse them), and the notes come apart, for stderr.
    void likwidsOwnCodesAreNotedBesideTheTables() {
        const MeasurementResult r = likwidCodeResult();
        MeasurementResult unmarked = r;
        unmarked.groups[0].events[3].codeSource.clear();
        unmarked.groups[0].metrics[2].likwidCodeInputs.clear();
        QCOMPARE(formatLikwidTables(r, options()), formatLikwidTables(unmarked, options()));
        QCOMPARE(formatLikwidCsv(r, options()), formatLikwidCsv(unmarked, options()));
        QCOMPARE(likwidTableNotes(r),
                 (std::vector<std::string>{"group CPI: PMC1 " + std::string(kLikwidCodeNote),
                                           "group CPI: 'Used cycles ratio [%]' is computed with likwid's own code "
                                           "for PMC1 (no vendor list for this CPU has it)"}));
        QVERIFY(likwidTableNotes(unmarked).empty());
        // Regions only (-m): their group's notes, once.
        MeasurementResult regions = r;
        regions.regions = {RegionResult{"a", 0, r.locations, {1.0, 1.0}, {1, 1}, r.groups[0]},
                           RegionResult{"b", 0, r.locations, {1.0, 1.0}, {1, 1}, r.groups[0]}};
        regions.groups.clear();
        QCOMPARE(likwidTableNotes(regions), likwidTableNotes(r));
    }

    void aPartialSumIsNotATotal() {
        MeasurementResult r = smallResult();
        r.groups[0].events[0] = counted("FIXC0", "INSTR_RETIRED_ANY", {{1000000, 1}, {kNotAvailable, kNotAvailable}});
        const std::string text = formatLikwidTables(r, options());
        // Sum "-", Min, Max and Avg over the CPU that has a value.
        QVERIFY2(hasRow(text, {"INSTR_RETIRED_ANY STAT", "FIXC0", "-", "1000000", "1000000", "1000000"}),
                 text.c_str());
    }

    void aCustomSetHasTheRuntimeRow() {
        MeasurementResult r = smallResult();
        r.groups[0].metrics.clear();
        r.locations.resize(1);
        for (auto& e : r.groups[0].events) e.perLocation.resize(1);
        const std::string text = formatLikwidTables(r, options());
        QVERIFY2(hasRow(text, {"Runtime (RDTSC) [s]", "TSC", "1.500000e+00"}), text.c_str());
        QVERIFY2(!contains(text, "STAT"), "one CPU: no STAT tables");
        LikwidOutputOptions stats = options();
        stats.statistics = true;
        QVERIFY(contains(formatLikwidTables(r, stats), "Runtime (RDTSC) [s] STAT"));
    }

    void csvHasLikwidsMarkerLinesAndPadding() {
        const std::string csv = formatLikwidCsv(smallResult(), options());
        const auto all = lines(csv);
        QCOMPARE(all[0], std::string("STRUCT,Info,3,,,"));
        QCOMPARE(all[1], std::string("CPU name:,Test CPU,,,,"));
        QCOMPARE(all[2], std::string("CPU type:,skl,,,,"));
        QCOMPARE(all[3], std::string("CPU clock:,2.5 GHz,,,,"));
        QCOMPARE(all[4], std::string("TABLE,Group 1 Raw,CPI,3,,"));
        QCOMPARE(all[5], std::string("Event,Counter,HWThread 0,HWThread 1,,"));
        QCOMPARE(all[6], std::string("INSTR_RETIRED_ANY,FIXC0,1000000,3000000,,"));
        for (const auto& line : all) QCOMPARE(split(line, ',', true).size(), size_t(6));
        QVERIFY(contains(csv, "\nTABLE,Group 1 Raw STAT,CPI,3,,\nEvent,Counter,Sum,Min,Max,Avg\n"));
        QVERIFY(contains(csv, "\nTABLE,Group 1 Metric,CPI,3,,\nMetric,HWThread 0,HWThread 1,,,\n"));
        QVERIFY(contains(csv, "\nTABLE,Group 1 Metric STAT,CPI,3,,\nMetric,Sum,Min,Max,Avg,\n"));
    }

    void csvQuotesAFieldWithAComma() {
        MeasurementResult r = smallResult();
        r.groups[0].metrics[0].name = "Ratio, total";
        QVERIFY(contains(formatLikwidCsv(r, options()), "\n\"Ratio, total\",2,0.5000,,,\n"));
    }

    void regionsOnlyInMarkerMode() {
        MeasurementResult r = smallResult();
        RegionResult region;
        region.name = "solve";
        region.threads = {{LocationKind::Thread, 101}, {LocationKind::Thread, 102}};
        region.timeS = {0.25, 0.5};
        region.calls = {2, 3};
        region.group = r.groups[0];
        r.regions.push_back(region);
        LikwidOutputOptions o = options();
        o.regionsOnly = true;
        const std::string text = formatLikwidTables(r, o);
        QVERIFY2(text.starts_with("Region solve, Group 1: CPI\n"), text.c_str());
        QVERIFY2(hasRow(text, {"Region Info", "TID 101", "TID 102"}), text.c_str());
        QVERIFY2(hasRow(text, {"RDTSC Runtime [s]", "0.250000", "0.500000"}), text.c_str());
        QVERIFY2(hasRow(text, {"call count", "2", "3"}), text.c_str());
        const std::string csv = formatLikwidCsv(r, o);
        QVERIFY2(contains(csv, "\nTABLE,Region solve,Group 1 Raw,CPI,3,\nRegion Info,TID 101,TID 102,,,\n"),
                 csv.c_str());
        QVERIFY2(contains(csv, "TABLE,Region solve,Group 1 Metric STAT,CPI,3,"), csv.c_str());
    }

    void timelineLines() {
        const MeasurementResult r = smallResult();
        QCOMPARE(formatLikwidTimelineHeader(r.groups, r.locations),
                 std::string("# HWThreads: 0|1\n# GID|MetricsCount|CpuCount|Total runtime [s]|CPI|L1D miss rate\n"));
        IntervalResult interval;
        interval.t = 0.2;
        interval.groups = r.groups;
        QCOMPARE(formatLikwidTimelineLines(interval, 2, false), std::string("1 2 2 0.200000 2 0.5000 - -\n"));
        QCOMPARE(formatLikwidTimelineLines(interval, 2, true), std::string("1,2,2,0.200000,2,0.5000,-,-\n"));
        // A group that counted nothing in the interval (not its turn) has no line.
        for (auto& e : interval.groups[0].events) e.counted = false;
        QCOMPARE(formatLikwidTimelineLines(interval, 2, false), std::string());
    }
};

QTEST_GUILESS_MAIN(TestLikwidPerfctrOutput)
#include "test_likwid_perfctr_output.moc"
