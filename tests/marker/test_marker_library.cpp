// The marker library inside instrumented programs, for real: the launcher's
// environment (core's MarkerEnvironment) in, the results file out, read back
// by core (MarkerResultsFile, RegionResults). Software events count here.
#include <QtTest>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <set>

#include "MarkerTestSupport.h"
#include "core/measurement/MachineContext.h"
#include "core/measurement/MarkerEnvironment.h"
#include "core/measurement/MarkerResultsFile.h"
#include "core/measurement/RegionResults.h"
#include "core/util/Strings.h"
#include "marker/wire/perfdash_marker_wire.h"

using namespace perfdash;
using namespace perfdash::markertest;

namespace {

constexpr long kPages = 2000;

struct ProgramRun {
    int exitCode = -1;
    std::string out, err;
    std::string resultsPath;
    bool wroteResults() const { return QFile::exists(QString::fromStdString(resultsPath)); }
};

// Runs `program` with the marker environment `env` (none: not launched by perfdash).
ProgramRun runProgram(const QTemporaryDir& dir, const char* program, const QStringList& args,
                      const std::vector<std::string>& env) {
    ProgramRun run;
    run.resultsPath = dir.filePath("results").toStdString();
    QProcess p;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"PERFDASH_MARKER_VERSION", "PERFDASH_MARKER_OUTPUT", "PERFDASH_MARKER_EVENTS"})
        environment.remove(name);
    for (const auto& entry : env) {
        const auto eq = entry.find('=');
        environment.insert(QString::fromStdString(entry.substr(0, eq)), QString::fromStdString(entry.substr(eq + 1)));
    }
    p.setProcessEnvironment(environment);
    p.start(program, args);
    if (!p.waitForFinished(60000)) return run;
    run.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    run.out = p.readAllStandardOutput().toStdString();
    run.err = p.readAllStandardError().toStdString();
    return run;
}

MachineContext& machine() {
    static MachineContext m;
    return m;
}

Result<MeasurementPlan> planFor(std::vector<std::string> groups, std::vector<std::string> events = {}) {
    MeasurementRequest r;
    r.command = {MARKER_REGIONS};
    r.marker = true;
    r.groups = std::move(groups);
    r.events = std::move(events);
    return MeasurementPlan::prepare(r, machine());
}

Result<std::vector<RegionResult>> regionsOf(const ProgramRun& run, const MeasurementPlan& plan) {
    auto results = readMarkerResultsFile(run.resultsPath);
    if (!results) return results.error();
    return buildRegionResults(*results, plan, MetricEnvironment{}, machine().permissions());
}

double faults(const RegionResult& region, size_t thread) {
    const EventResult* e = findEvent(region, "FAULTS");
    return e && thread < e->perLocation.size() ? e->perLocation[thread].value : kNotAvailable;
}

size_t occurrences(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

} // namespace

#define REQUIRE_OK(result) QVERIFY2((result).ok(), (result).ok() ? "" : (result).error().message.c_str())

class TestMarkerLibrary : public QObject {
    Q_OBJECT

    std::optional<MeasurementPlan> software_;
    std::vector<std::string> env_; // SOFTWARE's events, results into the test's directory

    // Runs marker_regions (or another build of it) with SOFTWARE's events.
    ProgramRun run(const QTemporaryDir& dir, const QStringList& args, const char* program = MARKER_REGIONS) {
        return runProgram(dir, program, args, markerEnvironment(*software_, dir.filePath("results").toStdString()));
    }

    // The regions of a run that must end well and print no warning.
    Result<std::vector<RegionResult>> quietRunRegions(const QTemporaryDir& dir, const QStringList& args) {
        const ProgramRun r = run(dir, args);
        if (r.exitCode != 0 || !r.err.empty())
            return makeError("marker_regions " + args.join(' ').toStdString() + " exited " +
                             std::to_string(r.exitCode) + ", stderr: " + r.err);
        return regionsOf(r, *software_);
    }

private slots:
    void initTestCase() {
        auto plan = planFor({"SOFTWARE"});
        if (!plan) QSKIP(("the SOFTWARE group cannot be counted here: " + plan.error().message).c_str());
        software_ = std::move(*plan);
    }

