#include <QtTest>

#include "ReportSamples.h"
#include "core/report/ReportCsv.h"

using namespace perfdash;

namespace {

using Row = std::vector<std::string>;

// An independent RFC 4180 reader, so the test checks the quoting rather than trusting it.
std::vector<Row> parseCsv(const std::string& text) {
    std::vector<Row> rows;
    Row row;
    std::string field;
    bool quoted = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') field += text[++i];
            else if (c == '"') quoted = false;
            else field += c;
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            row.push_back(std::move(field));
            field.clear();
        } else if (c == '\n') {
            row.push_back(std::move(field));
            field.clear();
            rows.push_back(std::move(row));
            row.clear();
        } else {
            field += c;
        }
    }
    return rows;
}

enum Column { Schema, Kind, T, Dt, Group, Name, Counter, Unit, Location, Value, Coverage, Reason, ColumnCount };

std::vector<Row> rowsWhere(const std::vector<Row>& rows, const std::string& kind, const std::string& group,
                           const std::string& name) {
    std::vector<Row> out;
    for (const auto& r : rows)
        if (r[Kind] == kind && r[Group] == group && r[Name] == name) out.push_back(r);
    return out;
}

} // namespace

class TestReportCsv : public QObject {
    Q_OBJECT
private slots:
    void startsWithTheHeaderRow() {
        const std::string csv = formatReportCsv(samples::richResult());
        QCOMPARE(csv.substr(0, csv.find('\n')),
                 std::string("schema,kind,t,dt,group,name,counter,unit,location,value,coverage,reason"));
        const auto rows = parseCsv(csv);
        for (const auto& r : rows) QCOMPARE(r.size(), size_t(ColumnCount));
        for (size_t i = 1; i < rows.size(); ++i) QCOMPARE(rows[i][Schema], std::to_string(kReportSchemaVersion));
    }

    void hasOneRowPerValue() {
        const MeasurementResult r = samples::richResult();
        const auto rows = parseCsv(formatReportCsv(r));
        // Per group item: one row per location and one "total"; the whole run once and every interval once.
        const size_t items = 7 + 4; // events + metrics over all groups
        const size_t perPass = items * (r.locations.size() + 1);
        QCOMPARE(rows.size(), 1 + perPass * (1 + r.intervals.size()));
        size_t intervalRows = 0;
        for (const auto& row : rows)
            if (row[Kind] == "interval_event" || row[Kind] == "interval_metric") ++intervalRows;
        QCOMPARE(intervalRows, perPass * r.intervals.size());
    }

    void quotesAwkwardNames() {
        const std::string csv = formatReportCsv(samples::richResult());
        QVERIFY(csv.find(",\"Metric, with \"\"quotes\"\"\",") != std::string::npos);
        QVERIFY(csv.find(",Clock [MHz],") != std::string::npos); // spaces alone need no quotes
        const auto rows = parseCsv(csv);
        const auto quotedName = rowsWhere(rows, "metric", "MEM", "Metric, with \"quotes\"");
        QCOMPARE(quotedName.size(), size_t(4));
        QCOMPARE(quotedName.back()[Location], std::string("total"));
        QCOMPARE(quotedName.back()[Value], std::string("12800"));
    }

    // A slot of likwid's own code says so on its total row (its locations'
    // rows carry no reason), and each metric computed from it on every row.
    void notesLikwidsOwnCodes() {
        const auto rows = parseCsv(formatReportCsv(samples::likwidCodeResult()));
        const auto used = rowsWhere(rows, "event", "CPI", "UOPS_RETIRED_USED_CYCLES");
        QCOMPARE(used.size(), size_t(3));
        QCOMPARE(used[0][Reason], std::string());
        QCOMPARE(used[2][Location], std::string("total"));
        QCOMPARE(used[2][Reason], "PMC1 " + std::string(samples::kLikwidCodeNote));
        const auto ratio = rowsWhere(rows, "metric", "CPI", "Used cycles ratio [%]");
        QCOMPARE(ratio.size(), size_t(3));
        for (const auto& r : ratio)
            QCOMPARE(r[Reason], std::string("computed with likwid's own code for PMC1 (no vendor list for this CPU has it)"));
        for (const auto& r : rowsWhere(rows, "event", "CPI", "INSTR_RETIRED_ANY")) QCOMPARE(r[Reason], std::string());
        for (const auto& r : rowsWhere(rows, "metric", "CPI", "CPI")) QCOMPARE(r[Reason], std::string());
    }

