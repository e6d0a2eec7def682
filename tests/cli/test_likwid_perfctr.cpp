// likwid-perfctr's front end run as a user runs it, with the invocations of
// likwid-perfctr's documentation (its man page and wiki) on events that count
// here (software events): the program as likwid-perfctr-perfdash (the
// symlink beside perfdash-cli) or as 'perfdash-cli likwid-perfctr'. Each
// checks what the tables and CSV say against what the workload did (it
// touches N fresh pages: at least N page faults), and that likwid's layout
// reads back: boxed tables, TABLE lines with their row counts, equal field
// counts. Nothing depends on timing: counts are lower bounds where other
// processes may add to them (whole CPUs are counted).
#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "cli/StatCli.h"
#include "core/report/ReportJsonReader.h"
#include "core/util/Strings.h"

using namespace perfdash;
using namespace perfdash::testing;

Q_DECLARE_METATYPE(std::vector<std::string>)

namespace {

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

QString likwidProgram() { return QFileInfo(cliPath()).dir().filePath("likwid-perfctr-perfdash"); }

// likwid-perfctr-perfdash ARGS... (by its own name) to the end.
// `arch`: PERFDASH_ARCH for the run (removed when empty): likwid-perfctr has no flag for it.
StatRun runLikwid(const std::vector<std::string>& args, const QString& arch = {}) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (arch.isEmpty()) env.remove("PERFDASH_ARCH");
    else env.insert("PERFDASH_ARCH", arch);
    p.setProcessEnvironment(env);
    QStringList list;
    for (const auto& a : args) list << QString::fromStdString(a);
    p.start(likwidProgram(), list);
    return collect(p, 60000);
}

// The same through 'perfdash-cli likwid-perfctr ARGS...'.
StatRun runSubcommand(const std::vector<std::string>& args) {
    QProcess p;
    QStringList list{"likwid-perfctr"};
    for (const auto& a : args) list << QString::fromStdString(a);
    p.start(cliPath(), list);
    return collect(p, 60000);
}

// A boxed table: its header cells and rows, read back from '| a | b |' lines.
struct Box {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;

    // The row whose first cell is `name`, or nullptr.
    const std::vector<std::string>* row(const std::string& name) const {
        for (const auto& r : rows)
            if (!r.empty() && r[0] == name) return &r;
        return nullptr;
    }
};

std::vector<std::string> cells(const std::string& line) {
    std::vector<std::string> out;
    for (const auto& c : split(line.substr(1, line.size() - 2), '|', true)) out.push_back(trim(c));
    return out;
}

// Every box of the text: rule, header, rule, rows, rule.
std::vector<Box> boxes(const std::string& text) {
    std::vector<Box> out;
    const auto lines = split(text, '\n', true);
    for (size_t i = 0; i + 2 < lines.size(); ++i) {
        if (!lines[i].starts_with("+-") || !lines[i + 1].starts_with("|") || !lines[i + 2].starts_with("+-")) continue;
        Box box;
        box.header = cells(lines[i + 1]);
        size_t j = i + 3;
        for (; j < lines.size() && lines[j].starts_with("|"); ++j) box.rows.push_back(cells(lines[j]));
        if (j < lines.size() && lines[j] == lines[i]) out.push_back(std::move(box)); // closed by the same rule
        i = j;
    }
    return out;
}

const Box* boxStartingWith(const std::vector<Box>& all, const std::string& firstHeader, size_t skip = 0) {
    for (const auto& b : all)
        if (!b.header.empty() && b.header[0] == firstHeader && skip-- == 0) return &b;
    return nullptr;
}

double number(const std::string& cell) { return parseDouble(cell).value_or(kNotAvailable); }

// The sum of a row's HWThread columns (from the third cell of an event row).
double rowSum(const std::vector<std::string>& row, size_t first) {
    double sum = 0;
    for (size_t i = first; i < row.size(); ++i) sum += number(row[i]);
    return sum;
}