    void aRegionCountsOnlyWhatHappensInside() {
        QTemporaryDir dir;
        auto regions = quietRunRegions(dir, {"pages", QString::number(kPages)});
        REQUIRE_OK(regions);
        const RegionResult* a = findRegion(*regions, "A");
        const RegionResult* b = findRegion(*regions, "B");
        QVERIFY(a && b);
        QCOMPARE(a->threads.size(), size_t(1));
        QCOMPARE(a->calls, (std::vector<uint64_t>{1}));
        QCOMPARE(b->calls, (std::vector<uint64_t>{1}));
        QVERIFY2(faults(*a, 0) >= kPages, std::to_string(faults(*a, 0)).c_str());
        QVERIFY2(faults(*b, 0) < kPages / 100.0, std::to_string(faults(*b, 0)).c_str());
        QVERIFY(a->timeS[0] > 0 && b->timeS[0] > 0);
        // Metrics use the region's own time.
        const MetricResult* rate = findMetric(*a, "Page faults [1/s]");
        QVERIFY(rate);
        QCOMPARE(rate->perLocation[0], faults(*a, 0) / a->timeS[0]);
        QCOMPARE(findMetric(*a, "Runtime [s]")->perLocation[0], a->timeS[0]);
    }

    void nestedAndOverlappingRegionsEachCountTheirOwnSpan() {
        QTemporaryDir dir;
        const long n = kPages / 2;
        const ProgramRun nested = run(dir, {"nested", QString::number(n)});
        QCOMPARE(nested.exitCode, 0);
        auto regions = regionsOf(nested, *software_);
        REQUIRE_OK(regions);
        const RegionResult* outer = findRegion(*regions, "outer");
        const RegionResult* inner = findRegion(*regions, "inner");
        QVERIFY(outer && inner);
        QVERIFY(faults(*inner, 0) >= n);
        QVERIFY(faults(*inner, 0) < 2 * n);
        QVERIFY(faults(*outer, 0) >= 2 * n);
        QVERIFY(outer->timeS[0] >= inner->timeS[0]);

        QTemporaryDir dir2;
        const ProgramRun overlap = run(dir2, {"overlap", QString::number(n)});
        QCOMPARE(overlap.exitCode, 0);
        regions = regionsOf(overlap, *software_);
        REQUIRE_OK(regions);
        // A spans the first two batches of pages, B the last two.
        QVERIFY(faults(*findRegion(*regions, "A"), 0) >= 2 * n);
        QVERIFY(faults(*findRegion(*regions, "A"), 0) < 3 * n);
        QVERIFY(faults(*findRegion(*regions, "B"), 0) >= 2 * n);
        QVERIFY(faults(*findRegion(*regions, "B"), 0) < 3 * n);
    }

    // START and STOP know a tag pointer they saw before: the text must still decide.
    void oneBufferRewrittenBetweenCallsNamesEachRegionByItsText() {
        QTemporaryDir dir;
        const long n = kPages / 2;
        auto regions = quietRunRegions(dir, {"buffer", QString::number(n)});
        REQUIRE_OK(regions);
        const RegionResult* a = findRegion(*regions, "A");
        const RegionResult* b = findRegion(*regions, "B");
        QVERIFY(a && b);
        QCOMPARE(a->calls, (std::vector<uint64_t>{1}));
        QCOMPARE(b->calls, (std::vector<uint64_t>{2}));
        QVERIFY(faults(*a, 0) >= 2 * n && faults(*a, 0) < 3 * n);
        QVERIFY(faults(*b, 0) >= 2 * n && faults(*b, 0) < 3 * n);
    }

