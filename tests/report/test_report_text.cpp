#include <QtTest>

#include "ReportSamples.h"
#include "core/presentation/NumberFormat.h"
#include "core/report/TextReport.h"
#include "core/util/TextTable.h"
#include "core/report/TimelineText.h"
#include "core/util/Strings.h"

using namespace perfdash;

namespace {

std::vector<std::string> lines(const std::string& text) { return split(text, '\n'); }

// The table lines ("+---" and "| ...") of a text, in blocks of consecutive lines.
std::vector<std::vector<std::string>> tables(const std::string& text) {
    std::vector<std::vector<std::string>> out;
    bool inTable = false;
    for (const auto& l : split(text, '\n', true)) {
        const bool tableLine = !l.empty() && (l[0] == '+' || l[0] == '|');
        if (tableLine && !inTable) out.emplace_back();
        if (tableLine) out.back().push_back(l);
        inTable = tableLine;
    }
    return out;
}

// The trimmed cells of the table row whose first cell is `name`.
std::vector<std::string> rowCells(const std::string& text, const std::string& name) {
    for (const auto& l : lines(text)) {
        auto cells = split(l, '|');
        if (cells.size() > 1 && trim(cells[0]) == name) {
            for (auto& c : cells) c = trim(c);
            return cells;
        }
    }
    return {};
}

bool contains(const std::string& haystack, const std::string& needle) {
    if (haystack.find(needle) != std::string::npos) return true;
    qWarning() << "expected" << needle.c_str() << "in" << haystack.c_str();
    return false;
}

} // namespace

class TestReportText : public QObject {
    Q_OBJECT
private slots:
    // Under the event table, each slot of likwid's own code with its note;
    // under the metric table, each metric computed from one. None elsewhere.
    void notesLikwidsOwnCodes() {
        const std::string text = formatTextReport(samples::likwidCodeResult());
        QVERIFY(contains(text, "\nPMC1 " + std::string(samples::kLikwidCodeNote) + ".\n"));
        QVERIFY(contains(text, "\n'Used cycles ratio [%]': computed with likwid's own code for PMC1 (no vendor list "
                               "for this CPU has it).\n"));
        QVERIFY(formatTextReport(samples::smallResult()).find("likwid's") == std::string::npos);
    }

    void formatsNumbersReadably() {
        QCOMPARE(formatNumber(123456789012.0), std::string("123456789012"));
        QCOMPARE(formatNumber(0), std::string("0"));
        QCOMPARE(formatNumber(1234567.8), std::string("1234568"));
        QCOMPARE(formatNumber(0.5), std::string("0.5"));
        QCOMPARE(formatNumber(1.23456789), std::string("1.23457"));
        QCOMPARE(formatNumber(3.5e-7), std::string("3.5e-07"));
        QCOMPARE(formatNumber(kNotAvailable), std::string("n/a"));
        QCOMPARE(formatNumber(std::numeric_limits<double>::infinity()), std::string("n/a"));
        QCOMPARE(formatCoverage(0.625), std::string("62.5%"));
        QCOMPARE(formatCoverage(0.99999), std::string("99.9%")); // never rounds up to a full 100%
        QCOMPARE(formatCount({1234567, 0.625}), std::string("1234567 (62.5%)"));
        QCOMPARE(formatCount({1234567, 1.0}), std::string("1234567"));
        QCOMPARE(formatCount({1234567, kNotAvailable}), std::string("1234567"));
    }

    void matchesTheStoredSmallReport() {
        const QString path = qEnvironmentVariable("PERFDASH_FIXTURES") + "/report/small.txt";
        auto expected = readFile(path.toStdString());
        QVERIFY2(expected, qPrintable("cannot read " + path));
        const std::string actual = formatTextReport(samples::smallResult());
        if (actual != *expected) qWarning().noquote() << "actual output:\n" << QString::fromStdString(actual);
        QCOMPARE(actual, *expected);
    }

