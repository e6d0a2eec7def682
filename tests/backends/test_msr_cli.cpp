// perfdash-cli stat --backend msr end to end, as a user runs it, with the
// device root pointed at a fake /dev/cpu tree of a modelled Intel CPU: the
// launched program plays the hardware (it advances the counters in the fake
// registers), and the report must show exactly those counts and the metrics
// from them; every register written is back as it was afterwards, also when
// the run is ended by SIGTERM; and the errors a user meets.
#include <QtTest>

#include <csignal>
#include <cmath>
#include <sys/stat.h>

#include <nlohmann/json.hpp>

#include "backends/DirectCliRun.h"
#include "backends/MsrFakeTree.h"

using namespace perfdash;
using namespace perfdash::msr;
using namespace perfdash::testing;
using nlohmann::json;

namespace {

QString fixture(const char* name) {
    const QByteArray root = qgetenv("PERFDASH_FIXTURES");
    return QString::fromUtf8(root.isEmpty() ? QByteArray("tests/fixtures") : root) + "/msr/" + name;
}

long sysfsNumber(const char* path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed().toLong() : -1;
}

QString offset(uint32_t reg) { return QString::number(uint64_t{reg} * 8); }

const json* findEvent(const json& group, const std::string& counter) {
    for (const auto& e : group.at("events"))
        if (e.at("counter") == counter) return &e;
    return nullptr;
}

double metric(const json& group, const std::string& name) {
    for (const auto& m : group.at("metrics"))
        if (m.at("name") == name) return m.at("aggregate").is_null() ? NAN : m.at("aggregate").get<double>();
    return NAN;
}

constexpr uint64_t kForeignEventSelect = 0x1300D1;
constexpr uint64_t kForeignGlobal = uint64_t{1} << 35;

// A modelled Intel CPU 0 whose registers hold someone else's settings, to see them restored.
struct IntelTree {
    IntelTree() : tree({0}, 0x700) {
        tree.writeCpuid(intelFourPlusThree());
        tree.set(0, kIntelPerfEvtSel0 + 1, kForeignEventSelect);
        tree.set(0, kIntelPerfGlobalCtrl, kForeignGlobal);
    }

    void verifyRestored() const {
        QCOMPARE(tree.get(0, kIntelPerfEvtSel0), uint64_t{0});
        QCOMPARE(tree.get(0, kIntelPerfEvtSel0 + 1), kForeignEventSelect);
        QCOMPARE(tree.get(0, kIntelFixedCtrCtrl), uint64_t{0});
        QCOMPARE(tree.get(0, kIntelPerfGlobalCtrl), kForeignGlobal);
    }

    FakeMsrTree tree;
};

} // namespace

class TestMsrCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY2(QFileInfo(qEnvironmentVariable("PERFDASH_CLI")).isExecutable(), "PERFDASH_CLI must name the CLI");
        QVERIFY(QFileInfo(fakeCountersProgram()).isExecutable());
    }

    void countsALaunchedProgramsCpusExactly() {
        IntelTree intel;
        const FakeMsrTree& t = intel.tree;
        t.set(0, kIntelFixedCtr0, 5000);
        t.set(0, kIntelFixedCtr0 + 1, (uint64_t{1} << 48) - 0x100); // wraps during the run
        t.set(0, kIntelPmc0, 1000);
        const CliRun r = runCli({"stat", "--backend", "msr", "--msr-root", QString::fromStdString(t.root()), "-C", "0",
                                 "-g", fixture("groups/SKL_CPI.txt"), "--json", "--", fakeCountersProgram(),
                                 QString::fromStdString(t.msrPath(0)),
                                 offset(kIntelFixedCtr0), "9000",
                                 offset(kIntelFixedCtr0 + 1), "0x1F00",
                                 offset(kIntelFixedCtr0 + 2), "10000",
                                 offset(kIntelPmc0), "7000"});
        QVERIFY2(r.status == 0, r.err.c_str());
        const json report = json::parse(r.out);
        QCOMPARE(report.at("config").at("backend").get<std::string>(), std::string("msr"));
        QCOMPARE(report.at("locations"), json::parse(R"([{"kind":"cpu","id":0}])"));
        const json& group = report.at("groups").at(0);
        const std::pair<const char*, double> expected[] = {
            {"FIXC0", 4000}, {"FIXC1", 0x2000}, {"FIXC2", 10000}, {"PMC0", 6000}};
        for (const auto& [counter, value] : expected) {
            const json* e = findEvent(group, counter);
            QVERIFY2(e && e->at("counted").get<bool>(), counter);
            QCOMPARE(e->at("total").at("value").get<double>(), value);
            QCOMPARE(e->at("total").at("coverage").get<double>(), 1.0);
        }
        QCOMPARE(metric(group, "CPI"), 8192.0 / 4000);
        QCOMPARE(metric(group, "Retired uops per instruction"), 1.5);
        bool saidWholeCpus = false;
        for (const auto& w : report.at("warnings"))
            saidWholeCpus = saidWholeCpus || contains(w.get<std::string>(), "counts whole CPUs (0)");
        QVERIFY2(saidWholeCpus, r.err.c_str());
        QVERIFY(contains(r.err, "including every other process"));
        intel.verifyRestored();
    }

    void readsEnergyOfWholeCpusThroughTheEnergyGroup() {
        IntelTree intel;
        const FakeMsrTree& t = intel.tree;
        t.set(0, kIntelRaplPowerUnit, 0xA0E03); // 2^-14 J
        t.set(0, kIntelPkgEnergyStatus, 0xFFFFC000); // wraps: +3 J below
        t.set(0, kIntelPp0EnergyStatus, 100);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("PERFDASH_MSR_ROOT", QString::fromStdString(t.root()));
        // The generic ENERGY group by its file: a bare name picks the host's native
        // ENERGY group where its arch has one (the AMD groups read RAPL_PKG_ENERGY),
        // and this tree plays an Intel machine.
        const QString energy = qEnvironmentVariable("PERFDASH_DATA_DIR") + "/groups/generic/ENERGY.txt";
        const CliRun r = runCli({"stat", "--backend", "msr", "-c", "0", "-g", energy, "-t", "1000s", "--json", "--",
                                 fakeCountersProgram(), QString::fromStdString(t.msrPath(0)),
                                 offset(kIntelPkgEnergyStatus), QString::number(3 * 16384 - 0x4000),
                                 offset(kIntelPp0EnergyStatus), QString::number(100 + 16384 * 3 / 2)},
                                env);
        QVERIFY2(r.status == 0, r.err.c_str());
        std::string last;
        for (size_t start = 0, end; (end = r.out.find('\n', start)) != std::string::npos; start = end + 1)
            if (end > start) last = r.out.substr(start, end - start);
        const json report = json::parse(last);
        QCOMPARE(report.at("config").at("mode").get<std::string>(), std::string("system"));
        const json& group = report.at("groups").at(0);
        QCOMPARE(metric(group, "Energy [J]"), 3.0);
        QCOMPARE(metric(group, "Energy cores [J]"), 1.5);
        const double seconds = report.at("duration_s").get<double>();
        QCOMPARE(metric(group, "Power [W]"), 3.0 / seconds);
        QCOMPARE(findEvent(group, "PWR0")->at("unit").get<std::string>(), std::string("Joules"));
        // RAPL's 32-bit counters must be read every 131 s: the asked-for interval is shortened.
        QVERIFY2(contains(r.err, "the interval is shortened from 1000s to 131072ms"), r.err.c_str());
        intel.verifyRestored();
    }

    // Over two CPUs of one package the package's energy is read on the first
    // only; the plan records that, so CPU 1's cell is held by CPU 0's and
    // the Sum is the package's energy, complete, not a partial sum.
    void readsAPackageOnceOverACpuListAndSumsItWhole() {
        if (sysfsNumber("/sys/devices/system/cpu/cpu1/topology/physical_package_id") !=
            sysfsNumber("/sys/devices/system/cpu/cpu0/topology/physical_package_id"))
            QSKIP("needs CPUs 0 and 1 online in one package (the CLI reads this machine's topology)");
        FakeMsrTree t({0, 1}, 0x700);
        t.writeCpuid(intelFourPlusThree());
        for (int cpu : {0, 1}) t.set(cpu, kIntelRaplPowerUnit, 0xA0E03); // 2^-14 J
        t.set(1, kIntelPkgEnergyStatus, 0x1234); // never read: CPU 0 reads the package
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("PERFDASH_MSR_ROOT", QString::fromStdString(t.root()));
        const QString energy = qEnvironmentVariable("PERFDASH_DATA_DIR") + "/groups/generic/ENERGY.txt";
        const CliRun r = runCli({"stat", "--backend", "msr", "-c", "0,1", "-g", energy, "-t", "1000s", "--json",
                                 "--", fakeCountersProgram(), QString::fromStdString(t.msrPath(0)),
                                 offset(kIntelPkgEnergyStatus), QString::number(2 * 16384)},
                                env);
        QVERIFY2(r.status == 0, r.err.c_str());
        QVERIFY2(contains(r.err, "read once per package on CPU(s) 0"), r.err.c_str());
        const json report = json::parse(r.out.substr(r.out.rfind("\n{") + 1));
        const json* pkg = findEvent(report.at("groups").at(0), "PWR0");
        QVERIFY(pkg);
        QCOMPARE(pkg->at("counted_on_cpu"), json::parse("[null, 0]"));
        QVERIFY2(!pkg->at("total").contains("partial"), pkg->dump().c_str());
        QCOMPARE(pkg->at("total").at("value").get<double>(), 2.0);
        QCOMPARE(metric(report.at("groups").at(0), "Energy [J]"), 2.0);
    }

    void sigtermRestoresEveryRegisterWritten() {
        IntelTree intel;
        const FakeMsrTree& t = intel.tree;
        QProcess p;
        p.start(qEnvironmentVariable("PERFDASH_CLI"),
                {"stat", "--backend", "msr", "--msr-root", QString::fromStdString(t.root()), "-C", "0", "-g",
                 fixture("groups/SKL_CPI.txt"), "--json", "--", "sleep", "30"});
        QVERIFY(p.waitForStarted());
        // Counting has begun once the global control enables our counters.
        QTRY_VERIFY_WITH_TIMEOUT((t.get(0, kIntelPerfGlobalCtrl) & 0x700000001) == 0x700000001, 20000);
        QCOMPARE(t.get(0, kIntelFixedCtrCtrl), uint64_t{0x333});
        ::kill(static_cast<pid_t>(p.processId()), SIGTERM);
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        const json report = json::parse(p.readAllStandardOutput().toStdString());
        QVERIFY(report.at("interrupted").get<bool>());
        intel.verifyRestored();
    }

    void explainsAMissingDevice() {
        QTemporaryDir empty;
        const CliRun r = runCli({"stat", "--backend", "msr", "--msr-root", empty.path(), "-C", "0", "-e", "cycles",
                                 "--", "true"});
        QCOMPARE(r.status, 1);
        QVERIFY2(contains(r.err, "the msr backend cannot be used") && contains(r.err, "sudo modprobe msr"),
                 r.err.c_str());
    }

    void explainsPermissionDenied() {
        IntelTree intel;
        const FakeMsrTree& t = intel.tree;
        const bool asNobody = geteuid() == 0;
        if (asNobody && !whyNotAsNobody().empty()) QSKIP(whyNotAsNobody().c_str());
        ::chmod(t.root().c_str(), 0755);
        t.chmodAll(asNobody ? 0600 : 0000);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("HOME", QDir::tempPath());
        env.remove("XDG_CONFIG_HOME");
        const CliRun r = runCli({"stat", "--backend", "msr", "--msr-root", QString::fromStdString(t.root()), "-C",
                                 "0", "-e", "cycles", "--", "true"},
                                env, asNobody);
        QCOMPARE(r.status, 1);
        QVERIFY2(contains(r.err, "permission denied opening " + t.msrPath(0)) && contains(r.err, "cap_sys_rawio"),
                 r.err.c_str());
    }

    void refusesToAttachOrCountUnpinned() {
        IntelTree intel;
        const QString root = QString::fromStdString(intel.tree.root());
        const CliRun unpinned = runCli({"stat", "--backend", "msr", "--msr-root", root, "-e", "cycles", "--", "true"});
        QCOMPARE(unpinned.status, 1);
        QVERIFY2(contains(unpinned.err, "pin the program to the CPUs to count with -C LIST"), unpinned.err.c_str());
        const CliRun attach = runCli({"stat", "--backend", "msr", "--msr-root", root, "--pid",
                                      QString::number(getpid()), "-e", "cycles", "-S", "1s"});
        QCOMPARE(attach.status, 1);
        QVERIFY2(contains(attach.err, "not the threads of one process"), attach.err.c_str());
        intel.verifyRestored();
    }
};

QTEST_GUILESS_MAIN(TestMsrCli)
#include "test_msr_cli.moc"
