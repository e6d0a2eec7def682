// `perfdash-cli report --pprof` and `--speedscope` on sessions recorded here
// of the profile tests' workload (tests/profile/workloads: lib_work,
// main_work with inlined_work inlined into it, thread_work, child_work),
// read back by the formats' own tools: `go tool pprof` (Debian's golang-go)
// must list every function with the values `report --functions` gives the
// same session, for each value of a group; the speedscope file must pass
// the schema speedscope ships (tests/fixtures/speedscope, checked by
// Debian's python3-jsonschema) and its weights sum to the same counts.
// Without go or jsonschema the tests that need them skip, saying what to
// install: they never pass untested.
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <regex>
#include <sstream>

#include "profile/ProfileCli.h"

using namespace perfdash;
using namespace perfdash::testing;

namespace {

CliRun runProgram(const QString& program, const QStringList& args) {
    QProcess p;
    p.start(program, args);
    return collect(p, 120000);
}

// `go tool pprof -top` of one sample type: the flat value per function,
// " (inline)" taken off the names of functions pprof saw only inlined.
std::map<std::string, double> pprofFlat(const QString& go, const std::string& file, const std::string& sampleIndex,
                                        bool nanoseconds, std::string* output) {
    QStringList args{"tool", "pprof", "-top", "-nodecount=1000000", "-nodefraction=0", "-symbolize=none",
                     QString::fromStdString("-sample_index=" + sampleIndex)};
    // Times are printed in the unit that reads best (ms, s) unless one is named: exact nanoseconds here.
    if (nanoseconds) args << "-unit=ns";
    args << QString::fromStdString(file);
    const CliRun r = runProgram(go, args);
    *output = r.describe();
    std::map<std::string, double> flat;
    if (!r.exited || r.exitCode != 0) return flat;
    const std::regex line(R"(^\s*([0-9.]+)(?:ns)?\s+[0-9.]+%\s+[0-9.]+%\s+[0-9.]+(?:ns)?\s+[0-9.]+%\s+(.+?)( \(inline\))?$)");
    std::istringstream in(r.out);
    for (std::string text; std::getline(in, text);) {
        std::smatch m;
        if (std::regex_match(text, m, line)) flat[m[2]] += std::stod(m[1]);
    }
    return flat;
}

nlohmann::json functionsJson(const std::string& session) {
    const CliRun r = runCli({"report", session, "--functions", "--json", "--limit", "0"});
    if (!r.exited || r.exitCode != 0) return {};
    return nlohmann::json::parse(r.out, nullptr, false);
}

} // namespace

class TestInterchangeExport : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::string plain_, group_; // sessions: -e cpu-clock; -e cpu-clock,page-faults
    std::string path(const char* name) const { return dir_.filePath(name).toStdString(); }

    // Every function of `report --functions` with samples of its own has,
    // for each value, the same flat value in `go tool pprof -top`.
    void comparePprof(const std::string& session, const std::vector<std::pair<std::string, std::string>>& values) {
        const QString go = QStandardPaths::findExecutable("go");
        if (go.isEmpty()) QSKIP("go is not installed, so go tool pprof cannot read the export back: apt-get install golang-go (packaging/debian-packages.txt)");
        const std::string out = session + ".pb.gz";
        const CliRun r = runCli({"report", session, "--pprof", "-o", out});
        QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
        const nlohmann::json ours = functionsJson(session);
        QVERIFY2(ours.is_object() && !ours["functions"].empty(), session.c_str());
        for (const auto& [sampleIndex, jsonPath] : values) {
            std::string output;
            const bool ns = sampleIndex == "cpu-clock";
            const auto flat = pprofFlat(go, out, sampleIndex, ns, &output);
            QVERIFY2(!flat.empty(), output.c_str());
            size_t compared = 0;
            for (const auto& f : ours["functions"]) {
                const auto& self = f["self"];
                if (self["samples"].get<double>() <= 0) continue;
                const double expected = jsonPath == "samples" || jsonPath == "weight"
                                            ? self[jsonPath].get<double>()
                                            : self["events"][jsonPath].get<double>();
                const std::string name = f["name"].get<std::string>();
                const double got = flat.count(name) ? flat.at(name) : 0.0;
                if (got != expected)
                    QFAIL((sampleIndex + ": " + name + ": go tool pprof " + std::to_string(got) + ", report --functions " +
                           std::to_string(expected) + "\n" + output.substr(0, 3000))
                              .c_str());
                ++compared;
            }
            // The workload's functions, at least, each with samples of its own (pprof leaves out a
            // function whose value is 0, as a member event's often is: compared as 0 above).
            QVERIFY2(compared >= 5, output.c_str());
            if (sampleIndex == "samples")
                QVERIFY2(flat.count("lib_work") && flat.count("inlined_work") && flat.count("main_work"), output.c_str());
        }
    }