    void showsNotAvailableAndCoverageNeverZero() {
        const std::string text = formatTextReport(samples::richResult());
        // A multiplexed value carries its coverage; a value that is missing reads n/a.
        auto clk = rowCells(text, "CPU_CLK_UNHALTED_CORE");
        QCOMPARE(clk.size(), size_t(5)); // name, counter, 3 locations
        QCOMPARE(clk[2], std::string("2469134 (62.5%)"));
        QCOMPARE(clk[4], std::string("n/a (0.0%)"));
        QVERIFY(text.find("multiplexed") != std::string::npos);
        // The event that was not counted is "not counted" everywhere, with its reason, never 0.
        auto cycles = rowCells(text, "cycles");
        QCOMPARE(cycles.size(), size_t(5));
        for (size_t i = 2; i < 5; ++i) QCOMPARE(cycles[i], std::string("not counted"));
        QVERIFY(text.find("Not counted: cycles (PMC0): PMU not available due to virtualization") != std::string::npos);
        auto cyclesStat = rowCells(text, "cycles STAT");
        QCOMPARE(cyclesStat.size(), size_t(6));
        for (size_t i = 2; i < 6; ++i) QCOMPARE(cyclesStat[i], std::string("not counted"));
        // A metric without inputs is n/a in every column, its aggregate too.
        auto memCpi = rowCells(text.substr(text.find("Group 2")), "CPI STAT");
        QCOMPARE(memCpi.size(), size_t(6)); // name, Sum, Min, Max, Avg, Aggregate
        for (size_t i = 1; i < 6; ++i) QCOMPARE(memCpi[i], std::string("n/a"));
    }

    void computesStatisticsOverLocationsWithValues() {
        const std::string text = formatTextReport(samples::richResult());
        // Min, Max, Avg over cpu0 and cpu1; cpu2 has no value and is left out (and said so). The
        // Sum without cpu2 is not the total: it says it is partial.
        auto clk = rowCells(text, "CPU_CLK_UNHALTED_CORE STAT");
        QCOMPARE(clk.size(), size_t(6));
        QCOMPARE(clk[2], std::string("\u2265 6469134 (partial: 2 of 3 locations)"));
        QCOMPARE(clk[3], std::string("2469134"));
        QCOMPARE(clk[4], std::string("4000000"));
        QCOMPARE(clk[5], std::string("3234567"));
        QVERIFY(text.find("Min, Max and Avg leave out the locations without a value (n/a).") != std::string::npos);
        QVERIFY(text.find("A Sum that lacks some locations is partial") != std::string::npos);
        // Metric statistics end with the aggregate: the formula on the summed counts, not a mean.
        auto clock = rowCells(text, "Clock [MHz] STAT");
        QCOMPARE(clock.size(), size_t(6));
        QCOMPARE(clock[1], std::string("\u2265 5000.75 (partial: 2 of 3 locations)"));
        QCOMPARE(clock[5], std::string("2500"));
    }

    void totalsWithMissingPartsSayWhatTheyAre() {
        const std::string text = formatTextReport(samples::gapsResult());
        // Never counted anywhere: n/a in every column (coverage 0: never on a counter), never 0.
        auto idle = rowCells(text, "idle");
        QCOMPARE(idle.size(), size_t(5));
        for (size_t i = 2; i < 5; ++i) QCOMPARE(idle[i], std::string("n/a (0.0%)"));
        auto idleStat = rowCells(text, "idle STAT");
        QCOMPARE(idleStat[2], std::string("n/a (0.0%)"));
        for (size_t i = 3; i < 6; ++i) QCOMPARE(idleStat[i], std::string("n/a"));
        // Counted on two CPUs of three: the sum says it is partial.
        auto someStat = rowCells(text, "some STAT");
        QCOMPARE(someStat[2], std::string("\u2265 600 (partial: 2 of 3 locations)"));
        QCOMPARE(someStat[5], std::string("300")); // Avg over the two with a value, as the note says
        // Multiplexed: the scaled sum and its coverage; the exact 0 of cpu2 stays 0.
        auto muxStat = rowCells(text, "mux STAT");
        QCOMPARE(muxStat[2], std::string("8000 (50.0%)"));
        QCOMPARE(muxStat[3], std::string("0"));
        QCOMPARE(rowCells(text, "mux")[4], std::string("0"));

        const std::string timeline = formatTimelineText(samples::gapsResult().intervals[0]);
        QVERIFY(contains(timeline, "n/a (0.0%)  idle\n"));
        // The partial total is not the total: n/a in the value column, what is known after the name.
        QVERIFY(contains(timeline, "   n/a  some  \u2265 300 (partial: 2 of 3 locations)\n"));
        QVERIFY(contains(timeline, "4000 (50.0%)  mux\n"));
    }

