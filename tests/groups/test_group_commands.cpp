// perfdash-cli groups / check-group, run as a separate process (PERFDASH_CLI)
// with HOME and XDG_CONFIG_HOME pointing at an empty temporary directory.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "GroupTestSupport.h"
#include "core/groups/GroupArch.h"
#include "core/measurement/MachineContext.h"
#include "core/util/DataPaths.h"

namespace {

struct Run {
    int status = -1;
    std::string out;
    std::string err;
};

} // namespace

class TestGroupCommands : public QObject {
    Q_OBJECT
private:
    QTemporaryDir home_;

    // `arch`: PERFDASH_ARCH for the run (removed when empty).
    Run cli(const QStringList& args, const QString& arch = {}) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        if (arch.isEmpty()) env.remove("PERFDASH_ARCH");
        else env.insert("PERFDASH_ARCH", arch);
        env.insert("HOME", home_.path());
        env.insert("XDG_CONFIG_HOME", home_.path() + "/.config");
        p.setProcessEnvironment(env);
        p.start(qEnvironmentVariable("PERFDASH_CLI"), args);
        if (!p.waitForFinished(30000)) qFatal("perfdash-cli did not finish");
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput().toStdString(),
                p.readAllStandardError().toStdString()};
    }

    static QString skxTree() {
        return qEnvironmentVariable("PERFDASH_FIXTURES") + "/likwid/sysfs-skx";
    }
    static QString fixture(const char* name) {
        return QString::fromStdString(perfdash::test::fixturesDir()) + "/cli/" + name;
    }

    static bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

