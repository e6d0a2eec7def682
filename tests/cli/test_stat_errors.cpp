// Bad input to `perfdash-cli stat`: a clear message on stderr that names
// the input (and, where it can, what was meant), a non-zero exit, nothing
// on stdout, no crash, and the program never started.
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <linux/perf_event.h>
#include <sys/stat.h>

#include "cli/StatCli.h"
#include "core/sys/PerfEventSys.h"
#include "core/util/IdentityOverride.h"

using namespace perfdash;
using namespace perfdash::testing;

namespace {

// The exit status a usage error gets (Commands.h's kExitUsage); -1: any non-zero.
constexpr int kUsage = 2;
constexpr int kAnyFailure = -1;

std::string onlineCpus() {
    const long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n == 1 ? "0" : "0-" + std::to_string(n - 1);
}

// Whether this machine counts CPU cycles (then `-e cycles` is no error here).
// Under a simulated CPU identity cycles is never opened, whatever the host has.
bool hardwarePmuCountsCycles() {
    if (identityOverride()) return false;
    PerfEncoding cycles;
    cycles.type = PERF_TYPE_HARDWARE;
    cycles.config = PERF_COUNT_HW_CPU_CYCLES;
    perf_event_attr attr = makePerfAttr(cycles);
    attr.exclude_kernel = 1;
    const int fd = perfEventOpen(attr, 0, -1, -1, 0);
    if (fd < 0) return false;
    ::close(fd);
    return true;
}

// What the refusal of cycles says on a machine without a PMU, or under an identity.
std::string whyCyclesIsNotCounted() {
    return identityOverride() ? "simulated CPU identity " + identityOverride()->name : "no hardware PMU";
}

} // namespace

Q_DECLARE_METATYPE(std::vector<std::string>)

class TestStatErrors : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    std::string path(const std::string& name) const { return dir_.path().toStdString() + "/" + name; }

