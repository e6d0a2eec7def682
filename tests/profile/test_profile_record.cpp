// perfdash-cli record on a workload whose shares are known by construction
// (tests/profile/workloads): cpu-clock samples give each function its share
// within 3 points, and so does perf sampling the same run; the inlined
// function shows with its caller, at the right source lines; a stripped
// binary is named through its debug file; a binary without frame pointers
// gets whole stacks with --call-graph dwarf and incomplete ones, marked, with
// frame pointers; samples are attributed to marker regions. Shares are of
// samples, not of wall time, so a busy machine changes nothing but the time.
#include <QTemporaryDir>
#include <QtTest>

#include <cstdio>
#include <filesystem>
#include <regex>
#include <sstream>
#include <sys/stat.h>

#include "ProfileCli.h"
#include "core/symbols/ElfFile.h"
#include "core/symbols/Mapping.h"
#include "core/util/Strings.h"

using namespace perfdash;
using namespace perfdash::testing;

namespace {

// Iterations per unit: 100 units take about 2 s of CPU time here.
const std::string kUnit = "10000000";
const std::string kSmallUnit = "4000000";

// What each function of `profile_workload shares` takes, by construction.
const std::map<std::string, double> kExpected = {
    {"main_work", 0.20}, {"inlined_work", 0.20}, {"lib_work", 0.30}, {"thread_work", 0.20}, {"child_work", 0.10}};
constexpr double kTolerance = 0.03;

std::string workload() { return PROFILE_WORKLOAD; }

// perf report --stdio's self shares by symbol among the samples of the
// processes named `comm` (perf keeps a name's first 15 characters).
std::map<std::string, double> perfShares(const std::string& data, const std::string& comm) {
    std::map<std::string, double> shares;
    FILE* pipe = ::popen(("perf report --stdio --no-children --sort sym --percentage relative --comm " + comm.substr(0, 15) +
                          " -i " + data + " 2>/dev/null")
                             .c_str(),
                         "r");
    if (!pipe) return shares;
    char line[4096];
    const std::regex row(R"(^\s*([0-9.]+)%\s+\[[.k]\]\s+(\S+))");
    while (std::fgets(line, sizeof line, pipe)) {
        std::cmatch m;
        if (std::regex_search(line, m, row)) shares[m[2].str()] += std::stod(m[1].str()) / 100;
    }
    ::pclose(pipe);
    return shares;
}

bool havePerf() { return std::system("perf --version >/dev/null 2>&1") == 0; }

std::string sharesText(const Shares& s) {
    std::string out;
    for (const auto& [name, share] : s.self)
        if (share > 0.005) out += printfString("%s %.1f%%; ", name.c_str(), share * 100);
    return out;
}

} // namespace

class TestProfileRecord : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