private slots:
    void initTestCase() {
        QVERIFY(home_.isValid());
        QVERIFY2(QFileInfo(qEnvironmentVariable("PERFDASH_CLI")).isExecutable(), "PERFDASH_CLI must name the CLI");
    }

    // The portable set is named with --arch generic: which native groups win
    // without --arch depends on the host's CPU (listsAsJson checks that part).
    void listsBuiltinGroups() {
        const Run r = cli({"groups", "--arch", "generic"});
        QCOMPARE(r.status, 0);
        for (const char* name : {"CPI", "BRANCH", "CACHE", "TLB", "SOFTWARE"}) QVERIFY2(has(r.out, name), name);
        QVERIFY(has(r.out, "built-in"));
        QVERIFY(has(r.out, "Cycles and instructions"));
        QVERIFY(r.err.empty());
    }

    void listsAsJson() {
        const Run r = cli({"groups", "--json"});
        QCOMPARE(r.status, 0);
        const auto j = nlohmann::json::parse(r.out);
        // This machine's identified architecture picks the native groups (zen4 and
        // generic on a host whose CPUID says Zen 4), and the first of them that has CPI wins.
        perfdash::MachineContext machine;
        const std::vector<std::string> archs = perfdash::groupArchsFor(machine.cpuArch().arch);
        QCOMPARE(j.at("archs"), nlohmann::json(archs));
        // How sure the identification is, as topology says it; the text says so where it is uncertain.
        QCOMPARE(j.at("cpuArch").at("uncertain").get<bool>(), machine.cpuArch().uncertain());
        const bool warned = has(cli({"groups"}).out, "see 'perfdash-cli topology' for why");
        QCOMPARE(warned, machine.cpuArch().uncertain() || machine.cpuArch().arch.empty());
        std::string cpiArch;
        for (const std::string& arch : archs)
            if (cpiArch.empty() && QFileInfo::exists(qEnvironmentVariable("PERFDASH_DATA_DIR") + "/groups/" + QString::fromStdString(arch) + "/CPI.txt"))
                cpiArch = arch;
        bool sawCpi = false;
        for (const auto& g : j.at("groups")) {
            if (g.at("name") != "CPI") continue;
            sawCpi = true;
            QCOMPARE(g.at("origin").get<std::string>(), std::string("built-in"));
            QCOMPARE(g.at("arch").get<std::string>(), cpiArch);
            QVERIFY(has(g.at("file").get<std::string>(), cpiArch + "/CPI.txt"));
            QVERIFY(!g.at("short").get<std::string>().empty());
        }
        QVERIFY(sawCpi);
    }

    // PERFDASH_ARCH names the architecture where --arch does not; --arch wins; a wrong name is a usage error.
    void archFromTheEnvironment() {
        const Run env = cli({"groups", "--json"}, "skylakeX");
        QCOMPARE(env.status, 0);
        const auto listed = nlohmann::json::parse(env.out);
        QCOMPARE(listed.at("archs"), nlohmann::json({"skylakeX", "skylake", "generic"}));
        QCOMPARE(listed.at("cpuArch").at("overriddenBy"), nlohmann::json("PERFDASH_ARCH"));
        QVERIFY(!has(cli({"groups"}, "skylakeX").out, "see 'perfdash-cli topology'")); // named: not uncertain
        const Run flag = cli({"groups", "--json", "--arch", "zen4"}, "skylakeX");
        QCOMPARE(flag.status, 0);
        QCOMPARE(nlohmann::json::parse(flag.out).at("archs"), nlohmann::json({"zen4", "generic"}));
        const Run model = cli({"groups", "--json", "--arch", "icx"}); // a libpfm4 model: its architecture's name
        QCOMPARE(nlohmann::json::parse(model.out).at("archs").front(), nlohmann::json("icelakeX"));
        const Run bad = cli({"groups"}, "nosuchcpu");
        QCOMPARE(bad.status, 2);
        for (const char* part : {"unknown architecture 'nosuchcpu' in PERFDASH_ARCH", "skylakeX", "zen4", "generic",
                                 "unset PERFDASH_ARCH"})
            QVERIFY2(has(bad.err, part), bad.err.c_str());
        const Run badFlag = cli({"check-group", "--arch", "zen9", "CPI"});
        QCOMPARE(badFlag.status, 2);
        QVERIFY2(has(badFlag.err, "unknown architecture 'zen9' in --arch"), badFlag.err.c_str());
        // A GPU set is no CPU architecture.
        QCOMPARE(cli({"groups", "--arch", "nvidia_gpu_cc_ge_7"}).status, 2);
    }

    void archSelectsNativeGroups() {
        const Run r = cli({"groups", "--json", "--arch", "amd64_fam19h_zen4"});
        QCOMPARE(r.status, 0);
        const auto j = nlohmann::json::parse(r.out);
        std::map<std::string, std::string> archOf;
        for (const auto& g : j.at("groups")) archOf[g.at("name")] = g.at("arch");
        QCOMPARE(archOf.at("CPI"), std::string("zen4"));
        QCOMPARE(archOf.at("SOFTWARE"), std::string("generic"));
    }

    void showsOneGroup() {
        const Run r = cli({"groups", "CPI", "--arch", "generic"});
        QCOMPARE(r.status, 0);
        QVERIFY(has(r.out, "instructions"));
        QVERIFY(has(r.out, "task-clock"));
        QVERIFY(has(r.out, "IPC"));
        QVERIFY(has(r.out, "PMC0/PMC1"));
        QVERIFY(has(r.out, "Formulas:")); // the LONG text
    }

    void showsOneGroupAsJson() {
        const Run r = cli({"groups", "UOPS_ISSUE", "--arch", "skylake", "--json"});
        QCOMPARE(r.status, 0);
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j.at("name").get<std::string>(), std::string("UOPS_ISSUE"));
        const auto& edge = j.at("events").back();
        QCOMPARE(edge.at("counterSpec").get<std::string>(), std::string("PMC2:EDGEDETECT"));
        QCOMPARE(edge.at("eventString").get<std::string>(), std::string("UOPS_ISSUED:STALL_CYCLES:e=1"));
        QCOMPARE(edge.at("options").at(0).at("name").get<std::string>(), std::string("EDGEDETECT"));
        QVERIFY(!j.at("metrics").empty());
        QVERIFY(has(j.at("long").get<std::string>(), "EDGEDETECT"));
    }

    void showsAFileByPath() {
        const Run r = cli({"groups", fixture("GOOD.txt")});
        QCOMPARE(r.status, 0);
        QVERIFY(has(r.out, "CLI test group"));
    }

    void unknownGroupSuggestsClosest() {
        const Run r = cli({"groups", "CPU"});
        QCOMPARE(r.status, 1);
        QVERIFY2(has(r.err, "unknown performance group 'CPU'"), r.err.c_str());
        QVERIFY2(has(r.err, "did you mean CPI"), r.err.c_str());
    }

    // A group that this architecture lacks but others have: said so, with
    // where to read why (AMD defines no top-down method for Zen 3).
    void aGroupOfOtherArchitecturesIsNamedSo() {
        const Run r = cli({"groups", "--arch", "zen3", "TMA"});
        QCOMPARE(r.status, 1);
        QVERIFY2(has(r.err, "unknown performance group 'TMA' for zen3"), r.err.c_str());
        QVERIFY2(has(r.err, "it is a group of ") && has(r.err, "zen4") && has(r.err, "sapphirerapids"), r.err.c_str());
        const std::string archs = r.err.substr(r.err.find("it is a group of "));
        QVERIFY2(archs.find("zen3") == std::string::npos && has(r.err, "docs/groups.md"), r.err.c_str());
    }

    void userGroupOverridesBuiltin() {
        perfdash::test::writeFile(home_.path() + "/.config/perfdash/groups/generic/CPI.txt",
                                  perfdash::test::minimalGroup("my own CPI"));
        const Run r = cli({"groups"});
        QFile::remove(home_.path() + "/.config/perfdash/groups/generic/CPI.txt");
        QCOMPARE(r.status, 0);
        QVERIFY2(has(r.out, "my own CPI"), r.out.c_str());
        QVERIFY2(has(r.out, "overrides"), r.out.c_str());
    }

    void checkGroupAcceptsAGoodFile() {
        const Run r = cli({"check-group", fixture("GOOD.txt")});
        QCOMPARE(r.status, 0);
        QVERIFY2(has(r.out, "GOOD.txt: ok (2 events, 2 metrics)"), r.out.c_str());
        QVERIFY2(r.err.empty(), r.err.c_str());
    }

    void checkGroupReportsFileAndLine() {
        const Run r = cli({"check-group", fixture("GOOD.txt"), fixture("BROKEN.txt"), fixture("BADFORMULA.txt")});
        QCOMPARE(r.status, 1);
        QVERIFY2(has(r.err, "BROKEN.txt:5: counter 'TASKCLOCK' has no event"), r.err.c_str());
        QVERIFY2(has(r.err, "BADFORMULA.txt:8: metric 'Faults per switch': unknown name 'CSWITCH'"), r.err.c_str());
        QVERIFY2(has(r.out, "GOOD.txt: ok"), r.out.c_str()); // the good file is still checked
    }

    void checkGroupJson() {
        const Run r = cli({"check-group", "--json", fixture("GOOD.txt"), fixture("BROKEN.txt")});
        QCOMPARE(r.status, 1);
        const auto j = nlohmann::json::parse(r.out);
        QCOMPARE(j.at("results").size(), size_t(2));
        QCOMPARE(j.at("results")[0].at("ok").get<bool>(), true);
        QCOMPARE(j.at("results")[1].at("ok").get<bool>(), false);
        QVERIFY(has(j.at("results")[1].at("errors")[0].get<std::string>(), "BROKEN.txt:5:"));
    }

    void checkGroupWarnsAboutEventsThatDoNotCountHere() {
        const Run r = cli({"check-group", fixture("ELSEWHERE.txt")});
        QCOMPARE(r.status, 0); // a valid file for another machine: warnings, not errors
        QVERIFY2(has(r.err, "ELSEWHERE.txt:5: PMC0 ") && has(r.err, "NO_SUCH_EVENT_ANYWHERE"), r.err.c_str());
        QVERIFY2(!has(r.err, "FIXC0"), r.err.c_str()); // task-clock counts everywhere
        // cycles: a warning exactly where this machine cannot count it (this VM has no PMU).
        perfdash::MachineContext machine;
        auto cycles = machine.resolver().resolve("cycles");
        QVERIFY(cycles.ok());
        const bool countable = machine.availability().check(*cycles).countable();
        QCOMPARE(has(r.err, "ELSEWHERE.txt:6: PMC1 cycles cannot be counted here"), !countable);
    }

    // likwid measures a file whose formula has a space after an operator, so
    // check-group accepts it and names the line (stat warns the same way).
    void checkGroupWarnsAboutASplitFormula() {
        const Run r = cli({"check-group", "--json", fixture("SPLITFORMULA.txt")});
        QCOMPARE(r.status, 0);
        const auto result = nlohmann::json::parse(r.out).at("results")[0];
        QCOMPARE(result.at("ok").get<bool>(), true);
        QCOMPARE(result.at("metrics").get<int>(), 2);
        const auto warnings = result.at("warnings").get<std::vector<std::string>>();
        QVERIFY2(std::any_of(warnings.begin(), warnings.end(), [](const std::string& w) {
                     return has(w, "SPLITFORMULA.txt:12: the formula of 'Events per second [1/s]' contains spaces") &&
                            has(w, "read as (TASKCLOCK+FAULTS)/time");
                 }),
                 r.out.c_str());
    }

    void checkGroupWarnsAboutOptionsPerfCannotExpress() {
        // On a Skylake-SP's PMUs, whose memory controllers have no match term.
        const Run r = cli({"check-group", "--arch", "skylakeX", "--sysfs", skxTree(), fixture("OPTIONS.txt")});
        QCOMPARE(r.status, 0); // valid file: a warning, not an error
        QVERIFY2(has(r.err, "warning: "), r.err.c_str());
        QVERIFY2(has(r.err, "OPTIONS.txt:5: counter MBOX0C0: likwid option MATCH0=0x1 has no format term on PMU "
                            "uncore_imc_0"),
                 r.err.c_str());
    }

    // likwid's uncore and other units, on a Skylake-SP's sysfs tree: each slot's
    // PMU instance and encoding, or why there is none.
    void checkGroupListsUncoreSlots() {
        const Run r = cli({"check-group", "--arch", "skylakeX", "--sysfs", skxTree(), "--json", fixture("UNCORE.txt")});
        QCOMPARE(r.status, 0);
        const auto listed = nlohmann::json::parse(r.out).at("results").at(0).at("slots");
        QCOMPARE(listed.size(), size_t(4));
        const auto expect = [&](size_t i, const char* pmu, int type, const char* config, const char* config1) {
            QCOMPARE(listed[i].at("pmu").get<std::string>(), std::string(pmu));
            QCOMPARE(listed[i].at("type").get<int>(), type); // the fixture's sysfs type file
            QCOMPARE(listed[i].at("config").get<std::string>(), std::string(config));
            QCOMPARE(listed[i].at("config1").get<std::string>(), std::string(config1));
            QCOMPARE(listed[i].at("config2").get<std::string>(), std::string("0x0"));
        };
        // UNC_M_CAS_COUNT.RD: event 0x04, umask 0x03.
        expect(0, "uncore_imc_1", 42, "0x304", "0x0");
        QCOMPARE(listed[0].at("resolved").get<std::string>(), std::string("uncore_imc_1/cas_count_read/"));
        // UNC_CHA_LLC_LOOKUP.DATA_READ with the state filter (config1 bits 17-26) set to 0x3.
        expect(1, "uncore_cha_2", 15, "0x334", "0x60000");
        QCOMPARE(listed[1].at("event").get<std::string>(), std::string("LLC_LOOKUP_DATA_READ:STATE=0x3"));
        expect(2, "power", 11, "0x2", "0x0");
        QVERIFY(!listed[3].contains("resolved"));
        QVERIFY2(has(listed[3].at("reason").get<std::string>(), "it has 6 uncore_imc PMUs (MBOX0 to MBOX5)"),
                 r.out.c_str());
        QCOMPARE(listed[3].value("absent", false), true);
        QVERIFY(!listed[0].contains("absent"));

        const Run text = cli({"check-group", "--arch", "skylakeX", "--sysfs", skxTree(), fixture("UNCORE.txt")});
        QCOMPARE(text.status, 0);
        QVERIFY2(has(text.out, "uncore_cha_2") && has(text.out, "0x334 config1=0x60000"), text.out.c_str());
        QVERIFY2(has(text.err, "UNCORE.txt:7: MBOX6C1 MBOX6 is absent on this machine"), text.err.c_str());
        QVERIFY2(has(text.out, "absent (n/a): MBOX6 is absent"), text.out.c_str());
    }

    // likwid's upstream Sapphire Rapids MEM adds up MBOX0 to MBOX11; the CPU
    // has 8 channels (uncore_imc_0 to _7 in the tree): MBOX8 to MBOX11 are
    // absent with the reason, the others resolve, and each bandwidth metric
    // says it is computed without the absent boxes.
    void checkGroupMarksBoxesTheMachineLacksAbsent() {
        const QString mem = qEnvironmentVariable("PERFDASH_FIXTURES") + "/likwid/upstream/SPR/MEM.txt";
        const QString spr = qEnvironmentVariable("PERFDASH_FIXTURES") + "/likwid/sysfs-spr";
        const Run r = cli({"check-group", "--arch", "SPR", "--sysfs", spr, "--json", mem});
        QCOMPARE(r.status, 0);
        const auto result = nlohmann::json::parse(r.out).at("results").at(0);
        int absent = 0, resolvedBoxes = 0;
        for (const auto& slot : result.at("slots")) {
            const std::string counter = slot.at("counter").get<std::string>();
            if (!counter.starts_with("MBOX")) continue;
            const int box = std::stoi(counter.substr(4));
            if (box >= 8) {
                ++absent;
                QCOMPARE(slot.value("absent", false), true);
                QVERIFY(!slot.contains("resolved"));
                const std::string reason = slot.at("reason").get<std::string>();
                QVERIFY2(has(reason, "MBOX" + std::to_string(box) +
                                         " is absent on this machine: it has 8 uncore_imc PMUs (MBOX0 to MBOX7)"),
                         reason.c_str());
            } else {
                ++resolvedBoxes;
                QVERIFY(!slot.contains("absent"));
                QCOMPARE(slot.at("pmu").get<std::string>(), "uncore_imc_" + std::to_string(box));
            }
        }
        QCOMPARE(absent, 8);
        QCOMPARE(resolvedBoxes, 16);
        const auto notes = result.at("metric_notes");
        QCOMPARE(notes.size(), size_t(6)); // read and write bandwidth and volume, and both together
        QCOMPARE(notes[0].at("metric").get<std::string>(), std::string("Memory read bandwidth [MBytes/s]"));
        QCOMPARE(notes[0].at("note").get<std::string>(),
                 std::string("computed without MBOX8C0, MBOX9C0, MBOX10C0, MBOX11C0 (boxes this machine lacks)"));

        const Run text = cli({"check-group", "--arch", "SPR", "--sysfs", spr, mem});
        QCOMPARE(text.status, 0);
        QVERIFY2(has(text.out, "note: 'Memory bandwidth [MBytes/s]' is computed without MBOX8C0, MBOX8C1, MBOX9C0, "
                               "MBOX9C1, MBOX10C0"),
                 text.out.c_str());
    }

    // Each slot says whose code it is; likwid's own (Skylake's
    // UOPS_RETIRED_USED_CYCLES: no version of Intel's list has 0xc2/0x01)
    // with its note, in JSON and text, and the metrics that read it say so.
    void checkGroupNamesLikwidsOwnCodes() {
        const QString file = home_.path() + "/USED.txt";
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("SHORT used cycles\n\nEVENTSET\nFIXC1 CPU_CLK_UNHALTED_CORE\nPMC0 UOPS_RETIRED_USED_CYCLES\n"
                "PMC1 CPU_CLOCK_UNHALTED_TOTAL_CYCLES\n\nMETRICS\nUsed cycles ratio [%] 100*PMC0/PMC1\n"
                "Clock ratio PMC1/FIXC1\n");
        f.close();
        const Run r = cli({"check-group", "--arch", "skylake", "--json", file});
        QCOMPARE(r.status, 0);
        const auto result = nlohmann::json::parse(r.out).at("results").at(0);
        const auto& listed = result.at("slots"); // not `slots`: a Qt keyword
        QCOMPARE(listed[0].at("source").get<std::string>(), std::string("vendor"));
        QVERIFY(!listed[0].contains("codeNote"));
        QCOMPARE(listed[1].at("source").get<std::string>(), std::string("likwid"));
        const std::string note = listed[1].at("codeNote").get<std::string>();
        QVERIFY2(note.starts_with("UOPS_RETIRED_USED_CYCLES: likwid's code 0xc2/0x1 cmask=1, not in the vendor's list "
                                  "for this model (Intel's perfmon list for Skylake"),
                 note.c_str());
        QCOMPARE(listed[2].at("source").get<std::string>(), std::string("vendor"));
        const auto notes = result.at("metric_notes");
        QCOMPARE(notes.size(), size_t(1)); // the clock ratio reads vendor codes only
        QCOMPARE(notes[0].at("metric").get<std::string>(), std::string("Used cycles ratio [%]"));
        QCOMPARE(notes[0].at("note").get<std::string>(),
                 std::string("computed with likwid's own code for PMC0 (no vendor list for this CPU has it)"));

        const Run text = cli({"check-group", "--arch", "skylake", file});
        QCOMPARE(text.status, 0);
        QVERIFY2(has(text.out, "SOURCE"), text.out.c_str());
        QVERIFY2(has(text.out, "likwid's code: PMC0 " + note + "\n"), text.out.c_str());
        QVERIFY2(has(text.out, "note: 'Used cycles ratio [%]' is computed with likwid's own code for PMC0"),
                 text.out.c_str());
        QVERIFY2(!has(text.out, "'Clock ratio'"), text.out.c_str());
    }

    // An uncore slot of likwid's own code (Kabini's northbridge
    // UNC_CPU_TO_DRAM_LOCAL_TO_0 on the kernel's amd_nb PMU) says so too.
    void checkGroupNamesLikwidsOwnUncoreCodes() {
        const QString file = home_.path() + "/NB.txt";
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("SHORT local DRAM\n\nEVENTSET\nUPMC0 UNC_CPU_TO_DRAM_LOCAL_TO_0\n\nMETRICS\nLocal UPMC0\n");
        f.close();
        const QString tree = qEnvironmentVariable("PERFDASH_FIXTURES") + "/likwid/sysfs-interlagos";
        const Run r = cli({"check-group", "--arch", "kabini", "--sysfs", tree, "--json", file});
        QCOMPARE(r.status, 0);
        const auto slot = nlohmann::json::parse(r.out).at("results").at(0).at("slots").at(0);
        QCOMPARE(slot.at("pmu").get<std::string>(), std::string("amd_nb"));
        QCOMPARE(slot.at("source").get<std::string>(), std::string("likwid"));
        const std::string note = slot.at("codeNote").get<std::string>();
        QVERIFY2(note.starts_with("UNC_CPU_TO_DRAM_LOCAL_TO_0: likwid's code "), note.c_str());
    }

    // likwid's own ENERGY group's TMP0: the core temperature from the tree's
    // coretemp files (a gauge, no perf encoding), each CPU its core's sensor;
    // on a tree without hwmon, unresolved with the reason.
    void checkGroupReadsTheCoreTemperatureFromHwmon() {
        const std::string energy = "/usr/share/likwid/perfgroups/skylakeX/ENERGY.txt";
        if (!std::filesystem::exists(energy)) QSKIP("Debian's likwid is not installed (packaging/debian-packages.txt)");
        const Run r = cli({"check-group", "--arch", "skylakeX", "--sysfs", skxTree(), "--json", QString::fromStdString(energy)});
        QCOMPARE(r.status, 0);
        nlohmann::json tmp;
        const auto report = nlohmann::json::parse(r.out);
        for (const auto& s : report.at("results").at(0).at("slots"))
            if (s.at("counter") == "TMP0") tmp = s;
        QVERIFY2(tmp.value("gauge", false), r.out.c_str());
        QCOMPARE(tmp.at("pmu").get<std::string>(), std::string("coretemp"));
        QCOMPARE(tmp.at("unit").get<std::string>(), std::string("°C"));
        QVERIFY(!tmp.contains("type")); // no perf event
        // CPUs 0 and 2 are core 0's threads ("Core 0", temp2), 1 and 3 core 4's ("Core 4", temp6).
        const auto& readings = tmp.at("readings");
        QCOMPARE(readings.size(), size_t(4));
        QVERIFY(has(readings[0].at("file").get<std::string>(), "hwmon0/temp2_input"));
        QVERIFY(has(readings[1].at("file").get<std::string>(), "hwmon0/temp6_input"));
        QCOMPARE(readings[2].at("file"), readings[0].at("file"));

        const Run none = cli({"check-group", "--arch", "skylakeX", "--sysfs",
                              qEnvironmentVariable("PERFDASH_FIXTURES") + "/likwid/sysfs-no-hwmon",
                              QString::fromStdString(energy)});
        QVERIFY2(has(none.out, "TMP0") && has(none.out, "no core temperature sensor"), none.out.c_str());
    }

    // A hybrid CPU: a row per core type, each with that type's PMU and code
    // (Intel perfmon ADL: ITLB_MISSES.WALK_COMPLETED is 0x11/0x0E on Golden
    // Cove, 0x85/0x0E on Gracemont); without the hybrid PMUs it says so.
    void checkGroupListsEachCoreTypeOfAHybridCpu() {
        const QString adl = qEnvironmentVariable("PERFDASH_FIXTURES") + "/likwid/sysfs-adl";
        const QString tlb = QString::fromStdString(perfdash::dataDir() + "/groups/alderlake/TLB.txt");
        const Run r = cli({"check-group", "--arch", "alderlake", "--sysfs", adl, "--json", tlb});
        QCOMPARE(r.status, 0);
        const auto result = nlohmann::json::parse(r.out).at("results").at(0);
        const auto listed = result.at("slots");
        QCOMPARE(listed.size(), size_t(12)); // 6 slots on 2 core types
        QCOMPARE(listed[10].at("counter").get<std::string>(), std::string("PMC2"));
        QCOMPARE(listed[10].at("pmu").get<std::string>(), std::string("cpu_core"));
        QCOMPARE(listed[10].at("type").get<int>(), 4);
        QCOMPARE(listed[10].at("config").get<std::string>(), std::string("0xe11"));
        QCOMPARE(listed[11].at("pmu").get<std::string>(), std::string("cpu_atom"));
        QCOMPARE(listed[11].at("type").get<int>(), 10);
        QCOMPARE(listed[11].at("config").get<std::string>(), std::string("0xe85"));
        QVERIFY2(result.at("warnings").empty(), r.out.c_str());

        const Run plain = cli({"check-group", "--arch", "alderlake", "--sysfs", skxTree(), tlb});
        QCOMPARE(plain.status, 0);
        QVERIFY2(has(plain.err, "alderlake is a hybrid CPU, but") && has(plain.err, "no hybrid core PMUs"),
                 plain.err.c_str());
    }

    // --arch reads likwid's names as on that architecture, and every slot's
    // encoding (or why there is none) is listed.
    void checkGroupListsSlotsAsOnTheArchitecture() {
        const Run r = cli({"check-group", "--arch", "skylake", "--json", fixture("LIKWID_NAMES.txt")});
        QCOMPARE(r.status, 0);
        const auto listed = nlohmann::json::parse(r.out).at("results").at(0).at("slots");
        QCOMPARE(listed.size(), size_t(5));
        // The fixed counters' events through libpfm4's Skylake model, likwid's
        // names on general counters through Intel's perfmon table (read first).
        const auto expect = [&](size_t i, const char* counter, const char* resolved, const char* config) {
            QCOMPARE(listed[i].at("counter").get<std::string>(), std::string(counter));
            QCOMPARE(listed[i].at("resolved").get<std::string>(), std::string(resolved));
            QCOMPARE(listed[i].at("pmu").get<std::string>(),
                     std::string(std::string(resolved).starts_with("intel/") ? "cpu" : "skl"));
            QCOMPARE(listed[i].at("type").get<int>(), 4); // PERF_TYPE_RAW
            QCOMPARE(listed[i].at("config").get<std::string>(), std::string(config));
            QCOMPARE(listed[i].at("config1").get<std::string>(), std::string("0x0"));
        };
        expect(0, "FIXC0", "skl::INSTRUCTION_RETIRED", "0xc0");
        expect(1, "FIXC1", "skl::UNHALTED_CORE_CYCLES", "0x3c");
        expect(2, "PMC0", "intel/SKL::L2_LINES_IN.ALL", "0x1ff1");
        // Edge detect is bit 18, the counter mask bits 24-31.
        expect(3, "PMC1", "intel/SKL::UOPS_ISSUED.ANY:c=1:e=1", "0x104010e");
        QCOMPARE(listed[3].at("event").get<std::string>(), std::string("UOPS_ISSUED_ANY:EDGEDETECT:THRESHOLD=0x1"));
        QVERIFY(!listed[4].contains("resolved"));
        QVERIFY2(has(listed[4].at("reason").get<std::string>(), "memory controller (MBOX)"), r.out.c_str());

        const Run text = cli({"check-group", "--arch", "skylake", fixture("LIKWID_NAMES.txt")});
        QCOMPARE(text.status, 0);
        QVERIFY2(has(text.out, "intel/SKL::L2_LINES_IN.ALL") && has(text.out, "0x1ff1"), text.out.c_str());
        QVERIFY2(has(text.err, "LIKWID_NAMES.txt:8: counter MBOX0C1 is likwid's memory controller (MBOX) counter"),
                 text.err.c_str());
        // On another architecture the same file reads differently.
        const Run zen = cli({"check-group", "--arch", "zen3", "--json", fixture("LIKWID_NAMES.txt")});
        const auto zenSlots = nlohmann::json::parse(zen.out).at("results").at(0).at("slots");
        QVERIFY2(has(zenSlots[2].at("reason").get<std::string>(), "amd64_fam19h_zen3 has no such event"), zen.out.c_str());
    }

    void checkGroupAcceptsNames() {
        const Run r = cli({"check-group", "SOFTWARE"});
        QCOMPARE(r.status, 0);
        QVERIFY2(has(r.out, "SOFTWARE.txt: ok"), r.out.c_str());
    }

    void usageErrorsExitTwo() {
        QCOMPARE(cli({"groups", "--bogus"}).status, 2);
        QCOMPARE(cli({"check-group", "--bogus", fixture("GOOD.txt")}).status, 2);
        QCOMPARE(cli({"check-group"}).status, 2);
        QCOMPARE(cli({"groups", "CPI", "TLB"}).status, 2);
        const Run help = cli({"check-group", "--help"});
        QCOMPARE(help.status, 0);
        QVERIFY(has(help.out, "--json"));
    }
};

QTEST_APPLESS_MAIN(TestGroupCommands)
#include "test_group_commands.moc"
