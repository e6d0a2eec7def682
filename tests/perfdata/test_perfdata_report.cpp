// `perfdash-cli report FILE.data` on files Debian's perf records here, of
// the profile tests' workload (tests/profile/workloads: lib_work 30 %,
// main_work 20 % with inlined_work 20 % inlined into it, thread_work 20 %,
// child_work 10 % of its CPU time): with and without call stacks (-g), pipe
// mode (-o -), compressed (-z). The shares of the top functions must be
// those `perf report --stdio --no-children --sort symbol` prints for the
// same file, within 1 point. perf names a sample by its ELF symbol, so
// perfdash's inlined_work counts as main_work for the comparison.
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <filesystem>
#include <map>
#include <regex>
#include <sstream>

#include "profile/ProfileCli.h"

using namespace perfdash;
using namespace perfdash::testing;

namespace {

const char* const kWorkloadFunctions[] = {"lib_work", "main_work", "thread_work", "child_work"};

// A program run to its end, its stdout kept; stdin from `input` when given.
CliRun runProgram(const QString& program, const QStringList& args, const QString& input = {},
                  const QString& output = {}) {
    QProcess p;
    if (!input.isEmpty()) p.setStandardInputFile(input);
    if (!output.isEmpty()) p.setStandardOutputFile(output);
    p.start(program, args);
    return collect(p, 240000);
}

// perf report's self share (in %) per symbol.
std::map<std::string, double> perfShares(const QString& perf, const QString& file) {
    const CliRun r = runProgram(perf, {"report", "-i", file, "--stdio", "--no-children", "--sort", "symbol", "-g", "none"});
    std::map<std::string, double> shares;
    if (!r.exited || r.exitCode != 0) return shares;
    // A group's file has a column per member: the first is the leader's, by which perf sorts.
    const std::regex line(R"(^\s*([0-9.]+)%\s+(?:[0-9.]+%\s+)*\[.\]\s+(\S+))");
    std::istringstream in(r.out);
    for (std::string text; std::getline(in, text);) {
        std::smatch m;
        if (std::regex_search(text, m, line)) shares[m[2]] += std::stod(m[1]);
    }
    return shares;
}

// "key : value" lines of a header, without perf's "# ", each key's values in order.
std::map<std::string, std::vector<std::string>> headerLines(const std::string& text) {
    std::map<std::string, std::vector<std::string>> lines;
    const std::regex line(R"(^(?:# )?([A-Za-z][A-Za-z0-9 ]*?)\s*: (.*?)\s*$)");
    const std::regex cpu(R"(^(?:# )?(CPU \d+): (.*?)\s*$)");
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) {
        std::smatch m;
        if (std::regex_match(l, m, cpu) || std::regex_match(l, m, line)) lines[m[1]].push_back(m[2]);
    }
    return lines;
}

// perfdash's self share (in %) per ELF function: inlined code counts in the function it is inlined into.
std::map<std::string, double> perfdashShares(const std::string& json) {
    std::map<std::string, double> shares;
    const auto doc = nlohmann::json::parse(json, nullptr, false);
    if (doc.is_discarded()) return shares;
    for (const auto& f : doc["functions"]) {
        const std::string into = f["inlined_into"].get<std::string>();
        shares[into.empty() ? f["name"].get<std::string>() : into] += 100.0 * f["self"]["share"].get<double>();
    }
    return shares;
}

} // namespace

class TestPerfDataReport : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString perf_;

    QString path(const QString& name) const { return dir_.filePath(name); }

    // perf record ARGS -o FILE (or > FILE for pipe mode) -- the workload.
    void record(const QString& file, QStringList args, bool pipe = false, const QString& program = PROFILE_WORKLOAD) {
        args.prepend("record");
        args << "-o" << (pipe ? QString("-") : file) << "--" << program << "shares" << "3000000";
        const CliRun r = runProgram(perf_, args, {}, pipe ? file : QString());
        QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
    }

    void compareWithPerf(const QString& file, std::vector<std::string> functions = {std::begin(kWorkloadFunctions),
                                                                                     std::end(kWorkloadFunctions)}) {
        const CliRun report = runCli({"report", file.toStdString(), "--functions", "--json", "--limit", "0"});
        QVERIFY2(report.exited && report.exitCode == 0, report.describe().c_str());
        const auto ours = perfdashShares(report.out);
        const auto theirs = perfShares(perf_, file);
        for (const std::string& function : functions) {
            const double a = ours.count(function) ? ours.at(function) : -100;
            const double b = theirs.count(function) ? theirs.at(function) : 100;
            qInfo("%s: %-12s perfdash %5.2f %%, perf report %5.2f %%", qPrintable(QFileInfo(file).fileName()),
                  function.c_str(), a, b);
            QVERIFY2(std::abs(a - b) <= 1.0, (function + ": perfdash " + std::to_string(a) +
                                              " %, perf report " + std::to_string(b) + " %\n" + report.out.substr(0, 2000))
                                                 .c_str());
        }
    }

