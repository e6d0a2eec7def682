// perfdash-cli stat -m end to end: a program instrumented for likwid,
// unchanged, built against perfdash's likwid-marker.h, measured per region
// and thread; every report form carries the regions; misuse of -m is refused.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "core/report/ReportJson.h"
#include "core/report/ReportJsonReader.h"
#include "core/util/IdentityOverride.h"
#include "core/util/Strings.h"

using namespace perfdash;
using json = nlohmann::json;

namespace {

struct CliRun {
    int exitCode = -1;
    std::string out, err;
};

CliRun cli(const QStringList& args) {
    CliRun run;
    QProcess p;
    p.start(qEnvironmentVariable("PERFDASH_CLI"), args);
    if (!p.waitForFinished(120000)) return run;
    run.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    run.out = p.readAllStandardOutput().toStdString();
    run.err = p.readAllStandardError().toStdString();
    return run;
}

constexpr int kPages = 1000; // per worker thread
constexpr int kThreads = 3;

QStringList statLikwid(QStringList options) {
    return QStringList{"stat", "-m", "-g", "SOFTWARE"} + options +
           QStringList{"--", LIKWID_REGIONS, QString::number(kPages), QString::number(kThreads)};
}

const json* regionNamed(const json& report, const std::string& name) {
    for (const auto& r : report["regions"])
        if (r["name"] == name) return &r;
    return nullptr;
}

int eventIndex(const json& group, const std::string& counter) {
    for (size_t i = 0; i < group["events"].size(); ++i)
        if (group["events"][i]["counter"] == counter) return static_cast<int>(i);
    return -1;
}

} // namespace

class TestMarkerCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        if (qEnvironmentVariableIsEmpty("PERFDASH_CLI")) QSKIP("PERFDASH_CLI is not set (run through ctest)");
    }

    void aLikwidProgramIsMeasuredPerRegionAndThread() {
        const CliRun r = cli(statLikwid({"--json"}));
        QVERIFY2(r.exitCode == 0, r.err.c_str());
        QVERIFY2(r.out.find("main thread: compute count=1 nevents=5") != std::string::npos ||
                     r.err.find("main thread: compute count=1 nevents=5") != std::string::npos,
                 (r.out + r.err).c_str());
        const json report = json::parse(r.out.substr(r.out.find('{')));
        QCOMPARE(report["config"]["marker"], json(true));

        const json* compute = regionNamed(report, "compute");
        QVERIFY(compute);
        QCOMPARE((*compute)["group"]["name"], json("SOFTWARE"));
        QCOMPARE((*compute)["group_index"], json(0));
        // The workers and the main thread, each with its own calls and counts.
        QCOMPARE((*compute)["threads"].size(), size_t(kThreads + 1));
        const int faults = eventIndex((*compute)["group"], "FAULTS");
        QVERIFY(faults >= 0);
        int workers = 0;
        for (size_t t = 0; t < (*compute)["threads"].size(); ++t) {
            const uint64_t calls = (*compute)["calls"][t];
            const json& value = (*compute)["group"]["events"][faults]["per_location"][t]["value"];
            QVERIFY(calls == 1 || calls == 2);
            if (calls == 2) {
                ++workers;
                QVERIFY2(value.get<double>() >= kPages, value.dump().c_str());
            }
        }
        QCOMPARE(workers, kThreads);
        const json* idle = regionNamed(report, "idle");
        QVERIFY(idle);
        QCOMPARE((*idle)["threads"].size(), size_t(kThreads));

        // The whole program is counted as usual besides.
        QCOMPARE(report["groups"].size(), size_t(1));
        QVERIFY(report["totals"]["page-faults"].get<double>() >= kThreads * kPages);
    }

    // Events of three PMUs (software, tracepoint, msr): the library opens a
    // kernel group for each (test_marker_groups has the layout) and puts each
    // group's values back on its own events. The software count of page
    // faults and the tracepoint's count of user page faults see the same
    // faults; the TSC advances while the thread runs.
    void eventsOfSeveralPmusAreCountedGroupByGroup() {
        const bool tracepoint = QFile::exists("/sys/kernel/tracing/events/exceptions/page_fault_user/id") ||
                                QFile::exists("/sys/kernel/debug/tracing/events/exceptions/page_fault_user/id");
        if (!tracepoint || !QFile::exists("/sys/bus/event_source/devices/msr/events/tsc"))
            QSKIP("needs the exceptions:page_fault_user tracepoint (x86, tracefs) and the msr PMU's tsc");
        // Under a CPU identity the msr PMU is the simulated CPU's and is never opened: the
        // kernel's own two PMUs (software, tracepoint) are then the groups of several PMUs.
        const bool msr = !identityOverride();
        QStringList events{"-e", "page-faults", "-e", "exceptions:page_fault_user"};
        if (msr) events << "-e" << "msr/tsc/";
        const CliRun r = cli(QStringList{"stat", "-m"} + events +
                             QStringList{"--json", "--", LIKWID_REGIONS, QString::number(kPages),
                                         QString::number(kThreads)});
        QVERIFY2(r.exitCode == 0, r.err.c_str());
        const json report = json::parse(r.out.substr(r.out.find('{')));
        const json* compute = regionNamed(report, "compute");
        QVERIFY(compute);
        const json& group = (*compute)["group"];
        const int faults = eventIndex(group, "page-faults");
        const int userFaults = eventIndex(group, "exceptions:page_fault_user");
        const int tsc = msr ? eventIndex(group, "msr/tsc/") : -1;
        QVERIFY(faults >= 0 && userFaults >= 0 && (tsc >= 0 || !msr));
        auto value = [&](int event, size_t thread) {
            const json& v = group["events"][event]["per_location"][thread]["value"];
            return v.is_number() ? v.get<double>() : -1.0; // n/a is not a number
        };
        int workers = 0;
        for (size_t t = 0; t < (*compute)["threads"].size(); ++t) {
            const std::string at = "thread " + std::to_string(t) + ": " + group.dump();
            if (msr) QVERIFY2(value(tsc, t) > 0, at.c_str());
            if ((*compute)["calls"][t] != 2) continue;
            ++workers;
            QVERIFY2(value(userFaults, t) >= kPages, at.c_str());
            QVERIFY2(value(userFaults, t) <= value(faults, t), at.c_str());
            // Page faults, not another group's values: the TSC's would be millions.
            QVERIFY2(value(faults, t) <= 2 * kPages + 1000, at.c_str());
        }
        QCOMPARE(workers, kThreads);
    }

    void theTextReportHasLikwidsRegionTables() {
        const CliRun r = cli(statLikwid({}));
        QVERIFY2(r.exitCode == 0, r.err.c_str());
        for (const char* expected : {"Regions:      2 (compute, idle)", "Region compute, Group 1: SOFTWARE",
                                     "Region idle, Group 1: SOFTWARE", "| Region Info |", "|  call count |",
                                     "| Runtime [s] |", "TID ", "FAULTS", "Page faults [1/s] STAT",
                                     "the aggregate uses the longest of them"})
            QVERIFY2(r.out.find(expected) != std::string::npos, (std::string(expected) + " in:\n" + r.out).c_str());
    }

    void csvAndTheSavedReportCarryTheRegions() {
        QTemporaryDir dir;
        const CliRun csv = cli(statLikwid({"-O"}));
        QVERIFY2(csv.exitCode == 0, csv.err.c_str());
        // The program's own output comes first.
        QVERIFY(csv.out.find("\nschema,kind,t,dt,group,name,counter,unit,location,value,coverage,reason,region\n") !=
                std::string::npos);
        QVERIFY(csv.out.find(",region_info,,,SOFTWARE,calls,,,thread") != std::string::npos);
        QVERIFY(csv.out.find(",region_event,,,SOFTWARE,page-faults,FAULTS,,total,") != std::string::npos);

        const QString path = dir.filePath("run.json");
        const CliRun saved = cli(statLikwid({"-o", path}));
        QVERIFY2(saved.exitCode == 0, saved.err.c_str());
        auto report = readReportFile(path.toStdString());
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().message.c_str());
        QVERIFY(report->config.marker);
        QCOMPARE(report->regions.size(), size_t(2));
        // Read and written again: the same document.
        QCOMPARE(formatReportJson(*report), readFile(path.toStdString()).value());
    }

    void aProgramWithoutMarkersGetsAWarning() {
        const CliRun r = cli({"stat", "-m", "-g", "SOFTWARE", "--json", "--", "/bin/true"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.find("no marker regions: the program ended without calling PERFDASH_MARKER_CLOSE") !=
                     std::string::npos,
                 r.err.c_str());
        const json report = json::parse(r.out);
        QVERIFY(report["regions"].empty());
        QVERIFY(!report["groups"].empty());
    }

    void markerModeNeedsALaunchedProgram() {
        const CliRun r = cli({"stat", "-m", "-g", "SOFTWARE", "--pid", "1", "-S", "1s"});
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.find("-m (marker regions) needs a program to launch") != std::string::npos, r.err.c_str());
    }

    void markerModeRefusesTheDirectBackends() {
        for (const char* backend : {"msr", "loongson"}) {
            const CliRun r = cli({"stat", "-m", "--backend", backend, "-g", "SOFTWARE", "--", "/bin/true"});
            QVERIFY(r.exitCode != 0);
            QVERIFY2(r.err.find(std::string("cannot run with --backend ") + backend) != std::string::npos,
                     r.err.c_str());
            QVERIFY2(r.err.find("use --backend perf") != std::string::npos, r.err.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestMarkerCli)
#include "test_marker_cli.moc"
