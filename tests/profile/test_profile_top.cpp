// perfdash-cli top when its stdout is not a terminal: plain lines, each
// refresh a table after a line with its time (no cursor movement), or with
// --json one profile_functions object per refresh; the run ends with the
// program, whose output goes to stderr.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "ProfileCli.h"
#include "core/util/Strings.h"

using namespace perfdash;
using namespace perfdash::testing;

// About 1.2 s of the workload: three refreshes of 400 ms at least, also in
// an ASan build, where perfdash-cli takes 0.7 s to start.
const std::string kUnit = "12000000";

class TestProfileTop : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        if (auto why = whyProfileTestsCannotRun(); !why.empty()) QSKIP(why.c_str());
    }

    void plainLinesWhenNotATerminal() {
        const CliRun run = runCli({"top", "-e", "cpu-clock", "--refresh", "400ms", "--limit", "5", "--",
                                   PROFILE_WORKLOAD, "shares", kUnit});
        QVERIFY2(run.exited && run.exitCode == 0, run.describe().c_str());
        QVERIFY2(!contains(run.out, "\x1b["), "cursor movement on a pipe");
        size_t refreshes = 0;
        for (const std::string& line : split(run.out, '\n')) refreshes += line.starts_with("perfdash-cli top: ");
        QVERIFY2(refreshes >= 2, run.out.c_str());
        QVERIFY2(contains(run.out, "main_work") || contains(run.out, "lib_work"), run.out.c_str());
    }

    void oneJsonObjectPerRefresh() {
        const CliRun run = runCli({"top", "-e", "cpu-clock", "--json", "--refresh", "400ms", "--",
                                   PROFILE_WORKLOAD, "shares", kUnit});
        QVERIFY2(run.exited && run.exitCode == 0, run.describe().c_str());
        size_t lines = 0, withWork = 0;
        double lastT = 0;
        for (const std::string& line : split(run.out, '\n')) {
            const auto v = nlohmann::json::parse(line, nullptr, false);
            QVERIFY2(!v.is_discarded() && v["type"] == "profile_functions", line.c_str());
            QVERIFY(v["t"].get<double>() > lastT);
            lastT = v["t"];
            ++lines;
            for (const auto& f : v["functions"]) withWork += f["name"] == "lib_work" || f["name"] == "main_work";
        }
        QVERIFY2(lines >= 2 && withWork >= 1, run.out.c_str());
    }
};

QTEST_GUILESS_MAIN(TestProfileTop)
#include "test_profile_top.moc"