    void everyThreadIsCountedSeparately() {
        QTemporaryDir dir;
        const int threads = 4;
        const long n = 300;
        const ProgramRun r = run(dir, {"threads", QString::number(threads), QString::number(n)});
        QCOMPARE(r.exitCode, 0);
        auto regions = regionsOf(r, *software_);
        REQUIRE_OK(regions);
        const RegionResult* work = findRegion(*regions, "work");
        QVERIFY(work);
        QCOMPARE(work->threads.size(), size_t(threads));
        std::set<int> tids;
        for (size_t t = 0; t < work->threads.size(); ++t) {
            tids.insert(work->threads[t].id);
            QCOMPARE(work->calls[t], uint64_t(3));
            QVERIFY2(faults(*work, t) >= 3 * n, std::to_string(faults(*work, t)).c_str());
        }
        QCOMPARE(tids.size(), size_t(threads));
        QVERIFY(findEvent(*work, "FAULTS")->total.value >= threads * 3 * n);
    }

    void getReturnsWhatTheResultsSay() {
        QTemporaryDir dir;
        const ProgramRun r = run(dir, {"get", "100"});
        QCOMPARE(r.exitCode, 0);
        // "get A count=3 time=0.001234567 nevents=5 v0 v1 v2 v3 v4"
        const std::vector<std::string> f = splitWhitespace(r.out);
        QVERIFY2(f.size() == 10 && f[0] == "get" && f[1] == "A", r.out.c_str());
        auto results = readMarkerResultsFile(r.resultsPath);
        REQUIRE_OK(results);
        QCOMPARE(results->regions.size(), size_t(1));
        const MarkerRegionRecord& a = results->regions[0];
        QCOMPARE(f[2], "count=" + std::to_string(a.calls));
        QCOMPARE(a.calls, uint64_t(3));
        // The tick rate is measured again at CLOSE: the same time to well within 0.1%.
        const double getTime = std::stod(f[3].substr(5)), closeTime = static_cast<double>(a.timeNs) / 1e9;
        QVERIFY2(std::abs(getTime - closeTime) <= 1e-3 * closeTime, r.out.c_str());
        QCOMPARE(f[4], std::string("nevents=5"));
        for (size_t e = 0; e < 5; ++e) {
            QVERIFY(a.counts[e]);
            // Software events are never multiplexed: GET's values are the raw counts.
            QCOMPARE(a.counts[e]->enabledNs, a.counts[e]->runningNs);
            QCOMPARE(f[5 + e], std::to_string(a.counts[e]->raw));
        }
    }

    void resetClearsTheCallingThreadsRegion() {
        QTemporaryDir dir;
        const long n = 500;
        const ProgramRun r = run(dir, {"reset", QString::number(n)});
        QCOMPARE(r.exitCode, 0);
        auto regions = regionsOf(r, *software_);
        REQUIRE_OK(regions);
        const RegionResult* a = findRegion(*regions, "A");
        QCOMPARE(a->calls, (std::vector<uint64_t>{1}));
        QVERIFY(faults(*a, 0) >= n);
        QVERIFY(faults(*a, 0) < 2 * n);
    }