private slots:
    void initTestCase() {
        if (auto why = whyProfileTestsCannotRun(); !why.empty()) QSKIP(why.c_str());
        QVERIFY(dir_.isValid());
        // linux-perf is in packaging/debian-packages.txt: a machine without it is not set up.
        perf_ = QStandardPaths::findExecutable("perf");
        QVERIFY2(!perf_.isEmpty(), "perf is not installed: apt-get install linux-perf (packaging/debian-packages.txt)");
    }

    void fileMode() {
        record(path("plain.data"), {"-e", "cpu-clock"});
        compareWithPerf(path("plain.data"));
        const CliRun text = runCli({"report", path("plain.data").toStdString()});
        QVERIFY2(text.exited && text.exitCode == 0, text.describe().c_str());
        QVERIFY2(contains(text.out, "read from the perf.data file " + path("plain.data").toStdString() + " (file mode") &&
                     contains(text.out, "samples of cpu-clock") && contains(text.out, "no record skipped") &&
                     contains(text.out, "inlined_work [inlined into main_work]"),
                 text.out.c_str());
    }

    // --info shows the machine's features as perf report --header-only -I
    // does, value for value: the file's own figures, so they must agree.
    void headerAsPerfShowsIt() {
        for (const QString& file : {path("plain.data")}) {
            const CliRun info = runCli({"report", file.toStdString(), "--info"});
            QVERIFY2(info.exited && info.exitCode == 0, info.describe().c_str());
            const CliRun perf = runProgram(perf_, {"report", "-i", file, "--header-only", "-I"});
            QVERIFY2(perf.exited && perf.exitCode == 0, perf.describe().c_str());
            const auto ours = headerLines(info.out);
            const auto theirs = headerLines(perf.out);
            for (const char* key : {"hostname", "os release", "perf version", "arch", "nrcpus online", "nrcpus avail",
                                    "cpudesc", "cpuid", "total memory", "cmdline", "sibling sockets", "sibling dies",
                                    "sibling threads", "CPU 0", "node0 meminfo", "node0 cpu list"}) {
                QVERIFY2(theirs.count(key), (std::string(key) + " is not in perf's header:\n" + perf.out).c_str());
                QVERIFY2(ours.count(key) && ours.at(key) == theirs.at(key),
                         (std::string(key) + ": perfdash's header differs from perf's:\n" + info.out + "\n" + perf.out).c_str());
            }
        }
    }

    // -o FILE.html writes the HTML report's section of the samples (functions
    // and flame graph), never a text view under an .html name; a view that
    // has no HTML form is refused with the way out.
    void htmlReport() {
        const std::string file = path("plain.data").toStdString();
        const QString html = path("plain.html");
        const CliRun r = runCli({"report", file, "-o", html.toStdString()});
        QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
        QFile written(html);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const std::string page = written.readAll().toStdString();
        QVERIFY2(page.starts_with("<!DOCTYPE html>") && contains(page, "lib_work") && contains(page, "<svg") &&
                     !contains(page, "+-----------"),
                 page.substr(0, 2000).c_str());
        const CliRun lines = runCli({"report", file, "--lines", "main_work", "-o", path("lines.html").toStdString()});
        QVERIFY2(lines.exited && lines.exitCode == 2 && contains(lines.err, "--lines is written as text") &&
                     contains(lines.err, ".txt") && !QFileInfo::exists(path("lines.html")),
                 lines.describe().c_str());
    }

    void callStacks() {
        record(path("g.data"), {"-e", "cpu-clock", "-g"});
        compareWithPerf(path("g.data"));
        // The stacks are there: main_work is called by shares, and its total holds inlined_work.
        const CliRun callers = runCli({"report", path("g.data").toStdString(), "--callers", "main_work"});
        QVERIFY2(callers.exited && callers.exitCode == 0 && contains(callers.out, "└─ shares"), callers.describe().c_str());
        const CliRun folded = runCli({"report", path("g.data").toStdString(), "--folded"});
        QVERIFY2(contains(folded.out, ";main;shares;main_work;inlined_work "), folded.out.substr(0, 2000).c_str());
    }

    // --call-graph dwarf: the samples carry registers and stack copies (and
    // DATA_SRC, which perf adds), unwound by core/symbols' unwinder.
    void dwarfStacks() {
        record(path("dwarf.data"), {"-e", "cpu-clock", "--call-graph", "dwarf"});
        compareWithPerf(path("dwarf.data"));
        const CliRun callers = runCli({"report", path("dwarf.data").toStdString(), "--callers", "lib_work"});
        QVERIFY2(callers.exited && callers.exitCode == 0 && contains(callers.out, "DWARF unwinding") &&
                     contains(callers.out, "└─ shares"),
                 callers.describe().c_str());
    }

    void pipeMode() {
        record(path("pipe.data"), {"-e", "cpu-clock"}, true);
        compareWithPerf(path("pipe.data"));
        // Its features come as records of the stream: --info reads them there.
        const CliRun info = runCli({"report", path("pipe.data").toStdString(), "--info"});
        QVERIFY2(info.exited && info.exitCode == 0 && contains(info.out, "mode           : pipe") &&
                     contains(info.out, "\ncpudesc        : ") && contains(info.out, "\nsibling threads: "),
                 info.describe().c_str());
        // The same stream read from standard input.
        QProcess p;
        p.setStandardInputFile(path("pipe.data"));
        p.start(cliPath(), {"report", "-", "--functions", "--limit", "3"});
        const CliRun r = collect(p, 120000);
        QVERIFY2(r.exited && r.exitCode == 0 && contains(r.out, "(pipe mode") && contains(r.out, "lib_work"),
                 r.describe().c_str());
    }

    void compressed() {
        record(path("z.data"), {"-e", "cpu-clock", "-z"});
        compareWithPerf(path("z.data"));
    }

    // perf record -e '{a,b}:S': the leader samples and reads its group, so
    // each function gets both events' counts. perf 6.1 records such a group
    // without inherit (its kernel check refused it before 6.12), so only the
    // main thread's functions are sampled.
    void groupRead() {
        record(path("group.data"), {"-e", "{cpu-clock,task-clock}:S"});
        compareWithPerf(path("group.data"), {"lib_work", "main_work"});
        const CliRun r = runCli({"report", path("group.data").toStdString(), "--functions", "--json"});
        QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
        const auto doc = nlohmann::json::parse(r.out);
        const auto& lib = doc["functions"][0];
        QCOMPARE(lib["name"].get<std::string>(), std::string("lib_work"));
        const double cpu = lib["self"]["events"]["cpu-clock"].get<double>();
        const double task = lib["self"]["events"]["task-clock"].get<double>();
        // Both clocks count the same thread's CPU time between its samples.
        QVERIFY2(cpu > 0 && std::abs(task / cpu - 1.0) < 0.05, r.out.substr(0, 2000).c_str());
    }

    // The views take --time, --json and -o as for a session of record.
    void views() {
        const std::string file = path("plain.data").toStdString();
        const CliRun timed = runCli({"report", file, "--functions", "--time", "0s-1s", "--json"});
        QVERIFY2(timed.exited && timed.exitCode == 0 && contains(timed.out, "\"profile_functions\""), timed.describe().c_str());
        const CliRun flame = runCli({"report", file, "--flame", "samples", "-o", path("flame.svg").toStdString()});
        QVERIFY2(flame.exited && flame.exitCode == 0 && QFileInfo(path("flame.svg")).size() > 0, flame.describe().c_str());
        const CliRun lines = runCli({"report", file, "--lines", "main_work"});
        QVERIFY2(lines.exited && lines.exitCode == 0 && contains(lines.out, "profile_workload.c"), lines.describe().c_str());
    }

    // A binary that is gone since the recording is named, with the fix;
    // under --symfs its copy, with the recorded build-id, gives the names back.
    void missingBinaryAndSymfs() {
        const QString copy = path("workload-copy");
        QVERIFY(QFile::copy(PROFILE_WORKLOAD, copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        record(path("copy.data"), {"-e", "cpu-clock"}, false, copy);
        const QString root = path("symfs");
        QVERIFY(QDir().mkpath(root + QFileInfo(copy).absolutePath()));
        QVERIFY(QFile::rename(copy, root + QFileInfo(copy).absoluteFilePath()));

        const CliRun missing = runCli({"report", path("copy.data").toStdString()});
        QVERIFY2(missing.exited && missing.exitCode == 0, missing.describe().c_str());
        QVERIFY2(contains(missing.out, "Warning:   " + copy.toStdString() + ": the binary is missing") &&
                     contains(missing.out, "--symfs") && !contains(missing.out, "| main_work"),
                 missing.out.c_str());

        const CliRun found = runCli({"report", path("copy.data").toStdString(), "--symfs", root.toStdString()});
        QVERIFY2(found.exited && found.exitCode == 0 && contains(found.out, "main_work") &&
                     !contains(found.out, "the binary is missing"),
                 found.out.c_str());
    }

    void notAPerfDataFile() {
        QFile f(path("garbage.data"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("PERFILE2 but nothing after it");
        f.close();
        const CliRun r = runCli({"report", path("garbage.data").toStdString()});
        QVERIFY2(r.exited && r.exitCode != 0 && contains(r.err, path("garbage.data").toStdString()) &&
                     contains(r.err, "perf record"),
                 r.describe().c_str());
    }
};

QTEST_GUILESS_MAIN(TestPerfDataReport)
#include "test_perfdata_report.moc"