private slots:
    void initTestCase() {
        if (auto why = whyCliTestsCannotRun(); !why.empty()) QSKIP(why.c_str());
        QVERIFY(dir_.isValid());
        std::ofstream(path("BROKEN.txt")) << "SHORT a group with a counter but no event\n\nEVENTSET\nFAULTS page-faults\nPMC0\n";
        std::ofstream(path("not-executable")) << "#!/bin/sh\nexit 0\n";
        ::chmod(path("not-executable").c_str(), 0644);
    }

    void refusesWithAClearMessage_data() {
        QTest::addColumn<std::vector<std::string>>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<std::vector<std::string>>("saying");

        // The program would leave this file behind if it ever ran.
        const std::string mark = path("ran");
        const std::vector<std::string> program = {"--", "touch", mark};
        auto with = [&](std::vector<std::string> args, const std::vector<std::string>& tail) {
            args.insert(args.end(), tail.begin(), tail.end());
            return args;
        };
        using S = std::vector<std::string>;
        QTest::newRow("unknown event") << with({"-e", "page-fault"}, program) << kAnyFailure
                                       << S{"'page-fault'", "page-faults"};
        QTest::newRow("malformed group file") << with({"-g", path("BROKEN.txt")}, program) << kAnyFailure
                                              << S{path("BROKEN.txt") + ":5:", "PMC0"};
        QTest::newRow("unknown group") << with({"-g", "SOFTWAR"}, program) << kAnyFailure << S{"'SOFTWAR'", "SOFTWARE"};
        QTest::newRow("missing program") << S{"-g", "SOFTWARE", "--", path("no-such-program")} << kAnyFailure
                                         << S{path("no-such-program"), "no such file"};
        QTest::newRow("program not in PATH") << S{"-g", "SOFTWARE", "--", "no-such-program-perfdash"} << kAnyFailure
                                             << S{"no-such-program-perfdash", "PATH"};
        QTest::newRow("not executable") << S{"-g", "SOFTWARE", "--", path("not-executable")} << kAnyFailure
                                        << S{path("not-executable"), "not executable"};
        QTest::newRow("directory") << S{"-g", "SOFTWARE", "--", dir_.path().toStdString()} << kAnyFailure
                                   << S{"directory"};
        QTest::newRow("bad CPU list") << with({"-C", "99", "-g", "SOFTWARE"}, program) << kAnyFailure
                                      << S{"CPU 99", "online CPUs: " + onlineCpus()};
        QTest::newRow("empty -C") << with({"-C", "", "-g", "SOFTWARE"}, program) << kUsage << S{"-C:", "CPU list is empty"};
        QTest::newRow("blank -C") << with({"-C", " ", "-g", "SOFTWARE"}, program) << kUsage << S{"-C:", "CPU list is empty"};
        QTest::newRow("empty -c") << with({"-c", "", "-g", "SOFTWARE"}, program) << kUsage << S{"-c:", "CPU list is empty"};
        QTest::newRow("-C with --pid") << S{"-C", "0", "--pid", "1", "-g", "SOFTWARE"} << kUsage
                                       << S{"-C", "--pid", "exclude each other"};
        QTest::newRow("unknown flag") << with({"--frobnicate", "-g", "SOFTWARE"}, program) << kUsage
                                      << S{"'--frobnicate'", "--help"};
        QTest::newRow("-O with --json") << with({"-O", "--json", "-g", "SOFTWARE"}, program) << kUsage
                                        << S{"-O", "--json"};
        QTest::newRow("bad interval") << with({"-t", "10xs", "-g", "SOFTWARE"}, program) << kUsage
                                      << S{"-t", "'10xs'", "100ms"};
        QTest::newRow("unknown --arch") << with({"--arch", "zen9", "-g", "SOFTWARE"}, program) << kUsage
                                        << S{"'zen9'", "--arch", "zen5", "skylakeX"};
        QTest::newRow("nothing to measure") << program << kAnyFailure << S{"nothing to measure", "SOFTWARE"};
        QTest::newRow("unknown output suffix") << with({"-o", path("r.xlsx"), "-g", "SOFTWARE"}, program) << kUsage
                                               << S{"'.xlsx'", ".json"};
    }

    void refusesWithAClearMessage() {
        QFETCH(std::vector<std::string>, args);
        QFETCH(int, exitCode);
        QFETCH(std::vector<std::string>, saying);
        const StatRun run = runStat(args);
        QVERIFY2(run.exited, run.describe().c_str());
        QVERIFY2(run.exitCode != 0, run.describe().c_str());
        if (exitCode != kAnyFailure) QVERIFY2(run.exitCode == exitCode, run.describe().c_str());
        QVERIFY2(run.out.empty(), run.describe().c_str());
        QVERIFY2(run.err.starts_with("perfdash-cli: error: "), run.describe().c_str());
        for (const auto& part : saying) QVERIFY2(run.err.find(part) != std::string::npos, (part + " in\n" + run.err).c_str());
        QVERIFY2(!QFileInfo::exists(QString::fromStdString(path("ran"))), "the program ran although the input was bad");
    }

    void refusesAnEventThisMachineCannotCount() {
        if (hardwarePmuCountsCycles()) QSKIP("this machine has a hardware PMU: cycles is countable here");
        const StatRun run = runStat({"-e", "task-clock,cycles", "--", "true"});
        QVERIFY2(run.exited && run.exitCode != 0, run.describe().c_str());
        QVERIFY2(run.out.empty(), run.describe().c_str());
        // The reason names the missing hardware PMU (or the simulated CPU), not just "cannot open".
        QVERIFY2(run.err.find("'cycles'") != std::string::npos, run.err.c_str());
        QVERIFY2(run.err.find(whyCyclesIsNotCounted()) != std::string::npos, run.err.c_str());
    }

    void groupWithAnUncountableEventStillMeasuresTheRest() {
        if (hardwarePmuCountsCycles()) QSKIP("this machine has a hardware PMU: cycles is countable here");
        std::ofstream(path("MIXED.txt")) << "SHORT one countable event, one not\n\nEVENTSET\nFAULTS page-faults\n"
                                             "CYC cycles\n\nMETRICS\nFaults per cycle FAULTS/CYC\n";
        const StatRun run = runStat({"--json", "-g", path("MIXED.txt"), "--", "true"});
        QVERIFY2(run.exitCode == 0, run.describe().c_str());
        QVERIFY2(run.err.find("warning: cycles (CYC)") != std::string::npos, run.describe().c_str());
        auto report = jsonReport(run);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        const EventResult* cycles = findEvent(report->groups, "cycles");
        QVERIFY(cycles && !cycles->counted && cycles->reason.find(whyCyclesIsNotCounted()) != std::string::npos);
        QVERIFY(!isAvailable(cycles->total.value));
        QVERIFY(isAvailable(total(report->groups, "page-faults")));
        QVERIFY(!isAvailable(report->groups[0].metrics[0].aggregate)); // n/a, never 0
    }
};

QTEST_GUILESS_MAIN(TestStatErrors)
#include "test_stat_errors.moc"