private slots:
    void initTestCase() {
        if (auto why = whyProfileTestsCannotRun(); !why.empty()) QSKIP(why.c_str());
        QVERIFY(dir_.isValid());
        // This VM has no PMU: software events, which count everywhere.
        plain_ = path("plain.json");
        group_ = path("group.json");
        for (const auto& [session, events] : {std::pair{plain_, "cpu-clock"}, std::pair{group_, "cpu-clock,page-faults"}}) {
            const CliRun r = runCli({"record", "-e", events, "-o", session, "--", PROFILE_WORKLOAD, "shares", "3000000"});
            QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
        }
    }

    void pprofTopIsReportFunctions() { comparePprof(plain_, {{"samples", "samples"}, {"cpu-clock", "weight"}}); }

    // A group's members travel with the samples: each its own sample type.
    void pprofGroupValues() {
        comparePprof(group_, {{"samples", "samples"}, {"cpu-clock", "weight"}, {"page-faults", "page-faults"}});
    }

    // inlined_work is a line of main_work's location, innermost first; the
    // program's mapping has its path and the build-id the session recorded.
    void pprofInlineFramesAndMappings() {
        const QString go = QStandardPaths::findExecutable("go");
        if (go.isEmpty()) QSKIP("go is not installed, so go tool pprof cannot read the export back: apt-get install golang-go (packaging/debian-packages.txt)");
        const std::string out = path("raw.pb.gz");
        const CliRun r = runCli({"report", plain_, "--pprof", "-o", out});
        QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
        const CliRun raw = runProgram(go, {"tool", "pprof", "-raw", "-symbolize=none", QString::fromStdString(out)});
        QVERIFY2(raw.exited && raw.exitCode == 0, raw.describe().c_str());
        const std::regex inlined(R"(\n\s+\d+: 0x0 M=\d+ inlined_work \S+:\d+ s=0\n\s+main_work \S+:\d+ s=0\n)");
        QVERIFY2(std::regex_search(raw.out, inlined), raw.out.substr(0, 4000).c_str());
        auto session = readSessionFile(plain_);
        QVERIFY2(session && session->profile, plain_.c_str());
        std::string buildId;
        for (const ProfileModule& m : session->profile->modules)
            if (m.path == PROFILE_WORKLOAD) buildId = m.buildId;
        QVERIFY2(!buildId.empty(), "the session has no build-id of the workload");
        QVERIFY2(contains(raw.out, std::string(PROFILE_WORKLOAD) + " " + buildId + " [FN][FL][LN][IN]"),
                 raw.out.substr(raw.out.find("Mappings")).c_str());
        QVERIFY2(contains(raw.out, "Comment: perfdash ") && contains(raw.out, "from session " + plain_) &&
                     contains(raw.out, "PeriodType: cpu-clock nanoseconds"),
                 raw.out.substr(0, 1000).c_str());
        // The selection options choose the samples, as for every view.
        const CliRun selected = runCli({"report", plain_, "--pprof", "--time", "0s-1s", "-o", path("timed.pb.gz")});
        QVERIFY2(selected.exited && selected.exitCode == 0, selected.describe().c_str());
        const CliRun timed = runProgram(go, {"tool", "pprof", "-raw", "-symbolize=none", QString::fromStdString(path("timed.pb.gz"))});
        QVERIFY2(contains(timed.out, "Comment: selection: 0 s to 1 s") && contains(timed.out, "Duration: 1s"),
                 timed.out.substr(0, 1000).c_str());
    }

    // The schema speedscope ships accepts the file; its weights are the same
    // counts as report --functions, per function (self) and in all.
    void speedscope() {
        const std::string out = path("group.speedscope.json");
        const CliRun r = runCli({"report", group_, "--speedscope", "-o", out});
        QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
        if (!QFileInfo::exists("/usr/bin/python3") ||
            runProgram("/usr/bin/python3", {"-c", "import jsonschema"}).exitCode != 0)
            QSKIP("Debian's python3-jsonschema is not installed, so the file cannot be checked against speedscope's "
                  "schema: apt-get install python3-jsonschema (packaging/debian-packages.txt)");
        const QString schema = qEnvironmentVariable("PERFDASH_FIXTURES") + "/speedscope/file-format-schema.json";
        const CliRun valid = runProgram("/usr/bin/python3",
                                        {"-c",
                                         "import json, sys, jsonschema\n"
                                         "jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))\n"
                                         "print('valid')",
                                         QString::fromStdString(out), schema});
        QVERIFY2(valid.exited && valid.exitCode == 0 && contains(valid.out, "valid"), valid.describe().c_str());

        std::ifstream in(out);
        const auto doc = nlohmann::json::parse(in, nullptr, false);
        QVERIFY(!doc.is_discarded());
        const auto& frames = doc["shared"]["frames"];
        const auto& profiles = doc["profiles"];
        QCOMPARE(profiles.size(), size_t(3));
        QCOMPARE(profiles[0]["name"].get<std::string>(), std::string("samples"));
        QCOMPARE(profiles[1]["name"].get<std::string>(), std::string("cpu-clock"));
        QCOMPARE(profiles[1]["unit"].get<std::string>(), std::string("nanoseconds"));
        QCOMPARE(profiles[2]["name"].get<std::string>(), std::string("page-faults"));
        QCOMPARE(doc["activeProfileIndex"].get<int>(), 1);
        bool workloadFile = false;
        for (const auto& f : frames)
            if (f["name"] == "lib_work") workloadFile = contains(f.value("file", ""), "profile_lib.c");
        QVERIFY2(workloadFile, "lib_work's frame has no source file");

        const nlohmann::json ours = functionsJson(group_);
        const char* keys[] = {"samples", "weight", "page-faults"};
        for (size_t v = 0; v < 3; ++v) {
            const auto& p = profiles[v];
            std::map<std::string, double> leaf; // a stack's weight belongs to its innermost frame
            double total = 0;
            for (size_t s = 0; s < p["samples"].size(); ++s) {
                const double w = p["weights"][s].get<double>();
                leaf[frames[p["samples"][s].back().get<size_t>()]["name"].get<std::string>()] += w;
                total += w;
            }
            QCOMPARE(p["endValue"].get<double>(), total);
            double expectedTotal = 0;
            for (const auto& f : ours["functions"]) {
                const auto& self = f["self"];
                const double expected =
                    v < 2 ? self[keys[v]].get<double>() : self["events"][keys[v]].get<double>();
                expectedTotal += expected;
                const std::string name = f["name"].get<std::string>();
                if (self["samples"].get<double>() > 0 && leaf[name] != expected)
                    QFAIL((std::string(keys[v]) + ": " + name + ": speedscope " + std::to_string(leaf[name]) +
                           ", report --functions " + std::to_string(expected))
                              .c_str());
            }
            QCOMPARE(total, expectedTotal);
        }
    }

    // Bad input: each output path says what is wrong with which input, and
    // the fix, and exits non-zero.
    void errors() {
        const CliRun unwritable = runCli({"report", plain_, "--pprof", "-o", "/nonexistent-dir/x.pb.gz"});
        QVERIFY2(unwritable.exited && unwritable.exitCode != 0 && contains(unwritable.err, "/nonexistent-dir/x.pb.gz") &&
                     contains(unwritable.err, "directory exists"),
                 unwritable.describe().c_str());
        const CliRun unwritableJson = runCli({"report", plain_, "--speedscope", "-o", "/nonexistent-dir/x.json"});
        QVERIFY2(unwritableJson.exited && unwritableJson.exitCode != 0 && contains(unwritableJson.err, "/nonexistent-dir/x.json"),
                 unwritableJson.describe().c_str());
        for (const char* view : {"--pprof", "--speedscope"}) {
            const CliRun empty = runCli({"report", plain_, view, "--pid", "999999999", "-o", path("empty.out")});
            QVERIFY2(empty.exited && empty.exitCode != 0 && contains(empty.err, plain_) &&
                         contains(empty.err, "no samples in process 999999999"),
                     empty.describe().c_str());
            QVERIFY2(!QFileInfo::exists(QString::fromStdString(path("empty.out"))), view);
        }
        // A session of counts only (stat's) has no samples to export.
        const std::string counts = path("counts.json");
        const CliRun stat = runCli({"stat", "-e", "task-clock", "-o", counts, "--", "true"});
        QVERIFY2(stat.exited && stat.exitCode == 0, stat.describe().c_str());
        const CliRun noSamples = runCli({"report", counts, "--pprof", "-o", path("none.pb.gz")});
        QVERIFY2(noSamples.exited && noSamples.exitCode != 0 && contains(noSamples.err, counts + " holds no samples") &&
                     contains(noSamples.err, "perfdash-cli record"),
                 noSamples.describe().c_str());
        const CliRun json = runCli({"report", plain_, "--pprof", "--json"});
        QVERIFY2(json.exited && json.exitCode == 2 && contains(json.err, "drop --json"), json.describe().c_str());
    }

    // gzip's bytes never go to a terminal: run under script(1), whose output is one.
    void pprofRefusesATerminal() {
        const QString script = QStandardPaths::findExecutable("script");
        QVERIFY2(!script.isEmpty(), "script (util-linux, essential) is missing");
        const std::string command = cliPath().toStdString() + " report " + plain_ + " --pprof; echo exit=$?";
        const CliRun r = runProgram(script, {"-qec", QString::fromStdString(command), "/dev/null"});
        QVERIFY2(contains(r.out, "not text for a terminal") && contains(r.out, "-o FILE.pb.gz") && contains(r.out, "exit=2"),
                 r.describe().c_str());
    }
};

QTEST_GUILESS_MAIN(TestInterchangeExport)
#include "test_interchange_export.moc"