    void showsTheHeaderBlock() {
        const std::string small = formatTextReport(samples::smallResult());
        QVERIFY(small.find("Command:      ./stream --size '1 GB'\n") != std::string::npos);
        QVERIFY(small.find("Exit status:  0\n") != std::string::npos);
        const std::string rich = formatTextReport(samples::richResult());
        QVERIFY(rich.find("Target:       system-wide") != std::string::npos);
        QVERIFY(rich.find("CPUs:         S0:0-2 = 0-2\n") != std::string::npos);
        QVERIFY(rich.find("Groups:       CPI, MEM, custom\n") != std::string::npos);
        QVERIFY(rich.find("Interrupted:  yes") != std::string::npos);
        QVERIFY(rich.find("Interval:     0.5 s (2 intervals)\n") != std::string::npos);
        QVERIFY(rich.find("task-clock [msec]") != std::string::npos);
    }

    void keepsTablesAlignedWithLongNames() {
        MeasurementResult r = samples::richResult();
        r.groups[0].events[0].event = std::string(70, 'E') + "_ÜBER_LONG";
        r.groups[0].metrics[0].name = "A metric name that is much longer than any value [MBytes/s]";
        r.locations[1].id = 123456789;
        const auto all = tables(formatTextReport(r));
        QVERIFY(all.size() >= 8);
        for (const auto& table : all) {
            // Every line of a table as wide as its rules, and '|' exactly where '+' is in the rule.
            const std::string& rule = table.front();
            for (const auto& l : table) {
                QCOMPARE(displayWidth(l), displayWidth(rule));
                const bool ascii = std::all_of(l.begin(), l.end(), [](char c) { return (c & 0x80) == 0; });
                if (l[0] != '|' || !ascii) continue; // byte positions shift after UTF-8 ("Ü", "≥")
                for (size_t i = 0; i < rule.size(); ++i) QCOMPARE(l[i] == '|', rule[i] == '+');
            }
        }
    }

    void leavesOutStatisticsForOneLocation() {
        MeasurementResult r = samples::smallResult();
        r.locations.resize(1);
        const std::string text = formatTextReport(r);
        QVERIFY(text.find("STAT") == std::string::npos);
        QVERIFY(text.find("Aggregate") == std::string::npos);
        QCOMPARE(tables(text).size(), size_t(2));
    }

    void survivesShortPerLocationData() {
        MeasurementResult r = samples::richResult();
        r.groups[0].events[0].perLocation.resize(1);
        r.groups[0].metrics[0].perLocation.clear();
        auto row = rowCells(formatTextReport(r), "INSTR_RETIRED_ANY");
        QCOMPARE(row.size(), size_t(5));
        QCOMPARE(row[2], std::string("2000000"));
        QCOMPARE(row[3], std::string("n/a"));
        r.locations.clear(); // without locations the totals fill one column
        auto total = rowCells(formatTextReport(r), "INSTR_RETIRED_ANY");
        QCOMPARE(total.size(), size_t(3));
        QCOMPARE(total[2], std::string("12000000"));
    }

