// `perfdash-cli report` on the committed arm64 perf.data fixture
// (tests/fixtures/perfdata/arm64, README.md there): Debian's perf recorded
// `-e '{cycles:u,instructions:u}:S' -c 10007 -g` of cpi-kinds in the
// emulated arm64 guest of tests/hwguest (QEMU's PMU, -icount shift=1), and
// reported on it there (perf-report.txt). Runs on any host: no guest, no
// PMU, no perf.
//
// What must hold:
//   - the sampled group's events: cycles:u sampled, instructions:u read with
//     every sample, named by the built-in CPI set's counters;
//   - per function, the samples and both events' sums exactly as perf's
//     report made in the guest, the self share within its rounding;
//   - each function's CPI and IPC (the formulas on its summed deltas) equal
//     to the ratio of its sums, and to what the emulation makes them: every
//     instruction takes 2^shift = 2 cycles, whatever the kind of work, so
//     CPI is 2 and its error 0;
//   - the functions' instruction shares are the program's by construction
//     (50, 30, 20 %);
//   - symbols from the fixture's binary under --symfs, relative too, and
//     none from a file with another build-id;
//   - --group: a group whose slots all name the file's events gives its
//     formulas; one that does not is an error naming the missing slot;
//   - the binding rules themselves, on events made here.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include <linux/perf_event.h>

#include "core/perfdata/PerfDataProfile.h"
#include "profile/ProfileCli.h"

using namespace perfdash;
using namespace perfdash::testing;

namespace {

std::string fixtureDir() { return qEnvironmentVariable("PERFDASH_FIXTURES").toStdString() + "/perfdata/arm64"; }
std::string dataFile() { return fixtureDir() + "/cpi-kinds.data"; }

// One line of perf report --group -F overhead,sample,period,sym.
struct PerfRow {
    double share = 0; // the leader's (cycles:u), in %
    double samples = 0;
    double cycles = 0;
    double instructions = 0;
    bool kernel = false;
};

std::map<std::string, PerfRow> perfReport() {
    std::ifstream in(fixtureDir() + "/perf-report.txt");
    // "    49.81%  49.81%          1035        1035      10357246     5178623  [.] dep_mul"
    const std::regex line(R"(^\s*([0-9.]+)%\s+[0-9.]+%\s+(\d+)\s+\d+\s+(\d+)\s+(\d+)\s+\[(.)\]\s+(\S+)\s*$)");
    std::map<std::string, PerfRow> rows;
    for (std::string text; std::getline(in, text);) {
        std::smatch m;
        if (std::regex_match(text, m, line))
            rows[m[6]] = {std::stod(m[1]), std::stod(m[2]), std::stod(m[3]), std::stod(m[4]), m[5] == "k"};
    }
    return rows;
}

const char* const kHot[] = {"dep_mul", "indep_add", "load_walk"};
// Their instructions by construction: 5, 3 and 2 x UNIT rounds of 260 (cpi-kinds.S).
const double kConstructedShare[] = {0.5, 0.3, 0.2};

nlohmann::json functionsJson(const std::vector<std::string>& extra = {}) {
    std::vector<std::string> args{"report", dataFile(), "--functions", "--json", "--limit", "0",
                                  "--symfs", fixtureDir() + "/symfs"};
    args.insert(args.end(), extra.begin(), extra.end());
    const CliRun r = runCli(args);
    if (!r.exited || r.exitCode != 0) {
        qWarning("%s", r.describe().c_str());
        return {};
    }
    return nlohmann::json::parse(r.out, nullptr, false);
}

const nlohmann::json* functionNamed(const nlohmann::json& doc, const std::string& name) {
    for (const auto& f : doc["functions"])
        if (f["name"] == name) return &f;
    return nullptr;
}

double metric(const nlohmann::json& function, const std::string& name, const char* field = "value") {
    for (const auto& m : function["metrics"])
        if (m["name"] == name) return m[field].is_number() ? m[field].get<double>() : NAN;
    return NAN;
}

} // namespace