// likwid's CSV: the TABLE lines and the tables under them.
struct CsvTable {
    std::vector<std::string> marker; // TABLE,<scope...>,<group>,<rows>
    std::vector<std::vector<std::string>> lines;
};

constexpr long kPages = 3000;

} // namespace

class TestLikwidPerfctr : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        if (const std::string why = whyCliTestsCannotRun(); !why.empty()) QSKIP(why.c_str());
        QVERIFY2(QFileInfo(likwidProgram()).isSymLink(), "the build puts likwid-perfctr-perfdash beside perfdash-cli");
    }

    // likwid-perfctr -C S0:0 -g EVENT:PMC0,EVENT:PMC1 ./a.out (man page, custom event set)
    void pinnedCustomEventSet() {
        const StatRun r = runLikwid({"-C", "S0:0", "-g", "page-faults:PMC0,task-clock:PMC1", workloadPath(), "pages",
                                     std::to_string(kPages)});
        QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
        QVERIFY2(contains(r.out, "CPU name:\t") && contains(r.out, "Group 1: custom"), r.out.c_str());
        const auto all = boxes(r.out);
        const Box* events = boxStartingWith(all, "Event");
        QVERIFY2(events, r.out.c_str());
        QCOMPARE(events->header, (std::vector<std::string>{"Event", "Counter", "HWThread 0"}));
        const auto* runtime = events->row("Runtime (RDTSC) [s]");
        const auto* faults = events->row("page-faults");
        const auto* clock = events->row("task-clock");
        QVERIFY2(runtime && faults && clock, r.out.c_str());
        QCOMPARE((*faults)[1], std::string("PMC0"));
        QCOMPARE((*runtime)[1], std::string("TSC"));
        QVERIFY2(number((*runtime)[2]) > 0, r.out.c_str());
        // Whole CPU 0 is counted, the program pinned there: its faults at least.
        QVERIFY2(number((*faults)[2]) >= kPages, r.out.c_str());
        QVERIFY2(number((*clock)[2]) > 0, r.out.c_str());
        // One location: no STAT table unless --stats.
        QVERIFY2(!contains(r.out, " STAT "), r.out.c_str());
    }

    // likwid-perfctr -C 0-1 -g GROUP -O ./a.out: likwid's CSV, every line as wide as the widest table.
    void csvOfAGroupOnTwoCpus() {
        const StatRun r = runSubcommand({"-C", "0-1", "-g", "SOFTWARE", "-O", workloadPath(), "thread-pages", "2",
                                         std::to_string(kPages)});
        QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
        std::vector<CsvTable> tables;
        size_t width = 0;
        bool sawStruct = false;
        for (const auto& line : split(r.out, '\n')) {
            if (!contains(line, ",")) continue; // the header lines and rules above the CSV
            const auto fields = split(line, ',', true);
            if (width == 0) width = fields.size();
            QCOMPARE(fields.size(), width);
            if (fields[0] == "STRUCT") sawStruct = true;
            else if (fields[0] == "TABLE") tables.push_back({fields, {}});
            else if (!tables.empty()) tables.back().lines.push_back(fields);
        }
        QVERIFY2(sawStruct, r.out.c_str());
        QCOMPARE(tables.size(), size_t(4)); // Raw, Raw STAT, Metric, Metric STAT
        QCOMPARE(tables[0].marker[1], std::string("Group 1 Raw"));
        QCOMPARE(tables[1].marker[1], std::string("Group 1 Raw STAT"));
        QCOMPARE(tables[2].marker[1], std::string("Group 1 Metric"));
        QCOMPARE(tables[3].marker[1], std::string("Group 1 Metric STAT"));
        for (const auto& t : tables) {
            QCOMPARE(t.marker[2], std::string("SOFTWARE"));
            // The row count in the TABLE line is the rows under the header.
            QCOMPARE(t.marker[3], std::to_string(t.lines.size() - 1));
        }
        const auto& raw = tables[0].lines;
        QCOMPARE(std::vector<std::string>(raw[0].begin(), raw[0].begin() + 4),
                 (std::vector<std::string>{"Event", "Counter", "HWThread 0", "HWThread 1"}));
        std::map<std::string, std::vector<std::string>> byEvent;
        for (const auto& l : raw) byEvent[l[0]] = l;
        QVERIFY(byEvent.count("page-faults"));
        const double faults = number(byEvent["page-faults"][2]) + number(byEvent["page-faults"][3]);
        QVERIFY2(faults >= 2 * kPages, r.out.c_str());
        // The STAT Sum is the sum of the two CPUs.
        bool statChecked = false;
        for (const auto& l : tables[1].lines)
            if (l[0] == "page-faults STAT") {
                QCOMPARE(number(l[2]), faults);
                statChecked = true;
            }
        QVERIFY(statChecked);
        bool runtime = false;
        for (const auto& l : tables[2].lines) runtime = runtime || (l[0] == "Runtime (RDTSC) [s]" && number(l[1]) > 0);
        QVERIFY2(runtime, "scripts grep the metric table for 'Runtime (RDTSC) [s]'");
    }

    // likwid-perfctr -c 0-1 -g GROUP -S 1s (stethoscope, no program)
    void stethoscopeWithoutAProgram() {
        const StatRun r = runLikwid({"-c", "0-1", "-g", "SOFTWARE", "-S", "1s"});
        QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
        const auto all = boxes(r.out);
        const Box* metrics = boxStartingWith(all, "Metric");
        const Box* metricStat = boxStartingWith(all, "Metric", 1);
        QVERIFY2(metrics && metricStat, r.out.c_str());
        QCOMPARE(metrics->header, (std::vector<std::string>{"Metric", "HWThread 0", "HWThread 1"}));
        QCOMPARE(metricStat->header, (std::vector<std::string>{"Metric", "Sum", "Min", "Max", "Avg"}));
        const auto* runtime = metrics->row("Runtime (RDTSC) [s]");
        QVERIFY2(runtime, r.out.c_str());
        // -S is a lower bound of the time counted, however busy the machine.
        QVERIFY2(number((*runtime)[1]) >= 0.99 && number((*runtime)[2]) >= 0.99, r.out.c_str());
        QVERIFY2(metricStat->row("CPU time [s] STAT"), r.out.c_str());
        QVERIFY2(boxStartingWith(all, "Event", 1), "the event STAT table (two CPUs)");
    }

    // likwid-perfctr -c 0-1 -g GROUP -t 200ms ./a.out (timeline: header on stdout, lines on stderr)
    void timeline() {
        const StatRun r = runLikwid(
            {"-c", "0-1", "-g", "page-faults:PMC0", "-t", "200ms", workloadPath(), "pages", std::to_string(kPages)});
        QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
        QVERIFY2(contains(r.out, "# HWThreads: 0|1\n"), r.out.c_str());
        QVERIFY2(contains(r.out, "# GID|EventCount|CpuCount|Total runtime [s]|page-faults\n"), r.out.c_str());
        QVERIFY2(!contains(r.out, "+-"), "likwid prints no tables after a timeline");
        double faults = 0, last = 0;
        size_t lines = 0;
        for (const auto& line : split(r.err, '\n')) {
            const auto f = split(line, ' ');
            if (f.size() != 6 || f[0] != "1") continue;
            ++lines;
            QCOMPARE(f[1], std::string("1"));
            QCOMPARE(f[2], std::string("2"));
            QVERIFY(number(f[3]) > last);
            last = number(f[3]);
            faults += number(f[4]) + number(f[5]);
        }
        QVERIFY2(lines >= 1, r.err.c_str());
        QVERIFY2(faults >= kPages, r.err.c_str()); // the intervals add up to the whole run
    }

    // likwid-perfctr -m -C 0 -g GROUP ./a.out (marker API): regions only, as likwid
    void markerRegions() {
        const std::string program = qEnvironmentVariable("PERFDASH_LIKWID_REGIONS").toStdString();
        QVERIFY2(!program.empty(), "PERFDASH_LIKWID_REGIONS is set by ctest");
        const StatRun r = runLikwid({"-m", "-C", "0", "-g", "page-faults:PMC0", program, "400", "2"});
        QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
        QVERIFY2(!contains(r.out, "\nGroup 1: custom\n"), "-m reports regions, not the whole program");
        QVERIFY2(contains(r.out, "Region compute, Group 1: custom\n"), r.out.c_str());
        const auto all = boxes(r.out);
        const Box* info = boxStartingWith(all, "Region Info");
        QVERIFY2(info, r.out.c_str());
        const auto* calls = info->row("call count");
        QVERIFY2(calls && info->row("RDTSC Runtime [s]"), r.out.c_str());
        // Two worker threads ran 'compute' twice each, touching 200 pages each time.
        QCOMPARE(std::count(calls->begin() + 1, calls->end(), std::string("2")), long(2));
        const Box* events = boxStartingWith(all, "Event");
        QVERIFY(events);
        const auto* faults = events->row("page-faults");
        QVERIFY2(faults && rowSum(*faults, 2) >= 800, r.out.c_str());
    }

    // likwid-perfctr -o out.csv / out.txt / out.json: the format by the suffix, nothing but the header on stdout.
    void outputFiles() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (const char* suffix : {"csv", "txt", "json"}) {
            const std::string path = dir.filePath(QString("out.") + suffix).toStdString();
            const StatRun r = runLikwid({"-C", "0", "-g", "page-faults:PMC0", "-o", path, workloadPath(), "pages",
                                         std::to_string(kPages)});
            QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
            QVERIFY2(!contains(r.out, "CPU name:"), r.out.c_str());
            QFile f(QString::fromStdString(path));
            QVERIFY2(f.open(QIODevice::ReadOnly), path.c_str());
            const std::string text = f.readAll().toStdString();
            if (std::string_view(suffix) == "csv") {
                QVERIFY2(text.starts_with("STRUCT,Info,3") && contains(text, "TABLE,Group 1 Raw,custom,2"),
                         text.c_str());
            } else if (std::string_view(suffix) == "txt") {
                QVERIFY2(text.starts_with(std::string(80, '-') + "\nCPU name:\t"), text.c_str());
                const auto all = boxes(text);
                const Box* events = boxStartingWith(all, "Event");
                QVERIFY2(events && events->row("page-faults"), text.c_str());
                QVERIFY(number((*events->row("page-faults"))[2]) >= kPages);
            } else {
                auto report = readReportJson(text, path);
                QVERIFY2(report, report ? "" : report.error().message.c_str());
                QVERIFY(total(report->groups, "page-faults") >= kPages);
            }
        }
    }

    // likwid writes CSV into any file when -O is given, a .txt one too.
    void csvFlagWinsOverATxtFile() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("out.txt").toStdString();
        const StatRun r = runLikwid({"-C", "0", "-g", "page-faults:PMC0", "-O", "-o", path, workloadPath(), "pages",
                                     std::to_string(kPages)});
        QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
        QFile f(QString::fromStdString(path));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const std::string text = f.readAll().toStdString();
        QVERIFY2(text.starts_with("STRUCT,Info,3") && !contains(text, "+-"), text.c_str());
    }

    void listings() {
        const StatRun groups = runLikwid({"-a"});
        QVERIFY2(groups.exited && groups.exitCode == 0, groups.describe().c_str());
        QVERIFY2(contains(groups.out, "Group name\tDescription\n" + std::string(80, '-') + "\n"), groups.out.c_str());
        QVERIFY2(contains(groups.out, "SOFTWARE\tCPU utilisation"), groups.out.c_str());

        const StatRun events = runLikwid({"-e"});
        QVERIFY2(events.exited && events.exitCode == 0, events.describe().c_str());
        QVERIFY2(contains(events.out, "\npage-faults, PMC\n"), events.out.c_str());

        const StatRun search = runLikwid({"-E", "FAULT"});
        QVERIFY2(search.exited && search.exitCode == 0, search.describe().c_str());
        const auto lines = split(search.out, '\n', true);
        QVERIFY(!lines.empty() && lines[0].starts_with("Found "));
        const long found = std::stol(lines[0].substr(6));
        long listed = 0;
        for (size_t i = 1; i < lines.size() && !lines[i].empty(); ++i) {
            QVERIFY2(contains(toLower(lines[i].substr(0, lines[i].find(','))), "fault"), lines[i].c_str());
            ++listed;
        }
        QCOMPARE(listed, found);
        QVERIFY(contains(search.out, "page-faults, PMC\n"));

        const StatRun help = runLikwid({"-H", "-g", "SOFTWARE"});
        QVERIFY2(help.exited && help.exitCode == 0, help.describe().c_str());
        QVERIFY2(help.out.starts_with("Group SOFTWARE:\nFormulas:\n"), help.out.c_str());

        const StatRun info = runLikwid({"-i"});
        QVERIFY2(info.exited && info.exitCode == 0 && contains(info.out, "CPU name:\t"), info.describe().c_str());
        QVERIFY2(contains(info.out, "likwid arch:\t") && contains(info.out, "Identified:\t"), info.out.c_str());
        // PERFDASH_ARCH names the architecture, as --arch does for perfdash-cli; a wrong name is a usage error.
        const StatRun named = runLikwid({"-i"}, "skylakeX");
        QVERIFY2(named.exited && named.exitCode == 0, named.describe().c_str());
        QVERIFY2(contains(named.out, "CPU type:\tskylakeX (named by PERFDASH_ARCH; detected: "), named.out.c_str());
        const StatRun skylakeGroups = runLikwid({"-a"}, "skylake");
        QVERIFY2(skylakeGroups.exited && skylakeGroups.exitCode == 0 && contains(skylakeGroups.out, "UOPS_ISSUE"),
                 skylakeGroups.describe().c_str());
        const StatRun bad = runLikwid({"-a"}, "zen9");
        QVERIFY2(bad.exited && bad.exitCode == 2 && contains(bad.err, "'zen9' in PERFDASH_ARCH"), bad.describe().c_str());
        // No arguments: the help, as likwid-perfctr prints its usage.
        const StatRun usage = runLikwid({});
        QVERIFY2(usage.exited && usage.exitCode == 0 && contains(usage.out, "-T TIME") &&
                     contains(usage.out, "--execpid"),
                 usage.describe().c_str());
        const StatRun version = runLikwid({"-v"});
        QVERIFY2(version.exited && version.exitCode == 0 && version.out.starts_with("likwid-perfctr -- perfdash "),
                 version.describe().c_str());
    }

    // --execpid: the program alone, per CPU it is pinned to; -T with one set is accepted with a note.
    void execpidAndOneSetSwitchPeriod() {
        const StatRun r = runLikwid({"--execpid", "-C", "0", "-T", "1s", "-g", "page-faults:PMC0", workloadPath(),
                                     "pages", std::to_string(kPages)});
        QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
        QVERIFY2(contains(r.err, "-T 1s"), r.err.c_str());
        const auto all = boxes(r.out);
        const Box* events = boxStartingWith(all, "Event");
        QVERIFY2(events && events->row("page-faults"), r.out.c_str());
        const double faults = number((*events->row("page-faults"))[2]);
        // The workload alone: its pages and its start-up, not a whole CPU's worth of other processes'.
        QVERIFY2(faults >= kPages && faults < 2 * kPages, r.out.c_str());
    }

    // likwid-perfctr -c 0-1 -g A -g B -T 100ms -S 2s: the sets take turns, each scaled to the whole run.
    void eventSetsTakeTurns() {
        const StatRun r = runLikwid({"-c", "0-1", "-g", "page-faults:PMC0", "-g", "context-switches:PMC0,task-clock:PMC1",
                                     "-T", "100ms", "-S", "2s"});
        QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
        QVERIFY2(contains(r.err, "the 2 groups took turns, switched every 100ms"), r.err.c_str());
        QVERIFY2(contains(r.out, "\nGroup 1: custom\n") && contains(r.out, "\nGroup 2: custom\n"), r.out.c_str());
        const auto all = boxes(r.out);
        const Box* first = boxStartingWith(all, "Event");
        const Box* second = boxStartingWith(all, "Event", 2); // after group 1's STAT table
        QVERIFY2(first && second && first->row("page-faults") && second->row("task-clock"), r.out.c_str());
        // Twenty turns in two seconds: both sets counted and scaled (a number, not "-").
        for (const auto* row : {first->row("page-faults"), second->row("task-clock")})
            for (size_t c = 2; c < row->size(); ++c) QVERIFY2(isAvailable(number((*row)[c])), r.out.c_str());
    }

    // likwid-perfctr -c 0-1 -g A -g B -t 100ms ./a.out: one line per interval, the groups in turn.
    void timelineGroupsTakeTurns() {
        const StatRun r = runLikwid({"-c", "0-1", "-g", "page-faults:PMC0", "-g", "task-clock:PMC0", "-t", "100ms",
                                     workloadPath(), "spin", "500"});
        QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
        std::vector<std::string> groups, times;
        for (const auto& line : split(r.err, '\n')) {
            const auto f = split(line, ' ');
            if (f.size() != 6 || (f[0] != "1" && f[0] != "2")) continue;
            groups.push_back(f[0]);
            times.push_back(f[3]);
            for (size_t c = 4; c < 6; ++c) QVERIFY2(isAvailable(number(f[c])), line.c_str());
        }
        QVERIFY2(groups.size() >= 2, r.err.c_str());
        for (size_t i = 0; i < groups.size(); ++i) QCOMPARE(groups[i], std::string(i % 2 ? "2" : "1"));
        QCOMPARE(std::set<std::string>(times.begin(), times.end()).size(), times.size()); // one group per interval
    }

    // --multiplex: both sets at once; software events never run out of counters, so nothing is scaled.
    void multiplexCountsTheSetsAtOnce() {
        const StatRun r = runLikwid({"--multiplex", "-C", "0", "-g", "page-faults:PMC0", "-g", "task-clock:PMC0",
                                     workloadPath(), "pages", std::to_string(kPages)});
        QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
        QVERIFY2(!contains(r.err, "took turns"), r.err.c_str());
        const auto all = boxes(r.out);
        const Box* first = boxStartingWith(all, "Event");
        const Box* second = boxStartingWith(all, "Event", 1);
        QVERIFY2(first && second && first->row("page-faults") && second->row("task-clock"), r.out.c_str());
        QVERIFY2(number((*first->row("page-faults"))[2]) >= kPages, r.out.c_str());
        QVERIFY2(number((*second->row("task-clock"))[2]) > 0, r.out.c_str());
    }

    // A hardware group where there is no hardware PMU (a VM): perfdash's reason, not zeros. With a PMU it counts.
    void aHardwareGroupCountsOrSaysWhyNot() {
        QProcess caps;
        caps.start(cliPath(), {"capabilities", "--json"});
        QVERIFY(caps.waitForFinished(60000));
        const auto json = nlohmann::json::parse(caps.readAllStandardOutput().toStdString(), nullptr, false);
        QVERIFY2(json.is_array(), "capabilities --json is an array");
        bool pmu = false;
        for (const auto& c : json)
            if (c.value("id", "") == "hardware_pmu") pmu = c.value("available", false);
        const StatRun r = runLikwid({"-C", "0", "-g", "CPI", workloadPath(), "pages", std::to_string(kPages)});
        if (pmu) {
            QVERIFY2(r.exited && r.exitCode == 0 && contains(r.out, "\nGroup 1: CPI\n"), r.describe().c_str());
        } else {
            // Refused either way, with each event's reason: nothing of CPI counts (an
            // architecture whose CPI group is all hardware), or only part of it (the portable
            // CPI group's task-clock counts), which likwid-perfctr refuses as well.
            QVERIFY2(r.exited && r.exitCode == 1, r.describe().c_str());
            QVERIFY2(contains(r.err, "none of the requested events can be counted here") ||
                         contains(r.err, "group CPI cannot be counted whole here"),
                     r.err.c_str());
            QVERIFY2(contains(r.err, "in group CPI will not be counted"), r.err.c_str());
            QVERIFY2(!contains(r.out, "+-"), "no table of zeros");
        }
    }

    void refusals_data() {
        QTest::addColumn<std::vector<std::string>>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        const std::string w = workloadPath();
        QTest::newRow("-T with --execpid") << std::vector<std::string>{"--execpid", "-C", "0", "-g", "SOFTWARE", "-g",
                                                                       "page-faults:PMC0", "-T", "1s", w, "pages", "1"}
                                           << 2 << "-T: the event sets take turns only while whole CPUs are counted";
        QTest::newRow("-T with -m") << std::vector<std::string>{"-m", "-C", "0", "-g", "SOFTWARE", "-g",
                                                                "page-faults:PMC0", "-T", "1s", w}
                                    << 2 << "LIKWID_MARKER_SWITCH";
        QTest::newRow("-T with --multiplex") << std::vector<std::string>{"-g", "SOFTWARE", "-g", "page-faults:PMC0",
                                                                         "-T", "1s", "--multiplex", w}
                                             << 2 << "exclude each other";
        QTest::newRow("-T with -t") << std::vector<std::string>{"-c", "0", "-g", "SOFTWARE", "-g", "page-faults:PMC0",
                                                                "-T", "1s", "-t", "100ms", w}
                                    << 2 << "in timeline mode likwid switches the event sets at every interval";
        QTest::newRow("-o filter") << std::vector<std::string>{"-C", "0", "-g", "SOFTWARE", "-o", "out.xml", w}
                                   << 2 << "-o out.xml";
        QTest::newRow("-t without unit") << std::vector<std::string>{"-C", "0", "-g", "SOFTWARE", "-t", "200", w}
                                         << 2 << "-t 200: give the time with a unit";
        QTest::newRow("GPU") << std::vector<std::string>{"-C", "0", "-g", "SOFTWARE", "-W", "FLOPS_SP", w} << 2
                             << "-W: likwid-perfctr's GPU measurement";
        QTest::newRow("no group") << std::vector<std::string>{"-C", "0", w} << 2 << "-g: name a performance group";
        QTest::newRow("two modes") << std::vector<std::string>{"-m", "-t", "1s", "-C", "0", "-g", "SOFTWARE", w}
                                   << 2 << "give one of them";
        QTest::newRow("no program") << std::vector<std::string>{"-C", "0", "-g", "SOFTWARE"} << 2
                                    << "no program to measure";
        QTest::newRow("-M value") << std::vector<std::string>{"-M", "2", "-g", "SOFTWARE", w} << 2 << "-M 2";
        QTest::newRow("-s not hex") << std::vector<std::string>{"-s", "xyz", "-g", "SOFTWARE", w} << 2 << "-s xyz";
        QTest::newRow("-H custom set") << std::vector<std::string>{"-H", "-g", "page-faults:PMC0"} << 2
                                       << "custom event set, not a group";
    }

    void refusals() {
        QFETCH(std::vector<std::string>, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const StatRun r = runLikwid(args);
        QVERIFY2(r.exited && r.exitCode == exitCode, r.describe().c_str());
        QVERIFY2(contains(r.err, message.toStdString()), r.describe().c_str());
    }
};

QTEST_GUILESS_MAIN(TestLikwidPerfctr)
#include "test_likwid_perfctr.moc"
