// perfdash-cli report's views of a recorded session
// (tests/fixtures/profile/regions.json, recorded on the project's VM): each
// view's figures against what the file itself holds, --folded to the byte
// against stacks rebuilt here from the raw JSON, the flame graph's SVG
// parsed and its boxes' widths proportional to their samples, every --json
// view checked against the tables of docs/report-schema.md, and each kind
// of bad input refused with a clear message.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>

#include <nlohmann/json.hpp>

#include "ProfileCli.h"
#include "core/util/Strings.h"

using namespace perfdash;
using namespace perfdash::testing;
using json = nlohmann::json;

namespace {

std::string fixture() { return std::string(PERFDASH_FIXTURES_SOURCE) + "/profile/regions.json"; }

json fixtureJson() {
    std::ifstream in(fixture());
    return json::parse(in);
}

CliRun report(std::vector<std::string> args) {
    args.insert(args.begin(), {"report", fixture()});
    return runCli(args);
}

// The folded stacks the format defines, rebuilt from the raw session: per
// row the thread's name, "[incomplete stack]" for stacks that did not
// complete, the frames root first (kernel ones with "_[k]"), summed by line.
std::string foldedFromJson(const json& session) {
    const json& p = session["profile"];
    std::map<std::string, double> lines;
    auto label = [&](const json& frame) {
        const std::string fn = p["strings"][frame[0].get<size_t>()];
        if (!fn.empty()) return fn;
        const int module = frame[1];
        if (module < 0 || p["modules"][module]["path"] == "[unknown]") return std::string("[unknown]");
        const std::string path = p["modules"][module]["path"];
        return "[unknown in " + path.substr(path.rfind('/') + 1) + "]";
    };
    for (const json& row : p["rows"]) {
        const json& thread = p["threads"][row[1].get<size_t>()];
        std::string line = thread["comm"];
        if (row[4] != 0) line += ";[incomplete stack]";
        std::vector<std::string> frames;
        for (size_t node = row[3]; node != 0; node = p["nodes"][node - 1][0]) {
            const json& frame = p["frames"][p["nodes"][node - 1][1].get<size_t>()];
            frames.push_back(label(frame) + ((frame[4].get<int>() & 2) ? "_[k]" : ""));
        }
        for (auto it = frames.rbegin(); it != frames.rend(); ++it) line += ";" + *it;
        lines[line] += row[5].get<double>();
    }
    std::string out;
    for (const auto& [line, n] : lines) out += line + " " + printfString("%.0f", n) + "\n";
    return out;
}

// The tables of docs/report-schema.md's section on a view: path -> type.
std::map<std::string, std::string> documentedPaths(const std::string& heading) {
    std::ifstream in(std::string(PERFDASH_SOURCE_DIR) + "/docs/report-schema.md");
    std::map<std::string, std::string> paths;
    std::string line;
    bool inSection = false;
    const std::regex row(R"(^\| `([^`]+)` \| ([a-z ]+) \|)");
    while (std::getline(in, line)) {
        if (line.starts_with("#")) {
            inSection = contains(line, heading);
            continue;
        }
        std::smatch m;
        if (inSection && std::regex_search(line, m, row)) paths[m[1].str()] = m[2].str();
    }
    return paths;
}

bool hasType(const json& v, const std::string& type) {
    if (type == "string") return v.is_string();
    if (type == "number") return v.is_number();
    if (type == "boolean") return v.is_boolean();
    if (type == "array") return v.is_array();
    if (type == "object") return v.is_object();
    return false;
}

// Every documented path is there with its type; every member of the
// documented objects is documented. "a[].b": b of every element of a.
void checkAgainstDoc(const json& view, const std::map<std::string, std::string>& paths, const std::string& what) {
    std::set<std::string> documented;
    for (const auto& [path, type] : paths) {
        documented.insert(path);
        std::vector<const json*> at{&view};
        for (std::string part : split(path, '.')) {
            const bool each = part.ends_with("[]");
            if (each) part.resize(part.size() - 2);
            std::vector<const json*> next;
            for (const json* v : at) {
                QVERIFY2(v->is_object() && v->contains(part), (what + ": " + path + " is missing").c_str());
                const json& member = (*v)[part];
                if (each) for (const json& e : member) next.push_back(&e);
                else next.push_back(&member);
            }
            at = std::move(next);
        }
        for (const json* v : at) QVERIFY2(hasType(*v, type), (what + ": " + path + " is not a " + type).c_str());
    }
    // The members of the objects whose members the tables list (figures and
    // metrics are described in prose, as one shape for every view).
    auto listsMembersOf = [&](const std::string& path) {
        for (const std::string& d : documented)
            if (d.starts_with(path + ".")) return true;
        return false;
    };
    std::function<void(const json&, const std::string&)> walk = [&](const json& v, const std::string& prefix) {
        if (!v.is_object()) return;
        for (auto it = v.begin(); it != v.end(); ++it) {
            const std::string path = prefix.empty() ? it.key() : prefix + "." + it.key();
            QVERIFY2(documented.count(path), (what + ": " + path + " is not in docs/report-schema.md").c_str());
            if (it.value().is_object() && listsMembersOf(path)) walk(it.value(), path);
            if (it.value().is_array() && listsMembersOf(path + "[]"))
                for (const json& e : it.value()) walk(e, path + "[]");
        }
    };
    walk(view, "");
}

json jsonOf(const CliRun& run) {
    json v = json::parse(run.out, nullptr, false);
    if (v.is_discarded()) qFatal("not JSON: %s", run.describe().c_str());
    return v;
}

} // namespace

