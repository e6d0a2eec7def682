// One rule per front end for a group some of whose events cannot be counted
// (docs/cli.md, "A partly counted group"): `stat` counts what it can, as perf
// stat does, and ends with a documented "partly counted:" line; the
// likwid-perfctr front end refuses the group, as likwid-perfctr does, naming
// each event and why. Every run takes its CPU from the intel-gnr-guest
// identity (PERFDASH_IDENTITY), whose hardware events are never counted, so
// `cycles` cannot count and `task-clock` can on any host the suite runs on.
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>

#include "cli/StatCli.h"

using namespace perfdash;
using namespace perfdash::testing;

namespace {

bool contains(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

StatRun run(const QString& program, const QStringList& args) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("PERFDASH_IDENTITY", qEnvironmentVariable("PERFDASH_FIXTURES") + "/identity/intel-gnr-guest");
    env.remove("PERFDASH_ARCH");
    p.setProcessEnvironment(env);
    p.start(program, args);
    return collect(p, 60000);
}

QString likwidProgram() { return QFileInfo(cliPath()).dir().filePath("likwid-perfctr-perfdash"); }

} // namespace

class TestPartialGroups : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString group_;

private slots:
    void initTestCase() {
        if (const std::string why = whyCliTestsCannotRun(); !why.empty()) QFAIL(why.c_str());
        QVERIFY(dir_.isValid());
        group_ = dir_.filePath("PARTLY.txt");
        std::ofstream(group_.toStdString()) << "SHORT one event that counts, one that cannot\n\nEVENTSET\n"
                                               "PMC0 cycles\nPMC1 task-clock\n\nMETRICS\n"
                                               "CPU time [s] 1.0E-09*PMC1\nClock [MHz] 1.0E+03*PMC0/PMC1\n";
    }

    // perf stat's rule: the program runs, what counts is printed, the rest is n/a, exit 0.
    void statCountsWhatItCanAndSaysSo() {
        const StatRun r = run(cliPath(), {"stat", "--json", "-g", group_, "--", QString::fromStdString(workloadPath()),
                                          "pages", "64"});
        QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
        QVERIFY2(contains(r.err, "perfdash-cli: warning: partly counted: 1 of 2 events were not counted here: "
                                 "cycles (PMC0); the metrics that use them are n/a"),
                 r.describe().c_str());
        // The reason comes before the run, naming the event and why.
        QVERIFY2(contains(r.err, "cycles (PMC0) in group PARTLY will not be counted: 'cycles' is an event of the "
                                 "simulated CPU identity intel-gnr-guest"),
                 r.describe().c_str());
        auto report = jsonReport(r);
        QVERIFY2(report.ok(), report ? "" : report.error().message.c_str());
        const auto& events = report->groups.at(0).events;
        QCOMPARE(events.size(), size_t(2));
        QVERIFY(!events[0].counted); // cycles: n/a with its reason, never 0
        QVERIFY(std::isnan(events[0].total.value));
        QVERIFY2(contains(events[0].reason, "simulated CPU identity intel-gnr-guest"), events[0].reason.c_str());
        QVERIFY(events[1].counted);
        QVERIFY(events[1].total.value > 0);
    }

    // All counted: no such line.
    void statAllCountedSaysNothing() {
        const StatRun r = run(cliPath(), {"stat", "-g", "SOFTWARE", "--", QString::fromStdString(workloadPath()),
                                          "pages", "64"});
        QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
        QVERIFY2(!contains(r.err, "partly counted"), r.describe().c_str());
    }

    // likwid-perfctr's rule: a group whole or not at all; the program never starts.
    void likwidRefusesAPartlyCountableGroup() {
        const QString marker = dir_.filePath("ran");
        const StatRun r = run(likwidProgram(), {"-C", "0", "-g", "cycles:PMC0,task-clock:PMC1", "touch", marker});
        QVERIFY2(r.exited && r.exitCode == 1, r.describe().c_str());
        QVERIFY2(contains(r.err, "cannot be counted whole here, and likwid-perfctr counts a group whole or not at "
                                 "all; 1 of 2 events cannot be counted:\n  cycles (PMC0, group "),
                 r.err.c_str());
        QVERIFY2(contains(r.err, "'cycles' is an event of the simulated CPU identity intel-gnr-guest"), r.err.c_str());
        QVERIFY2(contains(r.err, "run 'perfdash-cli stat' with the same group"), r.err.c_str());
        QVERIFY2(!contains(r.out, "+-"), "no table");
        QVERIFY2(!QFileInfo::exists(marker), "the program must not have run");
        // The same group file as stat's: refused the same way.
        const StatRun file = run(likwidProgram(), {"-C", "0", "-g", group_, "true"});
        QVERIFY2(file.exited && file.exitCode == 1, file.describe().c_str());
        QVERIFY2(contains(file.err, "group PARTLY cannot be counted whole here"), file.err.c_str());
    }

    // Nothing countable: both refuse, with every reason.
    void nothingCountableIsRefusedByBoth() {
        const StatRun stat = run(cliPath(), {"stat", "-e", "cycles", "--", "true"});
        QVERIFY2(stat.exited && stat.exitCode == 1, stat.describe().c_str());
        const StatRun likwid = run(likwidProgram(), {"-C", "0", "-g", "cycles:PMC0", "true"});
        QVERIFY2(likwid.exited && likwid.exitCode == 1, likwid.describe().c_str());
        QVERIFY2(contains(likwid.err, "none of the requested events can be counted here"), likwid.err.c_str());
    }
};

QTEST_GUILESS_MAIN(TestPartialGroups)
#include "test_partial_groups.moc"