private slots:
    void initTestCase() {
        if (auto why = whyProfileTestsCannotRun(); !why.empty()) QSKIP(why.c_str());
        QVERIFY(dir_.isValid());
    }

    // Each function's share within 3 points of its construction, and of
    // perf's: perf record samples the same run as perfdash-cli record does
    // (perf runs perfdash-cli, which runs the workload), so the two see one
    // execution, whose CPU time a loaded machine may split otherwise than
    // another's. The inlined function with its caller.
    void sharesAsConstructedAndAsPerfSees() {
        const bool perf = havePerf();
        const std::string path = dir_.filePath("shares.json").toStdString();
        const std::string data = dir_.filePath("perf.data").toStdString();
        Result<Session> session = makeError("not recorded");
        if (perf) {
            const std::string command = "perf record -q -e cpu-clock -F 4000 -o " + data + " -- " +
                                        cliPath().toStdString() + " record -e cpu-clock -F 4000 -o " + path + " -- " +
                                        workload() + " shares " + kUnit + " >/dev/null 2>&1";
            QCOMPARE(std::system(command.c_str()), 0);
            session = readSessionFile(path);
        } else {
            session = record(dir_, "shares.json", {"-e", "cpu-clock", "-F", "4000"}, {workload(), "shares", kUnit});
        }
        QVERIFY2(session.ok(), session.ok() ? "" : session.error().message.c_str());
        QVERIFY(session->profile);
        const Shares ours = sharesOf(*session->profile);
        QVERIFY2(ours.samples > 2000, sharesText(ours).c_str());
        for (const auto& [name, expected] : kExpected) {
            const double got = shareIn(ours.self, name);
            QVERIFY2(std::abs(got - expected) <= kTolerance,
                     (name + ": " + std::to_string(got) + " for " + std::to_string(expected) + "; " + sharesText(ours)).c_str());
        }
        QCOMPARE(ours.inlinedInto.at("inlined_work"), std::string("main_work"));
        // The counts of the same run: cpu-clock counted as stat counts it.
        const EventResult* clock = nullptr;
        for (const auto& g : session->result.groups)
            for (const auto& e : g.events)
                if (e.event == "cpu-clock") clock = &e;
        QVERIFY(clock && clock->counted && clock->total.value > 1e9);

        if (!perf) QSKIP("perf is not installed (Debian: linux-perf): the comparison with perf cannot run");
        const auto theirs = perfShares(data, std::filesystem::path(workload()).filename().string());
        QVERIFY2(!theirs.empty(), "perf report printed no shares");
        // perf names inlined code by the function it is inlined into.
        std::map<std::string, double> oursAsPerf = ours.self;
        oursAsPerf["main_work"] += shareIn(ours.self, "inlined_work");
        for (const char* name : {"main_work", "lib_work", "thread_work", "child_work"}) {
            const double perfShare = shareIn(theirs, name), mine = shareIn(oursAsPerf, name);
            QVERIFY2(std::abs(perfShare - mine) <= kTolerance,
                     (std::string(name) + ": perf " + std::to_string(perfShare) + ", perfdash " + std::to_string(mine)).c_str());
        }
    }

    // main_work's samples at its own loop's line and at the line that calls
    // inlined_work; inlined_work's at its own loop's line.
    void inlinedFunctionAtItsLines() {
        auto session = record(dir_, "lines.json", {"-e", "cpu-clock"}, {workload(), "shares", kSmallUnit});
        QVERIFY2(session.ok(), session.ok() ? "" : session.error().message.c_str());
        const Profile& p = *session->profile;
        auto selection = selectRows(p, {});
        QVERIFY(selection.ok());
        auto metrics = ProfileMetrics::compile(p);
        QVERIFY(metrics.ok());
        const std::string source = PROFILE_WORKLOAD_SOURCE;
        const int mainBody = markedLine(source, "main_body"), call = markedLine(source, "inlined_call"),
                  inlinedBody = markedLine(source, "inlined_body");
        QVERIFY(mainBody > 0 && call > 0 && inlinedBody > 0);

        std::map<int, double> byLine;
        std::map<int, std::vector<std::string>> calls;
        double all = 0;
        for (const LineRow& row : lineTable(p, *selection, *metrics, "main_work")) {
            QVERIFY2(row.file == source || row.file.ends_with("profile_workload.c"), row.file.c_str());
            byLine[row.line] += row.sums[ProfileColumns::kSamples];
            calls[row.line] = row.inlinedCalls;
            all += row.sums[ProfileColumns::kSamples];
        }
        QVERIFY(all > 200);
        QVERIFY2(byLine[mainBody] / all > 0.4 && byLine[call] / all > 0.4,
                 printfString("main body %.0f, call %.0f of %.0f", byLine[mainBody], byLine[call], all).c_str());
        QCOMPARE(calls[call], std::vector<std::string>{"inlined_work"});

        double inlinedAll = 0, atBody = 0;
        for (const LineRow& row : lineTable(p, *selection, *metrics, "inlined_work")) {
            inlinedAll += row.sums[ProfileColumns::kSamples];
            if (row.line == inlinedBody) atBody += row.sums[ProfileColumns::kSamples];
        }
        QVERIFY2(inlinedAll > 100 && atBody / inlinedAll > 0.9, printfString("%.0f of %.0f", atBody, inlinedAll).c_str());

        // Its caller, as --callers shows it.
        const CallerNode callers = callerTree(p, *selection, *metrics, "inlined_work");
        QVERIFY(!callers.callers.empty());
        QCOMPARE(callers.callers.front().name, std::string("main_work"));
    }

    // Stripped of every symbol: unnamed without its debug file, named through
    // the debug file placed under its build-id in a debug root.
    void strippedBinaryByItsBuildId() {
        const std::string stripped = PROFILE_WORKLOAD_STRIPPED;
        auto elf = ElfFile::open(stripped);
        QVERIFY2(elf.ok(), elf.ok() ? "" : elf.error().message.c_str());
        const std::string id = buildIdHex((*elf)->buildId());
        QVERIFY(id.size() > 2);
        const std::string root = dir_.filePath("debug-root").toStdString();
        std::filesystem::create_directories(root + "/.build-id/" + id.substr(0, 2));
        std::filesystem::copy_file(stripped + ".debug", root + "/.build-id/" + id.substr(0, 2) + "/" + id.substr(2) + ".debug",
                                   std::filesystem::copy_options::overwrite_existing);

        auto bare = record(dir_, "stripped-bare.json", {"-e", "cpu-clock", "--debug-root", dir_.filePath("empty").toStdString()},
                           {stripped, "shares", kSmallUnit});
        QVERIFY2(bare.ok(), bare.ok() ? "" : bare.error().message.c_str());
        const Shares unnamed = sharesOf(*bare->profile);
        QCOMPARE(shareIn(unnamed.self, "main_work"), 0.0);

        auto named = record(dir_, "stripped.json", {"-e", "cpu-clock", "--debug-root", root}, {stripped, "shares", kSmallUnit});
        QVERIFY2(named.ok(), named.ok() ? "" : named.error().message.c_str());
        const Shares s = sharesOf(*named->profile);
        QVERIFY2(std::abs(shareIn(s.self, "main_work") - 0.20) <= kTolerance, sharesText(s).c_str());
        QVERIFY2(std::abs(shareIn(s.self, "thread_work") - 0.20) <= kTolerance, sharesText(s).c_str());
        // The module's build-id and debug file are in the session, for another machine.
        bool found = false;
        for (const ProfileModule& m : named->profile->modules)
            if (m.path == stripped) found = m.buildId == id && contains(m.debugFile, id.substr(2));
        QVERIFY(found);
    }

    // Without frame pointers: DWARF unwinding reaches main and the thread's
    // start; the kernel's frame-pointer walk breaks, and says so.
    void noFramePointersDwarfAndFramePointerModes() {
        const std::string nofp = PROFILE_WORKLOAD_NOFP;
        // 2 MiB rings: 8 KiB stack copies at 4 kHz fill the default 512 KiB in 15 ms, which a slow
        // (ASan) build's reader does not always empty in time, and lost records bend the shares.
        auto dwarf = record(dir_, "dwarf.json", {"-e", "cpu-clock", "--call-graph", "dwarf", "--mmap-pages", "2M"},
                            {nofp, "shares", kSmallUnit});
        QVERIFY2(dwarf.ok(), dwarf.ok() ? "" : dwarf.error().message.c_str());
        const Profile& p = *dwarf->profile;
        const Shares s = sharesOf(p);
        QVERIFY2(std::abs(shareIn(s.self, "lib_work") - 0.30) <= kTolerance, sharesText(s).c_str());
        for (const char* f : {"main_work", "lib_work", "thread_work"})
            QVERIFY2(shareIn(s.incomplete, f) <= 0.05 * shareIn(s.selfSamples, f),
                     printfString("%s: %.0f of %.0f incomplete", f, shareIn(s.incomplete, f), shareIn(s.selfSamples, f)).c_str());
        auto selection = selectRows(p, {});
        auto metrics = ProfileMetrics::compile(p);
        QVERIFY(selection.ok() && metrics.ok());
        // main_work <- shares <- main <- ... <- _start, every level unwound.
        const CallerNode mainCallers = callerTree(p, *selection, *metrics, "main_work");
        QVERIFY(!mainCallers.callers.empty() && !mainCallers.callers.front().callers.empty());
        QCOMPARE(mainCallers.callers.front().name, std::string("shares"));
        QCOMPARE(mainCallers.callers.front().callers.front().name, std::string("main"));
        const std::string folded = foldedStacks(p, *selection);
        QVERIFY2(contains(folded, "start_thread") || contains(folded, "clone3"), folded.substr(0, 2000).c_str());

        auto fp = record(dir_, "fp.json", {"-e", "cpu-clock"}, {nofp, "shares", kSmallUnit});
        QVERIFY2(fp.ok(), fp.ok() ? "" : fp.error().message.c_str());
        const Shares f = sharesOf(*fp->profile);
        const double work = shareIn(f.selfSamples, "main_work") + shareIn(f.selfSamples, "lib_work");
        const double broken = shareIn(f.incomplete, "main_work") + shareIn(f.incomplete, "lib_work");
        QVERIFY2(work > 100 && broken > 0.5 * work, printfString("%.0f of %.0f incomplete", broken, work).c_str());
        auto fpSelection = selectRows(*fp->profile, {});
        QVERIFY(fpSelection.ok());
        QVERIFY(contains(foldedStacks(*fp->profile, *fpSelection), ";[incomplete stack];"));
    }

    // -m: each region's own hot functions.
    void samplesByMarkerRegion() {
        CliRun run;
        auto session = record(dir_, "regions.json", {"-m", "-e", "cpu-clock"}, {workload(), "regions", kSmallUnit}, &run);
        QVERIFY2(session.ok(), session.ok() ? "" : session.error().message.c_str());
        const Profile& p = *session->profile;
        QCOMPARE(p.regions.size(), size_t{2});
        ProfileFilter solve;
        solve.region = "solve";
        const Shares inSolve = sharesOf(p, solve);
        QVERIFY2(shareIn(inSolve.self, "main_work") + shareIn(inSolve.self, "inlined_work") > 0.95, sharesText(inSolve).c_str());
        ProfileFilter setup;
        setup.region = "setup";
        const Shares inSetup = sharesOf(p, setup);
        QVERIFY2(shareIn(inSetup.self, "lib_work") > 0.95, sharesText(inSetup).c_str());
        // 30 of 50 units ran in solve, 10 in setup.
        const Shares all = sharesOf(p);
        QVERIFY2(std::abs(inSolve.samples / all.samples - 0.6) <= kTolerance,
                 printfString("%.0f of %.0f", inSolve.samples, all.samples).c_str());
        QVERIFY2(std::abs(inSetup.samples / all.samples - 0.2) <= kTolerance,
                 printfString("%.0f of %.0f", inSetup.samples, all.samples).c_str());
        // The regions' counts, as stat -m gives them, are in the same session.
        QVERIFY(!session->result.regions.empty());
    }
};

QTEST_GUILESS_MAIN(TestProfileRecord)
#include "test_profile_record.moc"