class TestPerfDataArm64 : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        if (const std::string why = whyProfileTestsCannotRun(); !why.empty()) QSKIP(why.c_str());
        QVERIFY2(std::filesystem::exists(dataFile()), dataFile().c_str());
        QCOMPARE(perfReport().size(), size_t{4}); // three functions and one kernel address
    }

    // The profile's events, through the library as report reads them.
    void events() {
        PerfDataProfileOptions options;
        options.symbolRoots = {fixtureDir() + "/symfs"};
        auto builtIn = readPerfDataMetricGroups(qEnvironmentVariable("PERFDASH_DATA_DIR").toStdString() + "/perfdata");
        QVERIFY2(builtIn, builtIn ? "" : builtIn.error().message.c_str());
        options.metricGroups.builtIn = std::move(*builtIn);
        auto profile = readPerfDataProfile(dataFile(), options);
        QVERIFY2(profile, profile ? "" : profile.error().message.c_str());
        QCOMPARE(profile->sampling.leader, std::string("cycles:u"));
        QCOMPARE(profile->events.size(), size_t{2});
        QCOMPARE(profile->events[0].event, std::string("cycles:u"));
        QCOMPARE(profile->events[0].counter, std::string("cycles"));
        QCOMPARE(profile->events[1].event, std::string("instructions:u"));
        QCOMPARE(profile->events[1].counter, std::string("instructions"));
        QVERIFY(profile->events[0].inSamples && profile->events[1].inSamples);
        QCOMPARE(profile->metrics.size(), size_t{2});
        QCOMPARE(profile->metrics[0].name, std::string("CPI"));
        QCOMPARE(profile->metrics[1].name, std::string("IPC"));
    }

    // Samples and the group's sums per function exactly as perf's report in
    // the guest, the shares within its two decimals, the hottest first.
    void functionsAsPerfReport() {
        const auto doc = functionsJson();
        QVERIFY(!doc.is_discarded() && doc.contains("functions"));
        const auto perf = perfReport();
        double perfKernelSamples = 0;
        for (const auto& [name, row] : perf) {
            if (row.kernel) {
                perfKernelSamples += row.samples;
                continue;
            }
            const nlohmann::json* f = functionNamed(doc, name);
            QVERIFY2(f, name.c_str());
            const auto& self = (*f)["self"];
            QCOMPARE(self["samples"].get<double>(), row.samples);
            QCOMPARE(self["events"]["cycles"].get<double>(), row.cycles);
            QCOMPARE(self["events"]["instructions"].get<double>(), row.instructions);
            QVERIFY2(std::abs(100 * self["share"].get<double>() - row.share) <= 0.005 + 1e-9,
                     (name + ": " + std::to_string(100 * self["share"].get<double>()) + " %, perf " +
                      std::to_string(row.share) + " %").c_str());
        }
        double kernelSamples = 0;
        for (const auto& f : doc["functions"])
            if (f["kernel"].get<bool>()) kernelSamples += f["self"]["samples"].get<double>();
        QCOMPARE(kernelSamples, perfKernelSamples);
        for (size_t i = 0; i < std::size(kHot); ++i) QCOMPARE(doc["functions"][i]["name"].get<std::string>(), kHot[i]);
    }

    // CPI and IPC per function: the ratio of its summed deltas, computed
    // here from its events, and what -icount shift=1 makes every
    // instruction cost; the functions' instructions split as the program does.
    void cpiPerFunction() {
        const auto doc = functionsJson();
        QVERIFY(!doc.is_discarded() && doc.contains("functions"));
        double hotInstructions = 0;
        for (const char* name : kHot) hotInstructions += (*functionNamed(doc, name))["self"]["events"]["instructions"].get<double>();
        for (size_t i = 0; i < std::size(kHot); ++i) {
            const nlohmann::json& f = *functionNamed(doc, kHot[i]);
            const double cycles = f["self"]["events"]["cycles"].get<double>();
            const double instructions = f["self"]["events"]["instructions"].get<double>();
            const double cpi = metric(f, "CPI"), ipc = metric(f, "IPC");
            QVERIFY2(std::abs(cpi - cycles / instructions) <= 1e-9 * cpi, (std::string(kHot[i]) + " CPI " + std::to_string(cpi)).c_str());
            QVERIFY2(std::abs(ipc - instructions / cycles) <= 1e-9 * ipc, (std::string(kHot[i]) + " IPC " + std::to_string(ipc)).c_str());
            QCOMPARE(cpi, 2.0);
            QCOMPARE(ipc, 0.5);
            // Every sample's own ratio is 2: nothing varies, the delta method's error is 0.
            QVERIFY2(metric(f, "CPI", "error") <= 1e-9, std::to_string(metric(f, "CPI", "error")).c_str());
            QVERIFY(!f["metrics"][0]["too_few_samples"].get<bool>());
            QVERIFY2(std::abs(instructions / hotInstructions - kConstructedShare[i]) <= 0.005,
                     (std::string(kHot[i]) + ": " + std::to_string(instructions / hotInstructions)).c_str());
        }
    }

    // A --symfs relative to the working directory names the functions as an absolute one does.
    void relativeSymfs() {
        QProcess p;
        p.setWorkingDirectory(QString::fromStdString(fixtureDir()));
        p.start(cliPath(), {"report", "cpi-kinds.data", "--functions", "--json", "--symfs", "symfs"});
        const CliRun r = collect(p, 120000);
        QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
        const auto doc = nlohmann::json::parse(r.out, nullptr, false);
        QVERIFY(!doc.is_discarded());
        QVERIFY2(functionNamed(doc, "dep_mul"), r.out.c_str());
    }

    // The recorded build-id (perf's --buildid-mmap, in the MMAP2 record) keeps another file's symbols out.
    void anotherBuildIdIsRefused() {
        QTemporaryDir dir;
        const std::string bin = dir.path().toStdString() + "/hwguest/bin";
        std::filesystem::create_directories(bin);
        std::filesystem::copy_file(cliPath().toStdString(), bin + "/cpi-kinds");
        const CliRun r = runCli({"report", dataFile(), "--functions", "--symfs", dir.path().toStdString()});
        QVERIFY2(r.exited && r.exitCode == 0, r.describe().c_str());
        QVERIFY2(contains(r.out + r.err, "/hwguest/bin/cpi-kinds: the binary was rebuilt or replaced"), r.describe().c_str());
        QVERIFY2(!contains(r.out, "dep_mul"), r.out.c_str());
    }

    // --group: a group of the user's whose slots all name the file's events.
    void chosenGroup() {
        QTemporaryDir dir;
        const std::string file = dir.filePath("MINE.txt").toStdString();
        std::ofstream(file) << "SHORT test\n\nEVENTSET\nPMC0  instructions\nPMC1  cycles:u\n\nMETRICS\n"
                               "Cycles per instruction  PMC1/PMC0\n";
        const auto doc = functionsJson({"--group", file});
        QVERIFY(!doc.is_discarded() && doc.contains("functions"));
        const nlohmann::json& f = *functionNamed(doc, "dep_mul");
        QCOMPARE(f["self"]["events"]["PMC1"].get<double>(), perfReport().at("dep_mul").cycles);
        QCOMPARE(metric(f, "Cycles per instruction"), 2.0);
        QVERIFY(std::isnan(metric(f, "CPI"))); // the built-in set is not added to it
    }

    // A group with a slot the file has no event for: an error naming it and the file's events.
    void groupWithoutTheEvents() {
        const std::string generic = qEnvironmentVariable("PERFDASH_DATA_DIR").toStdString() + "/groups/generic/CPI.txt";
        const CliRun r = runCli({"report", dataFile(), "--functions", "--group", generic});
        QVERIFY2(r.exited && r.exitCode != 0, r.describe().c_str());
        QVERIFY2(contains(r.err, "PMC2 (task-clock)"), r.err.c_str());
        QVERIFY2(contains(r.err, "(cycles:u, instructions:u)"), r.err.c_str());
        QVERIFY2(!contains(r.err, "PMC0") && !contains(r.err, "PMC1"), r.err.c_str()); // those bind
    }

    // The binding rules on events made here (PerfDataMetrics.h): the
    // built-in CPI set binds cycles and instructions counted alike, leaves a
    // third member to a formula identifier, and binds nothing where the two
    // count different privilege levels; a chosen group then fails saying so.
    void bindingRules() {
        auto builtIn = readPerfDataMetricGroups(qEnvironmentVariable("PERFDASH_DATA_DIR").toStdString() + "/perfdata");
        QVERIFY2(builtIn, builtIn ? "" : builtIn.error().message.c_str());
        auto event = [](const char* name, uint32_t type, uint64_t config, bool user) {
            PerfDataEvent e;
            e.name = name;
            e.attr.type = type;
            e.attr.config = config;
            e.attr.exclude_kernel = user;
            return e;
        };
        const PerfDataEvent cycles = event("cycles:u", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, true);
        const PerfDataEvent instructions = event("instructions:u", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, true);
        const PerfDataEvent misses = event("branch-misses:u", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES, true);
        const PerfDataEvent allInstructions = event("instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, false);
        PerfDataMetricGroups groups;
        groups.builtIn = *builtIn;

        auto three = perfDataColumns(groups, {&misses, &instructions, &cycles});
        QVERIFY2(three, three ? "" : three.error().message.c_str());
        QCOMPARE(three->events[0].counter, std::string("branch_misses_u"));
        QCOMPARE(three->events[1].counter, std::string("instructions"));
        QCOMPARE(three->events[2].counter, std::string("cycles"));
        QCOMPARE(three->metrics.size(), size_t{2});

        auto mixed = perfDataColumns(groups, {&cycles, &allInstructions});
        QVERIFY2(mixed, mixed ? "" : mixed.error().message.c_str());
        QVERIFY(mixed->metrics.empty());
        QCOMPARE(mixed->events[0].counter, std::string("cycles:u")); // perf's names where nothing binds
        QVERIFY(mixed->notice.empty());

        groups.chosen = builtIn->front();
        auto chosen = perfDataColumns(groups, {&cycles, &allInstructions});
        QVERIFY(!chosen);
        QVERIFY2(contains(chosen.error().message, "different privilege levels"), chosen.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestPerfDataArm64)
#include "test_perfdata_arm64.moc"