    void switchMovesToTheNextSetBetweenRegionsOnly() {
        auto plan = planFor({"SOFTWARE"}, {"page-faults"});
        REQUIRE_OK(plan);
        QTemporaryDir dir;
        const long n = 400;
        const ProgramRun r = runProgram(dir, MARKER_REGIONS, {"switch", QString::number(n)},
                                        markerEnvironment(*plan, dir.filePath("results").toStdString()));
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.find("MARKER_SWITCH in thread") != std::string::npos &&
                     r.err.find("region 'A' is running in this thread") != std::string::npos,
                 r.err.c_str());
        auto regions = regionsOf(r, *plan);
        REQUIRE_OK(regions);
        const RegionResult* first = findRegion(*regions, "A", 0);
        const RegionResult* second = findRegion(*regions, "A", 1);
        QVERIFY(first && second);
        QCOMPARE(second->group.name, std::string("custom"));
        QVERIFY(faults(*first, 0) >= n);
        QVERIFY(faults(*first, 0) < 2 * n);
        const EventResult* pageFaults = findEvent(*second, "page-faults");
        QVERIFY(pageFaults && pageFaults->perLocation[0].value >= 2 * n);
    }

    void misuseIsReportedOnceAndNothingCrashes() {
        QTemporaryDir dir;
        const ProgramRun r = run(dir, {"misuse"});
        QCOMPARE(r.exitCode, 0);
        for (const char* expected :
             {"MARKER_STOP(\"never_started\") in thread", "unknown region",
              "MARKER_STOP(\"A\") in thread", "(STOP without START); the call is ignored",
              "MARKER_START(\"has space\")", "must not contain white space", "MARKER_START(NULL)",
              "already running in this thread (START twice)", "MARKER_RESET(\"A\")",
              "MARKER_GET(\"unknown_region\")", "MARKER_CLOSE in thread", "called twice",
              "MARKER_START(\"A\") in thread", "called after MARKER_CLOSE"})
            QVERIFY2(r.err.find(expected) != std::string::npos, (std::string(expected) + " in:\n" + r.err).c_str());
        QCOMPARE(occurrences(r.err, "STOP without START"), size_t(1)); // four times in the program, said once
        for (const auto& line : split(r.err, '\n')) QVERIFY2(line.starts_with("perfdash marker: "), line.c_str());
        // The first CLOSE wrote what was measured correctly: two pairs of A.
        auto regions = regionsOf(r, *software_);
        REQUIRE_OK(regions);
        QCOMPARE(regions->size(), size_t(1));
        QCOMPARE(regions->at(0).calls, (std::vector<uint64_t>{2}));
    }

    void callsBeforeInitAreReported() {
        QTemporaryDir dir;
        const ProgramRun r = run(dir, {"no-init"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.find("MARKER_START(\"A\")") != std::string::npos &&
                     r.err.find("called before MARKER_INIT") != std::string::npos,
                 r.err.c_str());
        QVERIFY(!r.wroteResults());
    }

    void aFullRegionTableIsReported() {
        QTemporaryDir dir;
        const ProgramRun r = run(dir, {"full"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.find("MARKER_REGISTER(\"r256\")") != std::string::npos &&
                     r.err.find("region table is full (256 names per program)") != std::string::npos,
                 r.err.c_str());
        auto results = readMarkerResultsFile(r.resultsPath);
        REQUIRE_OK(results);
        QCOMPARE(results->regions.size(), size_t(1));
    }

    void aRegionLeftRunningIsReportedAtClose() {
        QTemporaryDir dir;
        const ProgramRun r = run(dir, {"unfinished"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.find("MARKER_CLOSE: region 'A' was still running") != std::string::npos, r.err.c_str());
        auto regions = regionsOf(r, *software_);
        REQUIRE_OK(regions);
        QVERIFY(regions->empty());
    }

    void withoutTheLauncherEveryCallIsANoOp() {
        QTemporaryDir dir;
        const ProgramRun r = runProgram(dir, MARKER_REGIONS, {"pages", "10"}, {});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.err, std::string());
        QVERIFY(QDir(dir.path()).isEmpty());
        const ProgramRun misuse = runProgram(dir, MARKER_REGIONS, {"no-init"}, {});
        QCOMPARE(misuse.err, std::string()); // not measured: nothing to warn about
    }

    void theNoOpBuildIgnoresTheLauncher() {
        QTemporaryDir dir;
        const ProgramRun r = run(dir, {"pages", "10"}, MARKER_REGIONS_NOOP);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.err, std::string());
        QVERIFY(!r.wroteResults());
    }

    void theStaticLibraryCountsToo() {
        QTemporaryDir dir;
        const ProgramRun r = run(dir, {"pages", QString::number(kPages)}, MARKER_REGIONS_STATIC);
        QCOMPARE(r.exitCode, 0);
        auto regions = regionsOf(r, *software_);
        REQUIRE_OK(regions);
        QVERIFY(faults(*findRegion(*regions, "A"), 0) >= kPages);
    }

    void uncountableEventsStillGiveTimeAndCalls() {
        // Five events no kernel knows (an unused perf type): every open fails with ENOENT.
        MeasurementPlan bogus = *software_;
        for (auto& slot : bogus.eventSet) slot.event.encoding.type = 0x7fffffff;
        QTemporaryDir dir;
        const ProgramRun r = runProgram(dir, MARKER_REGIONS, {"threads", "3", "10"},
                                        markerEnvironment(bogus, dir.filePath("results").toStdString()));
        QCOMPARE(r.exitCode, 0);
        // Said once for all threads and events, with the reason.
        QCOMPARE(occurrences(r.err, "\n"), size_t(1));
        QVERIFY2(r.err.find("cannot count any event of event set 0: " + std::string(std::strerror(ENOENT))) !=
                     std::string::npos,
                 r.err.c_str());
        auto regions = regionsOf(r, *software_);
        REQUIRE_OK(regions);
        const RegionResult* work = findRegion(*regions, "work");
        QVERIFY(work);
        QCOMPARE(work->threads.size(), size_t(3));
        for (size_t t = 0; t < 3; ++t) {
            QCOMPARE(work->calls[t], uint64_t(3));
            QVERIFY(work->timeS[t] > 0);
        }
        for (const auto& e : work->group.events) {
            QVERIFY(!e.counted);
            QVERIFY(!e.reason.empty());
            QVERIFY(!isAvailable(e.perLocation[0].value));
        }
        QVERIFY(isAvailable(findMetric(*work, "Runtime [s]")->perLocation[0]));
    }

    void aBadEnvironmentIsRefusedWithTheReason_data() {
        QTest::addColumn<QString>("version");
        QTest::addColumn<QString>("events");
        QTest::addColumn<QString>("expected");
        QTest::newRow("version") << "99" << "1:1:0:0:0" << "wire version 99";
        const QString current = QString::number(PERFDASH_MARKER_WIRE_VERSION);
        QTest::newRow("older version") << "1" << "1:1:0:0:0" << "the launcher speaks marker wire version 1";
        QTest::newRow("field") << current << "1:1:0:0" << "event 0 of set 0 is not TYPE:CONFIG:CONFIG1:CONFIG2:EXCLUDE";
        QTest::newRow("exclude") << current << "1:1:0:0:0x40" << "event 0 of set 0 is not";
        QTest::newRow("trailing comma") << current << "1:1:0:0:0," << "an event is missing after ','";
    }

    void aBadEnvironmentIsRefusedWithTheReason() {
        QFETCH(QString, version);
        QFETCH(QString, events);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const ProgramRun r = runProgram(dir, MARKER_REGIONS, {"pages", "10"},
                                        {"PERFDASH_MARKER_VERSION=" + version.toStdString(),
                                         "PERFDASH_MARKER_OUTPUT=" + dir.filePath("results").toStdString(),
                                         "PERFDASH_MARKER_EVENTS=" + events.toStdString()});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.starts_with("perfdash marker: not measuring: "), r.err.c_str());
        QVERIFY2(r.err.find(expected.toStdString()) != std::string::npos, r.err.c_str());
        QCOMPARE(occurrences(r.err, "\n"), size_t(1));
        QVERIFY(!r.wroteResults());
    }

    void resultsOfAnotherProcessAreNotOverwritten() {
        QTemporaryDir dir;
        QFile earlier(dir.filePath("results"));
        QVERIFY(earlier.open(QIODevice::WriteOnly));
        earlier.write("first\n");
        earlier.close();
        const ProgramRun r = run(dir, {"pages", "10"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.find("another instrumented process of this run wrote its results first") != std::string::npos,
                 r.err.c_str());
        QCOMPARE(readFile(r.resultsPath).value_or(""), std::string("first\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1); // no temporary file left behind
    }
};

QTEST_GUILESS_MAIN(TestMarkerLibrary)
#include "test_marker_library.moc"