    void rendersBoxTables() {
        TextTable t({{"Event", TextTable::Align::Center},
                     {"Value", TextTable::Align::Right},
                     {"Note", TextTable::Align::Left}});
        t.addRow({"a", "1", "x"});
        t.addRow({"long name", "12345", "longer"});
        QCOMPARE(t.render(), std::string("+-----------+-------+--------+\n"
                                         "|   Event   | Value |  Note  |\n"
                                         "+-----------+-------+--------+\n"
                                         "|     a     |     1 | x      |\n"
                                         "| long name | 12345 | longer |\n"
                                         "+-----------+-------+--------+\n"));
    }

    void printsTimelineBlocks() {
        const MeasurementResult r = samples::richResult();
        const std::string header = timelineTextHeader();
        QCOMPARE(lines(header).size(), size_t(1));
        QVERIFY(header.starts_with("#"));
        const std::string block = formatTimelineText(r.intervals[1]);
        const auto rows = lines(block);
        QCOMPARE(rows.size(), size_t(7 + 4)); // every event and metric of the interval
        const size_t valueEnd = header.find("value") + 5;
        for (const auto& row : rows) {
            const auto words = splitWhitespace(row);
            QCOMPARE(words.at(0), std::string("1.000000"));
            QCOMPARE(words.at(1), std::string("0.500000"));
            // Values are right-aligned under the header, the name follows after two spaces.
            QVERIFY(row.size() > valueEnd + 2);
            QVERIFY(row[valueEnd - 1] != ' ');
            QCOMPARE(row.substr(valueEnd, 2), std::string("  "));
        }
        QVERIFY(block.find("n/a (0.0%)  CPU_CLK_UNHALTED_CORE  \u2265 3234567 (partial: 2 of 3 locations)\n") !=
                std::string::npos);
        QVERIFY(block.find("not counted  cycles\n") != std::string::npos);
        QVERIFY(block.find("6000000  CPI/INSTR_RETIRED_ANY\n") != std::string::npos);
        QVERIFY(block.find("200  MEM/CAS_COUNT_RD@MBOX1C0\n") != std::string::npos);
        QVERIFY(block.find("n/a  MEM/CPI\n") != std::string::npos); // coverage 100%: nothing after the value
        QVERIFY(block.find("499.875  task-clock [msec]\n") != std::string::npos);
        // A metric's coverage follows its value as an event's does: CPU_CLK_UNHALTED_CORE never ran on cpu2.
        QVERIFY(block.find("1.0748 (0.0%)  CPI/CPI\n") != std::string::npos);
        QVERIFY(block.find("2500 (0.0%)  Clock [MHz]\n") != std::string::npos);
    }

    // As the GUI's metric table: a last column with the metric's coverage over the whole run.
    void metricTablesShowTheCoverage() {
        const std::string text = formatTextReport(samples::richResult());
        const std::string mem = text.substr(text.find("Group 2"));
        auto cpi = rowCells(text, "CPI");
        QCOMPARE(cpi.size(), size_t(1 + 3 + 1)); // name, three CPUs, coverage
        QCOMPARE(cpi[4], std::string("0.0%"));      // the lowest of the group's counted events
        QCOMPARE(rowCells(mem, "CPI")[4], std::string("100.0%")); // PMC0 was not counted: it has no coverage
        QVERIFY(text.find("| Coverage |") != std::string::npos);
        QVERIFY(text.substr(0, text.find("Group 2")).find("Coverage below 100%") != std::string::npos);
        QVERIFY(mem.find("Coverage below 100%") == std::string::npos);

        // No counted event: no coverage.
        MeasurementResult none = samples::smallResult();
        none.groups[0].events.erase(none.groups[0].events.begin(), none.groups[0].events.begin() + 2);
        QCOMPARE(rowCells(formatTextReport(none), "CPI")[3], std::string("n/a"));
    }
};

QTEST_GUILESS_MAIN(TestReportText)
#include "test_report_text.moc"
