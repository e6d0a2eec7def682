#include <QtTest>

#include <nlohmann/json.hpp>
#include <unistd.h>

#include "topology/TopologyFixtures.h"

using namespace perfdash::test;

namespace {

struct Run {
    int exitCode = -1;
    std::string out;
    std::string err;
};

// `arch`: PERFDASH_ARCH for the run (removed when empty).
Run runCli(const QStringList& args, const QString& arch = {}) {
    const QString cli = qEnvironmentVariable("PERFDASH_CLI");
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (arch.isEmpty()) env.remove("PERFDASH_ARCH");
    else env.insert("PERFDASH_ARCH", arch);
    p.setProcessEnvironment(env);
    p.start(cli, QStringList{"topology"} + args);
    if (!p.waitForFinished(60000)) qFatal("perfdash-cli topology did not finish");
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput().toStdString(),
            p.readAllStandardError().toStdString()};
}

QStringList fixtureRoots(const std::string& name) {
    const QString dir = QString::fromStdString(fixtureDir(name));
    return {"--sys-root", dir + "/sys", "--proc-root", dir + "/proc"};
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

} // namespace

class TestTopologyCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        if (qEnvironmentVariableIsEmpty("PERFDASH_CLI")) QSKIP("PERFDASH_CLI is not set (run the test through ctest)");
    }

    void showsThisMachine() {
        const Run r = runCli({});
        QCOMPARE(r.exitCode, 0);
        for (const char* part : {"CPU name:", "CPU family:", "Sockets:", "Cores per socket:", "Threads per core:",
                                 "HWThread", "Cache Topology", "NUMA Topology", "Nominal clock:", "Affinity Domains"})
            QVERIFY2(has(r.out, part), part);
    }

    void writesJsonForThisMachine() {
        const Run r = runCli({"--json"});
        QCOMPARE(r.exitCode, 0);
        const auto j = nlohmann::json::parse(r.out, nullptr, false);
        QVERIFY2(!j.is_discarded(), r.out.c_str());
        const auto& t = j["topology"];
        QCOMPARE(t["hwThreads"].get<long>(), sysconf(_SC_NPROCESSORS_ONLN));
        QVERIFY(t["sockets"].get<int>() >= 1);
        QVERIFY(t["hwThreadList"].is_array() && !t["hwThreadList"].empty());
        QVERIFY(t["caches"].is_array());
        QVERIFY(t["numaNodes"].is_array() && !t["numaNodes"].empty());
        QVERIFY(t["cpu"].contains("vendor") && t["cpu"].contains("modelName"));
        QVERIFY(j["nominalClock"]["source"].is_string());
    }

    // A fixture tree gives exact output.
    void showsAFixtureTreeExactly() {
        const Run r = runCli(fixtureRoots("two_socket_smt"));
        QCOMPARE(r.exitCode, 0);
        for (const char* line : {"CPU name:               Intel(R) Xeon(R) Gold 6130 CPU @ 2.10GHz\n",
                                 "CPU model:              85 (0x55)\n", "Sockets:                2\n",
                                 "Cores per socket:       4\n", "Threads per core:       2\n",
                                 "12        1       0       0     1       1     yes\n",
                                 "Socket 1:               ( 4 12 5 13 6 14 7 15 )\n", "Size:                   22 MB\n",
                                 "Cache groups:           ( 0 1 2 3 8 9 10 11 ) ( 4 5 6 7 12 13 14 15 )\n",
                                 "Memory:                 16000.0 MB\n", "Nominal clock:          2100.000 MHz",
                                 "S1    socket 1                  ( 4 12 5 13 6 14 7 15 )\n"})
            QVERIFY2(has(r.out, line), line);
        const Run offline = runCli(fixtureRoots("offline_cpu"));
        QVERIFY(has(offline.out, "3         -       -       -     -       -     no\n"));
        QVERIFY(has(offline.out, "HW threads:             3 online of 4\n"));
    }

    // The captured KVM guest: family 25 model 1, brand "AMD EPYC", the hypervisor flag.
    void showsTheArchitectureAndWhyItIsUncertain() {
        const Run r = runCli(fixtureRoots("vm"));
        QCOMPARE(r.exitCode, 0);
        for (const char* part : {"Hypervisor:             yes", "likwid arch:            zen3 (uncertain)",
                                 "How:                    AuthenticAMD family 0x19 model 0x1 stepping 1",
                                 "is Zen 3 (Milan", "Uncertain:              a hypervisor is present",
                                 "\"AMD EPYC\" is generic", "--arch ARCH or PERFDASH_ARCH=ARCH"})
            QVERIFY2(has(r.out, part), (std::string(part) + "\n" + r.out).c_str());
        const Run j = runCli(fixtureRoots("vm") + QStringList{"--json"});
        QCOMPARE(j.exitCode, 0);
        const auto arch = nlohmann::json::parse(j.out).at("cpuArch");
        QCOMPARE(arch.at("arch").get<std::string>(), std::string("zen3"));
        QVERIFY(arch.at("uncertain").get<bool>());
        QCOMPARE(arch.at("doubts").size(), size_t(3));
        QVERIFY(arch.at("overriddenBy").is_null());
        QVERIFY(nlohmann::json::parse(j.out).at("topology").at("cpu").at("hypervisor").get<bool>());

        // A bare-metal Skylake-SP (stepping 4, a brand with its part number): certain, and no hint to override.
        const Run skx = runCli(fixtureRoots("two_socket_smt"));
        QCOMPARE(skx.exitCode, 0);
        QVERIFY2(has(skx.out, "likwid arch:            skylakeX\n"), skx.out.c_str());
        QVERIFY(!has(skx.out, "Uncertain:"));
        QVERIFY(!has(skx.out, "To choose:"));
    }

    void archOptionAndVariableReplaceTheIdentification() {
        const Run flag = runCli(fixtureRoots("vm") + QStringList{"--arch", "zen4"});
        QCOMPARE(flag.exitCode, 0);
        QVERIFY2(has(flag.out, "likwid arch:            zen4 (named by --arch; detected: zen3, uncertain)"),
                 flag.out.c_str());
        const Run env = runCli(fixtureRoots("vm") + QStringList{"--json"}, "skx");
        QCOMPARE(env.exitCode, 0);
        const auto arch = nlohmann::json::parse(env.out).at("cpuArch");
        QCOMPARE(arch.at("arch").get<std::string>(), std::string("skylakeX"));
        QCOMPARE(arch.at("overriddenBy").get<std::string>(), std::string("PERFDASH_ARCH"));
        QCOMPARE(arch.at("detectedArch").get<std::string>(), std::string("zen3"));
        QVERIFY(arch.at("detectedUncertain").get<bool>());
        QVERIFY(!arch.at("uncertain").get<bool>());
        const Run bad = runCli({"--arch", "nosuchcpu"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(has(bad.err, "unknown architecture 'nosuchcpu' in --arch") && has(bad.err, "zen5"), bad.err.c_str());
    }

    void resolvesCpuLists() {
        Run r = runCli(fixtureRoots("two_socket_smt") + QStringList{"-c", "E:S0:4:1:2@S1:4-5"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, std::string("0-3,12-13\n"));
        r = runCli(fixtureRoots("two_socket_smt") + QStringList{"--cpus", "S1:0-1", "--json"});
        QCOMPARE(nlohmann::json::parse(r.out)["cpus"], nlohmann::json::parse("[4,5]"));
        r = runCli(fixtureRoots("two_socket_smt") + QStringList{"-c", "S7"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(has(r.err, "no affinity domain 'S7'"), r.err.c_str());
    }

    void rejectsUnknownFlags() {
        const Run r = runCli({"--bogus"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(has(r.err, "unknown option '--bogus'"), r.err.c_str());
        const Run extra = runCli({"sockets"});
        QCOMPARE(extra.exitCode, 2);
        QVERIFY(has(extra.err, "takes no arguments, got 'sockets'"));
    }

    void failsOnATreeWithoutCpus() {
        const Run r = runCli({"--sys-root", "/nonexistent"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(has(r.err, "/nonexistent/devices/system/cpu"), r.err.c_str());
    }
};

QTEST_GUILESS_MAIN(TestTopologyCli)
#include "test_topology_cli.moc"