    void leavesNotAvailableEmptyAndGivesTheReason() {
        const auto rows = parseCsv(formatReportCsv(samples::richResult()));
        const auto cycles = rowsWhere(rows, "event", "MEM", "cycles");
        QCOMPARE(cycles.size(), size_t(4));
        for (const auto& r : cycles) {
            QCOMPARE(r[Value], std::string());
            QCOMPARE(r[Reason], std::string(samples::kVirtualisedPmu));
        }
        const auto clk = rowsWhere(rows, "event", "CPI", "CPU_CLK_UNHALTED_CORE");
        QCOMPARE(clk[0][Value], std::string("2469134"));
        QCOMPARE(clk[0][Coverage], std::string("0.625"));
        QCOMPARE(clk[2][Location], std::string("cpu2"));
        QCOMPARE(clk[2][Value], std::string());
        QCOMPARE(clk[2][Reason], std::string()); // counted: a missing value there is not "not counted"
        const auto cpi = rowsWhere(rows, "metric", "CPI", "CPI");
        QCOMPARE(cpi[0][Value], std::string("1.234567"));
        QCOMPARE(cpi[2][Value], std::string());
        // A metric is as complete as its least-counted input (core/result/MetricCoverage.h), per location and in total.
        QCOMPARE(cpi[0][Coverage], std::string("0.625"));
        QCOMPARE(cpi[1][Coverage], std::string("1"));
        QCOMPARE(cpi[2][Coverage], std::string("0"));
        QCOMPARE(cpi[3][Location], std::string("total"));
        QCOMPARE(cpi[3][Coverage], std::string("0"));
        const auto intervalCpi = rowsWhere(rows, "interval_metric", "CPI", "CPI");
        QCOMPARE(intervalCpi[0][Coverage], std::string("0.625"));
        // PMC0 was not counted: only FIXC0's coverage counts.
        const auto memCpi = rowsWhere(rows, "metric", "MEM", "CPI");
        QCOMPARE(memCpi[3][Value], std::string());
        QCOMPARE(memCpi[3][Coverage], std::string("1"));
    }

    void totalsWithMissingPartsAreNeverAPartialSum() {
        const auto rows = parseCsv(formatReportCsv(samples::gapsResult()));
        // Never counted anywhere: every value empty, the total too, never 0.
        const auto idle = rowsWhere(rows, "event", "GAPS", "idle");
        QCOMPARE(idle.size(), size_t(4));
        for (const auto& r : idle) QCOMPARE(r[Value], std::string());
        QCOMPARE(idle[3][Coverage], std::string("0"));
        QCOMPARE(idle[3][Reason], std::string());
        // Counted on two of three CPUs: the total is empty and its reason gives the partial sum.
        for (const char* kind : {"event", "interval_event"}) {
            const auto some = rowsWhere(rows, kind, "GAPS", "some");
            const Row& total = some[3];
            QCOMPARE(total[Location], std::string("total"));
            QCOMPARE(total[Value], std::string());
            QCOMPARE(total[Reason], std::string(kind == std::string("event")
                                                    ? "partial: 2 of 3 locations have a value; they add up to 600"
                                                    : "partial: 2 of 3 locations have a value; they add up to 300"));
        }
        // Multiplexed: the scaled total with its coverage, no reason.
        const auto mux = rowsWhere(rows, "event", "GAPS", "mux");
        QCOMPARE(mux[3][Value], std::string("8000"));
        QCOMPARE(mux[3][Coverage], std::string("0.5"));
        QCOMPARE(mux[3][Reason], std::string());
        QCOMPARE(mux[2][Value], std::string("0")); // cpu2 counted an exact 0: it stays 0
    }

    void writesTimesUnitsAndExactNumbers() {
        MeasurementResult r = samples::richResult();
        r.groups[2].events[0].perLocation[0].value = 0.1 + 0.2;
        r.groups[2].events[0].perLocation[1].value = 123456789012345.0;
        const auto rows = parseCsv(formatReportCsv(r));
        const auto task = rowsWhere(rows, "event", "custom", "task-clock");
        QCOMPARE(task[0][Unit], std::string("msec"));
        QCOMPARE(std::stod(task[0][Value]), 0.1 + 0.2);
        QCOMPARE(task[1][Value], std::string("123456789012345"));
        QCOMPARE(task[0][T], std::string());
        const auto intervals = rowsWhere(rows, "interval_event", "custom", "task-clock");
        QCOMPARE(intervals.size(), size_t(8));
        QCOMPARE(intervals[4][T], std::string("1"));
        QCOMPARE(intervals[4][Dt], std::string("0.5"));
        QCOMPARE(intervals[4][Value], std::string("250.5"));
    }
};

QTEST_GUILESS_MAIN(TestReportCsv)
#include "test_report_csv.moc"