class TestProfileReport : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void initTestCase() {
        if (auto why = whyProfileTestsCannotRun(); !why.empty()) QSKIP(why.c_str());
        QVERIFY(dir_.isValid());
    }

    void functions() {
        const CliRun run = report({"--functions", "--limit", "5"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        QVERIFY2(contains(run.out, "recorded") && contains(run.out, "task-clock"), run.out.c_str());
        QVERIFY2(contains(run.out, "main_work") && contains(run.out, "inlined_work [inlined into main_work]") &&
                     contains(run.out, "lib_work"),
                 run.out.c_str());
        QVERIFY2(contains(run.out, "CPU time [s]"), run.out.c_str()); // the SOFTWARE group's metrics per function

        const json view = jsonOf(report({"--functions", "--json", "--limit", "0"}));
        checkAgainstDoc(view, [] {
            auto paths = documentedPaths("Views (`perfdash-cli report");
            for (const auto& [p, t] : documentedPaths("`profile_functions`")) paths[p] = t;
            return paths;
        }(), "profile_functions");
        QCOMPARE(view["type"], "profile_functions");
        // Self shares add up to the whole; the samples to the file's.
        double shares = 0, samples = 0;
        for (const json& f : view["functions"]) {
            shares += f["self"]["share"].get<double>();
            samples += f["self"]["samples"].get<double>();
        }
        QVERIFY(std::abs(shares - 1) < 1e-9);
        double rows = 0;
        const json session = fixtureJson();
        for (const json& r : session["profile"]["rows"]) rows += r[5].get<double>();
        QCOMPARE(samples, rows);
        QCOMPARE(view["selection"]["samples"].get<double>(), rows);
        // Every metric carries its samples, and one of few samples says so.
        for (const json& f : view["functions"])
            for (const json& m : f["metrics"])
                QCOMPARE(m["too_few_samples"].get<bool>(), m["samples"].get<double>() < 30 || m["error"].is_null() || m["value"].is_null());
    }

    void linesOfAFunction() {
        const CliRun run = report({"--lines", "main_work"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        const int body = markedLine(PROFILE_WORKLOAD_SOURCE, "main_body");
        QVERIFY2(contains(run.out, "| " + std::to_string(body) + " |") || contains(run.out, " " + std::to_string(body) + " |"),
                 run.out.c_str());
        const json view = jsonOf(report({"--lines", "main_work", "--json"}));
        auto paths = documentedPaths("Views (`perfdash-cli report");
        for (const auto& [p, t] : documentedPaths("`profile_lines`")) paths[p] = t;
        checkAgainstDoc(view, paths, "profile_lines");
        bool call = false;
        for (const json& l : view["lines"])
            call = call || (l["line"] == markedLine(PROFILE_WORKLOAD_SOURCE, "inlined_call") &&
                            l["inlined_calls"] == json::array({"inlined_work"}));
        QVERIFY(call);
    }

    void callersInATimeRangeAndRegion() {
        const CliRun run = report({"--callers", "inlined_work", "--time", "0s-1s", "--region", "solve"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        QVERIFY2(contains(run.out, "region solve") && contains(run.out, "└─ main_work"), run.out.c_str());
        const json view = jsonOf(report({"--callers", "inlined_work", "--region", "solve", "--json"}));
        auto paths = documentedPaths("Views (`perfdash-cli report");
        for (const auto& [p, t] : documentedPaths("`profile_callers`")) paths[p] = t;
        checkAgainstDoc(view, paths, "profile_callers");
        QCOMPARE(view["function"]["callers"][0]["name"], "main_work");
        // In solve, inlined_work is half of the region's samples (15 of 30 units).
        const double share = view["function"]["sums"]["share"];
        QVERIFY2(std::abs(share - 0.5) < 0.08, std::to_string(share).c_str());
    }

    void timeRangeSelectsWholeIntervals() {
        const json all = jsonOf(report({"--functions", "--json"}));
        const json early = jsonOf(report({"--functions", "--json", "--time", "0.2s-0.7s"}));
        QCOMPARE(early["selection"]["from_s"].get<double>(), 0.0);
        QCOMPARE(early["selection"]["to_s"].get<double>(), 1.0); // the fixture's intervals are 0.5 s
        QVERIFY(early["selection"]["samples"].get<double>() < all["selection"]["samples"].get<double>());
        QVERIFY(contains(early["selection"]["description"].get<std::string>(), "rounded out"));
    }

    void foldedExactly() {
        const CliRun run = report({"--folded"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        QCOMPARE(run.out, foldedFromJson(fixtureJson()));
        const json view = jsonOf(report({"--folded", "--json"}));
        auto paths = documentedPaths("Views (`perfdash-cli report");
        for (const auto& [p, t] : documentedPaths("`profile_folded`")) paths[p] = t;
        checkAgainstDoc(view, paths, "profile_folded");
        // -o writes the same text.
        const std::string out = dir_.filePath("run.folded").toStdString();
        QCOMPARE(report({"--folded", "-o", out}).exitCode, 0);
        std::ifstream in(out);
        QCOMPARE(std::string(std::istreambuf_iterator<char>(in), {}), run.out);
    }

    // The SVG parses; every box's width over its samples is the same; the
    // tooltip of each box has the metric's value.
    void flameGraph() {
        const std::string svg = dir_.filePath("run.svg").toStdString();
        const CliRun run = report({"--flame", "CPU time [s]", "-o", svg});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        QFile file(QString::fromStdString(svg));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QXmlStreamReader xml(&file);
        QString title;
        std::vector<std::pair<double, double>> boxes; // samples, width
        const std::regex samples(R"(\((\d+) samples)");
        size_t withValue = 0;
        while (!xml.atEnd()) {
            xml.readNext();
            if (!xml.isStartElement()) continue;
            if (xml.name() == QLatin1String("title")) title = xml.readElementText();
            if (xml.name() == QLatin1String("rect") && !title.isEmpty()) {
                std::smatch m;
                const std::string t = title.toStdString();
                QVERIFY2(std::regex_search(t, m, samples), t.c_str());
                boxes.emplace_back(std::stod(m[1].str()), xml.attributes().value("width").toDouble());
                withValue += contains(t, "CPU time [s] ");
                title.clear();
            }
        }
        QVERIFY2(!xml.hasError(), xml.errorString().toLocal8Bit().constData());
        QVERIFY(boxes.size() > 5);
        const double perSample = boxes.front().second / boxes.front().first;
        for (const auto& [n, width] : boxes) QVERIFY2(std::abs(width - n * perSample) < 0.01, std::to_string(width).c_str());
        QCOMPARE(withValue, boxes.size());

        const json tree = jsonOf(report({"--flame", "CPU time [s]", "--json"}));
        QCOMPARE(tree["name"], "all");
        QVERIFY(tree["children"].is_array() && tree["metric"]["name"] == "CPU time [s]");
    }

    // The session's HTML report adds its hot functions, as `--functions` lists them, and its flame graph.
    void htmlReportHasTheHotFunctions() {
        const std::string html = dir_.filePath("run.html").toStdString();
        const CliRun run = report({"-o", html});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        std::ifstream in(html);
        const std::string page((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        QVERIFY(contains(page, "<h2>Hot functions</h2>"));
        const json functions = jsonOf(report({"--functions", "--json"}))["functions"];
        QVERIFY(functions.size() >= 3);
        size_t at = page.find("<h2>Hot functions</h2>");
        for (size_t i = 0; i < 3; ++i) { // in the same order
            // (an inlined function's cell goes on: "inlined_work [inlined into main_work]")
            const size_t next = page.find("<td class=\"label\">" + functions[i]["name"].get<std::string>(), at + 1);
            QVERIFY2(next != std::string::npos, functions[i]["name"].get<std::string>().c_str());
            at = next;
        }
        QVERIFY(contains(page, "<h3>Flame graph, coloured by self share</h3>"));
        QVERIFY(contains(page, "<title>main_work ("));
    }

    // Built elsewhere: the source is not at the path the session names. --lines says where it looked, and
    // --source-dir finds it (the session's path rewritten, so that no machine has the file there).
    void linesFindTheSourceUnderAFolder() {
        json session = fixtureJson();
        bool renamed = false;
        for (json& s : session["profile"]["strings"])
            if (s.get<std::string>().ends_with("/profile_workload.c")) {
                s = "/nonexistent-build/src/profile_workload.c";
                renamed = true;
            }
        QVERIFY(renamed);
        const std::string moved = dir_.filePath("moved.json").toStdString();
        std::ofstream(moved) << session.dump();
        QVERIFY(QDir(dir_.path()).mkpath("checkout/src"));
        QVERIFY(QFile::copy(PROFILE_WORKLOAD_SOURCE, dir_.filePath("checkout/src/profile_workload.c")));

        const CliRun lost = runCli({"report", moved, "--lines", "main_work"});
        QVERIFY2(lost.exitCode == 0, lost.describe().c_str());
        QVERIFY2(contains(lost.out, "Source not found: /nonexistent-build/src/profile_workload.c (looked for "
                                    "/nonexistent-build/src/profile_workload.c); --source-dir DIR"),
                 lost.out.c_str());
        const CliRun found = runCli({"report", moved, "--lines", "main_work", "--source-dir", "/nowhere", "--source-dir",
                                     dir_.filePath("checkout").toStdString()});
        QVERIFY2(found.exitCode == 0, found.describe().c_str());
        QVERIFY2(!contains(found.out, "Source not found"), found.out.c_str());
        std::ifstream source(PROFILE_WORKLOAD_SOURCE);
        std::string text;
        for (int i = 0; i < markedLine(PROFILE_WORKLOAD_SOURCE, "main_body"); ++i) std::getline(source, text);
        text = text.substr(text.find_first_not_of(' '));
        QVERIFY2(contains(found.out, text.substr(0, 40)), (text + "\n" + found.out).c_str());
    }

    // --baseline: each function's change of self share, as the two sessions' own --functions give them.
    void functionsAgainstABaseline() {
        const json same = jsonOf(report({"--functions", "--json", "--limit", "0", "--baseline", fixture()}));
        QCOMPARE(same["type"], "profile_functions_change");
        QVERIFY(same["functions"].size() > 3);
        for (const json& f : same["functions"]) QCOMPARE(f["change"].get<double>(), 0.0);
        QCOMPARE(same["functions"][0]["name"], "main_work"); // no change anywhere: the hottest first

        // A baseline of the first half of the run's intervals only (made here from the fixture).
        json session = fixtureJson();
        json& rows = session["profile"]["rows"]; // [interval, thread, regions, node, stack, columns...]
        uint64_t last = 0;
        for (const json& r : rows) last = std::max<uint64_t>(last, r[0].get<uint64_t>());
        json kept = json::array();
        for (const json& r : rows)
            if (r[0].get<uint64_t>() <= last / 2) kept.push_back(r);
        QVERIFY(kept.size() > 0 && kept.size() < rows.size());
        rows = kept;
        const std::string half = dir_.filePath("half.json").toStdString();
        std::ofstream(half) << session.dump();

        const json changes = jsonOf(report({"--functions", "--json", "--limit", "0", "--baseline", half}));
        std::map<std::string, double> before, now;
        const json halfFunctions = jsonOf(runCli({"report", half, "--functions", "--json", "--limit", "0"}));
        const json allFunctions = jsonOf(report({"--functions", "--json", "--limit", "0"}));
        for (const json& f : halfFunctions["functions"]) before[f["name"].get<std::string>()] = f["self"]["share"].get<double>();
        for (const json& f : allFunctions["functions"]) now[f["name"].get<std::string>()] = f["self"]["share"].get<double>();
        double previous = INFINITY;
        bool moved = false;
        for (const json& f : changes["functions"]) {
            const std::string name = f["name"];
            QVERIFY2(std::abs(f["change"].get<double>() - (now[name] - before[name])) < 1e-12,
                     (name + ": change " + std::to_string(f["change"].get<double>()) + ", now " + std::to_string(now[name]) +
                      ", before " + std::to_string(before[name])).c_str());
            QVERIFY(std::abs(f["change"].get<double>()) <= previous); // largest change first
            previous = std::abs(f["change"].get<double>());
            moved = moved || f["change"].get<double>() != 0;
        }
        QVERIFY(moved);
        QCOMPARE(changes["baseline"]["session"], half);

        const CliRun text = report({"--baseline", half, "--limit", "3"});
        QVERIFY2(text.exitCode == 0 && contains(text.out, "Baseline:  " + half) && contains(text.out, "Self % before"),
                 text.describe().c_str());
        const CliRun lines = report({"--lines", "main_work", "--baseline", half});
        QVERIFY2(lines.exitCode == 2 && contains(lines.err, "--baseline compares --functions and --flame change only"),
                 lines.describe().c_str());

        // The differential flame graph: each box's change of share is its share now minus the share of the
        // baseline's box of the same path, as each session's own flame graph gives them.
        const json diff = jsonOf(report({"--flame", "change", "--baseline", half, "--json"}));
        const json nowTree = jsonOf(report({"--flame", "samples", "--json"}));
        const json halfTree = jsonOf(runCli({"report", half, "--flame", "samples", "--json"}));
        std::map<std::string, double> halfShares;
        std::function<void(const json&, const std::string&)> collect = [&](const json& node, const std::string& path) {
            halfShares[path] = node["share"].get<double>();
            for (const json& c : node["children"]) collect(c, path + ";" + c["name"].get<std::string>());
        };
        collect(halfTree, "");
        size_t boxes = 0;
        std::function<void(const json&, const json&, const std::string&)> check = [&](const json& d, const json& n,
                                                                                      const std::string& path) {
            QCOMPARE(d["metric"]["name"], "change of share [points]");
            const double expected = 100 * (n["share"].get<double>() - (halfShares.count(path) ? halfShares[path] : 0.0));
            QVERIFY2(std::abs(d["metric"]["value"].get<double>() - expected) < 1e-9, path.c_str());
            ++boxes;
            for (size_t c = 0; c < d["children"].size(); ++c)
                check(d["children"][c], n["children"][c], path + ";" + d["children"][c]["name"].get<std::string>());
        };
        check(diff, nowTree, "");
        QVERIFY(boxes > 5);
        const std::string svg = dir_.filePath("diff.svg").toStdString();
        const CliRun drawn = report({"--flame", "change", "--baseline", half, "-o", svg});
        QVERIFY2(drawn.exitCode == 0, drawn.describe().c_str());
        const CliRun alone = report({"--flame", "change"});
        QVERIFY2(alone.exitCode == 2 && contains(alone.err, "add --baseline SESSION"), alone.describe().c_str());
        const std::string counts = std::string(PERFDASH_FIXTURES_SOURCE) + "/report/system-wide-2cpu.json";
        const CliRun noSamples = report({"--baseline", counts});
        QVERIFY2(noSamples.exitCode == 1 && contains(noSamples.err, "--baseline " + counts + " holds no samples"),
                 noSamples.describe().c_str());
    }

    void badInput_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("saying");
        QTest::newRow("unknown function") << QStringList{"--lines", "main_wrok"} << QStringList{"main_wrok", "main_work"};
        QTest::newRow("empty time range") << QStringList{"--time", "5s-2s"} << QStringList{"5s-2s", "empty"};
        QTest::newRow("time past the end") << QStringList{"--time", "100s-200s"} << QStringList{"no samples", "span 0 s to"};
        QTest::newRow("unknown region") << QStringList{"--region", "solv"} << QStringList{"solv", "setup, solve", "'solve'"};
        QTest::newRow("unknown metric") << QStringList{"--flame", "CPI"} << QStringList{"CPI", "CPU time [s]", "samples"};
        QTest::newRow("two views") << QStringList{"--folded", "--functions"} << QStringList{"exclude each other"};
        QTest::newRow("disasm of an old session")
            << QStringList{"--disasm", "main_work"}
            << QStringList{"recorded before perfdash kept instruction addresses", "record it again"};
    }
    void badInput() {
        QFETCH(QStringList, args);
        QFETCH(QStringList, saying);
        std::vector<std::string> a;
        for (const QString& s : args) a.push_back(s.toStdString());
        const CliRun run = report(a);
        QVERIFY2(run.exited && run.exitCode != 0, run.describe().c_str());
        QVERIFY2(run.out.empty() && run.err.starts_with("perfdash-cli: error: "), run.describe().c_str());
        for (const QString& s : saying) QVERIFY2(contains(run.err, s.toStdString()), run.describe().c_str());
    }

    // A session of stat holds counts only.
    void aSessionWithoutSamples() {
        const std::string counts = std::string(PERFDASH_FIXTURES_SOURCE) + "/report/system-wide-2cpu.json";
        const CliRun run = runCli({"report", counts, "--functions"});
        QVERIFY2(run.exitCode == 1 && contains(run.err, "holds no samples") && contains(run.err, "perfdash-cli record"),
                 run.describe().c_str());
    }
};

QTEST_GUILESS_MAIN(TestProfileReport)
#include "test_profile_report.moc"
